// fast9's AVX-512 path: a digit's three bands in one 128-bit vector, four
// digits side by side in 512-bit vectors for the rules that scan every digit
// (the nine digits in three vectors), three-input logic in one instruction
// (vpternlogd) and compares straight into mask registers; BMI2 pext/pdep
// gather the triads (every CPU with AVX-512 runs them at full speed).

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

// Four 32-bit lanes, one per band (lane 3 is padding and always zero).
struct Avx512Lanes {
  __m128i v;

  static Avx512Lanes load(const std::uint32_t* p) {
    return {_mm_load_si128(reinterpret_cast<const __m128i*>(p))};
  }
  static Avx512Lanes zero() { return {_mm_setzero_si128()}; }
  void store(std::uint32_t* p) const { _mm_store_si128(reinterpret_cast<__m128i*>(p), v); }
  Avx512Lanes operator&(Avx512Lanes b) const { return {_mm_and_si128(v, b.v)}; }
  Avx512Lanes operator|(Avx512Lanes b) const { return {_mm_or_si128(v, b.v)}; }
  static Avx512Lanes and_not(Avx512Lanes a, Avx512Lanes b) { return {_mm_andnot_si128(b.v, a.v)}; }
  static Avx512Lanes splat(std::uint32_t x) { return {_mm_set1_epi32(static_cast<int>(x))}; }
  static Avx512Lanes set3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    return {_mm_set_epi32(0, static_cast<int>(c), static_cast<int>(b), static_cast<int>(a))};
  }
  template <int n>
  Avx512Lanes shr() const {
    return {_mm_srli_epi32(v, n)};
  }
  template <int n>
  Avx512Lanes shl() const {
    return {_mm_slli_epi32(v, n)};
  }
  static unsigned differ_mask(Avx512Lanes a, Avx512Lanes b) {
    return _mm_cmpneq_epi32_mask(a.v, b.v);
  }
  bool is_zero() const { return _mm_test_epi32_mask(v, v) == 0; }
};

// Four digits side by side: digit first+i in 128-bit part i. The ninth digit
// is loaded alone with the other three parts zero (a zero digit adds nothing
// to any census).
struct Avx512Wide {
  static constexpr int kDigits = 4;
  __m512i v;

  // Four 128-bit loads rather than one 512-bit load: a digit's word is
  // often just written by a 128-bit store, and a load spanning several
  // stores waits for them to reach the cache (store forwarding fails).
  static Avx512Wide load(const Candidates& c, int first) {
    if (first + 4 <= 9) {
      const __m512i lo =
          _mm512_castsi128_si512(_mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first])));
      const __m512i a = _mm512_inserti32x4(
          lo, _mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first + 1])), 1);
      const __m512i b = _mm512_inserti32x4(
          a, _mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first + 2])), 2);
      return {_mm512_inserti32x4(
          b, _mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first + 3])), 3)};
    }
    return {
        _mm512_zextsi128_si512(_mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first])))};
  }
  void store(Candidates& c, int first) const {
    if (first + 4 <= 9)
      _mm512_storeu_si512(c.cand[first], v);
    else
      _mm_store_si128(reinterpret_cast<__m128i*>(c.cand[first]), _mm512_castsi512_si128(v));
  }
  static Avx512Wide zero() { return {_mm512_setzero_si512()}; }
  static Avx512Wide bands(std::uint32_t x) {
    return {_mm512_maskz_set1_epi32(0x7777, static_cast<int>(x))};
  }
  static Avx512Wide spread(Avx512Lanes x) { return {_mm512_broadcast_i32x4(x.v)}; }
  Avx512Lanes part(int i) const {
    switch (i) {
      case 0:
        return {_mm512_castsi512_si128(v)};
      case 1:
        return {_mm512_extracti32x4_epi32(v, 1)};
      case 2:
        return {_mm512_extracti32x4_epi32(v, 2)};
      default:
        return {_mm512_extracti32x4_epi32(v, 3)};
    }
  }
  Avx512Lanes or_parts() const {
    const __m256i half =
        _mm256_or_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return {_mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1))};
  }
  static Avx512Wide digit_bit(int first, int k) {
    unsigned mask = 0;
    for (int i = 0; i < 4; ++i)
      if ((first + i) >> k & 1) mask |= 0xFu << (4 * i);
    return {_mm512_maskz_set1_epi32(static_cast<__mmask16>(mask), -1)};
  }
  Avx512Wide operator&(Avx512Wide b) const { return {_mm512_and_si512(v, b.v)}; }
  Avx512Wide operator|(Avx512Wide b) const { return {_mm512_or_si512(v, b.v)}; }
  static Avx512Wide and_not(Avx512Wide a, Avx512Wide b) { return {_mm512_andnot_si512(b.v, a.v)}; }
  template <int n>
  Avx512Wide shr() const {
    return {_mm512_srli_epi32(v, n)};
  }
  template <int n>
  Avx512Wide shl() const {
    return {_mm512_slli_epi32(v, n)};
  }
  // Truth tables for vpternlogd: a | b | c and the majority of a, b, c.
  static Avx512Wide or3(Avx512Wide a, Avx512Wide b, Avx512Wide c) {
    return {_mm512_ternarylogic_epi32(a.v, b.v, c.v, 0xFE)};
  }
  static Avx512Wide majority(Avx512Wide a, Avx512Wide b, Avx512Wide c) {
    return {_mm512_ternarylogic_epi32(a.v, b.v, c.v, 0xE8)};
  }
  static unsigned differ(Avx512Wide a, Avx512Wide b) { return _mm512_cmpneq_epi32_mask(a.v, b.v); }
  bool is_zero() const { return _mm512_test_epi32_mask(v, v) == 0; }
};

struct Avx512Path {
  using Lanes = Avx512Lanes;
  using Wide = Avx512Wide;
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
