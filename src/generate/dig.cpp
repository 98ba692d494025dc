// Digging a full grid down to a unique, minimal puzzle, and the checks behind it.

#include <algorithm>

#include "generate/removal_check.h"
#include "generate/scratch.h"
#include "nonet/generate.h"
#include "nonet/validate.h"
#include "solve/general_solver.h"

namespace nonet {
namespace detail {
namespace {

using detail::ExcludingSolver;
using detail::Exclusion;

SolveOptions counting(const Deadline& deadline, const std::atomic<bool>* cancel = nullptr) {
  SolveOptions o;
  o.limit = 2;
  o.deadline = deadline;
  o.cancel = cancel;
  return o;
}

// True when each cell of `removed` is a naked single given the clues left in
// `puzzle`: its peers' clues hold every digit but its own. Then the puzzle
// without them has the same solutions as with them, and no search is needed.
// Early in the dig most removals pass this test.
bool forced_by_peers(const Grid& puzzle, const Grid& solution, std::span<const int> removed) {
  const Geometry& g = puzzle.geometry();
  for (int cell : removed) {
    Mask seen = 0;
    for (int p : g.peers(cell)) {
      if (puzzle[p]) seen |= Mask{1} << (puzzle[p] - 1);
    }
    if (seen != (g.all_digits() & ~(Mask{1} << (solution[cell] - 1)))) return false;
  }
  return true;
}

// Whether `puzzle` (which `solution` solves, and which had no other solution
// with the clues of `orbit` in place) still has no other: by counting its
// solutions up to 2.
Check count_to_two(const Grid& puzzle, Solver& solver, const SolveOptions& options,
                   std::uint64_t& checks) {
  ++checks;
  const SolveResult r = solver.solve(puzzle, options);
  if (r.stopped) return Check::stopped;
  if (r.count == 1 && r.exhausted) return Check::unique;
  return r.count == 0 ? Check::broken : Check::several;
}

// The same question by refutation. Any other solution solves the puzzle with
// the orbit's clues back in place unless it differs from `solution` in one of
// the orbit's cells, and that puzzle has no other solution: so it suffices to
// search, for each orbit cell i in turn, for a solution with cell i not holding
// its digit (the cells before i keeping theirs, so the searches do not
// overlap). Each search wants a single solution and starts with one candidate
// fewer; counting to 2 would also re-search every branch where the clue holds,
// which late in a dig is most of the work.
Check refute_others(Grid& puzzle, const Grid& solution, std::span<const int> orbit,
                    ExcludingSolver& solver, SolveOptions one, std::uint64_t max_guesses,
                    std::uint64_t& checks) {
  one.limit = 1;
  Check verdict = Check::unique;
  for (std::size_t i = 0; i < orbit.size() && verdict == Check::unique; ++i) {
    ++checks;
    const Exclusion other{orbit[i], solution[orbit[i]]};
    const SolveResult r = solver.solve(puzzle, std::span(&other, 1), &solution, max_guesses, one);
    if (r.stopped)
      verdict = max_guesses && r.guesses >= max_guesses ? Check::too_hard : Check::stopped;
    else if (r.count > 0)
      verdict = Check::several;
    puzzle.set(orbit[i], solution[orbit[i]]);
  }
  for (int c : orbit) puzzle.set(c, 0);
  return verdict;
}

}  // namespace

Check RemovalCheck::check(Grid& puzzle, const Grid& solution, std::span<const int> orbit,
                          std::uint64_t budget) {
  if (max_guesses_ && (!budget || max_guesses_ < budget)) budget = max_guesses_;
  if (forced_by_peers(puzzle, solution, orbit)) return Check::unique;
  if (auto* refuting = dynamic_cast<ExcludingSolver*>(&solver_))
    return refute_others(puzzle, solution, orbit, *refuting, counting(deadline_, cancel_), budget,
                         checks_);
  return count_to_two(puzzle, solver_, counting(deadline_, cancel_), checks_);
}

std::optional<bool> dug_is_minimal(const Grid& puzzle, const Grid& solution, Symmetry symmetry,
                                   Solver& solver, const Deadline& deadline,
                                   const std::atomic<bool>* cancel) {
  const std::vector<std::vector<int>> orbits = symmetry_orbits(puzzle.geometry(), symmetry);
  Grid trial = puzzle;
  // A clue its peers force can go at no cost; a puzzle dug within a band
  // usually has one.
  for (const std::vector<int>& orbit : orbits) {
    if (!puzzle[orbit[0]]) continue;
    for (int c : orbit) trial.set(c, 0);
    const bool forced = forced_by_peers(trial, solution, orbit);
    for (int c : orbit) trial.set(c, solution[c]);
    if (forced) return false;
  }
  RemovalCheck removal(solver, deadline, 0, cancel);
  for (const std::vector<int>& orbit : orbits) {
    if (!puzzle[orbit[0]]) continue;
    for (int c : orbit) trial.set(c, 0);
    const Check verdict = removal.check(trial, solution, orbit);
    if (verdict == Check::unique) return false;
    if (verdict != Check::several) return std::nullopt;
    for (int c : orbit) trial.set(c, solution[c]);
  }
  return true;
}

}  // namespace detail

namespace {

using detail::Check;
using detail::counting;

}  // namespace

// One pass over the orbits in random order: remove an orbit; keep it removed
// when the puzzle still has one solution (cheap naked-single test first, the
// solver otherwise), else put it back. Invariant: the puzzle always has exactly
// one solution, `solution`; it holds at the start because `solution` is a
// valid full grid (checked: refutation trusts it).
DigResult detail::dig_orbits(const Grid& solution, std::span<const std::vector<int>> orbits,
                             Rng& rng, Solver& solver, const Deadline& deadline,
                             std::uint64_t max_guesses, const std::atomic<bool>* cancel) {
  DigResult result;
  // An index order shuffled in the orbits' place visits them as shuffling
  // them would, and leaves them to be reused for the next grid.
  std::vector<int> order(orbits.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  rng.shuffle(std::span(order));
  if (validate(solution).state != GridState::solved) {
    result.status = DigStatus::not_unique;
    return result;
  }
  detail::RemovalCheck removal(solver, deadline, max_guesses, cancel);
  Grid puzzle = solution;
  for (int index : order) {
    const std::vector<int>& orbit = orbits[static_cast<std::size_t>(index)];
    for (int c : orbit) puzzle.set(c, 0);
    const Check verdict = removal.check(puzzle, solution, orbit);
    result.checks = removal.checks();
    if (verdict == Check::unique) continue;
    if (verdict == Check::stopped || verdict == Check::too_hard) {
      result.status = verdict == Check::stopped ? DigStatus::timeout : DigStatus::too_hard;
      return result;
    }
    if (verdict == Check::broken) {  // cannot happen for a valid grid
      result.status = DigStatus::not_unique;
      return result;
    }
    for (int c : orbit) puzzle.set(c, solution[c]);
  }
  result.puzzle = std::move(puzzle);
  return result;
}

DigResult dig(const Grid& solution, Symmetry symmetry, Rng& rng, Solver& solver,
              const Deadline& deadline, std::uint64_t max_guesses,
              const std::atomic<bool>* cancel) {
  return detail::dig_orbits(solution, symmetry_orbits(solution.geometry(), symmetry), rng, solver,
                            deadline, max_guesses, cancel);
}

std::optional<bool> is_unique(const Grid& puzzle, Solver& solver, const Deadline& deadline) {
  const SolveResult r = solver.solve(puzzle, counting(deadline));
  if (r.stopped) return std::nullopt;
  return r.count == 1 && r.exhausted;
}

std::optional<bool> is_minimal(const Grid& puzzle, Symmetry symmetry, Solver& solver,
                               const Deadline& deadline) {
  const std::optional<bool> unique = is_unique(puzzle, solver, deadline);
  if (!unique || !*unique) return unique;
  Grid trial = puzzle;
  for (const std::vector<int>& orbit : symmetry_orbits(puzzle.geometry(), symmetry)) {
    bool any = false;
    for (int c : orbit) {
      any = any || puzzle[c] != 0;
      trial.set(c, 0);
    }
    if (!any) continue;
    const std::optional<bool> still = is_unique(trial, solver, deadline);
    if (!still) return std::nullopt;
    if (*still) return false;
    for (int c : orbit) trial.set(c, puzzle[c]);
  }
  return true;
}

const char* to_string(GenerateStatus status) {
  switch (status) {
    case GenerateStatus::ok: return "ok";
    case GenerateStatus::timeout: return "timeout";
    case GenerateStatus::attempts: return "attempts";
    case GenerateStatus::bad_options: return "bad_options";
  }
  return "ok";
}

}  // namespace nonet
