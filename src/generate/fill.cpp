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

#include <bit>
#include <vector>

#include "core/bits.h"
#include "generate/scratch.h"
#include "nonet/generate.h"

namespace nonet {
namespace {

using detail::FillBuffers;
using detail::FillState;

class Filler {
 public:
  Filler(const Geometry& g, Rng& rng, const Deadline& deadline, FillBuffers& buffers,
         std::uint64_t max_nodes)
      : g_(g),
        rng_(rng),
        deadline_(deadline),
        stack_(buffers.stack),
        naked_(buffers.naked),
        hidden_(buffers.hidden),
        n_(g.side()),
        max_nodes_(max_nodes) {}

  std::optional<Grid> run() {
    std::uint64_t budget = 64u * static_cast<std::uint64_t>(g_.cell_count());
    for (;;) {
      nodes_ = 0;
      budget_ = budget;
      out_of_budget_ = false;
      if (stack_.empty()) stack_.emplace_back();  // deeper levels keep their buffers
      FillState& root = stack_[0];
      root.candidates.assign(static_cast<std::size_t>(g_.cell_count()), g_.all_digits());
      root.value.assign(static_cast<std::size_t>(g_.cell_count()), 0);
      root.places.assign(static_cast<std::size_t>(g_.house_count() * n_),
                         static_cast<std::uint8_t>(n_));
      root.empty = g_.cell_count();
      naked_.clear();
      hidden_.clear();
      if (search(0)) {
        Grid grid(g_);
        for (int c = 0; c < g_.cell_count(); ++c) grid.set(c, stack_[depth_found_].value[c]);
        return grid;
      }
      if (timed_out_) return std::nullopt;
      // A search that ended inside its budget has tried everything: the
      // board (a variant's) has no full grid at all.
      if (!out_of_budget_) {
        exhausted_ = true;
        return std::nullopt;
      }
      spent_ += nodes_;
      if (max_nodes_ && spent_ >= max_nodes_) return std::nullopt;
      budget *= 2;
    }
  }

 private:
  // Digit d (0-based) has left `cell`. False when some house of the cell has
  // no place left for it.
  bool lose(FillState& s, int cell, int d) {
    for (int h : g_.houses_of(cell)) {
      const int at = h * n_ + d;
      const int left = --s.places[static_cast<std::size_t>(at)];
      if (left == 0) return false;
      if (left == 1) hidden_.push_back(at);
    }
    return true;
  }

  bool place(FillState& s, int cell, int digit) {
    const Mask bit = Mask{1} << (digit - 1);
    if (!(s.candidates[cell] & bit)) return false;
    if (s.value[cell]) return s.value[cell] == digit;
    const Mask others = s.candidates[cell] & ~bit;
    s.candidates[cell] = bit;
    s.value[cell] = static_cast<std::uint8_t>(digit);
    --s.empty;
    for (Mask m = others; m; m &= m - 1)
      if (!lose(s, cell, std::countr_zero(m))) return false;
    for (int p : g_.peers(cell)) {
      Mask& m = s.candidates[p];
      if (!(m & bit)) continue;
      m &= ~bit;
      if (!m || !lose(s, p, digit - 1)) return false;
      if (!s.value[p] && one_bit(m)) naked_.push_back(p);
    }
    // Under the non-consecutive rule the orthogonal neighbours lose the
    // digits next to this one (none on other boards).
    for (int p : g_.consecutive_neighbours(cell)) {
      Mask& m = s.candidates[p];
      const Mask gone = m & g_.consecutive_of(digit);
      if (!gone) continue;
      m &= ~gone;
      if (!m) return false;
      for (Mask g = gone; g; g &= g - 1)
        if (!lose(s, p, std::countr_zero(g))) return false;
      if (!s.value[p] && one_bit(m)) naked_.push_back(p);
    }
    return true;
  }

  // Naked singles (a cell with one candidate) and hidden singles (a digit
  // with one place in a house) until none is left. The result, a
  // contradiction or the state no single applies to, does not depend on the
  // order they are taken in.
  bool propagate(FillState& s) {
    for (;;) {
      if (!naked_.empty()) {
        const int c = naked_.back();
        naked_.pop_back();
        if (s.value[c]) continue;
        if (!place(s, c, std::countr_zero(s.candidates[c]) + 1)) return false;
      } else if (!hidden_.empty()) {
        const int at = hidden_.back();
        hidden_.pop_back();
        const int house = at / n_, d = at % n_;
        const Mask bit = Mask{1} << d;
        for (int c : g_.house_cells(house)) {
          if (!(s.candidates[c] & bit)) continue;
          if (!s.value[c] && !place(s, c, d + 1)) return false;
          break;
        }
      } else {
        return true;
      }
    }
  }

  // A random empty cell among those with the fewest candidates (reservoir
  // sampling over the ties).
  int pick_cell(const FillState& s) {
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
    FillState& s = stack_[static_cast<std::size_t>(depth)];
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
      FillState& next = stack_[static_cast<std::size_t>(depth + 1)];
      next = stack_[static_cast<std::size_t>(depth)];
      naked_.clear();
      hidden_.clear();
      if (place(next, cell, std::countr_zero(bit) + 1) && propagate(next) && search(depth + 1))
        return true;
    }
    return false;
  }

  const Geometry& g_;
  Rng& rng_;
  const Deadline& deadline_;
  std::vector<FillState>& stack_;
  std::vector<int>& naked_;
  std::vector<int>& hidden_;
  const int n_;
  const std::uint64_t max_nodes_;  // 0: no bound
  std::uint64_t nodes_ = 0, budget_ = 0, spent_ = 0;
  std::size_t depth_found_ = 0;
  bool out_of_budget_ = false, timed_out_ = false, exhausted_ = false;

 public:
  bool exhausted() const { return exhausted_; }
};

}  // namespace

std::optional<Grid> detail::fill_grid(const Geometry& geometry, Rng& rng, const Deadline& deadline,
                                      FillBuffers& buffers, std::uint64_t max_nodes,
                                      bool* no_grid) {
  Filler filler(geometry, rng, deadline, buffers, max_nodes);
  std::optional<Grid> grid = filler.run();
  if (no_grid) *no_grid = filler.exhausted();
  return grid;
}

std::optional<Grid> random_solution(const Geometry& geometry, Rng& rng, const Deadline& deadline) {
  FillBuffers buffers;
  return detail::fill_grid(geometry, rng, deadline, buffers);
}

}  // namespace nonet
