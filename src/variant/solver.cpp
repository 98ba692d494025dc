// The search behind solve_variant: candidates per cell, narrowed to a fixed
// point by every house, pair, sum, span and between-line that a changed cell
// belongs to (and by hidden singles in houses of N cells), then a guess of one
// digit in the cell most often at fault, and, once that is searched, the
// digit struck from the cell and the cells narrowed again.

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "variant/equal_sums.h"
#include "variant/lowered.h"

namespace nonet {
namespace {

using variant::Lowered;

int lowest(Mask m) { return std::countr_zero(m) + 1; }
int highest(Mask m) { return 32 - std::countl_zero(m); }
bool single(Mask m) { return m != 0 && (m & (m - 1)) == 0; }
int floor_div(int a, int b) {  // b > 0
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
int ceil_div(int a, int b) { return -floor_div(-a, b); }
Mask range(int lo, int hi) {  // digits lo..hi
  if (lo > hi) return 0;
  const Mask upto_hi = hi >= 32 ? ~Mask{0} : (Mask{1} << hi) - 1;
  return upto_hi & ~((Mask{1} << (lo - 1)) - 1);
}

// A sum with this many cells or fewer still open is narrowed exactly, by
// every way of filling them.
constexpr std::size_t kExactTerms = 3;
// With more open (up to kOpenMost), only when the cells before the last have
// this many fillings or fewer: more cost more than the guesses they save (on
// ISS's examples and their changed forms, 128 against 8, 32, 512 and 2048).
constexpr std::uint32_t kMostWays = 128;
constexpr std::size_t kOpenMost = 16;

class Search {
 public:
  Search(const Lowered& l, const SolveOptions& options) : l_(l), options_(options) {
    const std::size_t cells = l.start.size();
    peers_.resize(cells);
    pairs_of_.resize(cells);
    wakes_of_.resize(cells);
    houses_of_.resize(cells);
    position_.assign(cells, -1);
    for (std::size_t i = 0; i < l.houses.size(); ++i)
      for (const int c : l.houses[i].cells) houses_of_[static_cast<std::size_t>(c)].push_back(i);
    // Each cell's peers, a bit each while they are gathered.
    const std::size_t words = (cells + 63) / 64;
    std::vector<std::uint64_t> sees(cells * words, 0);
    const auto see = [&](int a, int b) {
      sees[static_cast<std::size_t>(a) * words + static_cast<std::size_t>(b) / 64] |=
          std::uint64_t{1} << (b % 64);
    };
    for (const variant::House& h : l.houses) {
      if (static_cast<int>(h.cells.size()) == l.side) complete_.push_back(&h);
      for (const int a : h.cells)
        for (const int b : h.cells) see(a, b);
    }
    for (std::size_t i = 0; i < l.pairs.size(); ++i) {
      const variant::Pair& p = l.pairs[i];
      bool unequal = true;  // a plain "differ", kept with the houses' peers
      for (int x = 1; x <= l.side && unequal; ++x)
        unequal = p.allowed[static_cast<std::size_t>(x)] == (l.all & ~(Mask{1} << (x - 1)));
      if (unequal) {
        see(p.a, p.b);
        see(p.b, p.a);
        continue;
      }
      pairs_of_[static_cast<std::size_t>(p.a)].push_back(i);
      pairs_of_[static_cast<std::size_t>(p.b)].push_back(i);
    }
    // Each two houses of N cells that meet in two cells or more: counted
    // through the houses each cell is in.
    std::vector<std::size_t> complete_index(l.houses.size(), SIZE_MAX);
    for (std::size_t i = 0; i < complete_.size(); ++i)
      complete_index[static_cast<std::size_t>(complete_[i] - l.houses.data())] = i;
    std::vector<int> meet(complete_.size(), 0);
    words_ = (complete_.size() + 63) / 64;
    house_bits_.assign(cells * words_, 0);
    for (std::size_t i = 0; i < complete_.size(); ++i)
      for (const int c : complete_[i]->cells)
        house_bits_[static_cast<std::size_t>(c) * words_ + i / 64] |= std::uint64_t{1} << (i % 64);
    singles_due_.assign(words_, 0);
    crossings_due_.assign(words_, 0);
    for (std::size_t i = 0; i < complete_.size(); ++i) {
      std::fill(meet.begin(), meet.end(), 0);
      for (const int c : complete_[i]->cells)
        for (const std::size_t h : houses_of_[static_cast<std::size_t>(c)])
          if (const std::size_t j = complete_index[h]; j != SIZE_MAX && j > i) ++meet[j];
      for (std::size_t j = i + 1; j < complete_.size(); ++j) {
        if (meet[j] < 2) continue;
        Crossing x;
        x.a = i, x.b = j;
        const auto& other = complete_[j]->cells;
        for (const int c : complete_[i]->cells)
          (std::find(other.begin(), other.end(), c) != other.end() ? x.shared : x.a_only)
              .push_back(c);
        for (const int c : other)
          if (std::find(x.shared.begin(), x.shared.end(), c) == x.shared.end())
            x.b_only.push_back(c);
        crossings_.push_back(std::move(x));
      }
    }
    for (std::size_t a = 0; a < cells; ++a) {
      int n = 0;
      for (std::size_t w = 0; w < words; ++w) n += std::popcount(sees[a * words + w]);
      peers_[a].reserve(static_cast<std::size_t>(n));
      for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = sees[a * words + w]; bits; bits &= bits - 1) {
          const std::size_t b = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
          if (b != a) peers_[a].push_back(static_cast<int>(b));
        }
    }
    for (std::size_t i = 0; i < l.sums.size(); ++i) {
      for (const int c : l.sums[i].cells) wakes_of_[static_cast<std::size_t>(c)].push_back({kSum, i});
      digit_sets_.push_back(l.sums[i].distinct ? sets_summing(l.sums[i]) : std::vector<Mask>{});
      sum_groups_.push_back(groups_of(l.sums[i]));
      sum_sees_.push_back(sees_within(l.sums[i].cells));
      sum_reach_.push_back(digit_sets_.back().empty() ? std::vector<Reach>{}
                                                      : reach_of(l.sums[i].cells));
    }
    for (std::size_t i = 0; i < l.spans.size(); ++i) {
      for (const int c : l.spans[i].cells) wakes_of_[static_cast<std::size_t>(c)].push_back({kSpan, i});
      span_sets_.push_back(windows(static_cast<int>(l.spans[i].cells.size())));
      span_reach_.push_back(reach_of(l.spans[i].cells));
    }
    for (std::size_t i = 0; i < l.betweens.size(); ++i) {
      const variant::Between& b = l.betweens[i];
      wakes_of_[static_cast<std::size_t>(b.first)].push_back({kBetween, i});
      wakes_of_[static_cast<std::size_t>(b.last)].push_back({kBetween, i});
      for (const int c : b.inner) wakes_of_[static_cast<std::size_t>(c)].push_back({kBetween, i});
    }
    for (std::size_t i = 0; i < l.rules.size(); ++i)
      for (const int c : l.rules[i].cells) wakes_of_[static_cast<std::size_t>(c)].push_back({kRule, i});
    queued_.assign(cells, 0);
    conflicts_.assign(cells, 0);
    frames_.resize(cells + 2);
    waits_[kSum].assign(l.sums.size(), 0);
    waits_[kSpan].assign(l.spans.size(), 0);
    waits_[kBetween].assign(l.betweens.size(), 0);
    waits_[kRule].assign(l.rules.size(), 0);
    waits_[kEqual].assign(l.equal_sums.size(), 0);
    for (std::size_t i = 0; i < l.equal_sums.size(); ++i) {
      std::vector<variant::Piece> pieces;
      for (const std::vector<int>& piece : l.equal_sums[i]) {
        pieces.push_back({piece});
        for (const int c : piece) wakes_of_[static_cast<std::size_t>(c)].push_back({kEqual, i});
      }
      equal_pieces_.push_back(std::move(pieces));
    }
  }

  SolveResult run() {
    SolveResult result;
    result.limit = options_.limit;
    frames_[0] = l_.start;
    for (std::size_t c = 0; c < frames_[0].size(); ++c) push(static_cast<int>(c));
    if (settle(frames_[0])) branch();
    result.count = found_;
    result.guesses = guesses_;
    result.stopped = stopped_;
    result.exhausted = !stopped_ && found_ < options_.limit;
    if (first_) {
      Grid g = grid_template();
      for (std::size_t c = 0; c < first_->size(); ++c)
        g.set(static_cast<int>(c), lowest((*first_)[c]));
      result.solution = std::move(g);
    }
    return result;
  }

  void set_geometry(const Geometry* g) { geometry_ = g; }

 private:
  // A house that holds two or more of a constraint's cells (at most 64) and
  // cells besides.
  struct Reach {
    std::uint64_t inside = 0;  // bit i: the constraint's i-th cell is in the house
    std::vector<int> outside;  // the house's other cells
  };
  // What a group of a sum's cells that see each other can add up to.
  struct Bounds {
    int lo = 0, hi = 0;            // the group's least and greatest sum
    int each_lo = 0, each_hi = 0;  // the sums of its cells' least and greatest digits
    Mask shared = 0;               // the digits its cells have
    int least_but_one = 0, most_but_one = 0;  // the n - 1 smallest (greatest) of them
  };
  Grid grid_template() const { return Grid(*geometry_); }

  // The digit sets of the sum's size that add up to its target, when there
  // are few enough to list; empty otherwise (bounds alone then).
  std::vector<Mask> sets_summing(const variant::Sum& s) const {
    const int n = static_cast<int>(s.cells.size());
    std::vector<Mask> out;
    if (l_.side > 16) return out;
    // Depth first over the digits in order, pruned by what is left to add.
    const auto walk = [&](auto&& self, int next, int left, int room, Mask chosen) -> void {
      if (room == 0) {
        if (left == 0) out.push_back(chosen);
        return;
      }
      for (int d = next; d <= l_.side && d <= left; ++d)
        self(self, d + 1, left - d, room - 1, chosen | (Mask{1} << (d - 1)));
    };
    walk(walk, 1, s.target, n, 0);
    return out;
  }

  // The runs of n consecutive digits: the digit sets a span may hold.
  std::vector<Mask> windows(int n) const {
    std::vector<Mask> out;
    for (int start = 1; start + n - 1 <= l_.side; ++start)
      out.push_back(range(start, start + n - 1));
    return out;
  }

  // Narrows `cells` to the digit sets (each to be spread over the cells, a
  // digit a cell) that every cell can still take part in; false when none can.
  // A digit every such set holds must go in one of the cells that can take
  // it: alone, it goes there; all in one house, it leaves the house's others.
  bool narrow_to_sets(std::vector<Mask>& masks, const std::vector<int>& cells,
                      const std::vector<Mask>& sets, const std::vector<Reach>& reach) {
    Mask usable = 0, present = 0, required = l_.all;
    for (const int c : cells) present |= masks[static_cast<std::size_t>(c)];
    for (const Mask set : sets) {
      if ((set & present) != set) continue;
      if (std::all_of(cells.begin(), cells.end(),
                      [&](int c) { return (masks[static_cast<std::size_t>(c)] & set) != 0; })) {
        usable |= set;
        required &= set;
      }
    }
    if (!usable) return false;
    for (const int c : cells)
      if (!narrow(masks, c, usable)) return false;
    if (cells.size() > 64) return true;
    for (Mask rest = required; rest; rest &= rest - 1) {
      const Mask d = rest & -rest;
      std::uint64_t holders = 0;
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (masks[static_cast<std::size_t>(cells[i])] & d) holders |= std::uint64_t{1} << i;
      if (holders == 0) return false;
      if ((holders & (holders - 1)) == 0) {
        if (!narrow(masks, cells[static_cast<std::size_t>(std::countr_zero(holders))], d))
          return false;
        continue;
      }
      for (const Reach& r : reach) {
        if (holders & ~r.inside) continue;
        for (const int x : r.outside)
          if (!narrow(masks, x, ~d)) return false;
      }
    }
    return true;
  }

  // The houses that hold two or more of `cells` (at most 64) and cells
  // besides: which of `cells` they hold, and their other cells.
  std::vector<Reach> reach_of(const std::vector<int>& cells) {
    std::vector<Reach> out;
    if (cells.size() > 64) return out;
    for (std::size_t i = 0; i < cells.size(); ++i)
      position_[static_cast<std::size_t>(cells[i])] = static_cast<int>(i);
    for (std::size_t first = 0; first < cells.size(); ++first) {
      for (const std::size_t h : houses_of_[static_cast<std::size_t>(cells[first])]) {
        const std::vector<int>& house = l_.houses[h].cells;
        std::uint64_t inside = 0;
        for (const int x : house)
          if (const int at = position_[static_cast<std::size_t>(x)]; at >= 0)
            inside |= std::uint64_t{1} << at;
        // Each house once, from the first of the cells it holds.
        const bool seen = (inside & ((std::uint64_t{1} << first) - 1)) != 0;
        if (seen || (inside & (inside - 1)) == 0 ||
            std::popcount(inside) == static_cast<int>(house.size()))
          continue;
        Reach r{inside, {}};
        for (const int x : house)
          if (position_[static_cast<std::size_t>(x)] < 0) r.outside.push_back(x);
        out.push_back(std::move(r));
      }
    }
    for (const int c : cells) position_[static_cast<std::size_t>(c)] = -1;
    return out;
  }

  void push(int cell) {
    if (queued_[static_cast<std::size_t>(cell)]) return;
    queued_[static_cast<std::size_t>(cell)] = 1;
    queue_.push_back(cell);
  }
  void clear_queue() {
    for (const int c : queue_) queued_[static_cast<std::size_t>(c)] = 0;
    queue_.clear();
  }
  // Narrows a cell; false when nothing is left.
  bool narrow(std::vector<Mask>& masks, int cell, Mask keep) {
    Mask& m = masks[static_cast<std::size_t>(cell)];
    if ((m & keep) == m) return true;
    m &= keep;
    push(cell);
    return m != 0;
  }

  bool revise_pair(std::vector<Mask>& masks, const variant::Pair& p) {
    const Mask a = masks[static_cast<std::size_t>(p.a)], b = masks[static_cast<std::size_t>(p.b)];
    Mask keep_a = 0, support_b = 0;
    for (Mask rest = a; rest; rest &= rest - 1) {
      const int x = lowest(rest);
      const Mask with = p.allowed[static_cast<std::size_t>(x)];
      if (with & b) keep_a |= Mask{1} << (x - 1);
      support_b |= with;
    }
    return narrow(masks, p.a, keep_a) && narrow(masks, p.b, support_b);
  }

  // Which of `cells` (at most 64) see each other: bit j of row i when cells i
  // and j do; empty for more cells.
  std::vector<std::uint64_t> sees_within(const std::vector<int>& cells) const {
    std::vector<std::uint64_t> rows;
    if (cells.size() > 64) return rows;
    rows.assign(cells.size(), 0);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const std::vector<int>& p = peers_[static_cast<std::size_t>(cells[i])];
      for (std::size_t j = 0; j < cells.size(); ++j)
        if (std::binary_search(p.begin(), p.end(), cells[j])) rows[i] |= std::uint64_t{1} << j;
    }
    return rows;
  }

  // A sum's cells (indices into them) in groups whose cells all see each
  // other and have the same coefficient, first come first placed.
  std::vector<std::vector<std::size_t>> groups_of(const variant::Sum& s) const {
    std::vector<std::vector<std::size_t>> out;
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
      const std::vector<int>& peers = peers_[static_cast<std::size_t>(s.cells[i])];
      const auto sees = [&](std::size_t j) {
        return std::binary_search(peers.begin(), peers.end(), s.cells[j]);
      };
      std::vector<std::size_t>* home = nullptr;
      for (std::vector<std::size_t>& g : out)
        if (s.coefficients[g.front()] == s.coefficients[i] &&
            std::all_of(g.begin(), g.end(), sees)) {
          home = &g;
          break;
        }
      if (!home) home = &out.emplace_back();
      home->push_back(i);
    }
    return out;
  }

  // Narrows a region sum line's pieces to the digits of a sum they all make.
  bool revise_equal(std::vector<Mask>& masks, std::size_t index) {
    const std::vector<variant::Piece>& pieces = equal_pieces_[index];
    piece_masks_.clear();
    for (const variant::Piece& p : pieces)
      for (const int c : p.cells) piece_masks_.push_back(masks[static_cast<std::size_t>(c)]);
    piece_keep_ = piece_masks_;
    if (!equal_sums_.revise(index, pieces, piece_masks_, piece_keep_)) return false;
    std::size_t at = 0;
    for (const variant::Piece& p : pieces)
      for (const int c : p.cells)
        if (!narrow(masks, c, piece_keep_[at++])) return false;
    return true;
  }

  bool revise_sum(std::vector<Mask>& masks, std::size_t index) {
    const variant::Sum& s = l_.sums[index];
    const std::vector<Mask>& sets = digit_sets_[index];
    if (!sets.empty() && !narrow_to_sets(masks, s.cells, sets, sum_reach_[index])) return false;
    // With few cells still open, or few ways to fill them: every way,
    // exactly (three open cells always; more when the cells before the last
    // have at most kMostWays fillings).
    {
      int rest = s.target;
      std::size_t open = 0;
      std::array<std::size_t, kOpenMost> at{};
      std::uint32_t ways = 1;
      for (std::size_t i = 0; i < s.cells.size(); ++i) {
        const Mask m = masks[static_cast<std::size_t>(s.cells[i])];
        if (m == 0) return false;
        if (single(m)) {
          rest -= s.coefficients[i] * lowest(m);
        } else if (open < kOpenMost) {
          // The fillings of the open cells before this one (capped).
          if (open > 0) {
            const Mask before = masks[static_cast<std::size_t>(s.cells[at[open - 1]])];
            ways = std::min<std::uint32_t>(
                ways * static_cast<std::uint32_t>(variant::count(before)), 1u << 20);
          }
          at[open++] = i;
        } else {
          open = kOpenMost + 1;
          break;
        }
      }
      if (open <= kExactTerms || (open <= kOpenMost && ways <= kMostWays))
        return revise_exact(masks, index, at, open, rest);
    }
    // Bounds: each term lies within what the target leaves the others, the
    // cells of a group (cells that see each other) taking different digits.
    const std::vector<std::vector<std::size_t>>& groups = sum_groups_[index];
    bounds_.resize(groups.size());
    for (int pass = 0; pass < 4; ++pass) {
      int lo = 0, hi = 0;
      for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        Bounds& b = bounds_[gi];
        if (!group_bounds(masks, s, groups[gi], b)) return false;
        const int k = s.coefficients[groups[gi].front()];
        lo += k > 0 ? k * b.lo : k * b.hi;
        hi += k > 0 ? k * b.hi : k * b.lo;
      }
      if (s.target < lo || s.target > hi) return false;
      bool changed = false;
      for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        const Bounds& b = bounds_[gi];
        const int k = s.coefficients[groups[gi].front()];
        const int without_lo = lo - (k > 0 ? k * b.lo : k * b.hi);
        const int without_hi = hi - (k > 0 ? k * b.hi : k * b.lo);
        const std::vector<std::size_t>& g = groups[gi];
        const std::size_t n = g.size();
        // The digits of the cells after each cell of the group.
        after_.resize(n + 1);
        after_[n] = 0;
        for (std::size_t j = n; j-- > 0;)
          after_[j] = after_[j + 1] | masks[static_cast<std::size_t>(s.cells[g[j]])];
        Mask before = 0;
        for (std::size_t j = 0; j < n; ++j) {
          const std::size_t i = g[j];
          const int c = s.cells[i];
          const Mask m = masks[static_cast<std::size_t>(c)];
          // The group's other cells: at least their least digits, and as many
          // of the smallest digits they have (the same for the greatest).
          int r_lo = b.each_lo - lowest(m), r_hi = b.each_hi - highest(m);
          if (n > 2) {
            const Mask others = before | after_[j + 1];
            // Most often the others have every digit of the group.
            int least = b.least_but_one, most = b.most_but_one;
            if (others != b.shared) {
              least = most = 0;
              Mask up = others, down = others;
              for (std::size_t t = 1; t < n; ++t) {
                if (!up) return false;  // too few digits for the other cells
                least += lowest(up);
                up &= up - 1;
                const int h = highest(down);
                most += h;
                down &= ~(Mask{1} << (h - 1));
              }
            }
            r_lo = std::max(r_lo, least);
            r_hi = std::min(r_hi, most);
          }
          before |= m;
          const int others_lo = without_lo + (k > 0 ? k * r_lo : k * r_hi);
          const int others_hi = without_hi + (k > 0 ? k * r_hi : k * r_lo);
          // k * digit lies in [target - others_hi, target - others_lo].
          const int t_lo = s.target - others_hi, t_hi = s.target - others_lo;
          const int d_lo = k == 1 ? t_lo : k > 0 ? ceil_div(t_lo, k) : ceil_div(-t_hi, -k);
          const int d_hi = k == 1 ? t_hi : k > 0 ? floor_div(t_hi, k) : floor_div(-t_lo, -k);
          const Mask keep = range(std::max(1, d_lo), std::min(l_.side, d_hi));
          if ((m & keep) != m) {
            if (!narrow(masks, c, keep)) return false;
            changed = true;
          }
        }
      }
      if (!changed) break;
    }
    return true;
  }

  // Group `g` of sum `s` (indices into its cells), each cell a digit of its
  // own: at least the cells' least digits, and as many of the smallest digits
  // they share (the same for the greatest); false when they share too few.
  bool group_bounds(const std::vector<Mask>& masks, const variant::Sum& s,
                    const std::vector<std::size_t>& g, Bounds& b) const {
    Mask shared = 0;
    b.each_lo = b.each_hi = b.least_but_one = b.most_but_one = 0;
    for (const std::size_t i : g) {
      const Mask m = masks[static_cast<std::size_t>(s.cells[i])];
      shared |= m;
      b.each_lo += lowest(m);
      b.each_hi += highest(m);
    }
    const int n = static_cast<int>(g.size());
    if (n == 1) {
      b.lo = b.each_lo, b.hi = b.each_hi, b.shared = shared;
      return shared != 0;
    }
    b.shared = shared;
    if (variant::count(shared) < n) return false;
    int least = 0, most = 0;
    Mask up = shared, down = shared;
    for (int j = 0; j < n; ++j) {
      if (j == n - 1) b.least_but_one = least, b.most_but_one = most;
      least += lowest(up);
      up &= up - 1;
      const int h = highest(down);
      most += h;
      down &= ~(Mask{1} << (h - 1));
    }
    b.lo = std::max(b.each_lo, least);
    b.hi = std::min(b.each_hi, most);
    return true;
  }

  // The sum's open cells `at[0..open)` (indices into its cells) must make
  // `rest`: each keeps the digits of some way of making it, cells that see
  // each other differing.
  bool revise_exact(std::vector<Mask>& masks, std::size_t index,
                    const std::array<std::size_t, kOpenMost>& at, std::size_t open, int rest) {
    const variant::Sum& s = l_.sums[index];
    const auto cell = [&](std::size_t j) { return s.cells[at[j]]; };
    const auto mask = [&](std::size_t j) { return masks[static_cast<std::size_t>(cell(j))]; };
    const auto k = [&](std::size_t j) { return s.coefficients[at[j]]; };
    // The digit d with coefficient * d == value, as a mask within `m`; 0 if none.
    const auto digit_for = [&](int coefficient, int value, Mask m) -> Mask {
      if (coefficient != 1 && value % coefficient != 0) return 0;
      const int d = coefficient == 1 ? value : value / coefficient;
      if (d < 1 || d > l_.side) return 0;
      return m & (Mask{1} << (d - 1));
    };
    const std::vector<std::uint64_t>& seeing = sum_sees_[index];
    const auto sees = [&](std::size_t a, std::size_t b) {
      if (!seeing.empty()) return ((seeing[at[a]] >> at[b]) & 1) != 0;
      const std::vector<int>& p = peers_[static_cast<std::size_t>(cell(a))];
      return std::binary_search(p.begin(), p.end(), cell(b));
    };
    if (open == 0) return rest == 0;
    if (open == 1) {
      const Mask d = digit_for(k(0), rest, mask(0));
      return d && narrow(masks, cell(0), d);
    }
    std::array<Mask, kOpenMost> keep{};
    if (open == 2) {
      const bool differ = sees(0, 1);
      for (Mask a = mask(0); a; a &= a - 1) {
        const Mask da = a & -a;
        Mask db = digit_for(k(1), rest - k(0) * lowest(da), mask(1));
        if (differ) db &= ~da;
        if (db) keep[0] |= da, keep[1] |= db;
      }
    } else if (open == 3) {
      const bool ab = sees(0, 1), ac = sees(0, 2), bc = sees(1, 2);
      for (Mask a = mask(0); a; a &= a - 1) {
        const Mask da = a & -a;
        const int after_a = rest - k(0) * lowest(da);
        for (Mask b = mask(1) & (ab ? ~da : ~Mask{0}); b; b &= b - 1) {
          const Mask db = b & -b;
          Mask dc = digit_for(k(2), after_a - k(1) * lowest(db), mask(2));
          if (ac) dc &= ~da;
          if (bc) dc &= ~db;
          if (dc) keep[0] |= da, keep[1] |= db, keep[2] |= dc;
        }
      }
    } else {
      // Depth first over the open cells, the last one's digit worked out;
      // cells that see each other differ.
      std::array<std::uint32_t, kOpenMost> seen{};  // bit i of seen[j]: cell j sees cell i
      for (std::size_t j = 1; j < open; ++j)
        for (std::size_t i = 0; i < j; ++i)
          if (sees(i, j)) seen[j] |= 1u << i;
      std::array<Mask, kOpenMost> chosen{};
      const auto walk = [&](auto&& self, std::size_t j, int left) -> void {
        Mask allowed = mask(j);
        for (std::uint32_t b = seen[j]; b; b &= b - 1)
          allowed &= ~chosen[static_cast<std::size_t>(std::countr_zero(b))];
        if (j + 1 == open) {
          const Mask d = digit_for(k(j), left, allowed);
          if (!d) return;
          chosen[j] = d;
          for (std::size_t i = 0; i < open; ++i) keep[i] |= chosen[i];
          return;
        }
        for (Mask rest_digits = allowed; rest_digits; rest_digits &= rest_digits - 1) {
          const Mask d = rest_digits & -rest_digits;
          chosen[j] = d;
          self(self, j + 1, left - k(j) * lowest(d));
        }
      };
      walk(walk, 0, rest);
    }
    for (std::size_t j = 0; j < open; ++j)
      if (!narrow(masks, cell(j), keep[j])) return false;
    return true;
  }

  bool revise_rule(std::vector<Mask>& masks, const variant::Rule& r) {
    std::array<Mask, 32> local{};
    const std::size_t n = r.cells.size();
    for (std::size_t i = 0; i < n; ++i) local[i] = masks[static_cast<std::size_t>(r.cells[i])];
    if (!r.revise(r, std::span<Mask>(local.data(), n), l_.side)) return false;
    for (std::size_t i = 0; i < n; ++i)
      if (!narrow(masks, r.cells[i], local[i])) return false;
    return true;
  }

  bool revise_between(std::vector<Mask>& masks, const variant::Between& b) {
    const Mask first = masks[static_cast<std::size_t>(b.first)];
    const Mask last = masks[static_cast<std::size_t>(b.last)];
    if (!first || !last) return false;
    // Inside: above one end's least and below the other's greatest.
    const Mask inside =
        range(lowest(first) + 1, highest(last) - 1) | range(lowest(last) + 1, highest(first) - 1);
    for (const int c : b.inner)
      if (!narrow(masks, c, inside)) return false;
    // Ends: a pair of them that leaves every inner cell a digit between.
    Mask keep_first = 0, keep_last = 0;
    for (Mask fa = first; fa; fa &= fa - 1) {
      const int x = lowest(fa);
      for (Mask la = last; la; la &= la - 1) {
        const int y = lowest(la);
        const Mask between = range(std::min(x, y) + 1, std::max(x, y) - 1);
        if (std::all_of(b.inner.begin(), b.inner.end(), [&](int c) {
              return (masks[static_cast<std::size_t>(c)] & between) != 0;
            })) {
          keep_first |= Mask{1} << (x - 1);
          keep_last |= Mask{1} << (y - 1);
        }
      }
    }
    return narrow(masks, b.first, keep_first) && narrow(masks, b.last, keep_last);
  }

  // Narrows to a fixed point; false on a contradiction.
  bool settle(std::vector<Mask>& masks) {
    for (;;) {
      while (!queue_.empty()) {
        const int cell = queue_.back();
        queue_.pop_back();
        queued_[static_cast<std::size_t>(cell)] = 0;
        const Mask m = masks[static_cast<std::size_t>(cell)];
        if (m == 0) return fail({cell});
        for (std::size_t w = 0; w < words_; ++w) {
          const std::uint64_t bits = house_bits_[static_cast<std::size_t>(cell) * words_ + w];
          singles_due_[w] |= bits;
          crossings_due_[w] |= bits;
        }
        if (single(m)) {
          for (const int peer : peers_[static_cast<std::size_t>(cell)])
            if (!narrow(masks, peer, ~m)) return fail({cell, peer});
        }
        for (const std::size_t i : pairs_of_[static_cast<std::size_t>(cell)])
          if (!revise_pair(masks, l_.pairs[i])) return fail({l_.pairs[i].a, l_.pairs[i].b});
        // The costlier constraints wait, each once, until the cells settle.
        for (const auto& [kind, i] : wakes_of_[static_cast<std::size_t>(cell)]) wait(kind, i);
      }
      if (waiting_head_ < waiting_.size()) {
        const auto [kind, i] = waiting_[waiting_head_++];
        waits_[kind][i] = 0;
        if (waiting_head_ == waiting_.size()) waiting_.clear(), waiting_head_ = 0;
        switch (kind) {
          case kSum:
            if (!revise_sum(masks, i)) return fail(l_.sums[i].cells);
            break;
          case kSpan:
            if (!narrow_to_sets(masks, l_.spans[i].cells, span_sets_[i], span_reach_[i]))
              return fail(l_.spans[i].cells);
            break;
          case kBetween:
            if (!revise_between(masks, l_.betweens[i])) return fail(l_.betweens[i].inner);
            break;
          case kRule:
            if (!revise_rule(masks, l_.rules[i])) return fail(l_.rules[i].cells);
            break;
          default:
            if (!revise_equal(masks, i)) return fail(l_.equal_sums[i].front());
            break;
        }
        continue;
      }
      // Hidden singles: a digit with one place left in a house of N cells
      // (those whose cells changed since they were last looked at).
      for (std::size_t w = 0; w < words_; ++w)
        for (std::uint64_t due = std::exchange(singles_due_[w], 0); due; due &= due - 1) {
          const variant::House* h =
              complete_[w * 64 + static_cast<std::size_t>(std::countr_zero(due))];
          Mask seen_once = 0, seen_twice = 0, fixed = 0;
          for (const int c : h->cells) {
            const Mask m = masks[static_cast<std::size_t>(c)];
            seen_twice |= seen_once & m;
            seen_once |= m;
            if (single(m)) fixed |= m;
          }
          if (seen_once != l_.all) return fail(h->cells);
          const Mask lone = seen_once & ~seen_twice & ~fixed;
          if (!lone) continue;
          for (const int c : h->cells) {
            const Mask m = masks[static_cast<std::size_t>(c)] & lone;
            if (!m) continue;
            if (!single(m)) return fail(h->cells);  // two digits that each have only this cell
            narrow(masks, c, m);
          }
        }
      if (!queue_.empty()) continue;
      // Intersections: a digit that one house has only where it meets
      // another leaves the rest of the other.
      for (const Crossing& x : crossings_) {
        if (!due(crossings_due_, x.a) && !due(crossings_due_, x.b)) continue;
        Mask a = 0, b = 0, both = 0;
        for (const int c : x.a_only) a |= masks[static_cast<std::size_t>(c)];
        for (const int c : x.b_only) b |= masks[static_cast<std::size_t>(c)];
        for (const int c : x.shared) both |= masks[static_cast<std::size_t>(c)];
        if (const Mask locked = both & ~a & b)
          for (const int c : x.b_only)
            if (!narrow(masks, c, ~locked)) return fail(x.shared);
        if (const Mask locked = both & ~b & a)
          for (const int c : x.a_only)
            if (!narrow(masks, c, ~locked)) return fail(x.shared);
      }
      clear_stale();
      if (queue_.empty()) return true;
    }
  }
  // A contradiction, blamed on the cells of the constraint that found it:
  // their conflict counts guide the choice of the next cell to guess.
  bool fail(std::initializer_list<int> blamed) {
    return fail(std::span<const int>(blamed.begin(), blamed.size()));
  }
  bool fail(std::span<const int> blamed) {
    for (const int c : blamed) ++conflicts_[static_cast<std::size_t>(c)];
    clear_queue();
    clear_stale();
    for (std::size_t w = waiting_head_; w < waiting_.size(); ++w)
      waits_[waiting_[w].first][waiting_[w].second] = 0;
    waiting_.clear();
    waiting_head_ = 0;
    return false;
  }
  void clear_stale() {
    std::fill(singles_due_.begin(), singles_due_.end(), 0);
    std::fill(crossings_due_.begin(), crossings_due_.end(), 0);
  }
  static bool due(const std::vector<std::uint64_t>& bits, std::size_t house) {
    return (bits[house / 64] >> (house % 64)) & 1;
  }
  void wait(int kind, std::size_t i) {
    char& flag = waits_[static_cast<std::size_t>(kind)][i];
    if (flag) return;
    flag = 1;
    waiting_.emplace_back(kind, i);
  }

  bool out_of_time() {
    if ((++nodes_ & 255) != 0) return stopped_;
    if (options_.deadline.expired() ||
        (options_.cancel && options_.cancel->load(std::memory_order_relaxed)))
      stopped_ = true;
    return stopped_;
  }

  // The cell to guess in `masks`: the one whose guesses have failed most
  // often for its number of candidates (a conflict history, as in dom/wdeg);
  // -1 when every cell is filled.
  int choose(const std::vector<Mask>& masks) const {
    int best = -1, fewest = 64;
    std::uint32_t best_score = 0;
    for (std::size_t c = 0; c < masks.size(); ++c) {
      const int k = variant::count(masks[c]);
      if (k < 2) continue;
      const std::uint32_t score = conflicts_[c];
      // score / k above best_score / fewest, or as high with fewer candidates.
      const std::uint64_t mine = std::uint64_t{score} * static_cast<std::uint64_t>(fewest);
      const std::uint64_t theirs = std::uint64_t{best_score} * static_cast<std::uint64_t>(k);
      if (best < 0 || mine > theirs || (mine == theirs && k < fewest)) {
        fewest = k;
        best = static_cast<int>(c);
        best_score = score;
      }
    }
    return best;
  }

  // Searches from frames_[depth_], settled: a guess of a cell's least digit,
  // searched a level down; then that digit struck from the cell here and the
  // cells settled again, and the next guess chosen afresh. False once the
  // search should end (the limit reached, or stopped).
  bool branch() {
    std::vector<Mask>& here = frames_[depth_];
    for (;;) {
      if (out_of_time()) return false;
      const int best = choose(here);
      if (best < 0) {
        if (!first_) first_ = here;
        return ++found_ < options_.limit;
      }
      ++guesses_;
      const Mask digit =
          here[static_cast<std::size_t>(best)] & -here[static_cast<std::size_t>(best)];
      // The guess, in the next level's buffer (a guess fixes a cell, so the
      // depth never passes the number of cells).
      std::vector<Mask>& next = frames_[depth_ + 1];
      next = here;
      next[static_cast<std::size_t>(best)] = digit;
      push(best);
      if (settle(next)) {
        ++depth_;
        const bool go_on = branch();
        --depth_;
        if (!go_on) return false;
      }
      // Not that digit: what it leaves.
      here[static_cast<std::size_t>(best)] &= ~digit;
      push(best);
      if (!settle(here)) return true;
    }
  }

  const Lowered& l_;
  const SolveOptions& options_;
  const Geometry* geometry_ = nullptr;
  std::vector<std::vector<int>> peers_;
  std::vector<const variant::House*> complete_;
  struct Crossing {
    std::size_t a = 0, b = 0;  // the two houses, as indices into complete_
    std::vector<int> shared, a_only, b_only;
  };
  // The houses of N cells as bits (words_ words): per cell, those it is in;
  // those whose cells changed since hidden singles, and since the
  // intersections, last looked at them.
  std::size_t words_ = 0;
  std::vector<std::uint64_t> house_bits_, singles_due_, crossings_due_;
  std::vector<Crossing> crossings_;
  std::vector<std::vector<std::size_t>> houses_of_;  // per cell: the houses it is in
  std::vector<std::vector<std::size_t>> pairs_of_;
  // Per cell: the costlier constraints it is in, each as its kind and index.
  std::vector<std::vector<std::pair<int, std::size_t>>> wakes_of_;
  std::vector<std::vector<Mask>> digit_sets_;  // per sum: the sets of its digits (cages)
  std::vector<std::vector<Reach>> sum_reach_, span_reach_;         // per sum, per span: reach_of()
  std::vector<std::vector<std::vector<std::size_t>>> sum_groups_;  // per sum: groups_of()
  std::vector<std::vector<std::uint64_t>> sum_sees_;               // per sum: sees_within()
  std::vector<Bounds> bounds_;  // per group of the sum being revised
  std::vector<Mask> after_;     // per cell of a group: the digits of the cells after it
  std::vector<int> position_;   // per cell: its place in the constraint being looked at, or -1
  std::vector<std::vector<variant::Piece>> equal_pieces_;  // per line of equal sums: its pieces
  variant::EqualSums equal_sums_;
  std::vector<Mask> piece_masks_, piece_keep_;  // a line's candidates, and what it keeps
  std::vector<std::vector<Mask>> span_sets_;    // per span: its possible runs of digits
  std::vector<int> queue_;
  std::vector<char> queued_;
  // The constraints waiting for the cells to settle, first in first out.
  enum { kSum, kSpan, kBetween, kRule, kEqual };
  std::array<std::vector<char>, 5> waits_;
  std::vector<std::pair<int, std::size_t>> waiting_;
  std::size_t waiting_head_ = 0;
  std::vector<std::vector<Mask>> frames_;  // per depth of the search: its candidates
  std::size_t depth_ = 0;
  std::vector<std::uint32_t> conflicts_;  // per cell: contradictions found by its constraints
  std::optional<std::vector<Mask>> first_;
  std::uint64_t found_ = 0, guesses_ = 0, nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

SolveResult variant::search(const Lowered& lowered, const Geometry& geometry,
                            const SolveOptions& options) {
  Search search(lowered, options);
  search.set_geometry(&geometry);
  return search.run();
}

SolveResult solve_variant(const VariantPuzzle& puzzle, const SolveOptions& options) {
  if (!check(puzzle)) {
    SolveResult none;
    none.exhausted = true;
    none.limit = options.limit;
    return none;
  }
  return variant::search(variant::lower(puzzle), puzzle.geometry(), options);
}

}  // namespace nonet
