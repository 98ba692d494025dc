#pragma once
// fast9: the dedicated 9x9 solver (3x3 boxes only). See docs/fast9.md.
//
//   auto solver = nonet::detail::make_fast9_solver();          // best kernel here
//   nonet::SolveResult r = solver->solve(grid, {});
//
// Two kernels give identical answers: `scalar` is portable C++, `simd` uses SSE
// lanes (and BMI2 bit gathers when the build targets them). Tests run both.

#include <memory>

#include "nonet/solver.h"

namespace nonet::detail {

enum class Fast9Kernel { scalar, simd };

// True when this build carries the SIMD kernel (x86-64); otherwise `simd` falls
// back to the scalar kernel.
bool fast9_has_simd();
bool fast9_supports(const Geometry& geometry);
std::unique_ptr<Solver> make_fast9_solver(Fast9Kernel kernel);
std::unique_ptr<Solver> make_fast9_solver();

}  // namespace nonet::detail
