#pragma once
// An independent solution counter for tests. Like the checker beside it, it
// shares nothing with the engine: the houses come from the box shape here, and
// the search is a plain depth-first one with naked and hidden singles and
// locked candidates (which bring some hard 25x25 puzzles from minutes down to
// milliseconds; most still take minutes), so a bug
// in the engine's solvers or generator cannot hide itself.

#include <cstdint>
#include <string>

#include "nonet/grid.h"

namespace nonet::testing {

// Solutions of `puzzle` counted up to `limit` (0, 1, ... limit). Only the
// values and the box shape of the grid are read.
std::uint64_t count_solutions(const Grid& puzzle, std::uint64_t limit = 2);

// The same for a line string ('.' or '0' blank, then 1-9, A-Z) with boxes of
// box_rows x box_cols.
std::uint64_t count_solutions_text(const std::string& puzzle, int box_rows, int box_cols,
                                   std::uint64_t limit = 2);

}  // namespace nonet::testing
