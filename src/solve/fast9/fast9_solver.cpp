// fast9's dispatcher: which instruction-set paths this build carries, which
// ones this CPU runs, and the best of them. The search itself is kernel.h,
// compiled by fast9_scalar.cpp, fast9_avx2.cpp and fast9_avx512.cpp.

#include <array>

#include "solve/fast9/fast9.h"
#include "solve/fast9/paths.h"
#include "solve/fast9/target.h"

namespace nonet::detail {
namespace {

#if NONET_FAST9_X86
constexpr std::array kKernels = {Fast9Kernel::scalar, Fast9Kernel::avx2, Fast9Kernel::avx2_bmi2,
                                 Fast9Kernel::avx512};

// What the CPU offers, read once. __builtin_cpu_supports also checks that the
// operating system saves the vector registers the feature needs.
struct Cpu {
  bool avx2 = false, bmi2 = false, avx512 = false, slow_pext = false, split_512 = false;
  Cpu() {
    __builtin_cpu_init();
    const bool bmi = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                     __builtin_cpu_supports("popcnt");
    avx2 = __builtin_cpu_supports("avx2") && bmi;
    bmi2 = bmi;
    avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
    // AMD family 17h (Zen 1, Zen 2) runs pext/pdep in microcode, some 50-250
    // cycles each, where every other CPU with BMI2 takes 3.
    slow_pext = __builtin_cpu_is("amdfam17h");
    // AMD family 19h (Zen 4; Zen 3 has no AVX-512) runs AVX-512 in 256-bit
    // halves; there the AVX2 path with BMI2 was 1-4 % faster than the
    // AVX-512 one (paired CPU-time runs, top1465, 11+, 17_clue and kaggle).
    split_512 = __builtin_cpu_is("amdfam19h");
  }
};
const Cpu& cpu() {
  static const Cpu detected;
  return detected;
}
#else
constexpr std::array kKernels = {Fast9Kernel::scalar};
#endif

}  // namespace

const char* to_string(Fast9Kernel kernel) {
  switch (kernel) {
    case Fast9Kernel::scalar:
      return "scalar";
    case Fast9Kernel::avx2:
      return "avx2";
    case Fast9Kernel::avx2_bmi2:
      return "avx2_bmi2";
    case Fast9Kernel::avx512:
      return "avx512";
  }
  return "?";
}

std::span<const Fast9Kernel> fast9_kernels() { return kKernels; }

bool fast9_kernel_runs(Fast9Kernel kernel) {
  switch (kernel) {
    case Fast9Kernel::scalar:
      return true;
#if NONET_FAST9_X86
    case Fast9Kernel::avx2:
      return cpu().avx2;
    case Fast9Kernel::avx2_bmi2:
      return cpu().avx2 && cpu().bmi2;
    case Fast9Kernel::avx512:
      return cpu().avx512;
#else
    default:
      return false;
#endif
  }
  return false;
}

Fast9Kernel fast9_best_kernel() {
#if NONET_FAST9_X86
  if (cpu().avx512 && !cpu().split_512) return Fast9Kernel::avx512;
  if (cpu().avx2) return cpu().slow_pext ? Fast9Kernel::avx2 : Fast9Kernel::avx2_bmi2;
#endif
  return Fast9Kernel::scalar;
}

bool fast9_supports(const Geometry& geometry) {
  return geometry.box_rows() == 3 && geometry.box_cols() == 3 && geometry.regular();
}

std::unique_ptr<Solver> make_fast9_solver(Fast9Kernel kernel) {
  if (!fast9_kernel_runs(kernel)) return nullptr;
  switch (kernel) {
#if NONET_FAST9_X86
    case Fast9Kernel::avx2:
      return fast9::make_avx2_solver(false);
    case Fast9Kernel::avx2_bmi2:
      return fast9::make_avx2_solver(true);
    case Fast9Kernel::avx512:
      return fast9::make_avx512_solver();
#endif
    default:
      return fast9::make_scalar_solver();
  }
}

std::unique_ptr<Solver> make_fast9_solver() {
  static const Fast9Kernel best = fast9_best_kernel();
  return make_fast9_solver(best);
}

}  // namespace nonet::detail
