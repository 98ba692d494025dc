// fast9: a 9x9 solver on per-digit band bitboards. Layout and measurements are
// in docs/fast9.md; the short version is beside each struct and function below.

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "solve/fast9/fast9.h"
#include "solve/fast9/lanes.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace nonet::detail {
namespace fast9 {
namespace {

// ---------------------------------------------------------------------------
// Cell numbering. A band is three rows; inside a band the 27 cells are one
// 27-bit word, row-major, so cell index = 27*band + bit = 9*row + col:
//
//        col 0 1 2   3 4 5   6 7 8
//   row 0:   0 1 2 | 3 4 5 | 6 7 8        bits  0.. 8
//   row 1:   9 ...                  17    bits  9..17
//   row 2:  18 ...                  26    bits 18..26
//            \box0/  \box1/  \box2/
//
// A "triad" is the three cells of one row inside one box: bits 3t..3t+2 for
// t = 3*row + box. Nine triads per band.
// ---------------------------------------------------------------------------
constexpr std::uint32_t kBandMask = (1u << 27) - 1;
constexpr std::uint32_t kRowMask = 0x1FF;

struct alignas(16) BandMasks {
  std::uint32_t band[4];  // lanes 0..2 = bands, lane 3 = 0
};

// The 20 peers of each cell as band masks (the cell itself excluded).
constexpr std::array<BandMasks, 81> make_peers() {
  std::array<BandMasks, 81> peers{};
  for (int cell = 0; cell < 81; ++cell) {
    const int row = cell / 9, col = cell % 9;
    for (int other = 0; other < 81; ++other) {
      const int r = other / 9, c = other % 9;
      const bool peer = other != cell && (r == row || c == col ||
                                          (r / 3 == row / 3 && c / 3 == col / 3));
      if (peer) peers[cell].band[r / 3] |= 1u << (other % 27);
    }
  }
  return peers;
}
constexpr std::array<BandMasks, 81> kPeers = make_peers();
constexpr BandMasks kAllCells = {{kBandMask, kBandMask, kBandMask, 0}};

// Which of a 9-bit row's three box segments hold a bit (3 bits).
constexpr std::array<std::uint8_t, 512> make_row_triads() {
  std::array<std::uint8_t, 512> t{};
  for (unsigned row = 0; row < 512; ++row)
    t[row] = static_cast<std::uint8_t>(((row & 7) ? 1 : 0) | ((row & 070) ? 2 : 0) |
                                       ((row & 0700) ? 4 : 0));
  return t;
}
constexpr std::array<std::uint8_t, 512> kRowTriads = make_row_triads();

// Band matching. Within one band a digit sits once in each of the 3 rows and
// once in each of the 3 boxes, so the triads it occupies form a permutation
// row -> box. Given the 9-bit pattern of triads that still hold the digit
// (bit 3*row + box), kFeasible keeps exactly the triads that lie on some
// permutation contained in the pattern; 0 means no placement of the digit in
// the band exists. This one lookup does pointing and claiming (locked
// candidates) inside the band and turns every hidden single in a box into a
// hidden single in a row.
constexpr std::array<std::uint16_t, 512> make_feasible() {
  constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::array<std::uint16_t, 512> f{};
  for (unsigned pattern = 0; pattern < 512; ++pattern) {
    unsigned keep = 0;
    for (const auto& perm : kPerms) {
      const unsigned m = 1u << (0 + perm[0]) | 1u << (3 + perm[1]) | 1u << (6 + perm[2]);
      if ((m & ~pattern) == 0) keep |= m;
    }
    f[pattern] = static_cast<std::uint16_t>(keep);
  }
  return f;
}
constexpr std::array<std::uint16_t, 512> kFeasible = make_feasible();

// The 27 cell bits covered by a 9-bit triad pattern.
constexpr std::array<std::uint32_t, 512> make_triad_cells() {
  std::array<std::uint32_t, 512> c{};
  for (unsigned pattern = 0; pattern < 512; ++pattern)
    for (unsigned t = 0; t < 9; ++t)
      if (pattern >> t & 1) c[pattern] |= 7u << (3 * t);
  return c;
}
constexpr std::array<std::uint32_t, 512> kTriadCells = make_triad_cells();

// Triad gathering, two ways. Portable: three row lookups. BMI2: fold each
// triad onto its low bit and gather the nine bits with one pext (pdep for the
// way back). Both return identical values (tested).
struct TableTriads {
  static std::uint32_t pattern(std::uint32_t band) {
    return kRowTriads[band & kRowMask] | unsigned(kRowTriads[band >> 9 & kRowMask]) << 3 |
           unsigned(kRowTriads[band >> 18]) << 6;
  }
  static std::uint32_t cells(std::uint32_t pattern) { return kTriadCells[pattern]; }
  // Stack matching on a 27-bit word of vertical triads (band b's 9 columns at
  // bits 9b..): for each stack, gather its 3x3 pattern (bands x columns), look
  // up kFeasible, scatter the kept triads back. False when a stack has none.
  static bool stack_keep(std::uint32_t columns, std::uint32_t& keep) {
    keep = 0;
    for (int st = 0; st < 3; ++st) {
      const int sh = 3 * st;
      const std::uint32_t f = kFeasible[(columns >> sh & 7) | (columns >> (9 + sh) & 7) << 3 |
                                        (columns >> (18 + sh) & 7) << 6];
      if (f == 0) return false;
      keep |= (f & 7) << sh | (f >> 3 & 7) << (9 + sh) | (f >> 6) << (18 + sh);
    }
    return true;
  }
};
#if defined(__BMI2__)
struct Bmi2Triads {
  static constexpr std::uint32_t kTriadLowBits = 0x1249249;  // bit 3t for t = 0..8
  static constexpr std::uint32_t kStackBits = 0x1C0E07;      // columns 0..2 of each band
  static std::uint32_t pattern(std::uint32_t band) {
    return _pext_u32(band | band >> 1 | band >> 2, kTriadLowBits);
  }
  static std::uint32_t cells(std::uint32_t pattern) {
    return _pdep_u32(pattern, kTriadLowBits) * 7u;
  }
  static bool stack_keep(std::uint32_t columns, std::uint32_t& keep) {
    const std::uint32_t f0 = kFeasible[_pext_u32(columns, kStackBits)];
    const std::uint32_t f1 = kFeasible[_pext_u32(columns, kStackBits << 3)];
    const std::uint32_t f2 = kFeasible[_pext_u32(columns, kStackBits << 6)];
    keep = _pdep_u32(f0, kStackBits) | _pdep_u32(f1, kStackBits << 3) |
           _pdep_u32(f2, kStackBits << 6);
    return f0 && f1 && f2;
  }
};
#endif

// ---------------------------------------------------------------------------
// The search state: 160 bytes, trivially copyable, copied whole on a branch.
//
//   cand[d][b]   27-bit band word: cells of band b where digit d+1 may still go.
//                A placed cell keeps exactly its own digit's bit, so every row,
//                column and box always holds each digit at least once.
//   cand[d][3]   0 (padding so a digit is one 128-bit vector).
//   unsolved[b]  cells of band b not yet placed; unsolved[3] = 0.
//
//        lane:    0 (band 0)   1 (band 1)   2 (band 2)   3
//   cand[0]  :  [ 27 bits   ][ 27 bits   ][ 27 bits   ][ 0 ]   digit 1
//   ...
//   cand[8]  :  [ 27 bits   ][ 27 bits   ][ 27 bits   ][ 0 ]   digit 9
//   unsolved :  [ 27 bits   ][ 27 bits   ][ 27 bits   ][ 0 ]
// ---------------------------------------------------------------------------
struct alignas(16) Candidates {
  std::uint32_t cand[9][4];
};
struct alignas(16) State {
  Candidates c;
  std::uint32_t unsolved[4];
};
static_assert(sizeof(State) == 160);

template <class Lanes, class Triads>
class Kernel {
 public:
  Kernel(const SolveOptions& options, std::uint64_t limit) : options_(options), limit_(limit) {}

  // Loads the givens. False when two givens clash (or a value is not 0..9).
  // Rather than placing givens one by one, it ORs the peer masks of each
  // digit's givens and builds every digit vector once: one vector OR per given
  // instead of a full place() (callgrind, kaggle, where puzzles are mostly
  // givens and naked singles: 7.7k -> 7.2k instructions per puzzle).
  static bool load(const Grid& puzzle, State& s) {
    alignas(16) std::uint32_t given[10][4] = {};  // [0] = every given cell
    Lanes seen[9];
    for (auto& v : seen) v = Lanes::zero();
    const std::uint8_t* values = puzzle.values().data();
    for (int cell = 0; cell < 81; ++cell) {
      const int v = values[cell];
      if (v == 0) continue;
      if (v > 9) return false;
      const std::uint32_t bit = 1u << (cell % 27);
      given[v][cell / 27] |= bit;
      given[0][cell / 27] |= bit;
      seen[v - 1] = seen[v - 1] | Lanes::load(kPeers[static_cast<std::size_t>(cell)].band);
    }
    const Lanes all = Lanes::load(kAllCells.band);
    const Lanes any_given = Lanes::load(given[0]);
    Lanes::and_not(all, any_given).store(s.unsolved);
    for (int d = 0; d < 9; ++d) {
      const Lanes mine = Lanes::load(given[d + 1]);
      if (!(mine & seen[d]).is_zero()) return false;  // a given sees its own digit
      (Lanes::and_not(Lanes::and_not(all, seen[d]), any_given) | mine).store(s.c.cand[d]);
    }
    return true;
  }

  // Depth-first search. `s` holds pending changes relative to `settled`, the
  // words as they stood when the band rule last ran on them (all ones at the
  // root, so everything is examined once). Invariant: count_ <= limit_, and
  // done_ once the limit, the deadline or the cancel flag has been reached.
  void search(State& s, const Candidates& settled) {
    if (!propagate(s, settled)) return;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
      if (count_++ == 0) solution_ = s;
      if (count_ >= limit_) done_ = true;
      return;
    }
    if ((++nodes_ & kPollMask) == 0 && should_stop()) {
      stopped_ = done_ = true;
      return;
    }
    ++guesses_;
    int b = 0;
    std::uint32_t bit = 0;
    pick_cell(s, b, bit);
    // Try each candidate digit of the cell in a copy, the last one in place.
    std::uint32_t digits = 0;
    for (int d = 0; d < 9; ++d)
      if (s.c.cand[d][b] & bit) digits |= 1u << d;
    while (digits) {
      const int d = std::countr_zero(digits);
      digits &= digits - 1;
      if (digits == 0) {
        const Candidates settled_here = s.c;
        place(s, d, b, bit);
        search(s, settled_here);
        return;
      }
      State child = s;
      place(child, d, b, bit);
      search(child, s.c);
      if (done_) return;
    }
  }

  std::uint64_t count() const { return count_; }
  std::uint64_t guesses() const { return guesses_; }
  bool stopped() const { return stopped_; }
  bool done() const { return done_; }
  const State& solution() const { return solution_; }

 private:
  // Checked every 4096 search nodes: a node costs ~0.1-1 us, so the clock is
  // read about once a millisecond at most and never shows in a profile.
  static constexpr std::uint64_t kPollMask = 4095;

  bool should_stop() const {
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) return true;
    return options_.deadline.expired();
  }

  // Places digit d at the cell `bit` of band b: d leaves the cell's 20 peers
  // (one vector and-not over all three bands) and every other digit leaves the
  // cell. Precondition: d is a candidate of the cell. A naked single has no
  // other digit to clear (kOthersGone), which skips the nine-word loop.
  template <bool kOthersGone = false>
  static void place(State& s, int d, int b, std::uint32_t bit) {
    const int cell = 27 * b + std::countr_zero(bit);
    const Lanes peers = Lanes::load(kPeers[static_cast<std::size_t>(cell)].band);
    Lanes::and_not(Lanes::load(s.c.cand[d]), peers).store(s.c.cand[d]);
    if constexpr (!kOthersGone) {
      const std::uint32_t keep = s.c.cand[d][b];
      for (int e = 0; e < 9; ++e) s.c.cand[e][b] &= ~bit;
      s.c.cand[d][b] = keep;
    }
    s.unsolved[b] &= ~bit;
  }

  // The band rule for digit d in band b: prune triads that lie on no row->box
  // permutation (kFeasible), then place the digit in every row of the band
  // left with a single open cell. Returns false when the digit no longer fits
  // in the band. Afterwards `settled` holds the pruned word, so the rule runs
  // again only if something else changes it.
  static bool band_rule(State& s, int d, int b, std::uint32_t& settled) {
    const std::uint32_t feasible = kFeasible[Triads::pattern(s.c.cand[d][b])];
    if (feasible == 0) return false;
    const std::uint32_t word = s.c.cand[d][b] & Triads::cells(feasible);
    s.c.cand[d][b] = word;
    settled = word;
    const std::uint32_t open = word & s.unsolved[b];
    // Rows left with one cell, gathered without branches (the per-row test
    // mispredicted: CPU time, paired runs, 11+ +12 %, top1465 +14 %). Two such
    // cells never clash: the matching put their rows in different boxes.
    std::uint32_t single = 0;
    for (int r = 0; r < 3; ++r) {
      const std::uint32_t row = word & (kRowMask << (9 * r));
      single |= (row & (row - 1)) == 0 ? row : 0;
    }
    for (single &= open; single; single &= single - 1) place(s, d, b, single & (~single + 1));
    return true;
  }

  // The stack rule for digit d: the band rule turned ninety degrees. In each
  // stack the digit sits once per band and once per column, so the "vertical
  // triads" (one column inside one band) it occupies form a permutation
  // band -> column; the same kFeasible table prunes the vertical triads that
  // lie on none. Afterwards a column left with one vertical triad holding one
  // open cell is a hidden single in that column, and is placed.
  static bool stack_rule(State& s, int d) {
    const Lanes rows = Lanes::splat(kRowMask);
    const Lanes word = Lanes::load(s.c.cand[d]);
    alignas(16) std::uint32_t column[4];  // column[b] bit j: column j holds d in band b
    ((word | word.template shr<9>() | word.template shr<18>()) & rows).store(column);
    std::uint32_t keep;  // the kept vertical triads, band b's columns at bits 9b..9b+8
    if (!Triads::stack_keep(column[0] | column[1] << 9 | column[2] << 18, keep)) return false;
    const std::uint32_t k0 = keep & kRowMask, k1 = keep >> 9 & kRowMask, k2 = keep >> 18;
    const std::uint32_t shared = (k0 & k1) | (k0 & k2) | (k1 & k2);
    // All three bands at once, one lane each (callgrind, 11+ set: -10 %
    // instructions against a scalar loop over the bands).
    const Lanes kept = Lanes::set3(k0, k1, k2);
    const Lanes w = word & (kept | kept.template shl<9>() | kept.template shl<18>());
    w.store(s.c.cand[d]);
    // Columns kept only in one band, and there in one row only: hidden singles.
    const Lanes r0 = w & rows, r1 = w.template shr<9>() & rows, r2 = w.template shr<18>();
    const Lanes one_row = Lanes::and_not(Lanes::and_not(kept, Lanes::splat(shared)),
                                         (r0 & r1) | (r0 & r2) | (r1 & r2));
    const Lanes found = (one_row | one_row.template shl<9>() | one_row.template shl<18>()) & w &
                        Lanes::load(s.unsolved);
    if (found.is_zero()) return true;
    alignas(16) std::uint32_t pending[4];
    found.store(pending);
    for (int b = 0; b < 3; ++b) {
      for (std::uint32_t m = pending[b]; m; m &= m - 1) {
        const std::uint32_t bit = m & (~m + 1);
        if (!(s.c.cand[d][b] & bit)) return false;
        place(s, d, b, bit);
      }
    }
    return true;
  }

  // Propagation to a fixpoint of three rules, cheapest first:
  //   1. naked singles: a bit-parallel census over the 9 digit vectors gives
  //      the cells with >= 1, >= 2, >= 3 candidates; an open cell with none is
  //      a contradiction, one with exactly one is placed. Repeated until no
  //      single is left, because it needs no bookkeeping at all.
  //   2./3. one sweep of the band rule over every digit-band word that changed
  //      since it was last settled (9 vector compares against `settled`), and
  //      of the stack rule over every digit with such a word.
  // Invariant on success: no rule applies.
  static bool propagate(State& s, const Candidates& settled_in) {
    Candidates settled = settled_in;
    for (;;) {
      for (;;) {
        // Only "at least one" and "at least two" here; pick_cell counts to
        // three once per branch point (callgrind, 11+ set: -0.6 % instructions).
        Lanes one = Lanes::zero(), two = Lanes::zero();
        // Bit planes of the digit index: a cell with a single candidate d
        // has bit k of d in plane[k]. This names every single's digit without
        // testing nine digit vectors per pass. Instructions barely change
        // (callgrind, 11+ set: 367k -> 364k per puzzle) but nine unpredictable
        // branches go: paired CPU-time runs, 11+ +12 %, kaggle +50 %.
        Lanes plane0 = Lanes::zero(), plane1 = Lanes::zero(), plane2 = Lanes::zero();
        for (int d = 0; d < 9; ++d) {
          const Lanes x = Lanes::load(s.c.cand[d]);
          two = two | (one & x);
          one = one | x;
          if (d & 1) plane0 = plane0 | x;
          if (d & 2) plane1 = plane1 | x;
          if (d & 4) plane2 = plane2 | x;
        }
        const Lanes open = Lanes::load(s.unsolved);
        if (!Lanes::and_not(open, one).is_zero()) return false;
        const Lanes singles = Lanes::and_not(open, two);
        if (singles.is_zero()) break;
        alignas(16) std::uint32_t pending[4], p0[4], p1[4], p2[4], p3[4];
        singles.store(pending);
        plane0.store(p0);
        plane1.store(p1);
        plane2.store(p2);
        Lanes::load(s.c.cand[8]).store(p3);  // digit 9 (index 8 = 0b1000)
        for (int b = 0; b < 3; ++b) {
          for (std::uint32_t m = pending[b]; m; m &= m - 1) {
            const int at = std::countr_zero(m);
            const std::uint32_t bit = 1u << at;
            const int d = static_cast<int>((p0[b] >> at & 1) | (p1[b] >> at & 1) << 1 |
                                           (p2[b] >> at & 1) << 2 | (p3[b] >> at & 1) << 3);
            // An earlier single of this batch took d from this cell: it is empty.
            if (!(s.c.cand[d][b] & bit)) return false;
            place<true>(s, d, b, bit);
          }
        }
      }
      std::uint64_t dirty = 0;
      for (int d = 0; d < 9; ++d)
        dirty |= std::uint64_t{Lanes::differ_mask(Lanes::load(s.c.cand[d]),
                                                  Lanes::load(settled.cand[d])) &
                                7u}
                 << (4 * d);
      if (dirty == 0) return true;
      do {
        const int d = std::countr_zero(dirty) >> 2;
        // All three bands of a changed digit, changed or not: a fixed trip
        // count costs less than the mispredicted loop over changed lanes
        // (paired CPU-time runs: 11+ +8 %, top1465 +5 %).
        if (!band_rule(s, d, 0, settled.cand[d][0]) || !band_rule(s, d, 1, settled.cand[d][1]) ||
            !band_rule(s, d, 2, settled.cand[d][2]))
          return false;
        if (!stack_rule(s, d)) return false;
        dirty &= ~(std::uint64_t{0xF} << (4 * d));
      } while (dirty);
    }
  }

  // The branch cell: among the open cells with two candidates (a bivalue
  // cell at worst halves the search), the one with the most open peers, so
  // that either choice reaches far; failing a bivalue cell, the open cell with
  // fewest candidates. Measured against "first bivalue cell" (3000 puzzles of
  // each set): guesses per puzzle 0.80 -> 0.49 (17_clue), 17.5 -> 10.2
  // (top1465), 155 -> 86 (11+); scoring also by bivalue peers gained nothing.
  static void pick_cell(const State& s, int& band, std::uint32_t& bit) {
    Lanes one = Lanes::zero(), two = Lanes::zero(), three = Lanes::zero();
    for (int d = 0; d < 9; ++d) {
      const Lanes x = Lanes::load(s.c.cand[d]);
      three = three | (two & x);
      two = two | (one & x);
      one = one | x;
    }
    alignas(16) std::uint32_t pairs[4];
    Lanes::and_not(two, three).store(pairs);
    for (int b = 0; b < 3; ++b) pairs[b] &= s.unsolved[b];
    if (pairs[0] | pairs[1] | pairs[2]) {
      // Key = score << 8 | (255 - cell): the maximum is the best score, first
      // cell on ties, found with a branch-free max (paired runs: within noise,
      // +1 % at best; kept because it is no harder to read).
      std::uint32_t best = 0;
      for (int b = 0; b < 3; ++b) {
        for (std::uint32_t m = pairs[b]; m; m &= m - 1) {
          const int cell = 27 * b + std::countr_zero(m);
          const auto& peers = kPeers[static_cast<std::size_t>(cell)];
          const auto score = static_cast<std::uint32_t>(
              std::popcount(peers.band[0] & s.unsolved[0]) +
              std::popcount(peers.band[1] & s.unsolved[1]) +
              std::popcount(peers.band[2] & s.unsolved[2]));
          best = std::max(best, score << 8 | (255u - static_cast<std::uint32_t>(cell)));
        }
      }
      const int cell = 255 - static_cast<int>(best & 255);
      band = cell / 27;
      bit = 1u << (cell % 27);
      return;
    }
    int best = 10;
    for (int b = 0; b < 3; ++b) {
      for (std::uint32_t m = s.unsolved[b]; m; m &= m - 1) {
        const std::uint32_t cell_bit = m & (~m + 1);
        int n = 0;
        for (int d = 0; d < 9; ++d) n += (s.c.cand[d][b] & cell_bit) != 0;
        if (n < best) {
          best = n;
          band = b;
          bit = cell_bit;
        }
      }
    }
  }

  const SolveOptions& options_;
  std::uint64_t limit_;
  std::uint64_t count_ = 0;
  std::uint64_t guesses_ = 0;
  std::uint64_t nodes_ = 0;
  bool done_ = false;
  bool stopped_ = false;
  State solution_{};
};

template <class Lanes, class Triads>
class Fast9Solver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options) override {
    SolveResult result;
    result.limit = options.limit;
    const Geometry& g = puzzle.geometry();
    assert(fast9_supports(g) && "fast9 solves 9x9 with 3x3 boxes only");
    if (!fast9_supports(g)) return result;  // count 0, not exhausted: not ours to answer
    State s;
    if (!Kernel<Lanes, Triads>::load(puzzle, s)) {
      result.exhausted = true;
      return result;
    }
    const std::uint64_t limit = options.limit == 0 ? 1 : options.limit;
    Kernel<Lanes, Triads> kernel(options, limit);
    Candidates all;  // "nothing settled yet": every word differs from all ones
    for (auto& digit : all.cand)
      for (auto& word : digit) word = ~0u;
    kernel.search(s, all);
    result.count = kernel.count();
    result.guesses = kernel.guesses();
    result.stopped = kernel.stopped();
    result.exhausted = !kernel.done();
    if (result.count > 0) {
      Grid solution(g);
      const State& sol = kernel.solution();
      std::uint8_t* out = solution.values().data();
      // Each digit word of a solved state holds exactly its 9 cells.
      for (int d = 0; d < 9; ++d)
        for (int b = 0; b < 3; ++b)
          for (std::uint32_t m = sol.c.cand[d][b]; m; m &= m - 1)
            out[27 * b + std::countr_zero(m)] = static_cast<std::uint8_t>(d + 1);
      result.solution = std::move(solution);
    }
    return result;
  }
};

}  // namespace
}  // namespace fast9

bool fast9_has_simd() { return NONET_FAST9_HAVE_SSE != 0; }

bool fast9_supports(const Geometry& geometry) {
  return geometry.box_rows() == 3 && geometry.box_cols() == 3;
}

std::unique_ptr<Solver> make_fast9_solver(Fast9Kernel kernel) {
  using namespace fast9;
#if NONET_FAST9_HAVE_SSE
  if (kernel == Fast9Kernel::simd) {
#if defined(__BMI2__)
    return std::make_unique<Fast9Solver<SseLanes, Bmi2Triads>>();
#else
    return std::make_unique<Fast9Solver<SseLanes, TableTriads>>();
#endif
  }
#else
  (void)kernel;
#endif
  return std::make_unique<Fast9Solver<ScalarLanes, TableTriads>>();
}

std::unique_ptr<Solver> make_fast9_solver() { return make_fast9_solver(Fast9Kernel::simd); }

}  // namespace nonet::detail
