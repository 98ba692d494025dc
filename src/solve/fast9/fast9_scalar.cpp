// fast9's portable path: plain 32-bit words, triads by table lookups. It runs
// on every CPU, and it is the reference the vector paths are tested against.

#include "solve/fast9/kernel_deps.h"

namespace nonet::detail::fast9 {
namespace {

#include "solve/fast9/kernel.h"

// Four 32-bit lanes, one per band (lane 3 is padding and always zero). One
// digit per value, so it also serves as the "wide" type (kDigits = 1).
struct ScalarLanes {
  static constexpr int kDigits = 1;
  std::uint32_t v[4];

  static ScalarLanes load(const std::uint32_t* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static ScalarLanes zero() { return {{0, 0, 0, 0}}; }
  void store(std::uint32_t* p) const {
    for (int i = 0; i < 4; ++i) p[i] = v[i];
  }
  ScalarLanes operator&(ScalarLanes b) const {
    return {{v[0] & b.v[0], v[1] & b.v[1], v[2] & b.v[2], v[3] & b.v[3]}};
  }
  ScalarLanes operator|(ScalarLanes b) const {
    return {{v[0] | b.v[0], v[1] | b.v[1], v[2] | b.v[2], v[3] | b.v[3]}};
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

  // The "wide" interface, one digit wide.
  static ScalarLanes load(const Candidates& c, int first) { return load(c.cand[first]); }
  void store(Candidates& c, int first) const { store(c.cand[first]); }
  static ScalarLanes bands(std::uint32_t x) { return set3(x, x, x); }
  static ScalarLanes spread(ScalarLanes x) { return x; }
  ScalarLanes part(int) const { return *this; }
  ScalarLanes or_parts() const { return *this; }
  static ScalarLanes digit_bit(int first, int k) { return splat((first >> k & 1) ? ~0u : 0u); }
  static ScalarLanes or3(ScalarLanes a, ScalarLanes b, ScalarLanes c) { return a | b | c; }
  static ScalarLanes majority(ScalarLanes a, ScalarLanes b, ScalarLanes c) {
    return (a & (b | c)) | (b & c);
  }
  static unsigned differ(ScalarLanes a, ScalarLanes b) { return differ_mask(a, b); }
  // Lane b takes lane b+k (mod 3); lane 3 stays.
  template <int k>
  ScalarLanes rotate_bands() const {
    static_assert(k == 1 || k == 2);
    return {{v[k % 3], v[(k + 1) % 3], v[(k + 2) % 3], v[3]}};
  }
};

struct ScalarPath {
  using Lanes = ScalarLanes;
  using Wide = ScalarLanes;
  using Triads = TableTriads;
};

}  // namespace

std::unique_ptr<Solver> make_scalar_solver() { return std::make_unique<Fast9Solver<ScalarPath>>(); }

}  // namespace nonet::detail::fast9
