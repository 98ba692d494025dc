// fast9's search, written once and compiled once per instruction set.
//
// No include guard and no includes, on purpose: fast9_scalar.cpp,
// fast9_avx2.cpp and fast9_avx512.cpp each include the headers this file
// needs, open a target region for their instructions (target.h) and an
// anonymous namespace, define their vector types (the "path": Lanes, Wide and
// Triads, described below) and include this file there. Every path thus gets
// its own copy of this code, compiled for its instructions, and none of it has
// external linkage that could let one path's code stand in for another's.
//
// Layout and measurements are in docs/fast9.md; the short version is beside
// each struct and function below.
//
// A path P provides:
//   P::Lanes   four 32-bit lanes, one per band (lane 3 is padding, always 0):
//              load/store/zero/set3, &, |, and_not, shr<n>, shl<n>,
//              differ_mask, is_zero, rotate_bands<k> (lane b takes lane
//              b+k mod 3, lane 3 stays).
//   P::Wide    the same for P::Wide::kDigits digits side by side (1 or 2),
//              for the rules that look at every digit at once: load(c, first)
//              and store(c, first) of digits first.. (nothing beyond digit 9),
//              zero(), bands(x) (x in lanes 0..2 of every digit), spread(Lanes)
//              (the same lanes for every digit), part(i) (digit first+i as
//              Lanes), or_parts() (all digits ORed), digit_bit(first, k) (all
//              ones for the digits whose index has bit k), &, |, and_not,
//              shr<n>, shl<n>, or3, majority, differ (bit 4*i + lane set
//              where digit first+i differs), is_zero.
//   P::Triads  triad gathering: pattern(band word), cells(pattern) and
//              split_columns(columns), by tables or by pext/pdep.

#ifdef NONET_FAST9_PROFILE
#define NONET_FAST9_RULE __attribute__((noinline))  // separate rules in a profile
#else
#define NONET_FAST9_RULE
#endif

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
// t = 3*row + box. Nine triads per band. A "vertical triad" is the three
// cells of one column inside one band.
// ---------------------------------------------------------------------------
constexpr std::uint32_t kBandMask = (1u << 27) - 1;
constexpr std::uint32_t kRowMask = 0x1FF;
constexpr std::uint32_t kBoxMask = 0x1C0E07;        // box 0 of a band (columns 0..2)
constexpr std::uint32_t kColumnMask = 0x40201;      // column 0 of a band (bits 0, 9, 18)
constexpr std::uint32_t kTriadLowBits = 0x1249249;  // bit 3t of every triad t
constexpr std::uint32_t kFirstTriads = 0x40201;     // bit 3t of triads 0, 3, 6 (box 0)
constexpr std::uint32_t kFirstColumns = 0111;       // columns 0, 3, 6 (first of each stack)

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
      const bool peer =
          other != cell && (r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3));
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

// Within one band a digit sits once in each of the 3 rows and once in each of
// the 3 boxes, so the triads it occupies form a permutation row -> box: one of
// six, as 9-bit triad patterns (bit 3*row + box).
constexpr std::array<std::uint16_t, 6> kPermTriads = {0421, 0241, 0412, 0142, 0214, 0124};

// The permutations a pattern contains (bit i: kPermTriads[i]).
constexpr std::array<std::uint8_t, 512> make_perms_of() {
  std::array<std::uint8_t, 512> p{};
  for (unsigned pattern = 0; pattern < 512; ++pattern)
    for (unsigned i = 0; i < 6; ++i)
      if ((kPermTriads[i] & ~pattern) == 0)
        p[pattern] = static_cast<std::uint8_t>(p[pattern] | 1u << i);
  return p;
}
constexpr std::array<std::uint8_t, 512> kPermsOf = make_perms_of();

// Band matching. Given the 9-bit pattern of triads that still hold the digit,
// kFeasible keeps exactly the triads that lie on some permutation contained
// in the pattern; 0 means no placement of the digit in the band exists. This
// one lookup does pointing and claiming (locked candidates) inside the band
// and turns every hidden single in a box into a hidden single in a row. The
// same table serves any 3x3 pattern of that kind (the template rule's
// stacks: band -> column).
constexpr std::array<std::uint16_t, 512> make_feasible() {
  std::array<std::uint16_t, 512> f{};
  for (unsigned pattern = 0; pattern < 512; ++pattern)
    for (unsigned i = 0; i < 6; ++i)
      if (kPermsOf[pattern] >> i & 1)
        f[pattern] = static_cast<std::uint16_t>(f[pattern] | kPermTriads[i]);
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
constexpr std::array<std::uint32_t, 6> kPermCells = {
    kTriadCells[kPermTriads[0]], kTriadCells[kPermTriads[1]], kTriadCells[kPermTriads[2]],
    kTriadCells[kPermTriads[3]], kTriadCells[kPermTriads[4]], kTriadCells[kPermTriads[5]]};

// Triad gathering, two ways. Portable: three row lookups. BMI2: fold each
// triad onto its low bit and gather the nine bits with one pext (pdep for the
// way back). Both return identical values (tested through the paths).
struct TableTriads {
  static std::uint32_t pattern(std::uint32_t band) {
    return kRowTriads[band & kRowMask] | unsigned(kRowTriads[band >> 9 & kRowMask]) << 3 |
           unsigned(kRowTriads[band >> 18]) << 6;
  }
  static std::uint32_t cells(std::uint32_t pattern) { return kTriadCells[pattern]; }
  // Stack st's three columns of each band, at bits 16*st + 3*band, from band
  // b's 9 column bits: the index layout of the template rule.
  static std::uint64_t split_columns(std::uint64_t columns) {
    return (columns & 7) | (columns & 070) << 13 | (columns & 0700) << 26;
  }
};
#ifdef NONET_FAST9_BMI2
struct Bmi2Triads {
  static std::uint32_t pattern(std::uint32_t band) {
    return _pext_u32(band | band >> 1 | band >> 2, kTriadLowBits);
  }
  static std::uint32_t cells(std::uint32_t pattern) {
    return _pdep_u32(pattern, kTriadLowBits) * 7u;
  }
  static std::uint64_t split_columns(std::uint64_t columns) {
    return _pdep_u64(columns, 0x700070007ull);
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

// Digits per cell counted bit-parallel: cells (of any digit vector) holding
// at least 1, 2, 3, 4 of the digits seen. Counts of disjoint digit sets merge.
template <class V>
struct Count {
  V at_least[4];

  static Count zero() { return {{V::zero(), V::zero(), V::zero(), V::zero()}}; }
  void add(const V& x) {
    at_least[3] = at_least[3] | (at_least[2] & x);
    at_least[2] = at_least[2] | (at_least[1] & x);
    at_least[1] = at_least[1] | (at_least[0] & x);
    at_least[0] = at_least[0] | x;
  }
  static Count merge(const Count& a, const Count& b) {
    const auto& x = a.at_least;
    const auto& y = b.at_least;
    return {{x[0] | y[0], x[1] | y[1] | (x[0] & y[0]), x[2] | y[2] | (x[1] & y[0]) | (x[0] & y[1]),
             x[3] | y[3] | (x[2] & y[0]) | (x[1] & y[1]) | (x[0] & y[2])}};
  }
};

template <class P>
class Kernel {
  using Lanes = typename P::Lanes;
  using Wide = typename P::Wide;
  using Triads = typename P::Triads;
  static constexpr int kStep = Wide::kDigits;

 public:
  // `max_guesses` (0: none): the search stops once it has guessed more often.
  Kernel(const SolveOptions& options, std::uint64_t limit, std::uint64_t max_guesses = 0)
      : options_(options), limit_(limit), max_guesses_(max_guesses ? max_guesses : ~0ull) {}

  // Loads the givens. False when two givens clash (or a value is not 0..9).
  // Rather than placing givens one by one, it ORs the peer masks of each
  // digit's givens and builds every digit vector once: one vector OR per given
  // instead of a full place() (callgrind, kaggle, where puzzles are mostly
  // givens and naked singles: 7.7k -> 7.2k instructions per puzzle).
  NONET_FAST9_RULE static bool load(const Grid& puzzle, State& s) {
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
  // words as they stood when the rules last ran on them (all ones at the root,
  // so everything is examined once). Invariant: count_ <= limit_, and done_
  // once the limit, the deadline or the cancel flag has been reached.
  //
  // guesses_ counts the alternatives tried while another one remained, i.e.
  // the branch points of the equivalent binary search ("this digit" against
  // "any other"), which is how tdoku and most solvers count.
  // `parent_templates` tells whether the template rule ran at the parent: if
  // not, it has seen none of the words here yet.
  void search(State& s, const Candidates& settled, bool parent_templates = true) {
    const bool templates = guesses_ >= kTemplatesAfter;
    if (!propagate(s, settled, templates, templates && !parent_templates)) return;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
      if (count_++ == 0) solution_ = s;
      if (count_ >= limit_) done_ = true;
      return;
    }
    if ((++nodes_ & kPollMask) == 0 && should_stop()) {
      stopped_ = done_ = true;
      return;
    }
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
        search(s, settled_here, templates);
        return;
      }
      if (++guesses_ > max_guesses_) {
        stopped_ = done_ = true;
        return;
      }
      State child = s;
      place(child, d, b, bit);
      search(child, s.c, templates);
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

  // The template rule runs once a puzzle has taken this many guesses. It
  // costs more per node than the other rules together and pays only on hard
  // puzzles: run at every node it cut guesses per puzzle 8.4 -> 6.1 on
  // top1465 but made the set 20 % slower; on the 11+ set it cut them 83 ->
  // 28 and made it 35 % faster. Puzzles still open after a few guesses are
  // the ones it pays on (paired CPU-time runs, thresholds 1 to 24; against
  // 8, 12 gave top1465 +5 % and 11+ -1 %, 16 gave +7 % and -5 %).
  static constexpr std::uint64_t kTemplatesAfter = 12;

  bool should_stop() const {
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) return true;
    return options_.deadline.expired();
  }

  // Places digit d at the cell `bit` of band b: d leaves the cell's 20 peers
  // (one vector and-not over all three bands) and every other digit leaves the
  // cell. Precondition: d is a candidate of the cell. A naked single has no
  // other digit to clear (kOthersGone), which skips the nine-word loop; the
  // caller then clears the cell from `unsolved`, for the whole batch at once.
  template <bool kOthersGone = false>
  static void place(State& s, int d, int b, std::uint32_t bit) {
    const int cell = 27 * b + std::countr_zero(bit);
    const Lanes peers = Lanes::load(kPeers[static_cast<std::size_t>(cell)].band);
    Lanes::and_not(Lanes::load(s.c.cand[d]), peers).store(s.c.cand[d]);
    if constexpr (!kOthersGone) {
      const std::uint32_t keep = s.c.cand[d][b];
      for (int e = 0; e < 9; ++e) s.c.cand[e][b] &= ~bit;
      s.c.cand[d][b] = keep;
      s.unsolved[b] &= ~bit;
    }
  }

  // Bit 4*d + b set when digit d's word of band b differs between a and b.
  // The padding lane is left out: it is 0 in a state but all ones in the
  // "nothing settled yet" words a search starts from, and no rule settles it.
  static std::uint64_t changed(const Candidates& a, const Candidates& b) {
    constexpr std::uint64_t kBandLanes = 0x777777777;  // lanes 0..2 of the nine digits
    std::uint64_t mask = 0;
    for (int first = 0; first < 9; first += kStep)
      mask |= std::uint64_t{Wide::differ(Wide::load(a, first), Wide::load(b, first))}
              << (4 * first);
    return mask & kBandLanes;
  }

  // Naked singles. A bit-parallel census over the digit vectors gives the
  // cells with at least one and at least two candidates; an open cell with
  // none is a contradiction (-1), one with exactly one is a single. The census
  // also ORs the digit vectors into four bit planes of the digit index, so
  // each single's digit is read from the planes instead of testing nine
  // vectors: nine unpredictable branches fewer (paired CPU-time runs, 11+
  // +12 %, kaggle +50 %). Returns 1 when singles were found (`singles` holds
  // their cells, `planes[k]` bit k of each one's digit), 0 when none.
  static int find_singles(const State& s, std::uint32_t singles[4], std::uint32_t planes[4][4]) {
    Count<Wide> wide = Count<Wide>::zero();
    Wide plane[4] = {Wide::zero(), Wide::zero(), Wide::zero(), Wide::zero()};
    for (int first = 0; first < 9; first += kStep) {
      const Wide x = Wide::load(s.c, first);
      wide.at_least[1] = wide.at_least[1] | (wide.at_least[0] & x);
      wide.at_least[0] = wide.at_least[0] | x;
      for (int k = 0; k < 4; ++k) plane[k] = plane[k] | (x & Wide::digit_bit(first, k));
    }
    Lanes one = wide.at_least[0].part(0), two = wide.at_least[1].part(0);
    for (int i = 1; i < kStep; ++i) {
      const Lanes o = wide.at_least[0].part(i), t = wide.at_least[1].part(i);
      two = two | t | (one & o);
      one = one | o;
    }
    const Lanes open = Lanes::load(s.unsolved);
    if (!Lanes::and_not(open, one).is_zero()) return -1;
    const Lanes single = Lanes::and_not(open, two);
    if (single.is_zero()) return 0;
    single.store(singles);
    for (int k = 0; k < 4; ++k) plane[k].or_parts().store(planes[k]);
    return 1;
  }

  // The band rule for digit d in band b: prune triads that lie on no row->box
  // permutation (kFeasible), then place the digit in every row of the band
  // left with a single open cell. Returns false when the digit no longer fits
  // in the band. Afterwards `settled` holds the pruned word, so the rule runs
  // again only if something else changes it.
  NONET_FAST9_RULE static bool band_rule(State& s, int d, int b, std::uint32_t& settled) {
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

  // Within the column pattern of a stack (column j of a band at bit j),
  // column 3s+k takes column 3s+(k+1 mod 3) (columns_1) or 3s+(k+2 mod 3)
  // (columns_2).
  static Lanes columns_1(const Lanes& y) {
    return (y.template shr<1>() & Lanes::set3(0333, 0333, 0333)) |
           (y.template shl<2>() & Lanes::set3(0444, 0444, 0444));
  }
  static Lanes columns_2(const Lanes& y) {
    return (y.template shr<2>() & Lanes::set3(0111, 0111, 0111)) |
           (y.template shl<1>() & Lanes::set3(0666, 0666, 0666));
  }

  // The stack rule for digit d: the band rule turned ninety degrees. In each
  // stack the digit sits once per band and once per column, so the vertical
  // triads it occupies form a permutation band -> column; the vertical triads
  // that lie on none go. Afterwards a column
  // left with one vertical triad holding one open cell is a hidden single in
  // that column, and is placed.
  NONET_FAST9_RULE static bool stack_rule(State& s, int d) {
    const Lanes rows = Lanes::set3(kRowMask, kRowMask, kRowMask);
    // The band rule has just written the bands one by one: read them the same
    // way (a vector load would wait for those stores to reach the cache).
    const Lanes word = Lanes::set3(s.c.cand[d][0], s.c.cand[d][1], s.c.cand[d][2]);
    // Lane b, bit j: column j holds d in band b. A vertical triad lies on a
    // permutation iff the 2x2 pattern of the other bands and columns of its
    // stack holds one too: lane rotations and shifts within each stack's three
    // columns tell it for all 27 at once. (Gathering each stack's pattern for
    // a table lookup was a chain of latencies: paired CPU-time runs,
    // top1465 +15 %, 11+ +8 %.)
    const Lanes y = (word | word.template shr<9>() | word.template shr<18>()) & rows;
    const Lanes c1 = columns_1(y), c2 = columns_2(y);
    const Lanes kept = y & ((c1.template rotate_bands<1>() & c2.template rotate_bands<2>()) |
                            (c2.template rotate_bands<1>() & c1.template rotate_bands<2>()));
    // Every permutation crosses every band: a stack without one is empty in
    // all three, and the digit has no place in it.
    if (!Lanes::and_not(rows, kept | columns_1(kept) | columns_2(kept)).is_zero()) return false;
    // All three bands at once, one lane each (callgrind, 11+ set: -10 %
    // instructions against a scalar loop over the bands).
    const Lanes w = word & (kept | kept.template shl<9>() | kept.template shl<18>());
    w.store(s.c.cand[d]);
    // Columns kept only in one band, and there in one row only: hidden singles.
    const Lanes r0 = w & rows, r1 = w.template shr<9>() & rows, r2 = w.template shr<18>();
    const Lanes one_row = Lanes::and_not(
        Lanes::and_not(kept, kept.template rotate_bands<1>() | kept.template rotate_bands<2>()),
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

  // Templates of digit d: its nine cells, one per row, column and box. A
  // template is a permutation row -> box in each band (the band's three
  // triads) and, in each stack, one column per band, all on candidates. Given
  // the band permutations, the stacks are independent: stack st's 3x3 pattern
  // (bands x columns, each band contributing the columns of its one triad in
  // st) must contain a permutation band -> column, which kFeasible tells and
  // prunes in one lookup. So the rule enumerates the triples of band
  // permutations still open (11 on average in the 11+ set, at most 216), keeps
  // the cells of every triple whose three stacks pass, and cuts the digit to
  // them. This is complete for one digit: every fish of the digit (X-Wing,
  // Swordfish, Jellyfish, finned or not) and all the band and stack rules find
  // follow from it. Returns false when no template is left.
  NONET_FAST9_RULE static bool template_rule(State& s, int d) {
    std::uint32_t masked[3][6];  // band b's word cut to the cells of its i-th permutation
    std::uint64_t split[3][6];   // its columns, stack st's three at bits 16*st + 3*b
    std::uint64_t kept[3][6];    // what the stack lookups kept for the valid triples using it
    int n[3];
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t w = s.c.cand[d][b];
      n[b] = 0;
      for (unsigned perms = kPermsOf[Triads::pattern(w)]; perms; perms &= perms - 1) {
        const std::uint32_t m = w & kPermCells[static_cast<std::size_t>(std::countr_zero(perms))];
        masked[b][n[b]] = m;
        split[b][n[b]] = Triads::split_columns((m | m >> 9 | m >> 18) & kRowMask) << (3 * b);
        kept[b][n[b]] = 0;
        ++n[b];
      }
      if (n[b] == 0) return false;
    }
    // One permutation in every band: the stack rule has said all there is.
    if ((n[0] | n[1] | n[2]) == 1) return true;
    for (int i0 = 0; i0 < n[0]; ++i0) {
      for (int i1 = 0; i1 < n[1]; ++i1) {
        const std::uint64_t s01 = split[0][i0] | split[1][i1];
        std::uint64_t k01 = 0;
        for (int i2 = 0; i2 < n[2]; ++i2) {
          const std::uint64_t index = s01 | split[2][i2];
          const std::uint64_t f0 = kFeasible[index & kRowMask];
          const std::uint64_t f1 = kFeasible[index >> 16 & kRowMask];
          const std::uint64_t f2 = kFeasible[index >> 32 & kRowMask];
          // All three stacks pass, or the triple is out; no branch (about
          // half the triples fail, unpredictably).
          const std::uint64_t out = ((f0 - 1) | (f1 - 1) | (f2 - 1)) >> 63;
          const std::uint64_t k = (f0 | f1 << 16 | f2 << 32) & (out - 1);
          kept[2][i2] |= k;
          k01 |= k;
        }
        kept[1][i1] |= k01;
        kept[0][i0] |= k01;
      }
    }
    for (int b = 0; b < 3; ++b) {
      std::uint32_t keep = 0;
      for (int i = 0; i < n[b]; ++i) {
        const std::uint64_t k = kept[b][i] >> (3 * b);
        const auto columns =
            static_cast<std::uint32_t>((k & 7) | (k >> 13 & 070) | (k >> 26 & 0700));
        keep |= masked[b][i] & columns * kColumnMask;
      }
      if (keep == 0) return false;
      s.c.cand[d][b] = keep;
    }
    return true;
  }

  // Triads hold three digits each: the three cells of a row inside a box (or
  // of a column inside a band) take three different digits. Two consequences,
  // for horizontal and vertical triads alike:
  //   - a triad that only three digits can reach takes exactly those three,
  //     so each of them leaves the rest of the triad's row (column) and box;
  //   - a triad to which three digits are confined (each has no other triad
  //     in that row of the band, or column of the stack) is full, so every
  //     other digit leaves it.
  // A triad within reach of fewer than three digits, or with four confined
  // to it, is a contradiction. All digits are scanned at once, kStep per
  // vector. Returns -1 on a contradiction, 1 when a candidate went, 0 if none.
  NONET_FAST9_RULE static int triad_rule(State& s) {
    constexpr int kChunks = (9 + kStep - 1) / kStep;
    const Wide low = Wide::bands(kTriadLowBits), first = Wide::bands(kFirstTriads);
    const Wide rows = Wide::bands(kRowMask), first_columns = Wide::bands(kFirstColumns);
    Wide h[kChunks], v[kChunks], hp[kChunks], vp[kChunks];
    Count<Wide> reach_h = Count<Wide>::zero(), reach_v = reach_h, confined_h = reach_h,
                confined_v = reach_h;
    for (int c = 0; c < kChunks; ++c) {
      const Wide w = Wide::load(s.c, c * kStep);
      // Horizontal triad t of a band at bit 3t; vertical triad (column j) at bit j.
      const Wide x = Wide::or3(w, w.template shr<1>(), w.template shr<2>()) & low;
      const Wide y = Wide::or3(w, w.template shr<9>(), w.template shr<18>()) & rows;
      // Confined: rows (stacks) where the digit has two or more triads lose
      // them; what is left is the digit's only triad there.
      const Wide many_x =
          Wide::majority(x & first, x.template shr<3>() & first, x.template shr<6>() & first);
      const Wide many_y = Wide::majority(y & first_columns, y.template shr<1>() & first_columns,
                                         y.template shr<2>() & first_columns);
      const Wide xp =
          Wide::and_not(x, Wide::or3(many_x, many_x.template shl<3>(), many_x.template shl<6>()));
      const Wide yp =
          Wide::and_not(y, Wide::or3(many_y, many_y.template shl<1>(), many_y.template shl<2>()));
      h[c] = x;
      v[c] = y;
      hp[c] = xp;
      vp[c] = yp;
      reach_h.add(x);
      reach_v.add(y);
      confined_h.add(xp);
      confined_v.add(yp);
    }
    const Count<Lanes> rh = fold(reach_h), rv = fold(reach_v), ch = fold(confined_h),
                       cv = fold(confined_v);
    const Lanes lanes_low = Lanes::set3(kTriadLowBits, kTriadLowBits, kTriadLowBits);
    const Lanes lanes_rows = Lanes::set3(kRowMask, kRowMask, kRowMask);
    if (!Lanes::and_not(lanes_low, rh.at_least[2]).is_zero() ||
        !Lanes::and_not(lanes_rows, rv.at_least[2]).is_zero() ||
        !(ch.at_least[3] | cv.at_least[3]).is_zero())
      return -1;
    const Wide exact_h = Wide::spread(Lanes::and_not(rh.at_least[2], rh.at_least[3]));
    const Wide exact_v = Wide::spread(Lanes::and_not(rv.at_least[2], rv.at_least[3]));
    const Wide full_h = Wide::spread(ch.at_least[2]), full_v = Wide::spread(cv.at_least[2]);
    bool changed = false;
    for (int c = 0; c < kChunks; ++c) {
      const Wide w = Wide::load(s.c, c * kStep);
      // Full triads lose every digit not confined to them.
      const Wide hx = Wide::and_not(full_h & h[c], hp[c]);
      const Wide vx = Wide::and_not(full_v & v[c], vp[c]);
      const Wide out = Wide::or3(hx, hx.template shl<1>(), hx.template shl<2>()) |
                       Wide::or3(vx, vx.template shl<9>(), vx.template shl<18>());
      const Wide kept = Wide::and_not(w, out);
      if (Wide::differ(kept, w)) {
        kept.store(s.c, c * kStep);
        changed = true;
      }
      // Triads only three digits reach: each of them is forced in (rare, so
      // done one digit at a time).
      const Wide forced_h = Wide::and_not(exact_h & h[c], hp[c]);
      const Wide forced_v = Wide::and_not(exact_v & v[c], vp[c]);
      if ((forced_h | forced_v).is_zero()) continue;
      for (int i = 0; i < kStep && c * kStep + i < 9; ++i)
        changed |= force_triads(s, c * kStep + i, forced_h.part(i), forced_v.part(i));
    }
    return changed ? 1 : 0;
  }

  // Digit d must lie in the horizontal triads `th` (bit 3t) and the vertical
  // triads `tv` (bit = column) of each band: it leaves the rest of their rows
  // (columns) and boxes. True when a candidate went.
  static bool force_triads(State& s, int d, const Lanes& th, const Lanes& tv) {
    if ((th | tv).is_zero()) return false;
    alignas(16) std::uint32_t fh[4], fv[4], word[4];
    th.store(fh);
    tv.store(fv);
    const Lanes before = Lanes::load(s.c.cand[d]);
    before.store(word);
    for (int b = 0; b < 3; ++b) {
      for (std::uint32_t m = fh[b]; m; m &= m - 1) {
        const int t = std::countr_zero(m) / 3;  // triad 3*row + box
        const std::uint32_t row = kRowMask << (9 * (t / 3)), box = kBoxMask << (3 * (t % 3));
        word[b] &= ~(row | box) | 7u << (3 * t);
      }
      for (std::uint32_t m = fv[b]; m; m &= m - 1) {
        const int col = std::countr_zero(m);
        const std::uint32_t column = kColumnMask << col;
        word[b] &= ~(kBoxMask << (3 * (col / 3))) | column;
        for (int other = 0; other < 3; ++other)
          if (other != b) word[other] &= ~column;
      }
    }
    const Lanes after = Lanes::load(word);
    after.store(s.c.cand[d]);
    return Lanes::differ_mask(before, after) != 0;
  }

  // The census of the digits side by side, folded into one.
  static Count<Lanes> fold(const Count<Wide>& wide) {
    Count<Lanes> total = part(wide, 0);
    for (int i = 1; i < kStep; ++i) total = Count<Lanes>::merge(total, part(wide, i));
    return total;
  }
  static Count<Lanes> part(const Count<Wide>& wide, int i) {
    return {{wide.at_least[0].part(i), wide.at_least[1].part(i), wide.at_least[2].part(i),
             wide.at_least[3].part(i)}};
  }

  // Propagation to a fixpoint, cheapest rules first:
  //   1. naked singles (find_singles), repeated until none is left, because
  //      they need no bookkeeping at all;
  //   2. one sweep of the band rule over every digit-band word that changed
  //      since it was last settled, and of the stack rule over every digit
  //      with such a word; back to 1 when anything changed;
  //   3. at a fixpoint of those, the triad rule over all digits;
  //   4. then, once the puzzle has taken kTemplatesAfter guesses
  //      (`templates`), the template rule on every digit whose words changed
  //      since the rule last saw them (every digit at the first node where it
  //      runs, `templates_first`).
  // Invariant on success: no rule applies (the template rule only when
  // `templates`), or the grid is solved.
  NONET_FAST9_RULE static bool propagate(State& s, const Candidates& settled_in, bool templates,
                                         bool templates_first) {
    Candidates settled = settled_in;  // the words as the band rule last left them
    Candidates checked = settled_in;  // the words as the template rule last left them
    if (templates_first)              // it has seen none of them
      for (auto& digit : checked.cand)
        for (auto& word : digit) word = ~0u;
    for (;;) {
      for (;;) {
        alignas(16) std::uint32_t pending[4], planes[4][4];
        const int found = find_singles(s, pending, planes);
        if (found < 0) return false;
        if (found == 0) break;
        for (int b = 0; b < 3; ++b) {
          for (std::uint32_t m = pending[b]; m; m &= m - 1) {
            const int at = std::countr_zero(m);
            const std::uint32_t bit = 1u << at;
            const int d =
                static_cast<int>((planes[0][b] >> at & 1) | (planes[1][b] >> at & 1) << 1 |
                                 (planes[2][b] >> at & 1) << 2 | (planes[3][b] >> at & 1) << 3);
            // An earlier single of this batch took d from this cell: it is empty.
            if (!(s.c.cand[d][b] & bit)) return false;
            place<true>(s, d, b, bit);
          }
        }
        Lanes::and_not(Lanes::load(s.unsolved), Lanes::load(pending)).store(s.unsolved);
      }
      std::uint64_t dirty = changed(s.c, settled);
      if (dirty != 0) {
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
        continue;
      }
      // The cheap rules are done; a solved grid needs nothing more.
      if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) return true;
      const int triads = triad_rule(s);
      if (triads < 0) return false;
      if (triads > 0) continue;
      if (!templates) return true;
      std::uint64_t open = changed(s.c, checked);
      if (open == 0) return true;
      bool cut = false;
      do {
        const int d = std::countr_zero(open) >> 2;
        open &= ~(std::uint64_t{0xF} << (4 * d));
        const Lanes before = Lanes::load(s.c.cand[d]);
        if (!template_rule(s, d)) return false;
        const Lanes after = Lanes::load(s.c.cand[d]);
        after.store(checked.cand[d]);
        cut = cut || Lanes::differ_mask(before, after) != 0;
      } while (open);
      if (!cut) return true;
    }
  }

  // The branch cell: among the open cells with two candidates (a bivalue
  // cell at worst halves the search), the one with the most open peers, so
  // that either choice reaches far; failing a bivalue cell, the open cell with
  // fewest candidates. Measured against "first bivalue cell" (3000 puzzles of
  // each set, before the triad and template rules): guesses per puzzle 0.80
  // -> 0.49 (17_clue), 17.5 -> 10.2 (top1465), 155 -> 86 (11+). With those
  // rules in, it still beat scoring by bivalue peers, by the eliminations
  // either choice makes, and tdoku's choice (the band or stack with fewest
  // digit permutations left, branching over a digit's permutations).
  NONET_FAST9_RULE static void pick_cell(const State& s, int& band, std::uint32_t& bit) {
    Count<Wide> wide = Count<Wide>::zero();
    for (int first = 0; first < 9; first += kStep) {
      const Wide x = Wide::load(s.c, first);
      wide.at_least[2] = wide.at_least[2] | (wide.at_least[1] & x);
      wide.at_least[1] = wide.at_least[1] | (wide.at_least[0] & x);
      wide.at_least[0] = wide.at_least[0] | x;
    }
    const Count<Lanes> count = fold(wide);
    alignas(16) std::uint32_t pairs[4];
    (Lanes::and_not(count.at_least[1], count.at_least[2]) & Lanes::load(s.unsolved)).store(pairs);
    if (pairs[0] | pairs[1] | pairs[2]) {
      // Key = score << 8 | (255 - cell): the maximum is the best score, first
      // cell on ties, found with a branch-free max.
      std::uint32_t best = 0;
      for (int b = 0; b < 3; ++b) {
        for (std::uint32_t m = pairs[b]; m; m &= m - 1) {
          const int cell = 27 * b + std::countr_zero(m);
          const auto& peers = kPeers[static_cast<std::size_t>(cell)];
          const auto score =
              static_cast<std::uint32_t>(std::popcount(peers.band[0] & s.unsolved[0]) +
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
  std::uint64_t max_guesses_;
  std::uint64_t count_ = 0;
  std::uint64_t guesses_ = 0;
  std::uint64_t nodes_ = 0;
  bool done_ = false;
  bool stopped_ = false;
  State solution_{};
};

template <class P>
class Fast9Solver final : public ExcludingSolver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options) override {
    return run(puzzle, {}, 0, options);
  }

  // The generator's removal checks ask for one solution with a candidate
  // struck out. The guide only orders the general solver's branches; this
  // search is fast enough without one, and its answers do not depend on it.
  SolveResult solve(const Grid& puzzle, std::span<const Exclusion> excluded, const Grid*,
                    std::uint64_t max_guesses, const SolveOptions& options) override {
    return run(puzzle, excluded, max_guesses, options);
  }

 private:
  static SolveResult run(const Grid& puzzle, std::span<const Exclusion> excluded,
                         std::uint64_t max_guesses, const SolveOptions& options) {
    SolveResult result;
    result.limit = options.limit;
    const Geometry& g = puzzle.geometry();
    assert(g.box_rows() == 3 && g.box_cols() == 3 && "fast9 solves 9x9 with 3x3 boxes only");
    if (g.box_rows() != 3 || g.box_cols() != 3) return result;  // count 0, not exhausted
    State s;
    if (!Kernel<P>::load(puzzle, s) || !strike(puzzle, excluded, s)) {
      result.exhausted = true;
      return result;
    }
    const std::uint64_t limit = options.limit == 0 ? 1 : options.limit;
    Kernel<P> kernel(options, limit, max_guesses);
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

  // Strikes the excluded candidates from a loaded state. False when one of
  // them is a given's own digit: no solution then.
  static bool strike(const Grid& puzzle, std::span<const Exclusion> excluded, State& s) {
    for (const Exclusion& e : excluded) {
      if (e.cell < 0 || e.cell >= 81 || e.digit < 1 || e.digit > 9) continue;
      if (puzzle[e.cell] == e.digit) return false;
      s.c.cand[e.digit - 1][e.cell / 27] &= ~(1u << (e.cell % 27));
    }
    return true;
  }
};

#undef NONET_FAST9_RULE
