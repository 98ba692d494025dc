#pragma once
// The whole public engine API.
#include "nonet/format.h"
#include "nonet/geometry.h"
#include "nonet/grid.h"
#include "nonet/solver.h"
#include "nonet/validate.h"
#include "nonet/version.h"
