// nonet book: puzzles (read from files, or made on the spot) as pages to print.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "book/book.h"
#include "book/make.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/progress.h"
#include "nonet/version.h"
#include "ops/fpuzzles.h"
#include "ops/ops.h"
#include "ops/values.h"

namespace nonet::cli {
namespace {

struct BookCommand {
  std::vector<std::string> files;
  std::string output;
  // Made on the spot: generate's options.
  std::uint64_t count = 12;
  int size = 0;
  std::string box;
  std::string symmetry = "rot180";
  std::string clues;
  std::string levels;
  std::string rating;
  std::string profile = "se";
  std::optional<bool> minimal;
  std::uint64_t seed = 0;
  int threads = 1;
  double timeout = -1;  // -1: each step's default
  // The pages.
  int per_page = 0;
  std::string paper = "a4";
  std::string margin = "15mm";
  std::string bleed = "0";
  std::string title = "Sudoku";
  bool no_solutions = false;
  std::string explain;
  int steps = 0;
  double dpi = 150;
};

int refuse(const std::string& message) {
  std::fprintf(stderr, "nonet: %s\n", message.c_str());
  return 2;
}

// Every puzzle of the files, or the first problem with them.
bool read_files(const BookCommand& cmd, book::Request& request) {
  const ops::Result<ParseOptions> parse = ops::read_parse_options(cmd.box);  // checked by CLI11
  app::PuzzleInput input(cmd.files, parse ? *parse : ParseOptions{});
  input.set_other_forms(other_forms());
  input.set_cancel(app::interrupt_flag());
  std::vector<app::InputItem> items;
  constexpr std::size_t kMostPuzzles = 100000;
  while (input.read(items, 1024)) {
    if (items.size() > kMostPuzzles) {
      std::fprintf(stderr, "nonet: a book holds at most %zu puzzles; split the input\n",
                   kMostPuzzles);
      return false;
    }
  }
  for (const std::string& e : input.io_errors()) std::fprintf(stderr, "nonet: %s\n", e.c_str());
  if (!input.io_errors().empty()) return false;
  for (app::InputItem& item : items) {
    const std::string where = place(item);
    // Another program's file gives its givens; a variant puzzle is refused.
    if (read_other(item).variant) {
      std::fprintf(stderr, "nonet: %s: a variant puzzle; books print classic puzzles for now\n",
                   where.c_str());
      return false;
    }
    if (!item.puzzle.ok()) {
      std::fprintf(stderr, "nonet: %s: %s\n", where.c_str(), item.puzzle.error().message.c_str());
      return false;
    }
    request.puzzles.push_back(*item.puzzle);
    request.places.push_back(where);
  }
  if (request.puzzles.empty()) {
    std::fprintf(stderr, "nonet: no puzzle in the input\n");
    return false;
  }
  return true;
}

int run_book(const BookCommand& cmd) {
  const std::optional<book::Output> output = book::output_of(cmd.output);
  if (!output)
    return refuse("-o " + cmd.output +
                  ": the book is written as .pdf, or as one .svg or .png a page");
  book::Layout layout;
  layout.per_page = cmd.per_page;
  layout.paper = *book::read_paper(cmd.paper);  // checked by CLI11
  layout.margin = *book::read_length(cmd.margin);
  layout.bleed = *book::read_length(cmd.bleed);
  layout.title = cmd.title;
  layout.solutions = !cmd.no_solutions;
  layout.dpi = cmd.dpi;
  const nonet::Result<std::time_t> date = book::creation_date();
  if (!date) return refuse(date.error().message);
  layout.date = *date;

  // What to make, or read.
  book::Request request;
  request.explain = cmd.explain;
  request.steps = cmd.steps;
  request.profile = *ops::read_profile(cmd.profile);
  request.threads = cmd.threads;
  if (cmd.timeout >= 0) request.timeout = cmd.timeout;
  const bool generating = cmd.files.empty();
  app::install_interrupt_handlers();
  if (generating) {
    const ops::Result<const Geometry*> board = ops::read_board(cmd.size, cmd.box);
    if (!board) return refuse("--box/--size: " + board.error().message);
    ops::GenerateRequest& g = request.generate;
    g.geometry = *board;
    g.symmetry = *ops::read_symmetry(cmd.symmetry);
    if (!cmd.clues.empty()) {
      const ops::Range clues = *ops::read_range(cmd.clues, false);
      g.min_clues = clues.low;
      g.max_clues = clues.high;
    }
    if (!cmd.rating.empty()) {
      const ops::Range er = *ops::read_range(cmd.rating, true);
      g.rating = RatingBand{er.low, er.high};
    }
    g.profile = request.profile;
    g.minimal = cmd.minimal;
    g.seed = cmd.seed;
    const nonet::Result<std::vector<std::optional<Level>>> levels = book::read_levels(cmd.levels);
    if (!levels) return refuse(levels.error().message);
    request.levels = *levels;
    request.count = cmd.count;
  } else if (!read_files(cmd, request)) {
    return 1;
  }
  if (const nonet::Result<void> ok = book::check(request); !ok) return refuse(ok.error().message);
  const int side =
      generating ? request.generate.geometry->side() : request.puzzles.front().geometry().side();
  if (const nonet::Result<void> ok = book::check(layout, side); !ok)
    return refuse(ok.error().message);

  // Each puzzle made or solved, rated and (when asked) explained.
  const std::size_t total = book::book_size(request);
  app::Progress progress("puzzles", total);
  std::atomic<bool> cancel{false};
  book::Made made;
  {
    const app::InterruptRelay relay(cancel);  // the searches poll `cancel`
    made = book::make(request, cancel, [&](std::size_t n) { progress.add(n); });
  }
  if (!made.error.empty()) {
    progress.message("nonet: " + made.error + "; no book was written\n");
    return 1;
  }
  if (made.cancelled) {
    progress.message("nonet: interrupted after " + std::to_string(made.done) + " of " +
                     std::to_string(total) + " puzzles; no book was written\n");
    return 1;
  }

  // The pages.
  layout.note =
      std::string("nonet ") + kVersion + (generating ? ", seed " + std::to_string(cmd.seed) : "");
  const nonet::Result<std::vector<std::string>> files = book::render(made.entries, layout, *output);
  if (!files) {
    progress.message("nonet: " + files.error().message + "\n");
    return 1;
  }
  if (const nonet::Result<std::vector<std::string>> written =
          book::write_files(*files, cmd.output, *output);
      !written) {
    progress.message("nonet: " + written.error().message + "\n");
    return 1;
  }
  return 0;
}

}  // namespace

void add_book_command(CLI::App& app, Action& action) {
  static BookCommand cmd;
  CLI::App* b = app.add_subcommand(
      "book",
      "Print puzzles as a book: a PDF (or an SVG or PNG a page) with a title page, the puzzles "
      "titled with their level and rating, their solutions and, if asked, their explained paths; "
      "the puzzles are read from files or made as generate makes them");
  b->add_option("files", cmd.files,
                "Puzzle files, in any form nonet reads ('-' for standard input); none: the puzzles "
                "are made with the options below");
  b->add_option("-o,--output", cmd.output,
                "The book: FILE.pdf, or FILE.svg / FILE.png for one file a page "
                "(FILE-01.svg, ...)")
      ->required();
  b->add_option("-n,--count", cmd.count, "How many puzzles to make (default 12)")
      ->check(whole_range(1, 100000));
  add_op_option(*b, "generate", "size", cmd.size)->check(CLI::Range(4, kMaxSide));
  add_op_option(*b, "generate", "box", cmd.box)->check(ops_check(ops::read_puzzle_box));
  b->add_option("--symmetry", cmd.symmetry,
                "Symmetry of the clue pattern: none, rot180 (the default in books), rot90, "
                "mirror, flip, diagonal, antidiagonal")
      ->check(ops_check(ops::read_symmetry));
  add_op_option(*b, "generate", "clues", cmd.clues)->check(ops_check([](std::string_view v) {
    return ops::read_range(v, false);
  }));
  b->add_option("--level", cmd.levels,
                "The levels, in order, each an equal share of the puzzles: easy, medium, hard, "
                "expert, extreme, or several (easy,medium,hard)");
  b->add_option("--difficulty", cmd.levels)->group("");
  add_op_option(*b, "generate", "rating", cmd.rating)->check(ops_check([](std::string_view v) {
    return ops::read_range(v, true);
  }));
  add_op_option(*b, "generate", "profile", cmd.profile)->check(ops_check(ops::read_profile));
  CLI::Option* minimal = b->add_flag_function(
      "--minimal", [](std::int64_t) { cmd.minimal = true; },
      "As generate --minimal: minimal puzzles inside the level's band");
  b->add_flag_function(
       "--no-minimal", [](std::int64_t) { cmd.minimal = false; },
       "As generate --no-minimal: dig within the band")
      ->excludes(minimal);
  b->add_option("--seed", cmd.seed,
                "Seed: the same seed gives the same puzzles, whatever the thread count (default: "
                "a fresh random seed, printed on the title page)")
      ->check(whole_range(0, UINT64_MAX));
  b->add_option("-j,--threads", cmd.threads,
                "Worker threads that make, solve and rate the puzzles (default 1)")
      ->check(CLI::Range(1, 256));
  b->add_option("--timeout", cmd.timeout,
                "Seconds allowed per puzzle, to make it or to rate it (0 = no limit; default: "
                "60 s to make one, and as rate does)")
      ->check(finite_range(0.0, 1e6));
  b->add_option("--per-page", cmd.per_page,
                "Puzzles to a page: 1, 2, 4 or 6 (default: 4 up to 9x9, 2 up to 16x16, then 1)")
      ->check(CLI::IsMember({1, 2, 4, 6}));
  b->add_option("--paper", cmd.paper,
                "Trim size: " + std::string(book::paper_names()) + "; default a4")
      ->check([](const std::string& v) {
        const nonet::Result<book::Paper> p = book::read_paper(v);
        return p ? std::string() : p.error().message;
      });
  const auto length = [](const std::string& v) {
    const nonet::Result<double> l = book::read_length(v);
    return l ? std::string() : l.error().message;
  };
  b->add_option("--margin", cmd.margin, "Margin inside the trim on every side (default 15mm)")
      ->check(length);
  b->add_option("--bleed", cmd.bleed,
                "Bleed added outside the trim on every side, for printers that cut (e.g. 3mm or "
                "0.125in; default 0)")
      ->check(length);
  b->add_option("--title", cmd.title, "The title on the title page (default \"Sudoku\")");
  b->add_flag("--no-solutions", cmd.no_solutions, "Leave the solutions out");
  b->add_option("--explain", cmd.explain,
                "Print the explained logical path of these puzzles after the solutions: numbers "
                "and ranges (1,5-7), all, or none (the default)");
  b->add_option("--steps", cmd.steps,
                "With --explain: only the first N steps of each path (0, the default: all)")
      ->check(CLI::Range(0, 100000));
  b->add_option("--dpi", cmd.dpi, "Resolution of PNG pages (default 150)")
      ->check(finite_range(36, 1200));
  b->callback([&action, b] {
    if (b->count("--seed") == 0)
      cmd.seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    action = [] { return interrupted_exit(run_book(cmd)); };
  });
}

}  // namespace nonet::cli
