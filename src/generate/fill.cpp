// Random complete grids for every geometry.
//
// Why a randomized search rather than shuffling one fixed grid: transformations
// of one grid reach only that grid's class (a vanishing share of all grids), an
// obvious bias. Our search starts from the empty board and at every branch picks
// a random cell among those with the fewest candidates and tries its digits in
// random order, after propagating naked and hidden singles. It is not exactly
// uniform over all grids (no practical method is for 9x9 and up), but no cell,
// digit or position is favoured. Large boards (25x25) can wander into a dead
// subtree, so the search restarts with fresh choices after a node budget that
// doubles each time (a restart strategy keeps the heavy tail away).

#include <array>
#include <bit>
#include <vector>

#include "core/bits.h"
#include "nonet/generate.h"

namespace nonet {
namespace {

class Filler {
 public:
  Filler(const Geometry& g, Rng& rng, const Deadline& deadline)
      : g_(g), rng_(rng), deadline_(deadline) {
    houses_of_.reserve(static_cast<std::size_t>(g.cell_count()));
    for (int c = 0; c < g.cell_count(); ++c) houses_of_.push_back(g.houses_of(c));
  }

  std::optional<Grid> run() {
    std::uint64_t budget = 64u * static_cast<std::uint64_t>(g_.cell_count());
    for (;;) {
      nodes_ = 0;
      budget_ = budget;
      out_of_budget_ = false;
      stack_.assign(1, State{});
      State& root = stack_[0];
      root.candidates.assign(static_cast<std::size_t>(g_.cell_count()), g_.all_digits());
      root.value.assign(static_cast<std::size_t>(g_.cell_count()), 0);
      root.empty = g_.cell_count();
      queue_.clear();
      if (search(0)) {
        Grid grid(g_);
        for (int c = 0; c < g_.cell_count(); ++c) grid.set(c, stack_[depth_found_].value[c]);
        return grid;
      }
      if (timed_out_) return std::nullopt;
      budget *= 2;
    }
  }

 private:
  struct State {
    std::vector<Mask> candidates;
    std::vector<std::uint8_t> value;
    int empty = 0;
  };

  bool place(State& s, int cell, int digit) {
    const Mask bit = Mask{1} << (digit - 1);
    if (!(s.candidates[cell] & bit)) return false;
    if (s.value[cell]) return s.value[cell] == digit;
    s.candidates[cell] = bit;
    s.value[cell] = static_cast<std::uint8_t>(digit);
    --s.empty;
    touch(cell);
    for (int p : g_.peers(cell)) {
      Mask& m = s.candidates[p];
      if (!(m & bit)) continue;
      m &= ~bit;
      if (!m) return false;
      touch(p);
      if (!s.value[p] && one_bit(m)) queue_.push_back(p);
    }
    return true;
  }

  // A house whose candidates changed since it was last scanned for hidden
  // singles.
  void touch(int cell) {
    for (int h : houses_of_[static_cast<std::size_t>(cell)])
      dirty_[static_cast<std::size_t>(h) / 64] |= std::uint64_t{1} << (h % 64);
  }

  // Naked singles from the queue, then hidden singles (a digit seen in exactly
  // one cell of a house goes there) in the houses that changed since they were
  // last scanned, until nothing changes. The result, a contradiction or the
  // state no single applies to, does not depend on the order the singles are
  // found in; only houses that changed can hold a new one.
  bool propagate(State& s) {
    for (;;) {
      while (!queue_.empty()) {
        const int c = queue_.back();
        queue_.pop_back();
        if (s.value[c]) continue;
        if (!place(s, c, std::countr_zero(s.candidates[c]) + 1)) return false;
      }
      if (s.empty == 0) return true;
      bool changed = false;
      for (std::size_t w = 0; w < dirty_.size(); ++w) {
        while (dirty_[w]) {
          const int h = static_cast<int>(64 * w) + std::countr_zero(dirty_[w]);
          dirty_[w] &= dirty_[w] - 1;
          Mask once = 0, more = 0;
          for (int c : g_.house_cells(h)) {
            more |= once & s.candidates[c];
            once |= s.candidates[c];
          }
          if (once != g_.all_digits()) return false;
          const Mask single = once & ~more;
          if (!single) continue;
          for (int c : g_.house_cells(h)) {
            const Mask m = s.candidates[c] & single;
            if (s.value[c] || !m) continue;
            if (!one_bit(m)) return false;
            if (!place(s, c, std::countr_zero(m) + 1)) return false;
            changed = true;
          }
        }
      }
      if (!changed && queue_.empty()) return true;
    }
  }

  // A random empty cell among those with the fewest candidates (reservoir
  // sampling over the ties).
  int pick_cell(const State& s) {
    int best = -1, best_count = kMaxSide + 1;
    std::uint32_t ties = 0;
    for (int c = 0; c < g_.cell_count(); ++c) {
      if (s.value[c]) continue;
      const int k = bit_count(s.candidates[c]);
      if (k < best_count) {
        best = c;
        best_count = k;
        ties = 1;
      } else if (k == best_count && rng_.below(++ties) == 0) {
        best = c;
      }
    }
    return best;
  }

  bool search(int depth) {
    if (++nodes_ > budget_) {
      out_of_budget_ = true;
      return false;
    }
    if ((nodes_ & 63) == 0 && deadline_.expired()) {
      timed_out_ = true;
      return false;
    }
    State& s = stack_[static_cast<std::size_t>(depth)];
    if (s.empty == 0) {
      depth_found_ = static_cast<std::size_t>(depth);
      return true;
    }
    const int cell = pick_cell(s);
    if (stack_.size() <= static_cast<std::size_t>(depth + 1)) stack_.emplace_back();
    Mask left = stack_[static_cast<std::size_t>(depth)].candidates[cell];
    while (left && !out_of_budget_ && !timed_out_) {
      // The k-th remaining digit, k uniform.
      Mask m = left;
      for (std::uint32_t k = rng_.below(static_cast<std::uint32_t>(bit_count(left))); k; --k)
        m &= m - 1;
      const Mask bit = m & (~m + 1);
      left &= ~bit;
      State& next = stack_[static_cast<std::size_t>(depth + 1)];
      next = stack_[static_cast<std::size_t>(depth)];
      queue_.clear();
      dirty_.fill(0);
      if (place(next, cell, std::countr_zero(bit) + 1) && propagate(next) && search(depth + 1))
        return true;
    }
    return false;
  }

  const Geometry& g_;
  Rng& rng_;
  const Deadline& deadline_;
  std::vector<State> stack_;
  std::vector<int> queue_;
  std::vector<std::array<int, 3>> houses_of_;
  std::array<std::uint64_t, (3 * kMaxSide + 63) / 64> dirty_{};
  std::uint64_t nodes_ = 0, budget_ = 0;
  std::size_t depth_found_ = 0;
  bool out_of_budget_ = false, timed_out_ = false;
};

}  // namespace

std::optional<Grid> random_solution(const Geometry& geometry, Rng& rng, const Deadline& deadline) {
  return Filler(geometry, rng, deadline).run();
}

}  // namespace nonet
