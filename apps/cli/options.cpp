#include "cli/options.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "common/interrupt.h"
#include "common/output.h"
#include "common/progress.h"
#include "ops/batch.h"
#include "ops/fpuzzles.h"
#include "ops/json.h"
#include "ops/options.h"
#include "ops/values.h"

namespace nonet::cli {

std::string option_flags(std::string_view op, std::string_view name) {
  const ops::OptionInfo* info = ops::find_option(op, name);
  std::string flag = "--" + std::string(name);
  std::replace(flag.begin(), flag.end(), '_', '-');
  return info && !info->cli_short.empty() ? std::string(info->cli_short) + "," + flag : flag;
}

std::string option_help(std::string_view op, std::string_view name) {
  const ops::OptionInfo* info = ops::find_option(op, name);
  return info ? std::string(info->help) : std::string();
}

void add_batch_options(CLI::App& cmd, std::string_view op, BatchOptions& options) {
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
  add_op_option(cmd, op, "box", options.box)->check(ops_check(ops::read_box));
  cmd.add_option_function<std::string>(
         "-f,--format",
         [&options](const std::string& v) {
           options.format = v == "json" ? Format::json : v == "grid" ? Format::grid : Format::line;
         },
         "Output: line (one line per puzzle, the default), grid (readable), json (JSON Lines)")
      ->check(CLI::IsMember({"line", "grid", "json"}))
      ->type_name("FORMAT");
  add_op_option(cmd, op, "threads", options.threads)->check(CLI::Range(1, 256));
  if (ops::find_option(op, "timeout"))
    add_op_option(cmd, op, "timeout", options.timeout)->check(finite_range(0.0, 1e6));
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
  const ops::Result<ParseOptions> p = ops::read_parse_options(options.box);  // checked by CLI11
  return p ? *p : ParseOptions{};
}

std::string place(const app::InputItem& item) {
  return *item.source + ":" + std::to_string(item.puzzle.line);
}

ops::Context item_context(const BatchOptions& options, int side, ops::Work work,
                          ops::Scratch& scratch, const VariantPuzzle* variant) {
  ops::Context context;
  context.cancel = app::interrupt_flag();  // Ctrl-C stops a long search at once
  context.scratch = &scratch;
  // One puzzle at a time (no -j): a search for nested chains may use up to
  // four cores. With -j the batch already keeps them busy.
  context.threads = ops::chain_threads(options.threads > 1 ? 1 : 0);
  context.set_budget(options.timeout < 0 ? std::nullopt : std::optional<double>(options.timeout),
                     work, side, variant);
  return context;
}

std::string json_line(const app::InputItem& item, nlohmann::json answer) {
  answer["index"] = item.index + 1;
  answer["line"] = item.puzzle.line;
  // Bytes that are not UTF-8 (from an option's text quoted in a message) are
  // replaced, never thrown on.
  return answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

JobResult report_failure(const app::InputItem& item, Format format, const ops::Failure& failure,
                         std::string& out, std::string& err) {
  if (failure.code == ops::Code::cancelled) return JobResult::interrupted();
  const bool ran_out = failure.code == ops::Code::timeout;
  // An option's value at fault is named by its flag, with the place in its text.
  std::string message = failure.message;
  if (!failure.option.empty() && failure.code != ops::Code::conflicting_givens &&
      failure.code != ops::Code::no_solution) {
    const Error where{failure.line, failure.column, failure.message};
    message = "--" + failure.option + ": " + where.to_string();
  }
  err += "nonet: " + place(item) + ": " + message + "\n";
  if (format == Format::json) {
    const nlohmann::json error = {{"code", ops::code_name(failure.code)},
                                  {"message", message},
                                  {"line", item.puzzle.line}};
    out += json_line(item, {{"status", ran_out ? "timeout" : "invalid"}, {"error", error}});
  } else {
    out += (ran_out ? "timeout: " : "invalid: ") + message + "\n";
  }
  return false;
}

JobResult report_parse_error(const app::InputItem& item, Format format, std::string& out,
                             std::string& err) {
  const Error& e = item.puzzle.error();
  err += "nonet: " + *item.source + ": " + e.to_string() + "\n";
  if (format == Format::json) {
    nlohmann::json error = ops::error_json(e);
    error["code"] = "bad_puzzle";
    out += json_line(item, {{"status", "invalid"}, {"error", std::move(error)}});
  } else {
    out += "invalid: " + e.to_string() + "\n";
    if (format == Format::grid) out += "\n";
  }
  return false;
}

namespace {

// One puzzle of a batch with its answer.
struct Slot {
  app::InputItem item;
  std::string out{}, err{};
  bool ok = true;
};

}  // namespace

app::OtherForms other_forms() {
  auto lines = std::make_shared<ops::OtherLines>();
  return {[lines](std::string_view line) { return lines->starts(line); },
          [lines] { return lines->complete(); },
          [lines](std::string_view line) { return lines->continues(line); }, ops::split_other};
}

ops::OtherPuzzle read_other(app::InputItem& item) {
  if (item.other.empty()) return {};
  const int line = item.puzzle.line;
  nonet::Result<ops::OtherPuzzle> read = ops::read_other(item.other);
  if (!read) {
    const Error& e = read.error();
    item.puzzle = ParsedPuzzle(line, Error{e.line > 0 ? line + e.line - 1 : line, e.column, e.message});
    return {};
  }
  item.puzzle = ParsedPuzzle(line, read->document ? read->document->givens : read->variant->givens);
  return std::move(*read);
}

int run(const BatchOptions& options, const PuzzleJob& job) {
  app::PuzzleInput input(options.files, parse_options(options));
  input.set_other_forms(other_forms());
  app::install_interrupt_handlers();
  const std::atomic<bool>* interrupted = app::interrupt_flag();
  input.set_cancel(interrupted);
  app::OutputWriter output(STDOUT_FILENO, interrupted);
  std::vector<std::unique_ptr<ops::Scratch>> scratch;
  for (int t = 0; t < std::max(1, options.threads); ++t)
    scratch.push_back(std::make_unique<ops::Scratch>());
  ops::BatchSummary summary;
  std::size_t failures = 0;
  {
    // No progress line while a person types puzzles in.
    const bool typed =
        isatty(STDIN_FILENO) == 1 &&
        (options.files.empty() ||
         std::find(options.files.begin(), options.files.end(), "-") != options.files.end());
    app::Progress progress("puzzles", 0, !typed);
    progress.set_fraction([&input] { return input.fraction_read(); });
    ops::BatchHooks<Slot> hooks;
    std::vector<app::InputItem> items;
    // Answers range from 82 bytes to tens of KiB (a 25x25 grid full of
    // conflicts names each), and a few groups are held at once: a group takes
    // as many puzzles as the largest answers so far fit in kGroupBytes, and
    // the first groups, before any answer is known, are small.
    constexpr std::size_t kGroupBytes = std::size_t{4} << 20;
    constexpr std::size_t kFirstGroup = 64;
    std::size_t answer_bytes = 0;  // the most bytes per answer of any group written
    hooks.read = [&](std::vector<Slot>& group, std::size_t max) {
      items.clear();
      const std::size_t fit =
          answer_bytes == 0 ? kFirstGroup : std::max<std::size_t>(8, kGroupBytes / answer_bytes);
      if (!input.read(items, std::min(max, fit))) return false;
      group.reserve(group.size() + items.size());
      for (app::InputItem& item : items) group.push_back({std::move(item)});
      return true;
    };
    hooks.run = [&](Slot& slot, int worker) {
      // Another program's file gives every command its givens.
      if (!slot.item.other.empty() && ops::looks_like_document(slot.item.other))
        read_other(slot.item);
      const JobResult r = job(slot.item, *scratch[static_cast<std::size_t>(worker)], slot.out,
                              slot.err);
      slot.ok = r.ok;
      return !r.cut_short;
    };
    std::string joined;
    std::string notes;
    std::vector<std::size_t> ends;  // where each answer ends in `joined`
    hooks.write = [&](std::vector<Slot>& group, std::size_t from, std::size_t to) {
      joined.clear();
      notes.clear();
      ends.clear();
      for (std::size_t i = from; i < to; ++i) {
        joined += group[i].out;
        ends.push_back(joined.size());
        if (!group[i].err.empty()) notes += group[i].err;
        failures += group[i].ok ? 0 : 1;
      }
      answer_bytes = std::max(answer_bytes, (joined.size() + notes.size()) / (to - from) + 1);
      if (!output.write_answers(joined, ends)) return false;
      progress.add(to - from);
      if (!notes.empty()) progress.message(notes);
      return true;
    };
    summary = ops::run_batch(options.threads, hooks, interrupted);
  }
  for (const std::string& e : input.io_errors()) std::fprintf(stderr, "nonet: %s\n", e.c_str());
  if (summary.write_failed && output.failed()) {
    std::fprintf(stderr, "nonet: cannot write the answers: %s (%zu answers were written)\n",
                 output.error().c_str(), output.answers_written());
    return 1;
  }
  if (summary.cancelled) {
    const int sig = app::interrupt_signal();
    std::fprintf(stderr,
                 "nonet: interrupted after %zu answers; every answer before it was written\n",
                 output.answers_written());
    return 128 + (sig > 0 ? sig : SIGINT);
  }
  if (summary.written == 0 && input.io_errors().empty()) {
    std::fprintf(stderr, "nonet: no puzzle found in the input\n");
    return 1;
  }
  return failures > 0 || !input.io_errors().empty() ? 1 : 0;
}

}  // namespace nonet::cli
