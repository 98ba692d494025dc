#pragma once
// `nonet generate --from FILE`: a library of puzzles read for transforming.

#include <optional>
#include <string>
#include <vector>

#include "nonet/format.h"
#include "nonet/logic.h"
#include "nonet/solver.h"

namespace nonet::cli {

// A library read by --from is held in memory; this bounds it (some 800,000
// 9x9 puzzles, a few hundred MB once solved).
constexpr std::uintmax_t kMaxLibraryBytes = std::uintmax_t{64} << 20;

// One library puzzle for --from: the puzzle, its solution, the line it came
// from and the text that followed it on that line (often a rating), carried over.
struct LibraryEntry {
  Grid puzzle, solution;
  int line = 0;
  std::string note;
  std::optional<Rating> rating;
};

// Reads the library `from` ("-": standard input) a line at a time, keeping
// only its proper puzzles: memory follows the puzzles kept, and the reading
// stops at kMaxLibraryBytes, on a signal, or when `deadline` passes. Returns
// the exit code for a failure (its message written to stderr), else 0.
int load_library(const std::string& from, const ParseOptions& parse, const Deadline& deadline,
                 const std::string& timeout_text, std::vector<LibraryEntry>& library);

// Seconds as the user wrote them: 0.5 as "0.5", 10 as "10".
std::string seconds_text(double seconds);

}  // namespace nonet::cli
