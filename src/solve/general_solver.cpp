// The default solver for every size: candidate masks, propagation of naked and
// hidden singles and of locked candidates, and branching on a cell with the
// fewest candidates.

#include <bit>
#include <vector>

#include "solve/general_solver.h"

namespace nonet::detail {
namespace {

class GeneralSolver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options) override;

 private:
  // The search state, copied whole when the search branches. Invariant after
  // propagate(): every placed cell's peers lack its digit, and every empty cell
  // has at least two candidates.
  struct State {
    std::vector<Mask> candidates;     // per cell; a placed cell holds its one digit
    std::vector<std::uint8_t> value;  // per cell; 0 while empty
    int empty = 0;
  };

  bool place(State& s, int cell, int digit);
  bool propagate(State& s);
  bool hidden_singles(State& s, bool& changed);
  bool locked_candidates(State& s, bool& changed);
  void search(int depth);

  const Geometry* g_ = nullptr;
  std::vector<State> stack_;  // one state per search depth, reused
  std::vector<int> queue_;    // cells that became singles, to be placed
  SolveResult* result_ = nullptr;
  const SolveOptions* options_ = nullptr;
  std::uint64_t nodes_ = 0;
  bool stop_ = false;
};

// Places `digit` in `cell` and removes it from the peers; peers left with one
// candidate are queued. False on a contradiction (a peer left with none).
bool GeneralSolver::place(State& s, int cell, int digit) {
  const Mask bit = Mask{1} << (digit - 1);
  if (!(s.candidates[cell] & bit)) return false;
  if (s.value[cell]) return s.value[cell] == digit;
  s.candidates[cell] = bit;
  s.value[cell] = static_cast<std::uint8_t>(digit);
  --s.empty;
  for (int p : g_->peers(cell)) {
    Mask& m = s.candidates[p];
    if (!(m & bit)) continue;
    m &= ~bit;
    if (!m) return false;
    if (!s.value[p] && std::has_single_bit(m)) queue_.push_back(p);
  }
  return true;
}

// In every house, a digit with one possible cell goes there; a digit with none
// is a contradiction. Counts per digit are kept as two masks: seen once, seen
// more than once.
bool GeneralSolver::hidden_singles(State& s, bool& changed) {
  for (int h = 0; h < g_->house_count(); ++h) {
    Mask once = 0, more = 0;
    for (int c : g_->house_cells(h)) {
      const Mask m = s.candidates[c];
      more |= once & m;
      once |= m;
    }
    if (once != g_->all_digits()) return false;
    Mask single = once & ~more;
    if (!single) continue;
    for (int c : g_->house_cells(h)) {
      if (s.value[c]) continue;
      const Mask m = s.candidates[c] & single;
      if (!m) continue;
      if (!std::has_single_bit(m)) return false;  // one cell needs two digits
      if (!place(s, c, std::countr_zero(m) + 1)) return false;
      changed = true;
    }
  }
  return true;
}

// Where a digit's places in a box all lie in one row or column, it leaves the
// rest of that line, and the other way round. Worth its cost on large boards.
bool GeneralSolver::locked_candidates(State& s, bool& changed) {
  const int n = g_->side();
  for (int b = 0; b < n; ++b) {
    const auto box = g_->house_cells(g_->box_house(b));
    for (int line_kind = 0; line_kind < 2; ++line_kind) {
      // Group the box's cells by the line (row or column) through them.
      for (int i = 0; i < n; ++i) {
        const int c0 = box[i];
        const int line = line_kind == 0 ? g_->row_of(c0) : g_->col_of(c0);
        // Only start a group at its first cell in the box.
        bool first = true;
        for (int j = 0; j < i; ++j) {
          const int cj = box[j];
          if ((line_kind == 0 ? g_->row_of(cj) : g_->col_of(cj)) == line) first = false;
        }
        if (!first) continue;
        Mask inside = 0, outside_box = 0;
        for (int c : box) {
          const bool on = (line_kind == 0 ? g_->row_of(c) : g_->col_of(c)) == line;
          (on ? inside : outside_box) |= s.value[c] ? 0 : s.candidates[c];
        }
        const int house = line_kind == 0 ? g_->row_house(line) : g_->column_house(line);
        Mask outside_line = 0;
        for (int c : g_->house_cells(house)) {
          if (g_->box_of(c) != b && !s.value[c]) outside_line |= s.candidates[c];
        }
        // Pointing: digits confined to this line within the box leave the line.
        const Mask pointing = inside & ~outside_box & outside_line;
        // Claiming: digits confined to this box within the line leave the box.
        const Mask claiming = inside & ~outside_line & outside_box;
        if (pointing) {
          for (int c : g_->house_cells(house)) {
            if (g_->box_of(c) == b || s.value[c] || !(s.candidates[c] & pointing)) continue;
            s.candidates[c] &= ~pointing;
            if (!s.candidates[c]) return false;
            if (std::has_single_bit(s.candidates[c])) queue_.push_back(c);
            changed = true;
          }
        }
        if (claiming) {
          for (int c : box) {
            const bool on = (line_kind == 0 ? g_->row_of(c) : g_->col_of(c)) == line;
            if (on || s.value[c] || !(s.candidates[c] & claiming)) continue;
            s.candidates[c] &= ~claiming;
            if (!s.candidates[c]) return false;
            if (std::has_single_bit(s.candidates[c])) queue_.push_back(c);
            changed = true;
          }
        }
      }
    }
  }
  return true;
}

bool GeneralSolver::propagate(State& s) {
  for (;;) {
    while (!queue_.empty()) {
      const int c = queue_.back();
      queue_.pop_back();
      if (s.value[c]) continue;
      if (!place(s, c, std::countr_zero(s.candidates[c]) + 1)) return false;
    }
    if (s.empty == 0) return true;
    bool changed = false;
    if (!hidden_singles(s, changed)) return false;
    if (changed || !queue_.empty()) continue;
    // Locked candidates only pay on boards above 9x9, where a wrong guess is
    // expensive; on 9x9 singles alone are faster.
    if (g_->side() > 9) {
      if (!locked_candidates(s, changed)) return false;
      if (changed || !queue_.empty()) continue;
    }
    return true;
  }
}

void GeneralSolver::search(int depth) {
  if (stop_) return;
  if ((++nodes_ & 255) == 0 &&
      (options_->deadline.expired() ||
       (options_->cancel && options_->cancel->load(std::memory_order_relaxed)))) {
    stop_ = true;
    result_->stopped = true;
    return;
  }
  const State& s = stack_[static_cast<std::size_t>(depth)];
  if (s.empty == 0) {
    if (++result_->count == 1) {
      Grid solution(*g_);
      for (int c = 0; c < g_->cell_count(); ++c) solution.set(c, s.value[c]);
      result_->solution = std::move(solution);
    }
    if (result_->count >= options_->limit) stop_ = true;
    return;
  }
  // Branch on an empty cell with the fewest candidates.
  int best = -1, best_count = kMaxSide + 1;
  for (int c = 0; c < g_->cell_count(); ++c) {
    if (s.value[c]) continue;
    const int k = std::popcount(s.candidates[c]);
    if (k < best_count) {
      best = c;
      best_count = k;
      if (k == 2) break;
    }
  }
  ++result_->guesses;
  for (Mask m = s.candidates[best]; m && !stop_; m &= m - 1) {
    State& next = stack_[static_cast<std::size_t>(depth + 1)];
    next = s;  // copies into reused storage
    queue_.clear();
    if (place(next, best, std::countr_zero(m) + 1) && propagate(next)) search(depth + 1);
  }
}

SolveResult GeneralSolver::solve(const Grid& puzzle, const SolveOptions& options) {
  SolveResult result;
  result.limit = options.limit < 1 ? 1 : options.limit;
  SolveOptions opts = options;
  opts.limit = result.limit;
  g_ = &puzzle.geometry();
  result_ = &result;
  options_ = &opts;
  stop_ = false;
  nodes_ = 0;
  // One state per depth; the depth never exceeds the number of cells, and the
  // stack is sized once so references into it stay valid during the search.
  if (stack_.size() < static_cast<std::size_t>(g_->cell_count() + 1)) {
    stack_.resize(static_cast<std::size_t>(g_->cell_count() + 1));
  }
  State& root = stack_[0];
  root.candidates.assign(static_cast<std::size_t>(g_->cell_count()), g_->all_digits());
  root.value.assign(static_cast<std::size_t>(g_->cell_count()), 0);
  root.empty = g_->cell_count();
  queue_.clear();
  bool ok = true;
  for (int c = 0; c < g_->cell_count() && ok; ++c) {
    if (puzzle[c]) ok = place(root, c, puzzle[c]);
  }
  if (ok && propagate(root)) search(0);
  result.exhausted = !result.stopped && result.count < result.limit;
  result_ = nullptr;
  options_ = nullptr;
  return result;
}

}  // namespace

bool general_supports(const Geometry&) { return true; }
std::unique_ptr<Solver> make_general_solver() { return std::make_unique<GeneralSolver>(); }

}  // namespace nonet::detail
