#pragma once
// Options shared by the puzzle-reading subcommands, and what they mean.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/batch.h"
#include "nonet/solver.h"

namespace nonet::cli {

enum class Format { line, grid, json };

struct BatchOptions {
  std::vector<std::string> files;
  std::string box;  // "RxC", empty = infer
  Format format = Format::line;
  int threads = 1;
  double timeout = -1;  // seconds per puzzle; 0 = none; -1 = not given (the default)
};

// Boards above 16x16 get this logic budget (rate, explain, hint) unless
// --timeout says otherwise: their hardest chains can run for hours.
constexpr double kLargeBoardLogicSeconds = 60;
constexpr int kLargeBoardSide = 16;

// A check for numbers that, unlike CLI::Range, refuses nan and infinities.
CLI::Validator finite_range(double low, double high);
// A check for whole numbers written in digits alone, from `low` to `high`:
// refuses signs, fractions and anything past 2^64 - 1, which a plain
// unsigned conversion would wrap or clamp.
CLI::Validator whole_range(std::uint64_t low, std::uint64_t high);
// 128 + the signal when SIGINT or SIGTERM stopped the run, else `code`.
int interrupted_exit(int code);

// Reads --box's "RxC"; false unless it names a board nonet supports.
bool parse_box(const std::string& text, int& rows, int& cols);

// Adds FILE..., --box, --format, -j/--threads and --timeout to `cmd`.
void add_batch_options(CLI::App& cmd, BatchOptions& options);

// The parse options for --box (already validated by CLI11).
ParseOptions parse_options(const BatchOptions& options);
SolveOptions solve_options(const BatchOptions& options, std::uint64_t limit);
// The logic's Deadline for a puzzle of `side`: --timeout, or when not given
// the large-board default above 16x16.
Deadline logic_deadline(const BatchOptions& options, int side);

// Where a puzzle came from, for messages: "puzzles.txt:3".
std::string place(const app::InputItem& item);
// The user-facing line for a puzzle that could not be read; also the note for stderr.
void report_parse_error(const app::InputItem& item, Format format, std::string& out,
                        std::string& err);

// Runs `make_job` over every puzzle of the inputs and returns the exit code:
// 0 when all went well, 1 when a puzzle failed, could not be read, or there was
// no puzzle at all; 128 + the signal (130, 143) when SIGINT or SIGTERM stopped it.
int run(const BatchOptions& options, const std::function<app::PuzzleJob()>& make_job);

}  // namespace nonet::cli
