// The vector types of fast9's x86 paths (see kernel.h for what a path
// provides): Lanes, a digit's three bands in one 128-bit vector, and Wide, two
// digits side by side in a 256-bit vector (digit `first` in the low half,
// first+1 in the high).
//
// No include guard and no includes, like kernel.h: fast9_avx2.cpp and
// fast9_avx512.cpp include it after kernel.h, inside their target region and
// anonymous namespace, so each path gets its own copy compiled for its
// instructions. With NONET_FAST9_AVX512 defined, three-input logic is one
// vpternlogd and compares go straight into mask registers (AVX-512VL);
// otherwise the same operations are spelled in AVX2.

// Four 32-bit lanes, one per band (lane 3 is padding and always zero).
struct X86Lanes {
  __m128i v;

  static X86Lanes load(const std::uint32_t* p) {
    return {_mm_load_si128(reinterpret_cast<const __m128i*>(p))};
  }
  static X86Lanes zero() { return {_mm_setzero_si128()}; }
  void store(std::uint32_t* p) const { _mm_store_si128(reinterpret_cast<__m128i*>(p), v); }
  X86Lanes operator&(X86Lanes b) const { return {_mm_and_si128(v, b.v)}; }
  X86Lanes operator|(X86Lanes b) const { return {_mm_or_si128(v, b.v)}; }
  static X86Lanes and_not(X86Lanes a, X86Lanes b) { return {_mm_andnot_si128(b.v, a.v)}; }
  static X86Lanes set3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    return {_mm_set_epi32(0, static_cast<int>(c), static_cast<int>(b), static_cast<int>(a))};
  }
  // Lane b takes lane b+k (mod 3); lane 3 stays.
  template <int k>
  X86Lanes rotate_bands() const {
    static_assert(k == 1 || k == 2);
    return {_mm_shuffle_epi32(v, k == 1 ? 0xC9 : 0xD2)};
  }
  template <int n>
  X86Lanes shr() const {
    return {_mm_srli_epi32(v, n)};
  }
  template <int n>
  X86Lanes shl() const {
    return {_mm_slli_epi32(v, n)};
  }
  static unsigned differ_mask(X86Lanes a, X86Lanes b) {
#ifdef NONET_FAST9_AVX512
    return _mm_cmpneq_epi32_mask(a.v, b.v);
#else
    const __m128i eq = _mm_cmpeq_epi32(a.v, b.v);
    return unsigned(_mm_movemask_ps(_mm_castsi128_ps(eq))) ^ 0xFu;
#endif
  }
  bool is_zero() const { return _mm_testz_si128(v, v) != 0; }
};

struct X86Wide {
  static constexpr int kDigits = 2;
  __m256i v;

  // Two 128-bit loads, not one 256-bit load: a digit's word is often just
  // written by a 128-bit store, and a load spanning two stores waits for them
  // to reach the cache (store forwarding fails).
  static X86Wide load(const Candidates& c, int first) {
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
  static X86Wide zero() { return {_mm256_setzero_si256()}; }
  static X86Wide bands(std::uint32_t x) {
    const auto i = static_cast<int>(x);
    return {_mm256_setr_epi32(i, i, i, 0, i, i, i, 0)};
  }
  static X86Wide spread(X86Lanes x) { return {_mm256_broadcastsi128_si256(x.v)}; }
  X86Lanes part(int i) const {
    return {i == 0 ? _mm256_castsi256_si128(v) : _mm256_extracti128_si256(v, 1)};
  }
  X86Lanes or_parts() const {
    return {_mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1))};
  }
  static X86Wide digit_bit(int first, int k) {
    const int lo = (first >> k & 1) ? -1 : 0, hi = ((first + 1) >> k & 1) ? -1 : 0;
    return {_mm256_setr_epi32(lo, lo, lo, lo, hi, hi, hi, hi)};
  }
  X86Wide operator&(X86Wide b) const { return {_mm256_and_si256(v, b.v)}; }
  X86Wide operator|(X86Wide b) const { return {_mm256_or_si256(v, b.v)}; }
  static X86Wide and_not(X86Wide a, X86Wide b) { return {_mm256_andnot_si256(b.v, a.v)}; }
  template <int n>
  X86Wide shr() const {
    return {_mm256_srli_epi32(v, n)};
  }
  template <int n>
  X86Wide shl() const {
    return {_mm256_slli_epi32(v, n)};
  }
#ifdef NONET_FAST9_AVX512
  // Truth tables for vpternlogd: a | b | c and the majority of a, b, c.
  static X86Wide or3(X86Wide a, X86Wide b, X86Wide c) {
    return {_mm256_ternarylogic_epi32(a.v, b.v, c.v, 0xFE)};
  }
  static X86Wide majority(X86Wide a, X86Wide b, X86Wide c) {
    return {_mm256_ternarylogic_epi32(a.v, b.v, c.v, 0xE8)};
  }
  static unsigned differ(X86Wide a, X86Wide b) { return _mm256_cmpneq_epi32_mask(a.v, b.v); }
#else
  static X86Wide or3(X86Wide a, X86Wide b, X86Wide c) { return a | b | c; }
  static X86Wide majority(X86Wide a, X86Wide b, X86Wide c) { return (a & (b | c)) | (b & c); }
  static unsigned differ(X86Wide a, X86Wide b) {
    const __m256i eq = _mm256_cmpeq_epi32(a.v, b.v);
    return unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(eq))) ^ 0xFFu;
  }
#endif
  bool is_zero() const { return _mm256_testz_si256(v, v) != 0; }
};
