#pragma once
// The factories of fast9's instruction-set paths, one per translation unit
// (fast9_scalar.cpp, fast9_avx2.cpp, fast9_avx512.cpp). Only the dispatcher
// in fast9_solver.cpp calls them, after checking that the CPU runs the path.

#include <atomic>
#include <cstdint>
#include <memory>

#include "nonet/solver.h"

namespace nonet::detail::fast9 {

std::unique_ptr<Solver> make_scalar_solver();
#if defined(__x86_64__) || defined(__i386__)
std::unique_ptr<Solver> make_avx2_solver(bool bmi2);
std::unique_ptr<Solver> make_avx512_solver();
#endif

}  // namespace nonet::detail::fast9
