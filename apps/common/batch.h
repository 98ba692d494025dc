#pragma once
// Running one job over a stream of puzzles on N threads, answers written in
// input order. Each thread gets its own worker (solvers are not shared).

#include <atomic>
#include <functional>
#include <string>

#include "common/input.h"
#include "common/output.h"
#include "common/progress.h"

namespace nonet::app {

// What a job made of its puzzle: an answer that counts as done (true) or as a
// failure for the exit code (false), or, with interrupted(), no answer: the
// cancel flag cut its search short, so what it found is not written.
struct JobResult {
  JobResult(bool done)
      : ok(done) {}  // NOLINT(google-explicit-constructor): jobs return true or false
  static JobResult interrupted() {
    JobResult r(false);
    r.cut_short = true;
    return r;
  }
  bool ok;
  bool cut_short = false;
};

// Answers one puzzle: appends its output (whole lines) to `out` and any message
// for the user to `err`.
using PuzzleJob =
    std::function<JobResult(const InputItem& item, std::string& out, std::string& err)>;

struct BatchSummary {
  std::size_t puzzles = 0;  // answers written
  std::size_t failures = 0;
  bool cancelled = false;      // `cancel` stopped the run early
  bool output_failed = false;  // a write failed: see the writer's error()
};

// Reads every puzzle from `input`, runs `make_job()`'s job on each with `threads`
// threads, and writes the answers to `output` in input order, a group at a
// time, so an interrupted run keeps every answer written so far; the jobs'
// messages go to `progress` (standard error), which also counts the answers.
// When `cancel` becomes true no new puzzle is started, and the answers of the
// current group that were complete are written (the longest complete prefix,
// so the output is always the answers to the first K puzzles, in order); a job
// that the flag cut short (JobResult::interrupted) is not complete. A failed
// write stops the run too (summary.output_failed).
BatchSummary run_batch(PuzzleInput& input, int threads, const std::function<PuzzleJob()>& make_job,
                       OutputWriter& output, Progress& progress,
                       const std::atomic<bool>* cancel = nullptr);

}  // namespace nonet::app
