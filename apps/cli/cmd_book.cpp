// nonet book: puzzles (read from files, or made on the spot) as pages to print.

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include "book/book.h"
#include "cli/commands.h"
#include "cli/library.h"
#include "cli/options.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/progress.h"
#include "nonet/version.h"
#include "ops/batch.h"
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

// One puzzle of the book, as it is gathered.
struct Slot {
  std::size_t index = 0;
  std::optional<Level> level{};  // generated: the level asked for
  Grid puzzle{*Geometry::get(3, 3)};
  std::string place;  // read from a file: "puzzles.txt:3"
  book::Entry entry{Grid(*Geometry::get(3, 3)), Grid(*Geometry::get(3, 3))};
  std::string error;
};

int refuse(const std::string& message) {
  std::fprintf(stderr, "nonet: %s\n", message.c_str());
  return 2;
}

// "all", "none", or numbers and ranges from 1: "1,5-7".
std::optional<std::vector<bool>> read_explain(const std::string& text, std::size_t count,
                                              std::string& error) {
  std::vector<bool> chosen(count, false);
  if (text.empty() || text == "none") return chosen;
  if (text == "all") return std::vector<bool>(count, true);
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(at, comma - at);
    const std::size_t dash = item.find('-');
    const std::string lo = item.substr(0, dash),
                      hi = dash == std::string::npos ? lo : item.substr(dash + 1);
    const auto number = [](const std::string& s) -> std::uint64_t {
      if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
        return 0;
      return std::stoull(s);
    };
    const std::uint64_t a = number(lo), b = number(hi);
    if (a == 0 || b == 0 || b < a) {
      error = "--explain " + text + ": '" + item +
              "' is not a puzzle number or range (e.g. 1,5-7, all or none)";
      return std::nullopt;
    }
    if (b > count) {
      error = "--explain " + text + ": puzzle " + std::to_string(b) + " is past the book's " +
              std::to_string(count);
      return std::nullopt;
    }
    for (std::uint64_t i = a; i <= b; ++i) chosen[i - 1] = true;
    at = comma + 1;
  }
  return chosen;
}

// Every puzzle of the files, or the first problem with them.
bool read_files(const BookCommand& cmd, std::vector<Slot>& slots) {
  const ops::Result<ParseOptions> parse = ops::read_parse_options(cmd.box);  // checked by CLI11
  app::PuzzleInput input(cmd.files, parse ? *parse : ParseOptions{});
  input.set_variant_lines(ops::looks_like_variant);
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
    if (!item.variant.empty()) {
      std::fprintf(stderr, "nonet: %s: a variant puzzle; books print classic puzzles for now\n",
                   where.c_str());
      return false;
    }
    if (!item.puzzle.ok()) {
      std::fprintf(stderr, "nonet: %s: %s\n", where.c_str(), item.puzzle.error().message.c_str());
      return false;
    }
    Slot slot;
    slot.index = slots.size();
    slot.puzzle = *item.puzzle;
    slot.place = where;
    slots.push_back(std::move(slot));
  }
  if (slots.empty()) {
    std::fprintf(stderr, "nonet: no puzzle in the input\n");
    return false;
  }
  return true;
}

// "12 steps more", the path's lines: "(1.2) Hidden Single: ...".
void explained(const ops::ExplainAnswer& a, int most, book::Entry& entry) {
  entry.explained = true;
  const int n = static_cast<int>(a.path.steps.size());
  const int shown = most > 0 ? std::min(most, n) : n;
  for (int i = 0; i < shown; ++i) {
    const Step& step = a.path.steps[static_cast<std::size_t>(i)];
    char rating[32];
    std::snprintf(rating, sizeof rating, "(%d.%d) ", step.rating / 10, step.rating % 10);
    entry.steps.push_back(rating + render_step(step, a.puzzle.geometry()));
  }
  entry.more_steps = n - shown;
  if (shown == n && a.status != ops::Status::solved)
    entry.steps.push_back("The path stops here: " + a.message);
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
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch) {
    char* end = nullptr;
    const long long when = std::strtoll(epoch, &end, 10);
    if (*end != '\0' || when < 0)
      return refuse(std::string("SOURCE_DATE_EPOCH=") + epoch + ": seconds since 1970 are needed");
    layout.date = static_cast<std::time_t>(when);
  } else {
    layout.date = std::time(nullptr);
  }

  // What to make, or read.
  app::install_interrupt_handlers();
  const std::atomic<bool>& interrupted = *app::interrupt_flag();
  std::vector<Slot> slots;
  ops::GenerateRequest request;
  const bool generating = cmd.files.empty();
  if (generating) {
    const ops::Result<const Geometry*> board = ops::read_board(cmd.size, cmd.box);
    if (!board) return refuse("--box/--size: " + board.error().message);
    request.geometry = *board;
    request.symmetry = *ops::read_symmetry(cmd.symmetry);
    if (!cmd.clues.empty()) {
      const ops::Range clues = *ops::read_range(cmd.clues, false);
      request.min_clues = clues.low;
      request.max_clues = clues.high;
    }
    if (!cmd.rating.empty()) {
      const ops::Range er = *ops::read_range(cmd.rating, true);
      request.rating = RatingBand{er.low, er.high};
    }
    request.profile = *ops::read_profile(cmd.profile);
    request.rate = true;
    request.minimal = cmd.minimal;
    request.seed = cmd.seed;
    // The levels, in the order given, each a share of the count.
    std::vector<std::optional<Level>> levels;
    for (std::size_t at = 0; at <= cmd.levels.size() && !cmd.levels.empty();) {
      std::size_t comma = cmd.levels.find(',', at);
      if (comma == std::string::npos) comma = cmd.levels.size();
      const ops::Result<Level> level = ops::read_level(cmd.levels.substr(at, comma - at));
      if (!level) return refuse("--level " + cmd.levels + ": " + level.error().message);
      levels.emplace_back(*level);
      at = comma + 1;
    }
    if (levels.empty()) levels.emplace_back();
    if (cmd.count < levels.size())
      return refuse("-n " + std::to_string(cmd.count) + ": fewer puzzles than levels (" +
                    std::to_string(levels.size()) + ")");
    for (std::size_t l = 0; l < levels.size(); ++l) {
      ops::GenerateRequest one = request;
      one.level = levels[l];
      if (const ops::Result<void> checked = ops::check(one); !checked)
        return refuse((checked.error().option.empty() ? "" : "--" + checked.error().option + ": ") +
                      checked.error().message);
      const std::uint64_t share =
          cmd.count / levels.size() + (l < cmd.count % levels.size() ? 1 : 0);
      for (std::uint64_t k = 0; k < share; ++k) {
        Slot slot;
        slot.index = slots.size();
        slot.level = levels[l];
        slots.push_back(std::move(slot));
      }
    }
  } else if (!read_files(cmd, slots)) {
    return interrupted_exit(1);
  }
  std::string error;
  const std::optional<std::vector<bool>> chosen = read_explain(cmd.explain, slots.size(), error);
  if (!chosen) return refuse(error);
  const int side = generating ? request.geometry->side() : slots.front().puzzle.geometry().side();
  if (const nonet::Result<void> ok = book::check(layout, side); !ok)
    return refuse(ok.error().message);

  // Each puzzle made or solved, rated and (when chosen) explained, on the threads.
  std::vector<std::unique_ptr<ops::Scratch>> scratch;
  const int threads = std::max(1, std::min<int>(cmd.threads, static_cast<int>(slots.size())));
  for (int t = 0; t < threads; ++t) scratch.push_back(std::make_unique<ops::Scratch>());
  std::atomic<bool> cancel{false};
  app::Progress progress("puzzles", slots.size());
  ops::BatchHooks<Slot*> hooks;
  hooks.group = 64;
  std::size_t next = 0;
  hooks.read = [&](std::vector<Slot*>& group, std::size_t max) {
    for (; next < slots.size() && group.size() < max; ++next) group.push_back(&slots[next]);
    return !group.empty();
  };
  const std::optional<double> budget =
      cmd.timeout >= 0 ? std::optional<double>(cmd.timeout) : std::nullopt;
  hooks.run = [&](Slot*& slot, int worker) {
    Slot& s = *slot;
    ops::Context context;
    context.cancel = &cancel;
    context.scratch = scratch[static_cast<std::size_t>(worker)].get();
    const std::string which = generating ? "puzzle " + std::to_string(s.index + 1) : s.place;
    if (generating) {
      ops::GenerateRequest one = request;
      one.level = s.level;
      one.index = s.index;
      context.set_budget(budget, ops::Work::generate, side);
      const ops::Result<ops::GenerateAnswer> r = ops::generate(one, context);
      if (!r || r->status != ops::Status::ok) {
        // A signal, or another puzzle's failure, stopped this one: nothing to say.
        if (context.cancelled()) return false;
        s.error = which + ": " +
                  (r ? r->message + "; raise --timeout or widen the band" : r.error().message);
        cancel.store(true);
        return false;
      }
      s.puzzle = r->puzzle->puzzle;
      s.entry = {r->puzzle->puzzle, r->puzzle->solution, r->rating};
    } else {
      context.set_budget(budget, ops::Work::search, s.puzzle.geometry().side());
      const ops::Result<Grid> solution = ops::unique_solution(s.puzzle, context);
      if (!solution) {
        if (context.cancelled()) return false;
        s.error = which + ": " + solution.error().message + "; a book's puzzles have one solution";
        cancel.store(true);
        return false;
      }
      s.entry = {s.puzzle, *solution};
      context.set_budget(budget, ops::Work::logic, s.puzzle.geometry().side());
      const ops::Result<ops::RateAnswer> rated =
          ops::rate({s.puzzle, *ops::read_profile(cmd.profile)}, context);
      if (context.cancelled()) return false;
      if (rated && rated->status == ops::Status::rated) s.entry.rating = rated->rating;
    }
    if ((*chosen)[s.index]) {
      context.set_budget(budget, ops::Work::logic, side);
      const ops::Result<ops::ExplainAnswer> path =
          ops::explain({s.puzzle, {}, *ops::read_profile(cmd.profile)}, context);
      if (context.cancelled()) return false;
      if (path) explained(*path, cmd.steps, s.entry);
    }
    return true;
  };
  hooks.write = [&](std::vector<Slot*>&, std::size_t from, std::size_t to) {
    progress.add(to - from);
    return true;
  };
  ops::BatchSummary summary;
  {
    const app::InterruptRelay relay(cancel);  // the searches poll `cancel`
    summary = ops::run_batch(threads, hooks, &cancel);
  }
  for (const Slot& s : slots) {
    if (!s.error.empty()) {
      progress.message("nonet: " + s.error + "; no book was written\n");
      return 1;
    }
  }
  if (interrupted.load() || summary.written != slots.size()) {
    progress.message("nonet: interrupted after " + std::to_string(summary.written) + " of " +
                     std::to_string(slots.size()) + " puzzles; no book was written\n");
    return interrupted_exit(1);
  }

  // The pages.
  layout.note =
      std::string("nonet ") + kVersion + (generating ? ", seed " + std::to_string(cmd.seed) : "");
  std::vector<book::Entry> entries;
  entries.reserve(slots.size());
  for (Slot& s : slots) entries.push_back(std::move(s.entry));
  const nonet::Result<std::vector<std::string>> files = book::render(entries, layout, *output);
  if (!files) {
    progress.message("nonet: " + files.error().message + "\n");
    return 1;
  }
  // Each file is written beside its place and renamed into it: a failure
  // never leaves half a book.
  const int pages = *output == book::Output::pdf ? 0 : static_cast<int>(files->size());
  for (std::size_t i = 0; i < files->size(); ++i) {
    const std::string path =
        pages ? book::page_path(cmd.output, static_cast<int>(i) + 1, pages) : cmd.output;
    const std::string temporary = path + ".part";
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write((*files)[i].data(), static_cast<std::streamsize>((*files)[i].size()));
    out.close();
    if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) {
      std::remove(temporary.c_str());
      progress.message("nonet: cannot write " + path + "\n");
      return 1;
    }
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
  add_op_option(*b, "generate", "count", cmd.count)->check(whole_range(1, 100000));
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
  add_op_option(*b, "generate", "seed", cmd.seed)->check(whole_range(0, UINT64_MAX));
  add_op_option(*b, "generate", "threads", cmd.threads)->check(CLI::Range(1, 256));
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
