// nonet generate

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/library.h"
#include "cli/options.h"
#include "common/interrupt.h"
#include "common/output.h"
#include "common/progress.h"
#include "nonet/format.h"
#include "ops/batch.h"
#include "ops/json.h"
#include "ops/text.h"
#include "ops/values.h"

namespace nonet::cli {
namespace {

struct GenerateCommand {
  std::uint64_t count = 1;
  int size = 0;
  std::string box;
  std::string symmetry = "none";
  std::string variant;
  std::string clues;
  std::uint64_t seed = 0;
  int threads = 1;
  Format format = Format::line;
  double timeout = 60;
  std::string from;
  std::string level;
  std::string rating;
  std::string profile = "se";
  bool rate = false;
  std::optional<bool> minimal;  // --minimal / --no-minimal; unset: the automatic choice

  // The text the user gave for an option, for messages.
  std::string given(const std::string& option) const {
    if (option == "clues") return clues;
    if (option == "rating") return rating;
    if (option == "level") return level;
    if (option == "box") return box;
    if (option == "size") return std::to_string(size);
    if (option == "variant") return variant;
    return "";
  }
};

// "nonet: --clues 5: no proper 9x9 puzzle has fewer than 17 clues"; exit code 2.
int refuse(const GenerateCommand& cmd, const ops::Failure& failure) {
  std::string option = failure.option;
  if (option == "minimal") option = *cmd.minimal ? "minimal" : "no-minimal";
  const std::string value = cmd.given(failure.option);
  std::fprintf(stderr, "nonet: %s%s%s: %s\n", option.empty() ? "" : ("--" + option).c_str(),
               value.empty() ? "" : " ", value.c_str(), failure.message.c_str());
  return 2;
}

// Runs job(i, worker, out, err) for i in [0, count) on `threads` threads and
// writes each output in index order, every write checked. A job returning
// false stops the run (the others are cancelled through `cancel`), and its
// message follows the outputs before it. SIGINT and SIGTERM stop it too: the
// puzzles finished are written, and the caller's exit code says which signal
// (interrupted_exit). A run of more than a couple of seconds on a terminal
// shows its progress on stderr.
bool run_indexed(std::uint64_t count, int threads, std::atomic<bool>& cancel,
                 const std::function<bool(std::uint64_t, int, std::string&, std::string&)>& job) {
  app::install_interrupt_handlers();
  const std::atomic<bool>& interrupted = *app::interrupt_flag();
  app::OutputWriter output(STDOUT_FILENO, &interrupted);
  app::Progress progress("puzzles", count);
  std::mutex mutex;
  std::optional<std::string> failure;  // the message of the job whose failure stopped the run
  struct Slot {
    std::uint64_t index = 0;
    std::string out{};
  };
  ops::BatchHooks<Slot> hooks;
  hooks.group = 64;
  hooks.stream = true;  // a puzzle can take seconds: each is written when it and those before are
  std::uint64_t next = 0;
  hooks.read = [&](std::vector<Slot>& group, std::size_t max) {
    for (; next < count && group.size() < max; ++next) group.push_back({next});
    return !group.empty();
  };
  hooks.run = [&](Slot& slot, int worker) {
    std::string err;
    if (job(slot.index, worker, slot.out, err)) return true;
    // The first failure stops the others; a job they stopped (or a signal
    // did) made nothing.
    bool first = false;
    if (cancel.compare_exchange_strong(first, true)) {
      std::lock_guard lock(mutex);
      failure = std::move(err);
    }
    return false;
  };
  std::string joined;
  std::vector<std::size_t> ends;  // where each puzzle ends in `joined`
  hooks.write = [&](std::vector<Slot>& group, std::size_t from, std::size_t to) {
    joined.clear();
    ends.clear();
    for (std::size_t i = from; i < to; ++i) {
      joined += group[i].out;
      ends.push_back(joined.size());
    }
    if (!output.write_answers(joined, ends)) return false;
    progress.add(to - from);
    return true;
  };
  ops::BatchSummary summary;
  {
    // The generators poll `cancel`: a signal reaches them through it.
    const app::InterruptRelay relay(cancel);
    summary =
        ops::run_batch(static_cast<int>(std::min<std::uint64_t>(threads, count)), hooks, &cancel);
  }
  if (output.failed()) {
    progress.message("nonet: cannot write the puzzles: " + output.error() + " (" +
                     std::to_string(output.answers_written()) + " were written)\n");
    return false;
  }
  if (interrupted.load()) {
    progress.message("nonet: interrupted after " + std::to_string(output.answers_written()) +
                     " puzzles; every puzzle before it was written\n");
    return false;
  }
  if (failure) {
    progress.message(*failure);
    return false;
  }
  return summary.written == count;
}

std::string render(const ops::GenerateAnswer& answer, Format format, nlohmann::json json) {
  if (format == Format::json) return json.dump() + "\n";
  return ops::text(answer, format == Format::grid ? ops::TextForm::grid : ops::TextForm::line);
}

// A copy of a library puzzle, with the note its line carried.
std::string render_copy(const Grid& puzzle, Format format, const nlohmann::json& json,
                        const std::string& note) {
  if (format == Format::json) return json.dump() + "\n";
  if (format == Format::grid)
    return to_grid_text(puzzle) + (note.empty() ? "" : note + "\n") + "\n";
  return to_line(puzzle) + (note.empty() ? "" : "  " + note) + "\n";
}

// --from: puzzles made by transforming the library's at random.
int run_from(const GenerateCommand& cmd, const ops::GenerateRequest& request) {
  // --box or --size names the library's board: its puzzles are read as such.
  ParseOptions parse;
  if (!cmd.box.empty() || cmd.size != 0) {
    parse.box_rows = request.geometry->box_rows();
    parse.box_cols = request.geometry->box_cols();
  }
  const auto budget = std::chrono::nanoseconds(static_cast<std::int64_t>(cmd.timeout * 1e9));
  std::atomic<bool> cancel{false};
  const std::string filters = request.filters();
  // The library is read and filtered within one --timeout.
  const auto deadline = cmd.timeout > 0 ? Deadline::after(budget) : Deadline();
  std::vector<LibraryEntry> library;
  if (const int rc = load_library(cmd.from, parse, deadline, seconds_text(cmd.timeout), library))
    return rc;
  // Transformations keep clue count and rating: filter the library once.
  std::vector<std::size_t> usable;
  const std::atomic<bool>* interrupted = app::interrupt_flag();
  const bool banded = request.banded();
  for (std::size_t i = 0; i < library.size() && !interrupted->load(); ++i) {
    LibraryEntry& e = library[i];
    const int clues = e.puzzle.filled_count();
    if (clues < request.min_clues || clues > request.max_clues) continue;
    if (banded || request.rate) {
      // A rating the time limit cut short is no rating: the entry is left out.
      e.rating = rate(e.puzzle,
                      {.profile = request.profile, .deadline = deadline, .cancel = interrupted});
      if (e.rating->stopped) e.rating.reset();
      if (!e.rating || (banded && !request.band().contains(*e.rating))) continue;
    }
    usable.push_back(i);
    if (deadline.expired()) break;
  }
  if (interrupted->load()) {
    std::fprintf(stderr, "nonet: interrupted while rating the library %s; no puzzle was written\n",
                 cmd.from.c_str());
    return 1;
  }
  if (usable.empty()) {
    std::fprintf(stderr, "nonet: %s: no library puzzle matches %s\n", cmd.from.c_str(),
                 filters.c_str());
    return 1;
  }
  // A transformation keeps a rating that needs no chains exactly (tested);
  // where chains are needed, the rater's scan order can break a tie another
  // way and move the rating by 0.1 (about one copy in 140 on 9x9), so those
  // copies are rated again and carry their own rating.
  constexpr int kChainsFrom = 65;
  constexpr int kDraws = 64;
  const bool ok = run_indexed(
      cmd.count, cmd.threads, cancel,
      [&](std::uint64_t i, int, std::string& out, std::string& err) {
        Rng rng(Rng::derive(cmd.seed, i));
        const Deadline copy_deadline = cmd.timeout > 0 ? Deadline::after(budget) : Deadline();
        for (int draw = 1;; ++draw) {
          const LibraryEntry& e =
              library[usable[rng.below(static_cast<std::uint32_t>(usable.size()))]];
          const Transform t = random_transform(e.puzzle.geometry(), rng);
          ops::GenerateAnswer answer;
          answer.geometry = &e.puzzle.geometry();
          answer.seed = cmd.seed;
          answer.index = i;
          answer.puzzle = Generated{t.apply(e.puzzle), t.apply(e.solution), e.puzzle.filled_count()};
          answer.rating = e.rating;
          if (answer.rating && answer.rating->er >= kChainsFrom) {
            answer.rating = rate(answer.puzzle->puzzle, {.profile = request.profile,
                                                         .deadline = copy_deadline,
                                                         .cancel = &cancel});
            if (answer.rating->stopped) {
              err = "nonet: puzzle " + std::to_string(i + 1) + ": the rating of the copy of " +
                    cmd.from + ":" + std::to_string(e.line) + " did not finish within " +
                    seconds_text(cmd.timeout) + " s; raise --timeout\n";
              return false;
            }
            if (banded && !request.band().contains(*answer.rating)) {
              if (draw < kDraws) continue;
              err = "nonet: puzzle " + std::to_string(i + 1) + ": " + std::to_string(kDraws) +
                    " transformed copies in a row rated outside " + filters + "\n";
              return false;
            }
          }
          nlohmann::json j = ops::to_json(answer);
          // A copy of a library puzzle: no symmetry, nor minimality, is promised.
          j.erase("symmetry");
          j.erase("minimal");
          j.erase("attempts");
          j["source"] = cmd.from + ":" + std::to_string(e.line);
          if (!e.note.empty()) j["note"] = e.note;
          out = render_copy(answer.puzzle->puzzle, cmd.format, j, e.note);
          return true;
        }
      });
  return ok ? 0 : 1;
}

int run_generate(const GenerateCommand& cmd) {
  // Options CLI11 has checked one by one; here the ones that depend on each other.
  const ops::Result<const Geometry*> board = ops::read_board(cmd.size, cmd.box);
  if (!board) return refuse(cmd, board.error());
  ops::GenerateRequest request;
  request.geometry = *board;
  request.symmetry = *ops::read_symmetry(cmd.symmetry);
  if (!cmd.variant.empty()) request.variant = *ops::read_variant_kind(cmd.variant);
  if (!cmd.clues.empty()) {
    const ops::Range clues = *ops::read_range(cmd.clues, false);
    request.min_clues = clues.low;
    request.max_clues = clues.high;
  }
  if (!cmd.level.empty()) request.level = *ops::read_level(cmd.level);
  if (!cmd.rating.empty()) {
    const ops::Range er = *ops::read_range(cmd.rating, true);
    request.rating = RatingBand{er.low, er.high};
  }
  request.profile = *ops::read_profile(cmd.profile);
  request.rate = cmd.rate;
  request.minimal = cmd.minimal;
  request.seed = cmd.seed;
  if (!cmd.from.empty()) {
    if (cmd.symmetry != "none") {
      std::fprintf(stderr, "nonet: --symmetry makes new puzzles; it does not apply with --from\n");
      return 2;
    }
    if (request.variant) {
      std::fprintf(stderr, "nonet: --variant makes new puzzles; it does not apply with --from\n");
      return 2;
    }
    if (cmd.minimal) {
      std::fprintf(stderr, "nonet: --%sminimal makes new puzzles; it does not apply with --from\n",
                   *cmd.minimal ? "" : "no-");
      return 2;
    }
    // The library's puzzles are of its own board: only the band is checked.
    if (const ops::Result<void> checked = ops::check_band(request); !checked)
      return refuse(cmd, checked.error());
    return run_from(cmd, request);
  }
  if (const ops::Result<void> checked = ops::check(request); !checked)
    return refuse(cmd, checked.error());

  std::vector<std::unique_ptr<ops::Scratch>> scratch;
  for (int t = 0; t < cmd.threads; ++t) scratch.push_back(std::make_unique<ops::Scratch>());
  std::atomic<bool> cancel{false};
  const bool ok = run_indexed(
      cmd.count, cmd.threads, cancel,
      [&](std::uint64_t i, int worker, std::string& out, std::string& err) {
        ops::GenerateRequest one = request;
        one.index = i;
        ops::Context context;
        context.cancel = &cancel;
        context.scratch = scratch[static_cast<std::size_t>(worker)].get();
        context.set_budget(cmd.timeout, ops::Work::generate, request.geometry->side());
        const ops::Result<ops::GenerateAnswer> r = ops::generate(one, context);
        const std::string which = "nonet: puzzle " + std::to_string(i + 1) + ": ";
        if (!r) {
          err = which + r.error().message + "\n";
          return false;
        }
        const ops::GenerateAnswer& a = *r;
        if (a.status == ops::Status::ok) {
          out = render(a, cmd.format, ops::to_json(a));
          return true;
        }
        // Another job's failure or a signal stopped this one: its message says why.
        if (a.status == ops::Status::cancelled) return false;
        err = which + a.message + "; " +
              (a.puzzle && a.status != ops::Status::closest ? ""
               : a.filters.empty()                          ? ""
                                                            : "widen the band or ") +
              "raise --timeout\n";
        return false;
      });
  return ok ? 0 : 1;
}

}  // namespace

void add_generate_commands(CLI::App& app, Action& action) {
  static GenerateCommand gen;
  CLI::App* g =
      app.add_subcommand("generate",
                         "Make puzzles with one solution, minimal (no clue can go) or dug within a "
                         "difficulty band, optionally symmetric, within a clue count");
  add_op_option(*g, "generate", "count", gen.count)->check(whole_range(1, std::uint64_t{1} << 40));
  add_op_option(*g, "generate", "size", gen.size)->check(CLI::Range(4, kMaxSide));
  add_op_option(*g, "generate", "box", gen.box)->check(ops_check(ops::read_puzzle_box));
  add_op_option(*g, "generate", "variant", gen.variant)->check(ops_check(ops::read_variant_kind));
  add_op_option(*g, "generate", "symmetry", gen.symmetry)->check(ops_check(ops::read_symmetry));
  add_op_option(*g, "generate", "clues", gen.clues)->check(ops_check([](std::string_view v) {
    return ops::read_range(v, false);
  }));
  add_op_option(*g, "generate", "level", gen.level)->check(ops_check(ops::read_level));
  // The name of --level before the options had one name everywhere.
  g->add_option("--difficulty", gen.level)->group("")->check(ops_check(ops::read_level));
  add_op_option(*g, "generate", "rating", gen.rating)->check(ops_check([](std::string_view v) {
    return ops::read_range(v, true);
  }));
  add_op_option(*g, "generate", "profile", gen.profile)->check(ops_check(ops::read_profile));
  g->add_flag(option_flags("generate", "rate"), gen.rate, option_help("generate", "rate"));
  CLI::Option* minimal = g->add_flag_function(
      "--minimal", [](std::int64_t) { gen.minimal = true; },
      "With --level or --rating: make minimal puzzles and keep those inside the band "
      "(the default where they reach it quickly: every level up to 9x9; medium, hard and "
      "extreme on 12x12)");
  g->add_flag_function(
       "--no-minimal", [](std::int64_t) { gen.minimal = false; },
       "With --level or --rating: dig while the rating stays inside the band, keeping the "
       "clues a minimal puzzle would lose (the default for easy and expert on 12x12, and "
       "below ER 8.0 from 16x16 up)")
      ->excludes(minimal);
  add_op_option(*g, "generate", "seed", gen.seed)->check(whole_range(0, UINT64_MAX));
  add_op_option(*g, "generate", "threads", gen.threads)->check(CLI::Range(1, 256));
  const std::map<std::string, Format> formats = {
      {"line", Format::line}, {"grid", Format::grid}, {"json", Format::json}};
  g->add_option("-f,--format", gen.format, "Output: line, grid, json (JSON Lines)")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  add_op_option(*g, "generate", "timeout", gen.timeout)->check(finite_range(0.0, 1e6));
  g->add_option("--from", gen.from,
                "Make puzzles by randomly transforming puzzles of this library file "
                "(clue count and rating carry over; '-' = standard input)")
      ->check([](const std::string& v) { return v.empty() ? "a file name is needed" : ""; });
  g->callback([&action, g] {
    if (g->count("--seed") == 0)
      gen.seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    action = [] { return interrupted_exit(run_generate(gen)); };
  });
}

}  // namespace nonet::cli
