#pragma once
// Four 32-bit lanes, one per band (lane 3 is padding and always zero), as a small
// value type with two interchangeable implementations:
//
//   ScalarLanes  plain uint32_t[4], portable C++;
//   SseLanes     one __m128i (SSE2; SSE4.1 ptest when the build targets it).
//
// The solver kernel is a template over the lane type, so the choice is made at
// compile time and the inner loops carry no runtime flags. Both implementations
// must give bit-identical results; fast9_test.cpp runs them side by side.

#include <cstdint>

#if defined(__SSE2__)
#include <immintrin.h>
#define NONET_FAST9_HAVE_SSE 1
#else
#define NONET_FAST9_HAVE_SSE 0
#endif

namespace nonet::detail::fast9 {

struct ScalarLanes {
  std::uint32_t v[4];

  static ScalarLanes load(const std::uint32_t* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static ScalarLanes zero() { return {{0, 0, 0, 0}}; }
  void store(std::uint32_t* p) const {
    for (int i = 0; i < 4; ++i) p[i] = v[i];
  }
  friend ScalarLanes operator&(ScalarLanes a, ScalarLanes b) {
    return {{a.v[0] & b.v[0], a.v[1] & b.v[1], a.v[2] & b.v[2], a.v[3] & b.v[3]}};
  }
  friend ScalarLanes operator|(ScalarLanes a, ScalarLanes b) {
    return {{a.v[0] | b.v[0], a.v[1] | b.v[1], a.v[2] | b.v[2], a.v[3] | b.v[3]}};
  }
  // a & ~b
  static ScalarLanes and_not(ScalarLanes a, ScalarLanes b) {
    return {{a.v[0] & ~b.v[0], a.v[1] & ~b.v[1], a.v[2] & ~b.v[2], a.v[3] & ~b.v[3]}};
  }
  static ScalarLanes splat(std::uint32_t x) { return {{x, x, x, x}}; }
  static ScalarLanes set3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    return {{a, b, c, 0}};
  }
  template <int n>
  ScalarLanes shr() const {
    return {{v[0] >> n, v[1] >> n, v[2] >> n, v[3] >> n}};
  }
  template <int n>
  ScalarLanes shl() const {
    return {{v[0] << n, v[1] << n, v[2] << n, v[3] << n}};
  }
  // Bit i set when lane i of a differs from lane i of b.
  static unsigned differ_mask(ScalarLanes a, ScalarLanes b) {
    return unsigned(a.v[0] != b.v[0]) | unsigned(a.v[1] != b.v[1]) << 1 |
           unsigned(a.v[2] != b.v[2]) << 2 | unsigned(a.v[3] != b.v[3]) << 3;
  }
  bool is_zero() const { return (v[0] | v[1] | v[2] | v[3]) == 0; }
};

#if NONET_FAST9_HAVE_SSE
struct SseLanes {
  __m128i v;

  static SseLanes load(const std::uint32_t* p) {
    return {_mm_load_si128(reinterpret_cast<const __m128i*>(p))};
  }
  static SseLanes zero() { return {_mm_setzero_si128()}; }
  void store(std::uint32_t* p) const { _mm_store_si128(reinterpret_cast<__m128i*>(p), v); }
  friend SseLanes operator&(SseLanes a, SseLanes b) { return {_mm_and_si128(a.v, b.v)}; }
  friend SseLanes operator|(SseLanes a, SseLanes b) { return {_mm_or_si128(a.v, b.v)}; }
  static SseLanes and_not(SseLanes a, SseLanes b) { return {_mm_andnot_si128(b.v, a.v)}; }
  static SseLanes splat(std::uint32_t x) { return {_mm_set1_epi32(static_cast<int>(x))}; }
  static SseLanes set3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    return {_mm_set_epi32(0, static_cast<int>(c), static_cast<int>(b), static_cast<int>(a))};
  }
  template <int n>
  SseLanes shr() const {
    return {_mm_srli_epi32(v, n)};
  }
  template <int n>
  SseLanes shl() const {
    return {_mm_slli_epi32(v, n)};
  }
  static unsigned differ_mask(SseLanes a, SseLanes b) {
    const __m128i eq = _mm_cmpeq_epi32(a.v, b.v);
    return unsigned(_mm_movemask_ps(_mm_castsi128_ps(eq))) ^ 0xFu;
  }
  bool is_zero() const {
#if defined(__SSE4_1__)
    return _mm_testz_si128(v, v) != 0;
#else
    return _mm_movemask_epi8(_mm_cmpeq_epi32(v, _mm_setzero_si128())) == 0xFFFF;
#endif
  }
};
#endif

}  // namespace nonet::detail::fast9
