#pragma once
// The whole public engine API, one header per part:
//   geometry.h         boards of every size (boxes of R x C cells)
//   grid.h             a board's values
//   error.h            bad input as a value: Result<T> and Error
//   format.h           reading puzzles in every common form, printing them
//   validate.h         every rule a grid breaks, with its place
//   solver.h           exact solvers, Deadline
//   logic.h            human-style steps, hints and SE ratings
//   lzstring.h         LZ-String, the compression of f-puzzles links
//   technique_table.h  the techniques the logic knows
//   generate.h         unique puzzles, symmetric, from a seed
//   transform.h        validity-keeping transformations, canonical forms
//   variant.h          variant puzzles: regions, constraints, their search
//   version.h          the library's version
#include "nonet/error.h"
#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/geometry.h"
#include "nonet/grid.h"
#include "nonet/logic.h"
#include "nonet/lzstring.h"
#include "nonet/solver.h"
#include "nonet/technique_table.h"
#include "nonet/transform.h"
#include "nonet/validate.h"
#include "nonet/variant.h"
#include "nonet/version.h"
