#pragma once
// Whether a puzzle keeps its one solution when the clues of an orbit go: the
// check every dig makes (dig.cpp), shared by the band dig and the search near
// hard puzzles.

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>

#include "nonet/generate.h"
#include "nonet/grid.h"
#include "nonet/solver.h"

namespace nonet::detail {

enum class Check { unique, several, stopped, too_hard, broken };

class RemovalCheck {
 public:
  // `max_guesses` (0: none) bounds each search where the solver supports it;
  // `cancel` (may be null), once true, stops a search as the deadline does.
  RemovalCheck(Solver& solver, const Deadline& deadline, std::uint64_t max_guesses,
               const std::atomic<bool>* cancel = nullptr)
      : solver_(solver), deadline_(deadline), max_guesses_(max_guesses), cancel_(cancel) {}

  // `puzzle` had `solution` as its only solution with the clues of `orbit` in
  // place; they are now removed (puzzle[c] == 0). Does it still have only that
  // one? `puzzle` is left as it came.
  Check check(Grid& puzzle, const Grid& solution, std::span<const int> orbit) {
    return check(puzzle, solution, orbit, 0);
  }
  // The same question within `budget` guesses a search, or max_guesses if
  // that is tighter (0: no bound of its own): too_hard when one ran past it.
  // A cheap first look that can be completed later by check(), which answers
  // as if this had not been asked.
  Check check(Grid& puzzle, const Grid& solution, std::span<const int> orbit, std::uint64_t budget);
  std::uint64_t checks() const { return checks_; }

 private:
  Solver& solver_;
  const Deadline& deadline_;
  std::uint64_t max_guesses_;
  const std::atomic<bool>* cancel_;
  std::uint64_t checks_ = 0;
};

// Whether `puzzle`, which has `solution` as its only solution, keeps it
// without any one orbit of its clues: no when one can go (most puzzles dug
// within a band keep such a clue, found at once), nullopt when the deadline or
// `cancel` stopped a search.
std::optional<bool> dug_is_minimal(const Grid& puzzle, const Grid& solution, Symmetry symmetry,
                                   Solver& solver, const Deadline& deadline,
                                   const std::atomic<bool>* cancel);

}  // namespace nonet::detail
