#pragma once
#include <memory>
#include <span>

#include "nonet/solver.h"

namespace nonet::detail {
bool general_supports(const Geometry& geometry);
std::unique_ptr<Solver> make_general_solver();
bool basic_supports(const Geometry& geometry);
std::unique_ptr<Solver> make_basic_solver();
// Every board, those with a variant's houses and peers (Geometry::with_layout) too.
bool layout_supports(const Geometry& geometry);
std::unique_ptr<Solver> make_layout_solver();

// A candidate struck out before the search starts: `digit` (1-based) may not
// go in `cell`.
struct Exclusion {
  int cell = 0;
  int digit = 0;
};

// A solver that can also search a puzzle with some candidates struck out. The
// generator asks it "is there a solution with this removed clue's cell holding
// another digit?", one search for one solution, instead of counting the
// solutions of the puzzle without the clue up to 2 (which must also search
// every branch that keeps the clue's digit). The general solver is one.
class ExcludingSolver : public Solver {
 public:
  using Solver::solve;
  // `guide` (may be null): a full grid whose digit is tried first at each
  // branch; guided by the known solution, a search for a second one finds it
  // in about a quarter of the time. `max_guesses` (0: none): the search stops
  // (result.stopped) once it has branched more often.
  virtual SolveResult solve(const Grid& puzzle, std::span<const Exclusion> excluded,
                            const Grid* guide, std::uint64_t max_guesses,
                            const SolveOptions& options) = 0;
};
}  // namespace nonet::detail
