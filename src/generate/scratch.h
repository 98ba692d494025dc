#pragma once
// Internal: what making one puzzle after another reuses, owned by the
// Generator (one per thread) and handed down to the grid filler and the dig:
// the filler's search buffers and the orbits of the symmetry being dug. The
// free functions random_solution and dig make their own.

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "nonet/generate.h"

namespace nonet::detail {

// One depth of the grid filler's search. places[house * N + d]: the cells of
// the house whose candidates hold digit d + 1 (a placed cell holds its own
// digit), kept as candidates go, so that a hidden single shows up as a count
// falling to 1 instead of by rescanning houses.
struct FillState {
  std::vector<Mask> candidates;
  std::vector<std::uint8_t> value;
  std::vector<std::uint8_t> places;
  int empty = 0;
};

// The grid filler's buffers, kept from one grid to the next: a state per
// depth, and the singles waiting to be placed.
struct FillBuffers {
  std::vector<FillState> stack;
  std::vector<int> naked, hidden;  // cells; house * N + digit
};

// random_solution with the caller's buffers (fill.cpp). max_nodes (0: none)
// bounds the search nodes of all restarts together: nullopt once they are
// spent, for boards (a variant's regions) that may have no full grid at all.
// A board with none is found out when a search ends inside its budget:
// nullopt, and *no_grid (when given) set.
std::optional<Grid> fill_grid(const Geometry& geometry, Rng& rng, const Deadline& deadline,
                              FillBuffers& buffers, std::uint64_t max_nodes = 0,
                              bool* no_grid = nullptr);

// The orbits of the last board and symmetry asked for: building them (a
// vector per orbit) was 1.4 % of making 9x9 expert puzzles.
class OrbitCache {
 public:
  const std::vector<std::vector<int>>& of(const Geometry& geometry, Symmetry symmetry) {
    if (geometry_ != &geometry || symmetry_ != symmetry) {
      orbits_ = symmetry_orbits(geometry, symmetry);
      geometry_ = &geometry;
      symmetry_ = symmetry;
    }
    return orbits_;
  }

 private:
  const Geometry* geometry_ = nullptr;
  Symmetry symmetry_ = Symmetry::none;
  std::vector<std::vector<int>> orbits_;
};

// dig with the orbits of the solution's board under the symmetry
// (symmetry_orbits) given (dig.cpp).
DigResult dig_orbits(const Grid& solution, std::span<const std::vector<int>> orbits, Rng& rng,
                     Solver& solver, const Deadline& deadline, std::uint64_t max_guesses,
                     const std::atomic<bool>* cancel);

// A Generator's scratch.
struct GeneratorScratch {
  FillBuffers fill;
  OrbitCache orbits;
};

}  // namespace nonet::detail
