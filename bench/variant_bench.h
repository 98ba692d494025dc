#pragma once
// nonet-bench --variants FILE: variant puzzles (f-puzzles JSON, one object a
// line), each solved to a proof of uniqueness (counted to 2) `repeat` times.

#include <string>

namespace nonet::bench {

// Prints a row per puzzle (median ms of `repeat` solves, the count, and
// whether the solution matches the line's "solution", when it has one) and a
// total; as JSON Lines when `json`. Returns the exit status: 1 when a
// solution differs from the line's or a puzzle cannot be read.
int run_variants(const std::string& path, int repeat, bool json);

}  // namespace nonet::bench
