#pragma once
// An independent solution counter for the variants whose rules are houses or
// peers (regions, diagonals, disjoint groups, extra regions, anti-knight,
// anti-king, non-consecutive), killer cages, kropki dots and XV (with their
// rules where nothing is drawn) and thermometers. Like the classic counter beside it, it shares
// nothing with the engine: each rule is read from its definition here, and
// the search is a plain depth-first one with naked and hidden singles.

#include <cstdint>

#include "nonet/variant.h"

namespace nonet::testing {

// Solutions of `puzzle` counted up to `limit`. A rule of another kind is a
// test failure (ADD_FAILURE) and counts nothing.
std::uint64_t count_variant_solutions(const VariantPuzzle& puzzle, std::uint64_t limit = 2);

}  // namespace nonet::testing
