// The search near hard puzzles, for bands from ER 9.0 up.
//
// Random minimal 9x9 puzzles rate 9.0 or more about once in 750, and each
// costs a rating (the chains of the hard ones take milliseconds each). But
// hard puzzles come in clusters: moving one clue of a puzzle rated 8.3 to 9.0
// gives another hard puzzle far more often than chance does. So the search
// takes random minimal puzzles until one rates within a point of the band,
// then walks among its neighbours: one clue orbit removed, one solution
// restored by clues where another solution differs from the known one, made
// minimal again. Each neighbour is rated in full; the walk moves to any that
// rates no farther from the band, and starts afresh after kPatience
// neighbours without getting nearer. Neighbours keep the symmetry and are
// minimal; all choices come from the Rng, so the seed still decides the
// puzzle. (Measured on 9x9, ER 9.0 and up: 0.7-0.9 s a puzzle on one thread
// against 1.5-2.9 s by rating random minimal puzzles; docs/generate.md.)

#include <algorithm>
#include <string>
#include <unordered_set>

#include "generate/rating_gate.h"
#include "generate/removal_check.h"
#include "generate/search.h"
#include "nonet/format.h"
#include "solve/general_solver.h"

namespace nonet::detail {
namespace {

// Neighbours tried without getting nearer the band before a fresh start.
constexpr int kPatience = 60;
// Start walking from puzzles rated at least this far below the band (tenths).
constexpr int kStartBelow = 10;
// Clue orbits added at most to restore a neighbour's one solution.
constexpr int kMaxRestoring = 4;

}  // namespace

// A neighbour of `from`: one clue orbit removed; while the puzzle has another
// solution (which must differ from the known one in a removed cell, the rest
// being a puzzle with one solution), a clue orbit added at a random cell where
// it differs; then made minimal, the added orbits kept.
std::optional<Generated> Search::neighbour(const Generated& from, const std::vector<int>& orbit_of,
                                           const std::vector<std::vector<int>>& orbits) {
  const Grid& solution = from.solution;
  Grid puzzle = from.puzzle;
  std::vector<int> clue_orbits;
  for (std::size_t o = 0; o < orbits.size(); ++o)
    if (puzzle[orbits[o][0]]) clue_orbits.push_back(static_cast<int>(o));
  if (clue_orbits.empty()) return std::nullopt;
  const int removed = clue_orbits[rng_.below(static_cast<std::uint32_t>(clue_orbits.size()))];
  for (int c : orbits[static_cast<std::size_t>(removed)]) puzzle.set(c, 0);

  auto& excluding = dynamic_cast<ExcludingSolver&>(*general_);
  SolveOptions one;
  one.limit = 1;
  one.deadline = options_.deadline;
  std::vector<int> kept = {removed};
  bool unique = false;
  for (int round = 0; round <= kMaxRestoring && !unique; ++round) {
    // Another solution, if any, differs from `solution` in a removed cell.
    std::optional<Grid> other;
    for (int c : orbits[static_cast<std::size_t>(removed)]) {
      const Exclusion not_known{c, solution[c]};
      ++result_.checks;
      SolveResult r = excluding.solve(puzzle, std::span(&not_known, 1), nullptr, 0, one);
      if (r.stopped) return std::nullopt;
      if (r.count > 0) {
        other = std::move(r.solution);
        break;
      }
    }
    if (!other) {
      unique = true;
      break;
    }
    if (round == kMaxRestoring) break;
    std::vector<int> differ;
    for (int c = 0; c < puzzle.size(); ++c) {
      if (!puzzle[c] && (*other)[c] != solution[c] &&
          orbit_of[static_cast<std::size_t>(c)] != removed)
        differ.push_back(c);
    }
    if (differ.empty()) return std::nullopt;
    const int cell = differ[rng_.below(static_cast<std::uint32_t>(differ.size()))];
    const int added = orbit_of[static_cast<std::size_t>(cell)];
    for (int c : orbits[static_cast<std::size_t>(added)]) puzzle.set(c, solution[c]);
    kept.push_back(added);
  }
  if (!unique) return std::nullopt;

  // Minimal again: every other clue orbit, in random order.
  std::vector<int> others;
  for (std::size_t o = 0; o < orbits.size(); ++o) {
    if (puzzle[orbits[o][0]] &&
        std::find(kept.begin(), kept.end(), static_cast<int>(o)) == kept.end())
      others.push_back(static_cast<int>(o));
  }
  rng_.shuffle(std::span(others));
  RemovalCheck removal(solver_, options_.deadline, max_guesses_, options_.cancel);
  for (int o : others) {
    const std::vector<int>& orbit = orbits[static_cast<std::size_t>(o)];
    for (int c : orbit) puzzle.set(c, 0);
    const Check verdict = removal.check(puzzle, solution, orbit);
    if (verdict == Check::stopped || verdict == Check::broken) return std::nullopt;
    if (verdict != Check::unique) {
      for (int c : orbit) puzzle.set(c, solution[c]);
    }
  }
  result_.checks += removal.checks();
  const int clues = puzzle.filled_count();
  return Generated{std::move(puzzle), solution, clues, true};
}

GenerateResult Search::run_near() {
  const RatingBand& band = *options_.band;
  const std::vector<std::vector<int>> orbits = symmetry_orbits(geometry_, options_.symmetry);
  std::vector<int> orbit_of(static_cast<std::size_t>(geometry_.cell_count()));
  for (std::size_t o = 0; o < orbits.size(); ++o)
    for (int c : orbits[o]) orbit_of[static_cast<std::size_t>(c)] = static_cast<int>(o);
  const int start_from = std::max(band.low - kStartBelow, kChainsFrom);

  // A rating in full, or nullopt when the deadline stopped it; the candidate
  // is taken when it fits.
  auto rated = [&](const Generated& candidate) -> std::optional<Rating> {
    ++result_.ratings;
    const Rating rating = full_rating(candidate.puzzle, options_.profile, options_.deadline);
    if (rating.stopped || !rating.er_exact) return std::nullopt;
    return rating;
  };
  for (;;) {
    // A start: the first random minimal puzzle rated near enough.
    std::optional<Generated> current;
    int current_distance = 0;
    while (!current) {
      std::optional<Generated> made = make_minimal();
      if (!made) return std::move(result_);
      const std::optional<Rating> rating = rated(*made);
      if (!rating) continue;
      if (band.contains(*rating) && clues_fit(made->puzzle) && take(*made, rating))
        return std::move(result_);
      consider(*made, *rating);
      if (rating->er >= start_from) {
        current = std::move(made);
        current_distance = band.distance(rating->er);
      }
    }
    // The walk.
    std::unordered_set<std::string> seen = {to_line(current->puzzle)};
    for (int stale = 0; stale < kPatience; ++stale) {
      if (must_stop()) return std::move(result_);
      std::optional<Generated> next = neighbour(*current, orbit_of, orbits);
      if (!next || !seen.insert(to_line(next->puzzle)).second) continue;
      ++result_.attempts;
      const std::optional<Rating> rating = rated(*next);
      if (!rating) continue;
      if (band.contains(*rating) && clues_fit(next->puzzle) && take(*next, rating))
        return std::move(result_);
      consider(*next, *rating);
      const int distance = band.distance(rating->er);
      if (distance <= current_distance) {
        if (distance < current_distance) stale = -1;
        current = std::move(next);
        current_distance = distance;
      }
    }
  }
}

}  // namespace nonet::detail
