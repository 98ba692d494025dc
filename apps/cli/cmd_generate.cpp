// nonet generate | transform | canon

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/options.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/json_shapes.h"
#include "common/output.h"
#include "common/progress.h"
#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "nonet/transform.h"
#include "nonet/validate.h"

namespace nonet::cli {
namespace {

// A library read by --from is held in memory; this bounds it (some 800,000
// 9x9 puzzles, a few hundred MB once solved).
constexpr std::uintmax_t kMaxLibraryBytes = std::uintmax_t{64} << 20;

// Seconds as the user wrote them: 0.5 as "0.5", 10 as "10".
std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

// "MIN-MAX", "N", "MIN-" or "-MAX" as numbers with up to one decimal (tenths)
// when `tenths`, else whole numbers. False with a message on anything else.
bool parse_range(const std::string& text, bool tenths, int& low, int& high, std::string& why) {
  bool too_fine = false;
  auto number = [&](std::string_view s, int& out) {
    // Plain decimals only: no sign, exponent or hexadecimal.
    if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789.") != std::string_view::npos)
      return false;
    const std::size_t point = s.find('.');
    if (tenths && point != std::string_view::npos && s.size() - point > 2) {
      too_fine = true;  // ER has tenths: 2.61 would silently be 2.6
      return false;
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || v < 0 || v > 1e6)
      return false;
    if (!tenths && v != std::floor(v)) return false;
    out = static_cast<int>(std::lround(tenths ? v * 10 : v));
    return true;
  };
  const std::size_t dash = text.find('-');
  const std::string_view all(text);
  bool ok;
  if (dash == std::string::npos) {
    ok = number(all, low);
    high = low;
  } else {
    const std::string_view a = all.substr(0, dash), b = all.substr(dash + 1);
    low = 0;
    high = 1 << 20;
    ok = !(a.empty() && b.empty()) && (a.empty() || number(a, low)) &&
         (b.empty() || number(b, high));
  }
  if (!ok) {
    why = too_fine ? "ER has one decimal (tenths, as in 2.6), got '" + text.substr(0, 40) + "'"
                   : std::string("expected MIN-MAX (e.g. ") + (tenths ? "3.0-4.5" : "22-26") +
                         "), got '" + text.substr(0, 40) + "'";
    return false;
  }
  if (low > high) {
    why = "the range '" + text.substr(0, 40) + "' is empty (MIN > MAX)";
    return false;
  }
  return true;
}

struct GenerateCommand {
  std::uint64_t count = 1;
  std::string box = "3x3";
  std::string symmetry = "none";
  std::string clues;
  std::uint64_t seed = 0;
  int threads = 1;
  Format format = Format::line;
  double timeout = 60;
  std::string from;
  std::string difficulty;
  std::string rating;
  std::string profile = "se";
  bool rate_all = false;
  std::optional<bool> minimal;  // --minimal / --no-minimal; unset: the automatic choice
};

// The rating band asked for by --difficulty and --rating (both: where they
// overlap), if any.
struct Band {
  std::optional<Level> level;
  std::optional<RatingBand> range;  // from --rating
  RatingBand band;                  // the two together
  bool active() const { return level || range; }
  std::string describe() const {
    std::string s;
    if (level) s = "level " + std::string(level_name(*level));
    if (range) {
      s += (s.empty() ? "" : ", ") + std::string("ER ") + format_rating(range->low, true) + "-" +
           (range->high >= RatingBand::kOpen ? std::string("") : format_rating(range->high, true));
    }
    return s;
  }
};

// "2.6 hard", ">=6.5 extreme": a rating as the line format prints it.
std::string rating_text(const Rating& r) {
  return format_rating(r.er, r.er_exact) + " " + std::string(level_name(r.level));
}

// The rating's figures for a generated puzzle's JSON line: er, ep, ed, level.
void put_rating(nlohmann::json& j, const Rating& r) {
  const nlohmann::json figures = app::rating_json(r);
  for (const char* key : {"er", "ep", "ed", "er_min", "ep_min", "ed_min", "level"})
    if (figures.contains(key)) j[key] = figures[key];
}

// Runs job(i) for i in [0, count) on `threads` threads and writes each output
// as soon as it and all before it are done, in index order, every write
// checked. A job returning false stops the run (the others are cancelled
// through `cancel`), and its message follows the outputs before it. SIGINT and
// SIGTERM stop it too: the puzzles finished are written, and the caller's exit
// code says which signal (interrupted_exit). A run of more than a couple of
// seconds on a terminal shows its progress on stderr.
bool run_indexed(std::uint64_t count, int threads, std::atomic<bool>& cancel,
                 const std::function<bool(std::uint64_t, std::string&, std::string&, int)>& job) {
  app::install_interrupt_handlers();
  const std::atomic<bool>& interrupted = *app::interrupt_flag();
  app::OutputWriter output(STDOUT_FILENO, &interrupted);
  app::Progress progress("puzzles", count);
  std::mutex mutex;
  std::map<std::uint64_t, std::string> waiting;  // finished, behind one still running
  std::uint64_t written = 0;
  std::optional<std::string> failure;  // the message of the job whose failure stopped the run
  std::atomic<std::uint64_t> next{0};
  auto work = [&](int t) {
    for (std::uint64_t i; (i = next.fetch_add(1)) < count;) {
      if (cancel.load()) return;
      std::string out, err;
      if (!job(i, out, err, t)) {
        // The first failure stops the others; a job they stopped (or a signal
        // did) made nothing.
        bool first = false;
        if (cancel.compare_exchange_strong(first, true)) {
          std::lock_guard lock(mutex);
          failure = std::move(err);
        }
        return;
      }
      std::lock_guard lock(mutex);
      waiting.emplace(i, std::move(out));
      for (auto it = waiting.begin();
           it != waiting.end() && it->first == written && !output.failed();
           it = waiting.erase(it)) {
        if (!output.write(it->second)) {
          cancel.store(true);
          break;
        }
        ++written;
        progress.add(1);
      }
    }
  };
  // The generators poll `cancel`: a signal reaches them through it.
  std::atomic<bool> done{false};
  std::thread relay([&] {
    while (!done.load()) {
      if (interrupted.load()) cancel.store(true);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  });
  std::vector<std::thread> pool;
  for (int t = 1; t < threads && static_cast<std::uint64_t>(t) < count; ++t)
    pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  done.store(true);
  relay.join();
  if (output.failed()) {
    progress.message("nonet: cannot write the puzzles: " + output.error() + " (" +
                     std::to_string(written) + " were written)\n");
    return false;
  }
  if (interrupted.load()) {
    progress.message("nonet: interrupted after " + std::to_string(written) +
                     " puzzles; every puzzle before it was written\n");
    return false;
  }
  if (failure) {
    progress.message(*failure);
    return false;
  }
  return written == count;
}

std::string render(const Grid& puzzle, Format format, const nlohmann::json& json,
                   const std::string& note) {
  if (format == Format::json) return json.dump() + "\n";
  if (format == Format::grid)
    return to_grid_text(puzzle) + (note.empty() ? "" : note + "\n") + "\n";
  return to_line(puzzle) + (note.empty() ? "" : "  " + note) + "\n";
}

// One library puzzle for --from: the puzzle, its solution, the line it came
// from and the text that followed it on that line (often a rating), carried over.
struct LibraryEntry {
  Grid puzzle, solution;
  int line = 0;
  std::string note;
  std::optional<Rating> rating;
};

// The text after a one-line puzzle of `cells` cells on its line `raw`, if a
// space or tab sets it apart.
std::string note_after(std::string_view raw, std::size_t cells) {
  std::string note;
  const std::size_t start = raw.find_first_not_of(" \t");
  if (start == std::string_view::npos || raw.size() <= start + cells) return note;
  if (raw[start + cells] != ' ' && raw[start + cells] != '\t') return note;
  const std::size_t rest = raw.find_first_not_of(" \t\r", start + cells);
  if (rest != std::string_view::npos) note = raw.substr(rest);
  while (!note.empty() && (note.back() == '\r' || note.back() == ' ')) note.pop_back();
  return note;
}

// Reads the library of --from a line at a time, keeping only its proper
// puzzles: memory follows the puzzles kept, and the reading stops at
// kMaxLibraryBytes, on a signal, or when `deadline` passes.
int load_library(const GenerateCommand& cmd, const ParseOptions& parse, const Deadline& deadline,
                 std::vector<LibraryEntry>& library) {
  const std::string name = cmd.from == "-" ? "<stdin>" : cmd.from;
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec)) {
    std::fprintf(stderr, "nonet: --from %s: a directory, not a library file\n", name.c_str());
    return 1;
  }
  const std::uintmax_t bytes = std::filesystem::file_size(name, ec);
  if (!ec && bytes > kMaxLibraryBytes) {
    std::fprintf(stderr, "nonet: %s: library larger than %ju MiB\n", name.c_str(),
                 kMaxLibraryBytes >> 20);
    return 1;
  }
  std::FILE* f = cmd.from == "-" ? stdin : std::fopen(name.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "nonet: %s: cannot open: %s\n", name.c_str(), std::strerror(errno));
    return 1;
  }
  app::install_interrupt_handlers();
  const std::atomic<bool>* interrupted = app::interrupt_flag();
  app::LineReader reader(f, std::size_t{1} << 20, interrupted);
  reader.limit(kMaxLibraryBytes);
  PuzzleParser parser(parse);
  std::map<const Geometry*, std::unique_ptr<Solver>> solvers;
  std::size_t skipped = 0;
  // Checks each puzzle as the parser completes it; `raw` is the line just
  // read, where a one-line puzzle's note is.
  auto take = [&](std::vector<ParsedPuzzle>& parsed, std::string_view raw) {
    for (ParsedPuzzle& p : parsed) {
      const std::string where = name + ":" + std::to_string(p.line);
      if (!p.ok()) {
        std::fprintf(stderr, "nonet: %s: %s (skipped)\n", name.c_str(),
                     p.error().to_string().c_str());
        ++skipped;
        continue;
      }
      const Grid& grid = *p;
      auto& solver = solvers[&grid.geometry()];
      if (!solver) solver = make_solver(grid.geometry());
      SolveOptions so;
      so.limit = 2;
      so.deadline = Deadline::after(std::chrono::seconds(10));
      so.cancel = interrupted;
      const SolveResult r = solver->solve(grid, so);
      if (interrupted->load()) return;
      if (r.outcome() != Outcome::solved) {
        std::fprintf(stderr, "nonet: %s: %s, not a proper puzzle (skipped)\n", where.c_str(),
                     to_string(r.outcome()));
        ++skipped;
        continue;
      }
      std::string note = p.line == parser.line_number()
                             ? note_after(raw, static_cast<std::size_t>(grid.size()))
                             : std::string();
      library.push_back({grid, *r.solution, p.line, std::move(note), std::nullopt});
    }
    parsed.clear();
  };
  std::vector<ParsedPuzzle> parsed;
  std::string_view line;
  bool truncated = false;
  while (reader.next(line, truncated)) {
    parser.feed(line, parsed, truncated);
    take(parsed, truncated ? std::string_view() : line);
    if (interrupted->load() || deadline.expired() || reader.over_limit()) break;
  }
  const bool failed = reader.failed(), too_big = reader.over_limit();
  if (!too_big && !interrupted->load() && !deadline.expired()) {
    parser.finish(parsed);
    take(parsed, std::string_view());
  }
  if (f != stdin) std::fclose(f);
  if (interrupted->load()) {
    std::fprintf(stderr,
                 "nonet: interrupted while reading the library %s (%zu puzzles read); no puzzle "
                 "was written\n",
                 name.c_str(), library.size());
    return 1;
  }
  if (too_big) {
    std::fprintf(stderr, "nonet: %s: library larger than %ju MiB\n", name.c_str(),
                 kMaxLibraryBytes >> 20);
    return 1;
  }
  if (failed) {
    std::fprintf(stderr, "nonet: %s: cannot read: %s\n", name.c_str(), std::strerror(errno));
    return 1;
  }
  if (deadline.expired()) {
    std::fprintf(stderr, "nonet: %s: the library was not read within --timeout %s s\n",
                 name.c_str(), seconds_text(cmd.timeout).c_str());
    return 1;
  }
  if (library.empty()) {
    std::fprintf(stderr, "nonet: %s: no proper puzzle in the library%s\n", name.c_str(),
                 skipped ? " (every entry was skipped)" : "");
    return 1;
  }
  return 0;
}

int run_generate(const GenerateCommand& cmd) {
  // Options CLI11 has checked one by one; here the ones that depend on each other.
  ParseOptions parse;
  const Geometry* geometry = nullptr;
  {
    const Result<const Geometry*> shape = Geometry::from_shape(cmd.box);  // checked by CLI11
    if (!shape) {
      std::fprintf(stderr, "nonet: --box: %s\n", shape.error().message.c_str());
      return 2;
    }
    geometry = *shape;
    if (!cmd.from.empty() && cmd.box != "3x3") {
      parse.box_rows = geometry->box_rows();
      parse.box_cols = geometry->box_cols();
    }
  }
  const std::optional<Symmetry> symmetry = symmetry_from_string(cmd.symmetry);
  int min_clues = 0, max_clues = 1 << 20;
  std::string why;
  if (!cmd.clues.empty()) parse_range(cmd.clues, false, min_clues, max_clues, why);
  const Profile profile = *profile_from_name(cmd.profile);
  Band band;
  if (!cmd.difficulty.empty()) {
    for (int l = 0; l <= static_cast<int>(Level::extreme); ++l)
      if (level_name(static_cast<Level>(l)) == cmd.difficulty) band.level = static_cast<Level>(l);
    band.band = level_band(*band.level);
  }
  if (!cmd.rating.empty()) {
    RatingBand range;
    parse_range(cmd.rating, true, range.low, range.high, why);
    band.range = range;
    band.band.low = std::max(band.band.low, range.low);
    band.band.high = std::min(band.band.high, range.high);
    if (band.band.low > band.band.high) {
      std::fprintf(
          stderr, "nonet: --rating %s lies outside the %s level (ER %s)\n", cmd.rating.c_str(),
          cmd.difficulty.c_str(),
          (format_rating(level_band(*band.level).low, true) + "-" +
           (*band.level == Level::extreme ? std::string("")
                                          : format_rating(level_band(*band.level).high, true)))
              .c_str());
      return 2;
    }
  }
  if (cmd.from.empty()) {
    if (min_clues >= geometry->cell_count()) {
      std::fprintf(stderr, "nonet: --clues %s: a %s puzzle has at most %d clues\n",
                   cmd.clues.c_str(), geometry->describe().c_str(), geometry->cell_count() - 1);
      return 2;
    }
    if (max_clues < fewest_clues(*geometry)) {
      std::fprintf(stderr, "nonet: --clues %s: no proper %s puzzle has fewer than %d clues\n",
                   cmd.clues.c_str(), geometry->describe().c_str(), fewest_clues(*geometry));
      return 2;
    }
    // A level the board cannot have is refused at once, naming those it has.
    if (band.level && !level_exists(*geometry, *band.level)) {
      std::fprintf(stderr, "nonet: --difficulty %s: no %s puzzle is %s; the levels on %s are: %s\n",
                   cmd.difficulty.c_str(), geometry->describe().c_str(), cmd.difficulty.c_str(),
                   geometry->describe().c_str(), levels_text(*geometry).c_str());
      return 2;
    }
    if (band.active()) {
      if (band.band.high < kLowestEr) {
        std::fprintf(stderr, "nonet: --rating %s: no puzzle rates below ER 1.0 (a full house)\n",
                     cmd.rating.c_str());
        return 2;
      }
      if (!band_reachable(*geometry, band.band)) {
        std::fprintf(stderr,
                     "nonet: --rating %s: no %s puzzle rates so; the levels on %s are: %s\n",
                     cmd.rating.c_str(), geometry->describe().c_str(), geometry->describe().c_str(),
                     levels_text(*geometry).c_str());
        return 2;
      }
    } else if (cmd.minimal) {
      std::fprintf(stderr,
                   "nonet: --%sminimal chooses how puzzles of a level or rating band are "
                   "made; give --difficulty or --rating\n",
                   *cmd.minimal ? "" : "no-");
      return 2;
    }
  } else if (cmd.symmetry != "none") {
    std::fprintf(stderr, "nonet: --symmetry makes new puzzles; it does not apply with --from\n");
    return 2;
  } else if (cmd.minimal) {
    std::fprintf(stderr, "nonet: --%sminimal makes new puzzles; it does not apply with --from\n",
                 *cmd.minimal ? "" : "no-");
    return 2;
  }
  const auto budget = std::chrono::nanoseconds(static_cast<std::int64_t>(cmd.timeout * 1e9));
  std::atomic<bool> cancel{false};

  std::string filters = cmd.clues.empty() ? "" : cmd.clues + " clues";
  if (band.active()) filters += (filters.empty() ? "" : ", ") + band.describe();

  if (!cmd.from.empty()) {
    // The library is read and filtered within one --timeout.
    const auto deadline = cmd.timeout > 0 ? Deadline::after(budget) : Deadline();
    std::vector<LibraryEntry> library;
    if (const int rc = load_library(cmd, parse, deadline, library)) return rc;
    // Transformations keep clue count and rating: filter the library once.
    std::vector<std::size_t> usable;
    const std::atomic<bool>* interrupted = app::interrupt_flag();
    for (std::size_t i = 0; i < library.size() && !interrupted->load(); ++i) {
      LibraryEntry& e = library[i];
      const int clues = e.puzzle.filled_count();
      if (clues < min_clues || clues > max_clues) continue;
      if (band.active() || cmd.rate_all) {
        // A rating the time limit cut short is no rating: the entry is left out.
        e.rating =
            rate(e.puzzle, {.profile = profile, .deadline = deadline, .cancel = interrupted});
        if (e.rating->stopped) e.rating.reset();
        if (!e.rating || (band.active() && !band.band.contains(*e.rating))) continue;
      }
      usable.push_back(i);
      if (deadline.expired()) break;
    }
    if (interrupted->load()) {
      std::fprintf(stderr,
                   "nonet: interrupted while rating the library %s; no puzzle was written\n",
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
        [&](std::uint64_t i, std::string& out, std::string& err, int) {
          Rng rng(Rng::derive(cmd.seed, i));
          const Deadline copy_deadline = cmd.timeout > 0 ? Deadline::after(budget) : Deadline();
          for (int draw = 1;; ++draw) {
            const LibraryEntry& e =
                library[usable[rng.below(static_cast<std::uint32_t>(usable.size()))]];
            const Transform t = random_transform(e.puzzle.geometry(), rng);
            const Generated g{t.apply(e.puzzle), t.apply(e.solution), e.puzzle.filled_count()};
            std::optional<Rating> rating = e.rating;
            if (rating && rating->er >= kChainsFrom) {
              rating = rate(g.puzzle,
                            {.profile = profile, .deadline = copy_deadline, .cancel = &cancel});
              if (rating->stopped) {
                err = "nonet: puzzle " + std::to_string(i + 1) + ": the rating of the copy of " +
                      cmd.from + ":" + std::to_string(e.line) + " did not finish within " +
                      seconds_text(cmd.timeout) + " s; raise --timeout\n";
                return false;
              }
              if (band.active() && !band.band.contains(*rating)) {
                if (draw < kDraws) continue;
                err = "nonet: puzzle " + std::to_string(i + 1) + ": " + std::to_string(kDraws) +
                      " transformed copies in a row rated outside " + filters + "\n";
                return false;
              }
            }
            nlohmann::json j = app::generated_json(g, cmd.seed, i + 1);
            j["source"] = cmd.from + ":" + std::to_string(e.line);
            if (!e.note.empty()) j["note"] = e.note;
            if (rating) put_rating(j, *rating);
            out = render(g.puzzle, cmd.format, j, e.note);
            return true;
          }
        });
    return ok ? 0 : 1;
  }

  std::vector<std::unique_ptr<Generator>> generators;
  for (int t = 0; t < cmd.threads; ++t)
    generators.push_back(std::make_unique<Generator>(*geometry));
  const bool ok = run_indexed(
      cmd.count, cmd.threads, cancel,
      [&](std::uint64_t i, std::string& out, std::string& err, int t) {
        Rng rng(Rng::derive(cmd.seed, i));
        GenerateOptions opt;
        opt.symmetry = *symmetry;
        opt.min_clues = min_clues;
        opt.max_clues = max_clues;
        opt.cancel = &cancel;
        opt.profile = profile;
        opt.rate = cmd.rate_all;
        if (band.active()) opt.band = band.band;
        if (cmd.minimal) opt.method = *cmd.minimal ? Method::minimal : Method::dug;
        // Ratings share the puzzle's budget: the hardest chains can take minutes,
        // and a rating cut short is not a rating.
        if (cmd.timeout > 0) opt.deadline = Deadline::after(budget);
        const GenerateResult r = generators[static_cast<std::size_t>(t)]->generate(rng, opt);
        const std::string which = "nonet: puzzle " + std::to_string(i + 1) + ": ";
        const std::string limit = seconds_text(cmd.timeout) + " s";
        if (r.status != GenerateStatus::ok) {
          if (!cancel.load() || r.status != GenerateStatus::timeout || err.empty()) {
            err =
                which + "no " + geometry->describe() + " puzzle" +
                (filters.empty() ? "" : " with " + filters) + " found within " + limit + " (" +
                std::to_string(r.attempts) + " puzzles finished" +
                (band.active() ? ", " + std::to_string(r.ratings) + " candidates rated" : "") +
                (r.closest_rating ? "; the closest rated " + rating_text(*r.closest_rating) : "") +
                "); " + (filters.empty() ? "" : "widen the band or ") + "raise --timeout\n";
          }
          return false;
        }
        if (cmd.rate_all && !r.rating) {
          err =
              which + "made, but its rating did not finish within " + limit + "; raise --timeout\n";
          return false;
        }
        const Generated& g = *r.puzzle;
        nlohmann::json j = app::generated_json(g, cmd.seed, i + 1);
        j["symmetry"] = to_string(*symmetry);
        j["minimal"] = g.minimal;
        std::string note;
        if (r.rating) {
          put_rating(j, *r.rating);
          note = rating_text(*r.rating);
        }
        out = render(g.puzzle, cmd.format, j, note);
        return true;
      });
  return ok ? 0 : 1;
}

// ---------------------------------------------------------------------------

struct TransformCommand {
  BatchOptions batch;
  std::string ops;
  bool random = false;
  std::uint64_t seed = 0;
};

app::PuzzleJob transform_job(const TransformCommand& cmd, const std::vector<TransformOp>& ops) {
  return [&cmd, &ops](const app::InputItem& item, std::string& out,
                      std::string& err) -> app::JobResult {
    const Format format = cmd.batch.format;
    if (!item.puzzle.ok()) {
      report_parse_error(item, format, out, err);
      return false;
    }
    const Grid& grid = *item.puzzle;
    Transform t(grid.geometry());
    std::vector<TransformOp> applied = ops;
    if (cmd.random) {
      Rng rng(Rng::derive(cmd.seed, item.index));
      applied = random_transform_ops(grid.geometry(), rng);
    }
    for (const TransformOp& op : applied) {
      if (const Result<void> fits = t.then(op); !fits) {
        const std::string& e = fits.error().message;
        err += "nonet: " + place(item) + ": " + e + "\n";
        if (format == Format::json) {
          out += nlohmann::json{{"index", item.index + 1},
                                {"line", item.puzzle.line},
                                {"status", "invalid"},
                                {"error", {{"message", e}}}}
                     .dump() +
                 "\n";
        } else {
          out += "invalid: " + e + "\n";
        }
        return false;
      }
    }
    const Grid result = t.apply(grid);
    if (format == Format::json) {
      nlohmann::json j = app::transform_json(result, applied);
      j["index"] = item.index + 1;
      j["line"] = item.puzzle.line;
      out += j.dump() + "\n";
    } else if (format == Format::grid) {
      out += to_grid_text(result) + "\n";
    } else {
      out += to_line(result) + "\n";
    }
    return true;
  };
}

app::PuzzleJob canon_job(const BatchOptions& batch) {
  auto cache = std::make_shared<std::pair<const Geometry*, std::unique_ptr<Canonicalizer>>>();
  return [&batch, cache](const app::InputItem& item, std::string& out,
                         std::string& err) -> app::JobResult {
    if (!item.puzzle.ok()) {
      report_parse_error(item, batch.format, out, err);
      return false;
    }
    const Grid& grid = *item.puzzle;
    const Geometry& g = grid.geometry();
    if (!Canonicalizer::supports(g)) {
      const std::string msg =
          "canonical forms are computed for 9x9 and the 4x4, 6x6 and 8x8 "
          "boards, not " +
          g.describe();
      err += "nonet: " + place(item) + ": " + msg + "\n";
      if (batch.format == Format::json)
        out +=
            nlohmann::json{
                {"index", item.index + 1}, {"status", "invalid"}, {"error", {{"message", msg}}}}
                .dump() +
            "\n";
      else
        out += "invalid: " + msg + "\n";
      return false;
    }
    // One canonicalizer per thread, rebuilt when the board shape changes.
    if (!cache->second || cache->first != &g) *cache = {&g, std::make_unique<Canonicalizer>(g)};
    const Grid result = *cache->second->canonical(grid);
    if (batch.format == Format::json) {
      nlohmann::json j = {{"index", item.index + 1}, {"line", item.puzzle.line}};
      j["canonical"] = to_line(result);
      j["clues"] = grid.filled_count();
      out += j.dump() + "\n";
    } else if (batch.format == Format::grid) {
      out += to_grid_text(result) + "\n";
    } else {
      out += to_line(result) + "\n";
    }
    return true;
  };
}

}  // namespace

void add_generate_commands(CLI::App& app, Action& action) {
  static GenerateCommand gen;
  static TransformCommand tr;
  static std::vector<TransformOp> tr_ops;
  static BatchOptions canon_opts;

  CLI::App* g =
      app.add_subcommand("generate",
                         "Make puzzles with one solution, minimal (no clue can go) or dug within a "
                         "difficulty band, optionally symmetric, within a clue count");
  g->add_option("-n,--count", gen.count, "How many puzzles")
      ->check(whole_range(1, std::uint64_t{1} << 40));
  g->add_option("--box", gen.box,
                "Box shape RxC: 2x2 (4x4), 2x3 (6x6), 3x3 (9x9, the default), "
                "4x4 (16x16), 5x5 (25x25), ...")
      ->check([](const std::string& v) {
        const Result<const Geometry*> shape = Geometry::from_shape(v);
        if (!shape) return shape.error().message;
        // A 1xN box is a Latin square: no box constraint, no puzzles to make.
        if ((*shape)->box_rows() < 2 || (*shape)->box_cols() < 2)
          return "box shape '" + v + "' has boxes one cell wide; puzzles need R and C of 2 or more";
        return std::string();
      });
  std::string symmetries;
  for (Symmetry s : all_symmetries())
    symmetries += (symmetries.empty() ? "" : ", ") + std::string(to_string(s));
  g->add_option("--symmetry", gen.symmetry, "Symmetry of the clue pattern: " + symmetries)
      ->check([symmetries](const std::string& v) {
        return symmetry_from_string(v) ? std::string() : "expected one of " + symmetries;
      });
  g->add_option("--clues", gen.clues,
                "Keep puzzles with a clue count in MIN-MAX (or N, MIN-, -MAX)")
      ->check([](const std::string& v) {
        int a = 0, b = 0;
        std::string why;
        return parse_range(v, false, a, b, why) ? std::string() : why;
      });
  g->add_option("--difficulty", gen.difficulty,
                "Keep puzzles of this level (from the logical rating): easy, medium, hard, expert, "
                "extreme")
      ->check(CLI::IsMember({"easy", "medium", "hard", "expert", "extreme"}));
  g->add_option("--rating", gen.rating, "Keep puzzles whose ER lies in MIN-MAX, e.g. 2.6-4.0")
      ->check([](const std::string& v) {
        int a = 0, b = 0;
        std::string why;
        return parse_range(v, true, a, b, why) ? std::string() : why;
      });
  g->add_option("--profile", gen.profile, "Technique set of the rating: se (default) or modern")
      ->check(CLI::IsMember({"se", "modern"}));
  g->add_flag("--rate", gen.rate_all,
              "Rate every puzzle: adds its ER, EP, ED and level to the "
              "output");
  CLI::Option* minimal = g->add_flag_function(
      "--minimal", [](std::int64_t) { gen.minimal = true; },
      "With --difficulty or --rating: make minimal puzzles and keep those inside the band "
      "(the default where they reach it quickly: every level up to 9x9; medium, hard and "
      "extreme on 12x12)");
  g->add_flag_function(
       "--no-minimal", [](std::int64_t) { gen.minimal = false; },
       "With --difficulty or --rating: dig while the rating stays inside the band, keeping the "
       "clues a minimal puzzle would lose (the default for easy and expert on 12x12, and "
       "below ER 8.0 from 16x16 up)")
      ->excludes(minimal);
  g->add_option("--seed", gen.seed,
                "Seed: the same seed gives the same puzzles, whatever -j "
                "(default: a fresh random seed, shown in JSON output)")
      ->check(whole_range(0, UINT64_MAX));
  g->add_option("-j,--threads", gen.threads, "Worker threads")->check(CLI::Range(1, 256));
  const std::map<std::string, Format> formats = {
      {"line", Format::line}, {"grid", Format::grid}, {"json", Format::json}};
  g->add_option("-f,--format", gen.format, "Output: line, grid, json (JSON Lines)")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  g->add_option("--timeout", gen.timeout,
                "Seconds allowed per puzzle (0 = no limit); when none passes the filters in time "
                "the run stops with exit code 1")
      ->check(finite_range(0.0, 1e6));
  g->add_option("--from", gen.from,
                "Make puzzles by randomly transforming puzzles of this library file "
                "(clue count and rating carry over; '-' = standard input)")
      ->check([](const std::string& v) { return v.empty() ? "a file name is needed" : ""; });
  g->callback([&action, g] {
    if (g->count("--seed") == 0)
      gen.seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    action = [] { return interrupted_exit(run_generate(gen)); };
  });

  CLI::App* t = app.add_subcommand(
      "transform",
      "Apply validity-keeping transformations to puzzles: the listed --ops, or a "
      "random one per puzzle (--random)");
  add_batch_options(*t, tr.batch);
  t->add_option("--ops", tr.ops,
                "Comma-separated operations, applied in order: relabel:P, transpose, "
                "antitranspose, rot90, rot180, rot270, mirror, flip, rows:B:P, bands:P, cols:S:P, "
                "stacks:P (1-based; P lists the old position for each new one)");
  t->add_flag("--random", tr.random,
              "A random shape-keeping transformation per puzzle, from --seed");
  t->add_option("--seed", tr.seed, "Seed for --random (puzzle i uses a stream derived from it)")
      ->check(whole_range(0, UINT64_MAX));
  t->callback([&action, t] {
    action = [t] {
      if (tr.random == !tr.ops.empty()) {
        std::fprintf(stderr, "nonet transform: give either --ops LIST or --random\n");
        return 2;
      }
      if (!tr.random) {
        Result<std::vector<TransformOp>> parsed = parse_transform_ops(tr.ops);
        if (!parsed) {
          std::fprintf(stderr, "nonet transform: --ops: %s\n", parsed.error().message.c_str());
          return 2;
        }
        tr_ops = std::move(*parsed);
      }
      (void)t;
      return run(tr.batch, [] { return transform_job(tr, tr_ops); });
    };
  });

  CLI::App* c = app.add_subcommand(
      "canon",
      "Canonical form of puzzles: equal exactly for puzzles that are the same up to "
      "transformation and relabelling (9x9, 4x4, 6x6, 8x8)");
  add_batch_options(*c, canon_opts);
  c->callback(
      [&action] { action = [] { return run(canon_opts, [] { return canon_job(canon_opts); }); }; });
}

}  // namespace nonet::cli
