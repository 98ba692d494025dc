#pragma once
// What the puzzle-reading subcommands share: their options (named and
// explained by the operations' table, ops/options.h), reading puzzles into
// requests, and writing each answer in the chosen format.

#include <CLI/CLI.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/input.h"
#include "nonet/solver.h"
#include "ops/context.h"
#include "ops/formats.h"
#include "ops/status.h"

namespace nonet::cli {

enum class Format { line, grid, json };

struct BatchOptions {
  std::vector<std::string> files;
  std::string box;  // "RxC", empty = infer
  Format format = Format::line;
  int threads = 1;
  double timeout = -1;  // seconds per puzzle; 0 = none; -1 = not given (the default)
};

// A check for numbers that, unlike CLI::Range, refuses nan and infinities.
CLI::Validator finite_range(double low, double high);
// A check for whole numbers written in digits alone, from `low` to `high`:
// refuses signs, fractions and anything past 2^64 - 1, which a plain
// unsigned conversion would wrap or clamp.
CLI::Validator whole_range(std::uint64_t low, std::uint64_t high);
// A check by one of the operations' readers (ops/values.h): its message when
// the text is refused.
template <class Read>
CLI::Validator ops_check(Read read) {
  return CLI::Validator(
      [read](std::string& text) -> std::string {
        const auto r = read(text);
        return r ? std::string() : r.error().message;
      },
      "");
}
// 128 + the signal when SIGINT or SIGTERM stopped the run, else `code`.
int interrupted_exit(int code);

// The table's flags for an option ("-t,--profile") and its help.
std::string option_flags(std::string_view op, std::string_view name);
std::string option_help(std::string_view op, std::string_view name);
// Adds operation `op`'s option `name` as the table lists it, storing into `value`.
template <class T>
CLI::Option* add_op_option(CLI::App& cmd, std::string_view op, std::string_view name, T& value) {
  return cmd.add_option(option_flags(op, name), value, option_help(op, name));
}

// Adds FILE..., --box, --format, -j/--threads and, where `op` takes it,
// --timeout to `cmd`.
void add_batch_options(CLI::App& cmd, std::string_view op, BatchOptions& options);

// The parse options for --box (already validated by CLI11).
ParseOptions parse_options(const BatchOptions& options);

// Where a puzzle came from, for messages: "puzzles.txt:3".
std::string place(const app::InputItem& item);

// The forms the line parser does not read, as the CLI finds them in its input:
// variant puzzles and other programs' files (ops/formats.h).
app::OtherForms other_forms();
// The puzzle in another form an item holds, read. The givens are put in the
// item's place (so every command reads another program's file); a variant
// puzzle is returned for the commands that read variants. When it cannot be
// read, the item becomes the error that says why, at its line.
ops::OtherPuzzle read_other(app::InputItem& item);

// How one puzzle of a batch is run: its Context (the --timeout budget, or the
// default for the work and board; Ctrl-C; the threads of one search; the
// worker's scratch).
ops::Context item_context(const BatchOptions& options, int side, ops::Work work,
                          ops::Scratch& scratch, const VariantPuzzle* variant = nullptr);

// What a job made of its puzzle: an answer that counts as done (true) or as a
// failure for the exit code (false), or, with interrupted(), no answer: Ctrl-C
// cut its search short, so what it found is not written.
struct JobResult {
  JobResult(bool done) : ok(done) {}  // NOLINT(google-explicit-constructor)
  static JobResult interrupted() {
    JobResult r(false);
    r.cut_short = true;
    return r;
  }
  bool ok;
  bool cut_short = false;
};

// Answers one puzzle: appends its output (whole lines) to `out` and any message
// for the user to `err`. The job may take the puzzle's grid (the item is done
// with once its job returns).
using PuzzleJob = std::function<JobResult(app::InputItem& item, ops::Scratch& scratch,
                                          std::string& out, std::string& err)>;

// The line (or JSON line) for a puzzle that gave no answer, and its note on
// stderr; false, for the exit code. A cancelled one has no line at all.
JobResult report_failure(const app::InputItem& item, Format format, const ops::Failure& failure,
                         std::string& out, std::string& err);
// A puzzle that could not be read.
JobResult report_parse_error(const app::InputItem& item, Format format, std::string& out,
                             std::string& err);
// {"index": i, "line": l} followed by the answer's fields.
std::string json_line(const app::InputItem& item, nlohmann::json answer);

// Runs `job` over every puzzle of the inputs and returns the exit code:
// 0 when all went well, 1 when a puzzle failed, could not be read, or there was
// no puzzle at all; 128 + the signal (130, 143) when SIGINT or SIGTERM stopped it.
int run(const BatchOptions& options, const PuzzleJob& job);

}  // namespace nonet::cli
