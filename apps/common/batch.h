#pragma once
// Running one job over a stream of puzzles on N threads, answers written in
// input order. Each thread gets its own worker (solvers are not shared).

#include <atomic>
#include <cstdio>
#include <functional>
#include <string>

#include "common/input.h"

namespace nonet::app {

// Answers one puzzle: appends its output (whole lines) to `out` and any message
// for the user to `err`; returns false when the puzzle counts as a failure for
// the exit code.
using PuzzleJob =
    std::function<bool(const InputItem& item, std::string& out, std::string& err)>;

struct BatchSummary {
  std::size_t puzzles = 0;   // answers written
  std::size_t failures = 0;
  bool cancelled = false;    // `cancel` stopped the run early
};

// Reads every puzzle from `input`, runs `make_job()`'s job on each with `threads`
// threads, and writes the answers to `output` in input order, flushing after
// each group so an interrupted run keeps every answer written so far.
// When `cancel` becomes true no new puzzle is started, and the answers of the
// current group that were complete before it are written (the longest complete
// prefix, so the output is always the answers to the first K puzzles, in order).
// A job that ends after the flag was set may have been cut short by it (solvers
// get the same flag), so its answer is not written.
BatchSummary run_batch(PuzzleInput& input, int threads,
                       const std::function<PuzzleJob()>& make_job, std::FILE* output,
                       std::FILE* messages, const std::atomic<bool>* cancel = nullptr);

}  // namespace nonet::app
