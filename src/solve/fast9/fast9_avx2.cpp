// fast9's AVX2 path: a digit's three bands in one 128-bit vector, two digits
// side by side in 256-bit vectors for the rules that scan every digit. Two
// flavours: triads gathered with BMI2 pext/pdep, or by table lookups for CPUs
// where pext/pdep are microcoded (AMD Zen 1 and 2); the dispatcher picks.

#include "solve/fast9/kernel_deps.h"

#if NONET_FAST9_X86
NONET_FAST9_TARGET_BEGIN("avx2,bmi,bmi2,popcnt,lzcnt")
#define NONET_FAST9_BMI2 1

namespace nonet::detail::fast9 {
namespace {

#include "solve/fast9/kernel.h"
#include "solve/fast9/vectors_x86.h"

template <class T>
struct Avx2Path {
  using Lanes = X86Lanes;
  using Wide = X86Wide;
  using Triads = T;
};

}  // namespace

std::unique_ptr<Solver> make_avx2_solver(bool bmi2) {
  if (bmi2) return std::make_unique<Fast9Solver<Avx2Path<Bmi2Triads>>>();
  return std::make_unique<Fast9Solver<Avx2Path<TableTriads>>>();
}

}  // namespace nonet::detail::fast9

#undef NONET_FAST9_BMI2
NONET_FAST9_TARGET_END
#endif
