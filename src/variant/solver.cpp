// The search behind solve_variant: candidates per cell, narrowed to a fixed
// point by every house, pair, sum, span and between-line that a changed cell
// belongs to (and by hidden singles in houses of N cells), then a branch on the
// cell with fewest candidates.

#include <algorithm>
#include <array>
#include <bit>

#include "variant/grouped.h"
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

// Which sums are searched group by group (grouped.cpp) besides their bounds:
// those of at most three cells whose digits may repeat (arrows, short implied
// sums). Longer ones, and cages (their digit sets narrow them), cost more
// that way than the guesses they save.
constexpr std::size_t kGroupedTerms = 3;

class Search {
 public:
  Search(const Lowered& l, const SolveOptions& options) : l_(l), options_(options) {
    const std::size_t cells = l.start.size();
    peers_.resize(cells);
    pairs_of_.resize(cells);
    sums_of_.resize(cells);
    spans_of_.resize(cells);
    betweens_of_.resize(cells);
    rules_of_.resize(cells);
    houses_of_.resize(cells);
    for (std::size_t i = 0; i < l.houses.size(); ++i)
      for (const int c : l.houses[i].cells) houses_of_[static_cast<std::size_t>(c)].push_back(i);
    for (const variant::House& h : l.houses) {
      if (static_cast<int>(h.cells.size()) == l.side) complete_.push_back(&h);
      for (const int a : h.cells)
        for (const int b : h.cells)
          if (a != b) peers_[static_cast<std::size_t>(a)].push_back(b);
    }
    for (std::size_t i = 0; i < l.pairs.size(); ++i) {
      const variant::Pair& p = l.pairs[i];
      bool unequal = true;  // a plain "differ", kept with the houses' peers
      for (int x = 1; x <= l.side && unequal; ++x)
        unequal = p.allowed[static_cast<std::size_t>(x)] == (l.all & ~(Mask{1} << (x - 1)));
      if (unequal) {
        peers_[static_cast<std::size_t>(p.a)].push_back(p.b);
        peers_[static_cast<std::size_t>(p.b)].push_back(p.a);
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
    for (std::size_t i = 0; i < complete_.size(); ++i) {
      std::fill(meet.begin(), meet.end(), 0);
      for (const int c : complete_[i]->cells)
        for (const std::size_t h : houses_of_[static_cast<std::size_t>(c)])
          if (const std::size_t j = complete_index[h]; j != SIZE_MAX && j > i) ++meet[j];
      for (std::size_t j = i + 1; j < complete_.size(); ++j) {
        if (meet[j] < 2) continue;
        Crossing x;
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
    for (auto& list : peers_) {
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    for (std::size_t i = 0; i < l.sums.size(); ++i) {
      for (const int c : l.sums[i].cells) sums_of_[static_cast<std::size_t>(c)].push_back(i);
      digit_sets_.push_back(l.sums[i].distinct ? sets_summing(l.sums[i]) : std::vector<Mask>{});
      const bool grouped = !l.sums[i].distinct && l.sums[i].cells.size() <= kGroupedTerms;
      groups_.push_back(grouped ? groups_of(l.sums[i]) : std::vector<variant::Group>{});
    }
    for (std::size_t i = 0; i < l.spans.size(); ++i) {
      for (const int c : l.spans[i].cells) spans_of_[static_cast<std::size_t>(c)].push_back(i);
      span_sets_.push_back(windows(static_cast<int>(l.spans[i].cells.size())));
    }
    for (std::size_t i = 0; i < l.betweens.size(); ++i) {
      const variant::Between& b = l.betweens[i];
      betweens_of_[static_cast<std::size_t>(b.first)].push_back(i);
      betweens_of_[static_cast<std::size_t>(b.last)].push_back(i);
      for (const int c : b.inner) betweens_of_[static_cast<std::size_t>(c)].push_back(i);
    }
    for (std::size_t i = 0; i < l.rules.size(); ++i)
      for (const int c : l.rules[i].cells) rules_of_[static_cast<std::size_t>(c)].push_back(i);
    queued_.assign(cells, 0);
    conflicts_.assign(cells, 0);
    frames_.resize(cells + 1);
    waits_[kSum].assign(l.sums.size(), 0);
    waits_[kSpan].assign(l.spans.size(), 0);
    waits_[kBetween].assign(l.betweens.size(), 0);
    waits_[kRule].assign(l.rules.size(), 0);
    waits_[kEqual].assign(l.equal_sums.size(), 0);
    equals_of_.resize(cells);
    for (std::size_t i = 0; i < l.equal_sums.size(); ++i) {
      std::vector<variant::Group> pieces;
      for (const std::vector<int>& piece : l.equal_sums[i]) {
        pieces.push_back({piece, 1});
        for (const int c : piece) equals_of_[static_cast<std::size_t>(c)].push_back(i);
      }
      equal_groups_.push_back(std::move(pieces));
    }
  }

  SolveResult run() {
    SolveResult result;
    result.limit = options_.limit;
    std::vector<Mask> masks = l_.start;
    for (std::size_t c = 0; c < masks.size(); ++c) push(static_cast<int>(c));
    if (settle(masks)) branch(masks, result);
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
                      const std::vector<Mask>& sets) {
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
    for (Mask rest = required; rest; rest &= rest - 1) {
      const Mask d = rest & -rest;
      int holders = 0, first = -1;
      for (const int c : cells)
        if (masks[static_cast<std::size_t>(c)] & d) {
          if (holders++ == 0) first = c;
        }
      if (holders == 0) return false;
      if (holders == 1) {
        if (!narrow(masks, first, d)) return false;
        continue;
      }
      for (const std::size_t h : houses_of_[static_cast<std::size_t>(first)]) {
        const std::vector<int>& house = l_.houses[h].cells;
        const auto in_house = [&](int c) {
          return std::find(house.begin(), house.end(), c) != house.end();
        };
        const bool all_in = std::all_of(cells.begin(), cells.end(), [&](int c) {
          return !(masks[static_cast<std::size_t>(c)] & d) || in_house(c);
        });
        if (!all_in) continue;
        for (const int x : house)
          if (std::find(cells.begin(), cells.end(), x) == cells.end() && !narrow(masks, x, ~d))
            return false;
      }
    }
    return true;
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

  // A sum's cells in groups that must all differ (the same coefficient, each
  // cell a peer of the others), first come first placed.
  std::vector<variant::Group> groups_of(const variant::Sum& s) const {
    std::vector<variant::Group> out;
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
      const int c = s.cells[i];
      const std::vector<int>& peers = peers_[static_cast<std::size_t>(c)];
      variant::Group* home = nullptr;
      for (variant::Group& g : out) {
        if (g.coefficient != s.coefficients[i]) continue;
        if (std::all_of(g.cells.begin(), g.cells.end(),
                        [&](int x) { return std::binary_search(peers.begin(), peers.end(), x); })) {
          home = &g;
          break;
        }
      }
      if (!home) home = &out.emplace_back(variant::Group{{}, s.coefficients[i]});
      home->cells.push_back(c);
    }
    return out;
  }

  // Gathers the groups' candidates, lets `revise` narrow them, and narrows
  // the cells to what it kept.
  template <class Revise>
  bool revise_groups(std::vector<Mask>& masks, const std::vector<variant::Group>& groups,
                     Revise revise) {
    group_masks_.clear();
    for (const variant::Group& g : groups)
      for (const int c : g.cells) group_masks_.push_back(masks[static_cast<std::size_t>(c)]);
    group_keep_ = group_masks_;
    if (!revise(groups, group_masks_, group_keep_)) return false;
    std::size_t at = 0;
    for (const variant::Group& g : groups)
      for (const int c : g.cells)
        if (!narrow(masks, c, group_keep_[at++])) return false;
    return true;
  }
  bool revise_grouped(std::vector<Mask>& masks, std::size_t index) {
    return revise_groups(masks, groups_[index],
                         [&](const auto& groups, const auto& in, auto& keep) {
                           return grouped_.revise(index, groups, l_.sums[index].target, in, keep);
                         });
  }
  bool revise_equal(std::vector<Mask>& masks, std::size_t index) {
    return revise_groups(masks, equal_groups_[index],
                         [&](const auto& groups, const auto& in, auto& keep) {
                           return grouped_.revise_equal(l_.sums.size() + index, groups, in, keep);
                         });
  }

  bool revise_sum(std::vector<Mask>& masks, std::size_t index) {
    const variant::Sum& s = l_.sums[index];
    const std::vector<Mask>& sets = digit_sets_[index];
    if (!sets.empty() && !narrow_to_sets(masks, s.cells, sets)) return false;
    if (!groups_[index].empty()) return revise_grouped(masks, index);
    // Bounds: each term lies within what the target leaves the others.
    for (int pass = 0; pass < 4; ++pass) {
      int lo = 0, hi = 0;
      for (std::size_t i = 0; i < s.cells.size(); ++i) {
        const Mask m = masks[static_cast<std::size_t>(s.cells[i])];
        if (m == 0) return false;
        const int k = s.coefficients[i];
        lo += k > 0 ? k * lowest(m) : k * highest(m);
        hi += k > 0 ? k * highest(m) : k * lowest(m);
      }
      if (s.target < lo || s.target > hi) return false;
      bool changed = false;
      for (std::size_t i = 0; i < s.cells.size(); ++i) {
        const int c = s.cells[i];
        const Mask m = masks[static_cast<std::size_t>(c)];
        const int k = s.coefficients[i];
        const int term_lo = k > 0 ? k * lowest(m) : k * highest(m);
        const int term_hi = k > 0 ? k * highest(m) : k * lowest(m);
        // k * digit lies in [target - (hi - term_hi), target - (lo - term_lo)].
        const int t_lo = s.target - (hi - term_hi), t_hi = s.target - (lo - term_lo);
        const int d_lo = k > 0 ? ceil_div(t_lo, k) : ceil_div(-t_hi, -k);
        const int d_hi = k > 0 ? floor_div(t_hi, k) : floor_div(-t_lo, -k);
        const Mask keep = range(std::max(1, d_lo), std::min(l_.side, d_hi));
        if ((m & keep) != m) {
          if (!narrow(masks, c, keep)) return false;
          changed = true;
        }
      }
      if (!changed) break;
    }
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
    const Mask inside = range(lowest(first) + 1, highest(last) - 1) |
                        range(lowest(last) + 1, highest(first) - 1);
    for (const int c : b.inner)
      if (!narrow(masks, c, inside)) return false;
    // Ends: a pair of them that leaves every inner cell a digit between.
    Mask keep_first = 0, keep_last = 0;
    for (Mask fa = first; fa; fa &= fa - 1) {
      const int x = lowest(fa);
      for (Mask la = last; la; la &= la - 1) {
        const int y = lowest(la);
        const Mask between = range(std::min(x, y) + 1, std::max(x, y) - 1);
        if (std::all_of(b.inner.begin(), b.inner.end(),
                        [&](int c) { return (masks[static_cast<std::size_t>(c)] & between) != 0; })) {
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
        if (single(m)) {
          for (const int peer : peers_[static_cast<std::size_t>(cell)])
            if (!narrow(masks, peer, ~m)) return fail({cell, peer});
        }
        for (const std::size_t i : pairs_of_[static_cast<std::size_t>(cell)])
          if (!revise_pair(masks, l_.pairs[i])) return fail({l_.pairs[i].a, l_.pairs[i].b});
        // The costlier constraints wait, each once, until the cells settle.
        for (const std::size_t i : sums_of_[static_cast<std::size_t>(cell)]) wait(kSum, i);
        for (const std::size_t i : spans_of_[static_cast<std::size_t>(cell)]) wait(kSpan, i);
        for (const std::size_t i : betweens_of_[static_cast<std::size_t>(cell)]) wait(kBetween, i);
        for (const std::size_t i : rules_of_[static_cast<std::size_t>(cell)]) wait(kRule, i);
        for (const std::size_t i : equals_of_[static_cast<std::size_t>(cell)]) wait(kEqual, i);
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
            if (!narrow_to_sets(masks, l_.spans[i].cells, span_sets_[i]))
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
      // Hidden singles: a digit with one place left in a house of N cells.
      for (const variant::House* h : complete_) {
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
    for (std::size_t w = waiting_head_; w < waiting_.size(); ++w)
      waits_[waiting_[w].first][waiting_[w].second] = 0;
    waiting_.clear();
    waiting_head_ = 0;
    return false;
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

  // False once the search should end (the limit reached, or stopped).
  bool branch(const std::vector<Mask>& masks, SolveResult&) {
    if (out_of_time()) return false;
    // The cell whose guesses have failed most often for its number of
    // candidates (a conflict history, as in dom/wdeg); before any failure,
    // the cell with fewest candidates.
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
    if (best < 0) {
      if (!first_) first_ = masks;
      return ++found_ < options_.limit;
    }
    ++guesses_;
    for (Mask rest = masks[static_cast<std::size_t>(best)]; rest; rest &= rest - 1) {
      // The candidates one level down, in a buffer kept for that depth (a
      // guess fixes a cell, so the depth never passes the number of cells).
      std::vector<Mask>& next = frames_[depth_];
      next = masks;
      next[static_cast<std::size_t>(best)] = rest & -rest;
      push(best);
      if (settle(next)) {
        SolveResult unused;
        ++depth_;
        const bool go_on = branch(next, unused);
        --depth_;
        if (!go_on) return false;
      }
    }
    return true;
  }

  const Lowered& l_;
  const SolveOptions& options_;
  const Geometry* geometry_ = nullptr;
  std::vector<std::vector<int>> peers_;
  std::vector<const variant::House*> complete_;
  struct Crossing {
    std::vector<int> shared, a_only, b_only;
  };
  std::vector<Crossing> crossings_;
  std::vector<std::vector<std::size_t>> houses_of_;  // per cell: the houses it is in
  std::vector<std::vector<std::size_t>> pairs_of_, sums_of_, spans_of_, betweens_of_, rules_of_;
  std::vector<std::vector<Mask>> digit_sets_;
  std::vector<std::vector<variant::Group>> groups_;  // per sum searched group by group: its groups
  std::vector<std::vector<variant::Group>> equal_groups_;  // per line of equal sums: its pieces
  std::vector<std::vector<std::size_t>> equals_of_;  // per sum whose digits may repeat: its groups
  variant::GroupedSum grouped_;
  std::vector<Mask> group_masks_, group_keep_;  // per sum: the sets of its digits (cages)
  std::vector<std::vector<Mask>> span_sets_;   // per span: its possible runs of digits
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
