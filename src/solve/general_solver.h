#pragma once
#include <memory>

#include "nonet/solver.h"

namespace nonet::detail {
bool general_supports(const Geometry& geometry);
std::unique_ptr<Solver> make_general_solver();
bool basic_supports(const Geometry& geometry);
std::unique_ptr<Solver> make_basic_solver();
}  // namespace nonet::detail
