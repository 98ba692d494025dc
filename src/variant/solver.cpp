// The search behind solve_variant: candidates per cell, narrowed to a fixed
// point by every house, pair, sum, span and between-line that a changed cell
// belongs to (and by hidden singles in houses of N cells), then a branch on the
// cell with fewest candidates.

#include <algorithm>
#include <array>
#include <bit>

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
    for (auto& list : peers_) {
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    for (std::size_t i = 0; i < l.sums.size(); ++i) {
      for (const int c : l.sums[i].cells) sums_of_[static_cast<std::size_t>(c)].push_back(i);
      digit_sets_.push_back(l.sums[i].distinct ? sets_summing(l.sums[i]) : std::vector<Mask>{});
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
    for (Mask m = 0; m <= l_.all; ++m) {
      if (std::popcount(m) != n) continue;
      int sum = 0;
      for (Mask rest = m; rest; rest &= rest - 1) sum += lowest(rest);
      if (sum == s.target) out.push_back(m);
    }
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
  bool narrow_to_sets(std::vector<Mask>& masks, const std::vector<int>& cells,
                      const std::vector<Mask>& sets) {
    Mask usable = 0, present = 0;
    for (const int c : cells) present |= masks[static_cast<std::size_t>(c)];
    for (const Mask set : sets) {
      if ((set & present) != set) continue;
      if (std::all_of(cells.begin(), cells.end(),
                      [&](int c) { return (masks[static_cast<std::size_t>(c)] & set) != 0; }))
        usable |= set;
    }
    for (const int c : cells)
      if (!narrow(masks, c, usable)) return false;
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

  bool revise_sum(std::vector<Mask>& masks, std::size_t index) {
    const variant::Sum& s = l_.sums[index];
    const std::vector<Mask>& sets = digit_sets_[index];
    if (!sets.empty() && !narrow_to_sets(masks, s.cells, sets)) return false;
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
        if (m == 0) return fail();
        if (single(m)) {
          for (const int peer : peers_[static_cast<std::size_t>(cell)])
            if (!narrow(masks, peer, ~m)) return fail();
        }
        for (const std::size_t i : pairs_of_[static_cast<std::size_t>(cell)])
          if (!revise_pair(masks, l_.pairs[i])) return fail();
        for (const std::size_t i : sums_of_[static_cast<std::size_t>(cell)])
          if (!revise_sum(masks, i)) return fail();
        for (const std::size_t i : spans_of_[static_cast<std::size_t>(cell)])
          if (!narrow_to_sets(masks, l_.spans[i].cells, span_sets_[i])) return fail();
        for (const std::size_t i : betweens_of_[static_cast<std::size_t>(cell)])
          if (!revise_between(masks, l_.betweens[i])) return fail();
        for (const std::size_t i : rules_of_[static_cast<std::size_t>(cell)])
          if (!revise_rule(masks, l_.rules[i])) return fail();
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
        if (seen_once != l_.all) return fail();
        const Mask lone = seen_once & ~seen_twice & ~fixed;
        if (!lone) continue;
        for (const int c : h->cells) {
          const Mask m = masks[static_cast<std::size_t>(c)] & lone;
          if (!m) continue;
          if (!single(m)) return fail();  // two digits that each have only this cell
          narrow(masks, c, m);
        }
      }
      if (queue_.empty()) return true;
    }
  }
  bool fail() {
    clear_queue();
    return false;
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
      const int k = std::popcount(masks[c]);
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
      std::vector<Mask> next = masks;
      next[static_cast<std::size_t>(best)] = rest & -rest;
      push(best);
      if (settle(next)) {
        SolveResult unused;
        if (!branch(next, unused)) return false;
      } else {
        ++conflicts_[static_cast<std::size_t>(best)];
      }
    }
    return true;
  }

  const Lowered& l_;
  const SolveOptions& options_;
  const Geometry* geometry_ = nullptr;
  std::vector<std::vector<int>> peers_;
  std::vector<const variant::House*> complete_;
  std::vector<std::vector<std::size_t>> pairs_of_, sums_of_, spans_of_, betweens_of_, rules_of_;
  std::vector<std::vector<Mask>> digit_sets_;  // per sum: the sets of its digits (cages)
  std::vector<std::vector<Mask>> span_sets_;   // per span: its possible runs of digits
  std::vector<int> queue_;
  std::vector<char> queued_;
  std::vector<std::uint32_t> conflicts_;  // per cell: guesses on it that failed at once
  std::optional<std::vector<Mask>> first_;
  std::uint64_t found_ = 0, guesses_ = 0, nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

SolveResult solve_variant(const VariantPuzzle& puzzle, const SolveOptions& options) {
  if (!check(puzzle)) {
    SolveResult none;
    none.exhausted = true;
    none.limit = options.limit;
    return none;
  }
  const variant::Lowered lowered = variant::lower(puzzle);
  Search search(lowered, options);
  search.set_geometry(&puzzle.geometry());
  return search.run();
}

}  // namespace nonet
