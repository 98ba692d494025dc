// The teaching solver: the classic backtracking algorithm, kept plain on purpose.
// List the empty cells; in each, try the digits 1..N in turn and keep the first
// that no peer holds; when none fits, clear the cell and step back to the one
// before it, to try its next digit.

#include <vector>

#include "solve/general_solver.h"

namespace nonet::detail {
namespace {

class BasicSolver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options) override {
    SolveResult result;
    result.limit = options.limit < 1 ? 1 : options.limit;
    const Geometry& g = puzzle.geometry();
    Grid grid = puzzle;

    // Conflicting givens can never be completed.
    for (int c = 0; c < g.cell_count(); ++c) {
      if (grid[c] && !fits(grid, c, grid[c])) {
        result.exhausted = true;
        return result;
      }
    }
    std::vector<int> empty;
    for (int c = 0; c < g.cell_count(); ++c) {
      if (!grid[c]) empty.push_back(c);
    }

    const int n = static_cast<int>(empty.size());
    int i = 0;  // the empty cell being filled
    std::uint64_t steps = 0;
    while (i >= 0) {
      if ((++steps & 4095) == 0 &&
          (options.deadline.expired() ||
           (options.cancel && options.cancel->load(std::memory_order_relaxed)))) {
        result.stopped = true;
        return result;
      }
      if (i == n) {  // every cell filled: a solution
        if (++result.count == 1) result.solution = grid;
        if (result.count >= result.limit) return result;
        --i;  // look for the next solution
        continue;
      }
      const int cell = empty[static_cast<std::size_t>(i)];
      int digit = grid[cell] + 1;
      while (digit <= g.side() && !fits(grid, cell, digit)) ++digit;
      if (digit <= g.side()) {
        grid.set(cell, digit);
        ++result.guesses;
        ++i;
      } else {
        grid.set(cell, 0);
        --i;
      }
    }
    result.exhausted = true;
    return result;
  }

 private:
  static bool fits(const Grid& grid, int cell, int digit) {
    for (int p : grid.geometry().peers(cell)) {
      if (grid[p] == digit) return false;
    }
    return true;
  }
};

}  // namespace

// It keeps every peer apart, which is all a board's rules are but for the
// non-consecutive rule between neighbours' digits.
bool basic_supports(const Geometry& g) { return !g.layout() || !g.layout()->non_consecutive; }
std::unique_ptr<Solver> make_basic_solver() { return std::make_unique<BasicSolver>(); }

}  // namespace nonet::detail
