#pragma once
// fast9: the dedicated 9x9 solver (3x3 boxes only). See docs/fast9.md.
//
//   auto solver = nonet::detail::make_fast9_solver();   // the widest path this CPU runs
//   nonet::SolveResult r = solver->solve(grid, {});
//
// The same search is compiled once per instruction set. The paths give
// identical answers and guess counts (tests run each against the others);
// make_fast9_solver() picks the best one the CPU supports, at run time, so one
// binary serves every x86-64 machine.

#include <memory>
#include <span>

#include "nonet/solver.h"

namespace nonet::detail {

enum class Fast9Kernel {
  scalar,     // portable C++, every CPU
  avx2,       // AVX2 vectors, triads gathered by table lookups (for CPUs with slow pext)
  avx2_bmi2,  // AVX2 vectors, triads gathered by BMI2 pext/pdep
  avx512,     // AVX-512 (F, VL, BW, DQ) vectors and BMI2
};

const char* to_string(Fast9Kernel kernel);  // "scalar", "avx2", "avx2_bmi2", "avx512"
// Every kernel this build carries, whether or not the CPU can run it.
std::span<const Fast9Kernel> fast9_kernels();
// True when this build carries the kernel and this CPU can run it.
bool fast9_kernel_runs(Fast9Kernel kernel);
// The kernel make_fast9_solver() uses here: the widest one that runs, except
// that on CPUs whose pext/pdep are microcoded (AMD Zen 1 and 2) AVX2 gathers
// triads by table, and that on AMD Zen 4, which splits AVX-512 operations in
// two, AVX2 with BMI2 is faster and is used.
Fast9Kernel fast9_best_kernel();

bool fast9_supports(const Geometry& geometry);
// nullptr when the kernel does not run here (fast9_kernel_runs is false).
std::unique_ptr<Solver> make_fast9_solver(Fast9Kernel kernel);
std::unique_ptr<Solver> make_fast9_solver();

}  // namespace nonet::detail
