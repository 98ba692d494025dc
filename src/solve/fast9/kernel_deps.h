#pragma once
// Everything kernel.h uses, included before any target region so that these
// headers are compiled for the build's baseline (see target.h).

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>

#include "nonet/grid.h"
#include "nonet/solver.h"
#include "solve/fast9/paths.h"
#include "solve/fast9/target.h"
#include "solve/general_solver.h"
