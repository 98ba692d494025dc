#pragma once
// One call of Generator::generate: the loop that makes candidates and judges
// them, for each way of making them (generator.cpp, near.cpp).

#include <cstdint>
#include <optional>
#include <vector>

#include "generate/scratch.h"
#include "nonet/generate.h"

namespace nonet::detail {

// The guess budget of one check while digging a grid; doubled each time a
// grid is dropped for running past it. Most 25x25 digs never come near it
// (slowest check of the first grid of seed 1: 1,992 guesses, under a second),
// but a few grids have checks of tens of thousands of guesses (minutes for
// the dig); a fresh grid is cheaper. Counted in guesses, not time, so the
// same seed gives the same puzzles on any machine and thread count. First
// budget 1,024 / 4,096 / 16,384 (nonet generate --box 5x5, CPU): --seed 5
// -n 1 88 / 21 / 13 s, --seed 1 -n 3 62 / 32 / 57 s.
inline constexpr std::uint64_t kFirstGuessBudget = 4096;

// Bands from here up (ER 9.0) are served by the search near hard puzzles.
inline constexpr int kNearFrom = 90;

class Search {
 public:
  // `general` (null on a variant's board, which it does not read) serves the
  // search near hard puzzles; without it those bands take minimal puzzles.
  Search(const Geometry& geometry, Solver& solver, Solver* general, GeneratorScratch& scratch,
         Rng& rng, const GenerateOptions& options)
      : geometry_(geometry),
        solver_(solver),
        general_(general),
        scratch_(scratch),
        rng_(rng),
        options_(options) {}

  GenerateResult run();

 private:
  bool stopped() const;
  // Sets the status and returns true when no more candidates may be made.
  bool must_stop();
  // The next full grid to dig: the options' own, or a new random one
  // (nullopt when the deadline passed).
  std::optional<Grid> next_grid();
  // A random minimal puzzle, or nullopt when the search must stop.
  std::optional<Generated> make_minimal();
  bool clues_fit(const Grid& puzzle) const;
  // The candidate's rating when it lies inside the band; otherwise nullopt (the
  // candidate is remembered when it is the closest so far).
  std::optional<Rating> judge(const Generated& candidate);
  void consider(const Generated& candidate, const Rating& rating);
  // The last filter; true (and the result set) when the candidate is taken.
  bool take(Generated candidate, std::optional<Rating> rating);

  GenerateResult run_unbanded();
  GenerateResult run_minimal();
  GenerateResult run_dug();
  GenerateResult run_near();  // near.cpp
  std::optional<Generated> neighbour(const Generated& from, const std::vector<int>& orbit_of,
                                     const std::vector<std::vector<int>>& orbits);

  const Geometry& geometry_;
  Solver& solver_;
  Solver* general_;
  GeneratorScratch& scratch_;
  Rng& rng_;
  const GenerateOptions& options_;
  GenerateResult result_;
  std::uint64_t max_guesses_ = kFirstGuessBudget;
};

}  // namespace nonet::detail
