// fast9's AVX-512 path: a digit's three bands in one 128-bit vector, two
// digits side by side in 256-bit vectors for the rules that scan every digit,
// with AVX-512VL's three-input logic in one instruction (vpternlogd) and
// compares straight into mask registers; BMI2 pext/pdep gather the triads
// (every CPU with AVX-512 runs them at full speed).

// GCC 12's AVX-512 intrinsics start from an undefined vector and warn that it
// is used uninitialized where they are inlined (GCC bug 105593, fixed in 13).
// The pragmas must precede <immintrin.h>, where the warnings are located.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#define NONET_FAST9_GCC12_PRAGMAS 1
#endif

#include "solve/fast9/kernel_deps.h"

#if NONET_FAST9_X86
NONET_FAST9_TARGET_BEGIN("avx512f,avx512vl,avx512bw,avx512dq,bmi,bmi2,popcnt,lzcnt")
#define NONET_FAST9_BMI2 1

namespace nonet::detail::fast9 {
namespace {

#include "solve/fast9/kernel.h"

// Two digits per 256-bit vector, not four per 512-bit vector: on AMD Zen 4,
// which runs 512-bit operations in two halves, that was 2-5 % slower (paired
// CPU-time runs, the four benchmark sets), the extra digits costing as much
// as they saved in loads, inserts and extracts.
#define NONET_FAST9_AVX512 1
#include "solve/fast9/vectors_x86.h"
#undef NONET_FAST9_AVX512

struct Avx512Path {
  using Lanes = X86Lanes;
  using Wide = X86Wide;
  using Triads = Bmi2Triads;
};

}  // namespace

std::unique_ptr<Solver> make_avx512_solver() { return std::make_unique<Fast9Solver<Avx512Path>>(); }

}  // namespace nonet::detail::fast9

#undef NONET_FAST9_BMI2
NONET_FAST9_TARGET_END
#endif

#ifdef NONET_FAST9_GCC12_PRAGMAS
#pragma GCC diagnostic pop
#endif
