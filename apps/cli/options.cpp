#include "cli/options.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/interrupt.h"
#include "common/json_shapes.h"
#include "common/output.h"
#include "common/progress.h"

namespace nonet::cli {

bool parse_box(const std::string& text, int& rows, int& cols) {
  const Result<const Geometry*> g = Geometry::from_shape(text);
  if (!g) return false;
  rows = (*g)->box_rows();
  cols = (*g)->box_cols();
  return true;
}

void add_batch_options(CLI::App& cmd, BatchOptions& options) {
  cmd.add_option("files", options.files,
                 "Puzzle files (default: standard input; '-' also means standard input)")
      ->check([](const std::string& f) {
        if (f == "-") return std::string();
        std::error_code ec;
        const auto status = std::filesystem::status(f, ec);
        if (ec || !std::filesystem::exists(status)) return "no such file: " + f;
        if (std::filesystem::is_directory(status)) return "a directory, not a file: " + f;
        // Regular files, pipes (<(...)) and devices such as /dev/null or /dev/stdin.
        return std::string();
      });
  cmd.add_option("--box", options.box,
                 "Box shape RxC (rows x columns), e.g. 3x2 for 6x6 boards with tall boxes; "
                 "default: inferred from the number of cells")
      ->check([](const std::string& v) {
        const Result<const Geometry*> g = Geometry::from_shape(v);
        return g ? std::string() : g.error().message;
      });
  cmd.add_option_function<std::string>(
         "-f,--format",
         [&options](const std::string& v) {
           options.format = v == "json" ? Format::json : v == "grid" ? Format::grid : Format::line;
         },
         "Output: line (one line per puzzle, the default), grid (readable), json (JSON Lines)")
      ->check(CLI::IsMember({"line", "grid", "json"}))
      ->type_name("FORMAT");
  cmd.add_option("-j,--threads", options.threads, "Worker threads for batches")
      ->check(CLI::Range(1, 256));
  cmd.add_option("--timeout", options.timeout,
                 "Time budget per puzzle in seconds (0 = none, the default; rate, explain and "
                 "hint give boards above 16x16 60 s); a puzzle that runs out is reported as "
                 "'timeout'")
      ->check(finite_range(0.0, 1e6));
}

CLI::Validator finite_range(double low, double high) {
  char range[64];
  std::snprintf(range, sizeof range, "[%g - %g]", low, high);
  return CLI::Validator(
      [low, high, range = std::string(range)](std::string& text) -> std::string {
        double v = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, v);
        if (ec != std::errc() || stop != end || !std::isfinite(v))
          return "'" + text + "' is not a number";
        if (v < low || v > high) return "value " + text + " not in range " + range;
        return "";
      },
      "NUMBER in " + std::string(range));
}

CLI::Validator whole_range(std::uint64_t low, std::uint64_t high) {
  const std::string range = "[" + std::to_string(low) + " - " + std::to_string(high) + "]";
  return CLI::Validator(
      [low, high, range](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const bool digits =
            !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        const auto [stop, ec] = std::from_chars(text.data(), end, v);
        if (!digits) return "'" + text + "' is not a whole number from " + std::to_string(low);
        if (ec == std::errc::result_out_of_range || v < low || v > high || stop != end)
          return "value " + text + " not in range " + range;
        return "";
      },
      "UINT in " + range);
}

int interrupted_exit(int code) {
  const int sig = app::interrupt_signal();
  return sig > 0 ? 128 + sig : code;
}

ParseOptions parse_options(const BatchOptions& options) {
  ParseOptions p;
  if (!options.box.empty()) parse_box(options.box, p.box_rows, p.box_cols);
  return p;
}

SolveOptions solve_options(const BatchOptions& options, std::uint64_t limit) {
  SolveOptions s;
  s.limit = limit;
  s.cancel = app::interrupt_flag();  // Ctrl-C stops a long search at once
  if (options.timeout > 0) {
    s.deadline =
        Deadline::after(std::chrono::nanoseconds(static_cast<std::int64_t>(options.timeout * 1e9)));
  }
  return s;
}

Deadline logic_deadline(const BatchOptions& options, int side) {
  double seconds = options.timeout;
  if (seconds < 0 && side > kLargeBoardSide) seconds = kLargeBoardLogicSeconds;
  if (seconds <= 0) return {};
  return Deadline::after(std::chrono::nanoseconds(static_cast<std::int64_t>(seconds * 1e9)));
}

std::string place(const app::InputItem& item) {
  return *item.source + ":" + std::to_string(item.puzzle.line);
}

void report_parse_error(const app::InputItem& item, Format format, std::string& out,
                        std::string& err) {
  const Error& e = item.puzzle.error();
  err += "nonet: " + *item.source + ": " + e.to_string() + "\n";
  if (format == Format::json) {
    nlohmann::json j = {{"index", item.index + 1},
                        {"line", item.puzzle.line},
                        {"status", "invalid"},
                        {"error", app::error_json(e)}};
    out += j.dump() + "\n";
  } else {
    out += "invalid: " + e.to_string() + "\n";
    if (format == Format::grid) out += "\n";
  }
}

int run(const BatchOptions& options, const std::function<app::PuzzleJob()>& make_job) {
  app::PuzzleInput input(options.files, parse_options(options));
  app::install_interrupt_handlers();
  app::OutputWriter output(STDOUT_FILENO, app::interrupt_flag());
  app::BatchSummary summary;
  {
    // No progress line while a person types puzzles in.
    const bool typed =
        isatty(STDIN_FILENO) == 1 &&
        (options.files.empty() ||
         std::find(options.files.begin(), options.files.end(), "-") != options.files.end());
    app::Progress progress("puzzles", 0, !typed);
    progress.set_fraction([&input] { return input.fraction_read(); });
    summary =
        app::run_batch(input, options.threads, make_job, output, progress, app::interrupt_flag());
  }
  for (const std::string& e : input.io_errors()) std::fprintf(stderr, "nonet: %s\n", e.c_str());
  if (summary.output_failed) {
    std::fprintf(stderr, "nonet: cannot write the answers: %s (%zu answers were written)\n",
                 output.error().c_str(), summary.puzzles);
    return 1;
  }
  if (summary.cancelled) {
    const int sig = app::interrupt_signal();
    std::fprintf(stderr,
                 "nonet: interrupted after %zu answers; every answer before it was written\n",
                 summary.puzzles);
    return 128 + (sig > 0 ? sig : SIGINT);
  }
  if (summary.puzzles == 0 && input.io_errors().empty()) {
    std::fprintf(stderr, "nonet: no puzzle found in the input\n");
    return 1;
  }
  return summary.failures > 0 || !input.io_errors().empty() ? 1 : 0;
}

}  // namespace nonet::cli
