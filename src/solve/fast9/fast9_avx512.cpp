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
  // Lane b takes lane b+k (mod 3); lane 3 stays.
  template <int k>
  Avx512Lanes rotate_bands() const {
    static_assert(k == 1 || k == 2);
    return {_mm_shuffle_epi32(v, k == 1 ? 0xC9 : 0xD2)};
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
  bool is_zero() const { return _mm_testz_si128(v, v) != 0; }
};

// Two digits side by side in 256-bit vectors (digit first+i in 128-bit part
// i), with AVX-512VL's three-input logic and mask compares. Not four digits
// in 512-bit vectors: on AMD Zen 4, which runs 512-bit operations in two
// halves, that was 2-5 % slower (paired CPU-time runs, the four benchmark sets), the
// extra digits costing as much as they saved in loads, inserts and extracts.
struct Avx512Wide {
  static constexpr int kDigits = 2;
  __m256i v;

  // Two 128-bit loads, not one 256-bit load: a digit's word is often just
  // written by a 128-bit store, and a load spanning two stores waits for them
  // to reach the cache (store forwarding fails).
  static Avx512Wide load(const Candidates& c, int first) {
    const __m128i lo = _mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first]));
    if (first + 2 <= 9)
      return {_mm256_inserti128_si256(
          _mm256_castsi128_si256(lo),
          _mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first + 1])), 1)};
    return {_mm256_zextsi128_si256(lo)};
  }
  void store(Candidates& c, int first) const {
    if (first + 2 <= 9)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(c.cand[first]), v);
    else
      _mm_store_si128(reinterpret_cast<__m128i*>(c.cand[first]), _mm256_castsi256_si128(v));
  }
  static Avx512Wide zero() { return {_mm256_setzero_si256()}; }
  static Avx512Wide bands(std::uint32_t x) {
    const auto i = static_cast<int>(x);
    return {_mm256_setr_epi32(i, i, i, 0, i, i, i, 0)};
  }
  static Avx512Wide spread(Avx512Lanes x) { return {_mm256_broadcastsi128_si256(x.v)}; }
  Avx512Lanes part(int i) const {
    return {i == 0 ? _mm256_castsi256_si128(v) : _mm256_extracti128_si256(v, 1)};
  }
  Avx512Lanes or_parts() const {
    return {_mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1))};
  }
  static Avx512Wide digit_bit(int first, int k) {
    const int lo = (first >> k & 1) ? -1 : 0, hi = ((first + 1) >> k & 1) ? -1 : 0;
    return {_mm256_setr_epi32(lo, lo, lo, lo, hi, hi, hi, hi)};
  }
  Avx512Wide operator&(Avx512Wide b) const { return {_mm256_and_si256(v, b.v)}; }
  Avx512Wide operator|(Avx512Wide b) const { return {_mm256_or_si256(v, b.v)}; }
  static Avx512Wide and_not(Avx512Wide a, Avx512Wide b) { return {_mm256_andnot_si256(b.v, a.v)}; }
  template <int n>
  Avx512Wide shr() const {
    return {_mm256_srli_epi32(v, n)};
  }
  template <int n>
  Avx512Wide shl() const {
    return {_mm256_slli_epi32(v, n)};
  }
  // Truth tables for vpternlogd: a | b | c and the majority of a, b, c.
  static Avx512Wide or3(Avx512Wide a, Avx512Wide b, Avx512Wide c) {
    return {_mm256_ternarylogic_epi32(a.v, b.v, c.v, 0xFE)};
  }
  static Avx512Wide majority(Avx512Wide a, Avx512Wide b, Avx512Wide c) {
    return {_mm256_ternarylogic_epi32(a.v, b.v, c.v, 0xE8)};
  }
  static unsigned differ(Avx512Wide a, Avx512Wide b) { return _mm256_cmpneq_epi32_mask(a.v, b.v); }
  bool is_zero() const { return _mm256_testz_si256(v, v) != 0; }
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
