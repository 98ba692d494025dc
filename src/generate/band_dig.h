#pragma once
// Digging a full grid while its rating stays inside a band (Method::dug).

#include <atomic>
#include <cstdint>
#include <optional>

#include "nonet/generate.h"

namespace nonet::detail {

struct BandDig {
  DigStatus status = DigStatus::ok;  // ok, timeout, or not_unique for a broken grid
  std::optional<Grid> puzzle;        // the dug puzzle (one solution)
  std::optional<Rating> rating;      // its exact rating
  std::uint64_t checks = 0;          // uniqueness searches
  std::uint64_t ratings = 0;         // ratings and ceiling walks
};

// Removes the orbits of `solution` in random order, each while the puzzle keeps
// one solution and a rating no higher than the band's top; for a band that
// needs chains, until the first puzzle that needs them and rates inside it.
// The puzzle's rating is returned with it; it may still lie below the band.
// It stops (timeout) at the deadline or when `cancel` (may be null) turns true.
BandDig dig_in_band(const Grid& solution, Symmetry symmetry, Rng& rng, Solver& solver,
                    const RatingBand& band, Profile profile, const Deadline& deadline,
                    const std::atomic<bool>* cancel, std::uint64_t max_guesses);

}  // namespace nonet::detail
