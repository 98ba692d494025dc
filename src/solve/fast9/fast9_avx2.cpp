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

// Four 32-bit lanes, one per band (lane 3 is padding and always zero).
struct Avx2Lanes {
  __m128i v;

  static Avx2Lanes load(const std::uint32_t* p) {
    return {_mm_load_si128(reinterpret_cast<const __m128i*>(p))};
  }
  static Avx2Lanes zero() { return {_mm_setzero_si128()}; }
  void store(std::uint32_t* p) const { _mm_store_si128(reinterpret_cast<__m128i*>(p), v); }
  Avx2Lanes operator&(Avx2Lanes b) const { return {_mm_and_si128(v, b.v)}; }
  Avx2Lanes operator|(Avx2Lanes b) const { return {_mm_or_si128(v, b.v)}; }
  static Avx2Lanes and_not(Avx2Lanes a, Avx2Lanes b) { return {_mm_andnot_si128(b.v, a.v)}; }
  static Avx2Lanes splat(std::uint32_t x) { return {_mm_set1_epi32(static_cast<int>(x))}; }
  static Avx2Lanes set3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    return {_mm_set_epi32(0, static_cast<int>(c), static_cast<int>(b), static_cast<int>(a))};
  }
  // Lane b takes lane b+k (mod 3); lane 3 stays.
  template <int k>
  Avx2Lanes rotate_bands() const {
    static_assert(k == 1 || k == 2);
    return {_mm_shuffle_epi32(v, k == 1 ? 0xC9 : 0xD2)};
  }
  template <int n>
  Avx2Lanes shr() const {
    return {_mm_srli_epi32(v, n)};
  }
  template <int n>
  Avx2Lanes shl() const {
    return {_mm_slli_epi32(v, n)};
  }
  static unsigned differ_mask(Avx2Lanes a, Avx2Lanes b) {
    const __m128i eq = _mm_cmpeq_epi32(a.v, b.v);
    return unsigned(_mm_movemask_ps(_mm_castsi128_ps(eq))) ^ 0xFu;
  }
  bool is_zero() const { return _mm_testz_si128(v, v) != 0; }
};

// Two digits side by side: digit `first` in the low half, first+1 in the high.
struct Avx2Wide {
  static constexpr int kDigits = 2;
  __m256i v;

  // Two 128-bit loads, not one 256-bit load, so that each takes its data
  // from the 128-bit store that last wrote the digit (see Avx512Wide::load).
  static Avx2Wide load(const Candidates& c, int first) {
    if (first + 2 <= 9)
      return {_mm256_inserti128_si256(
          _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first]))),
          _mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first + 1])), 1)};
    return {
        _mm256_zextsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(c.cand[first])))};
  }
  void store(Candidates& c, int first) const {
    if (first + 2 <= 9)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(c.cand[first]), v);
    else
      _mm_store_si128(reinterpret_cast<__m128i*>(c.cand[first]), _mm256_castsi256_si128(v));
  }
  static Avx2Wide zero() { return {_mm256_setzero_si256()}; }
  static Avx2Wide bands(std::uint32_t x) {
    const auto i = static_cast<int>(x);
    return {_mm256_setr_epi32(i, i, i, 0, i, i, i, 0)};
  }
  static Avx2Wide spread(Avx2Lanes x) { return {_mm256_broadcastsi128_si256(x.v)}; }
  Avx2Lanes part(int i) const {
    return {i == 0 ? _mm256_castsi256_si128(v) : _mm256_extracti128_si256(v, 1)};
  }
  Avx2Lanes or_parts() const {
    return {_mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1))};
  }
  static Avx2Wide digit_bit(int first, int k) {
    const int lo = (first >> k & 1) ? -1 : 0, hi = ((first + 1) >> k & 1) ? -1 : 0;
    return {_mm256_setr_epi32(lo, lo, lo, lo, hi, hi, hi, hi)};
  }
  Avx2Wide operator&(Avx2Wide b) const { return {_mm256_and_si256(v, b.v)}; }
  Avx2Wide operator|(Avx2Wide b) const { return {_mm256_or_si256(v, b.v)}; }
  static Avx2Wide and_not(Avx2Wide a, Avx2Wide b) { return {_mm256_andnot_si256(b.v, a.v)}; }
  template <int n>
  Avx2Wide shr() const {
    return {_mm256_srli_epi32(v, n)};
  }
  template <int n>
  Avx2Wide shl() const {
    return {_mm256_slli_epi32(v, n)};
  }
  static Avx2Wide or3(Avx2Wide a, Avx2Wide b, Avx2Wide c) { return a | b | c; }
  static Avx2Wide majority(Avx2Wide a, Avx2Wide b, Avx2Wide c) { return (a & (b | c)) | (b & c); }
  static unsigned differ(Avx2Wide a, Avx2Wide b) {
    const __m256i eq = _mm256_cmpeq_epi32(a.v, b.v);
    return unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(eq))) ^ 0xFFu;
  }
  bool is_zero() const { return _mm256_testz_si256(v, v) != 0; }
};

template <class T>
struct Avx2Path {
  using Lanes = Avx2Lanes;
  using Wide = Avx2Wide;
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
