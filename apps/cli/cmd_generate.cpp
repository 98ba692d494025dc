// nonet generate | transform | canon

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/options.h"
#include "common/input.h"
#include "common/json_shapes.h"
#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "nonet/transform.h"
#include "nonet/validate.h"

namespace nonet::cli {
namespace {

// A library read by --from is held in memory; this bounds it.
constexpr std::uintmax_t kMaxLibraryBytes = std::uintmax_t{1} << 30;

// "MIN-MAX", "N", "MIN-" or "-MAX" as numbers with up to one decimal (tenths)
// when `tenths`, else whole numbers. False with a message on anything else.
bool parse_range(const std::string& text, bool tenths, int& low, int& high, std::string& why) {
  auto number = [&](std::string_view s, int& out) {
    if (s.empty() || s.size() > 12) return false;
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
    why = std::string("expected MIN-MAX (e.g. ") + (tenths ? "3.0-4.5" : "22-26") + "), got '" +
          text.substr(0, 40) + "'";
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

// Runs job(i) for i in [0, count) on `threads` threads and writes the outputs in
// index order, a group at a time. A job returning false stops the run (the
// others are cancelled through `cancel`).
bool run_indexed(std::uint64_t count, int threads, std::atomic<bool>& cancel,
                 const std::function<bool(std::uint64_t, std::string&, std::string&, int)>& job) {
  const std::uint64_t group = static_cast<std::uint64_t>(threads) * 64;
  bool all_ok = true;
  for (std::uint64_t first = 0; first < count && all_ok; first += group) {
    const std::size_t size = static_cast<std::size_t>(std::min(group, count - first));
    std::vector<std::string> out(size), err(size);
    std::vector<char> ok(size, 1);
    std::atomic<std::size_t> next{0};
    auto work = [&](int t) {
      for (std::size_t i; (i = next.fetch_add(1)) < size;) {
        if (cancel.load()) {
          ok[i] = 0;
          continue;
        }
        ok[i] = job(first + i, out[i], err[i], t);
        if (!ok[i]) cancel.store(true);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads && static_cast<std::size_t>(t) < size; ++t)
      pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    // Answers up to the first failure, in order; then that failure's message.
    for (std::size_t i = 0; i < size; ++i) {
      std::fwrite(out[i].data(), 1, out[i].size(), stdout);
      if (!ok[i]) {
        all_ok = false;
        for (std::size_t k = 0; k < size; ++k)
          if (!err[k].empty()) std::fputs(err[k].c_str(), stderr);
        break;
      }
    }
    std::fflush(stdout);
  }
  return all_ok;
}

std::string render(const Grid& puzzle, Format format, const nlohmann::json& json,
                   const std::string& note) {
  if (format == Format::json) return json.dump() + "\n";
  if (format == Format::grid)
    return to_grid_text(puzzle) + (note.empty() ? "" : note + "\n") + "\n";
  return to_line(puzzle) + (note.empty() ? "" : "  " + note) + "\n";
}

// One library puzzle for --from: the puzzle, its solution, where it came from
// and the text that followed it on its line (often a rating), carried over.
struct LibraryEntry {
  Grid puzzle, solution;
  std::string place, note;
  std::optional<Rating> rating;
};

int load_library(const GenerateCommand& cmd, const ParseOptions& parse,
                 std::vector<LibraryEntry>& library) {
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(cmd.from, ec);
  if (!ec && bytes > kMaxLibraryBytes) {
    std::fprintf(stderr, "nonet: %s: library larger than %ju bytes\n", cmd.from.c_str(),
                 kMaxLibraryBytes);
    return 1;
  }
  std::FILE* f = cmd.from == "-" ? stdin : std::fopen(cmd.from.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "nonet: %s: cannot open: %s\n", cmd.from.c_str(), std::strerror(errno));
    return 1;
  }
  app::LineReader reader(f, std::size_t{1} << 20);
  PuzzleParser parser(parse);
  std::vector<std::string> lines;  // raw lines, for the notes
  std::vector<ParsedPuzzle> parsed;
  std::string_view line;
  bool truncated = false;
  while (reader.next(line, truncated)) {
    lines.emplace_back(truncated ? std::string_view() : line);
    parser.feed(line, parsed, truncated);
  }
  parser.finish(parsed);
  if (f != stdin) std::fclose(f);
  std::map<const Geometry*, std::unique_ptr<Solver>> solvers;
  std::size_t skipped = 0;
  for (ParsedPuzzle& p : parsed) {
    const std::string where = cmd.from + ":" + std::to_string(p.line);
    if (!p.ok()) {
      std::fprintf(stderr, "nonet: %s: %s (skipped)\n", cmd.from.c_str(),
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
    const SolveResult r = solver->solve(grid, so);
    if (r.outcome() != Outcome::solved) {
      std::fprintf(stderr, "nonet: %s: %s, not a proper puzzle (skipped)\n", where.c_str(),
                   to_string(r.outcome()));
      ++skipped;
      continue;
    }
    // The note: what follows the puzzle on a one-line entry.
    std::string note;
    if (p.line >= 1 && static_cast<std::size_t>(p.line) <= lines.size()) {
      const std::string& raw = lines[static_cast<std::size_t>(p.line - 1)];
      const std::size_t cells = static_cast<std::size_t>(grid.size());
      const std::size_t start = raw.find_first_not_of(" \t");
      if (start != std::string::npos && raw.size() > start + cells) {
        const std::size_t rest = raw.find_first_not_of(" \t\r", start + cells);
        if (rest != std::string::npos && (raw[start + cells] == ' ' || raw[start + cells] == '\t'))
          note = raw.substr(rest);
        while (!note.empty() && (note.back() == '\r' || note.back() == ' ')) note.pop_back();
      }
    }
    library.push_back({grid, *r.solution, where, note, std::nullopt});
  }
  if (library.empty()) {
    std::fprintf(stderr, "nonet: %s: no proper puzzle in the library%s\n", cmd.from.c_str(),
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
    if (min_clues > geometry->cell_count()) {
      std::fprintf(stderr, "nonet: --clues %s: a %s board has only %d cells\n", cmd.clues.c_str(),
                   geometry->describe().c_str(), geometry->cell_count());
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
    std::vector<LibraryEntry> library;
    if (const int rc = load_library(cmd, parse, library)) return rc;
    // Transformations keep clue count and rating: filter the library once.
    std::vector<std::size_t> usable;
    const auto deadline = cmd.timeout > 0 ? Deadline::after(budget) : Deadline();
    for (std::size_t i = 0; i < library.size(); ++i) {
      LibraryEntry& e = library[i];
      const int clues = e.puzzle.filled_count();
      if (clues < min_clues || clues > max_clues) continue;
      if (band.active() || cmd.rate_all) {
        // A rating the time limit cut short is no rating: the entry is left out.
        e.rating = rate(e.puzzle, profile, deadline);
        if (e.rating->stopped) e.rating.reset();
        if (!e.rating || (band.active() && !band.band.contains(*e.rating))) continue;
      }
      usable.push_back(i);
      if (deadline.expired()) break;
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
              rating = rate(g.puzzle, profile, copy_deadline);
              if (rating->stopped) {
                err = "nonet: puzzle " + std::to_string(i + 1) + ": the rating of the copy of " +
                      e.place + " did not finish within " +
                      std::to_string(static_cast<long long>(cmd.timeout)) + " s; raise --timeout\n";
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
            j["source"] = e.place;
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
        const std::string limit = std::to_string(static_cast<long long>(cmd.timeout)) + " s";
        if (r.status != GenerateStatus::ok) {
          if (!cancel.load() || r.status != GenerateStatus::timeout || err.empty()) {
            err =
                which + "no " + geometry->describe() + " puzzle" +
                (filters.empty() ? "" : " with " + filters) + " found within " + limit + " (" +
                std::to_string(r.attempts) + " puzzles made" +
                (band.active() ? ", " + std::to_string(r.ratings) + " rated" : "") +
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
  return [&cmd, &ops](const app::InputItem& item, std::string& out, std::string& err) {
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
  return [&batch, cache](const app::InputItem& item, std::string& out, std::string& err) {
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
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
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
                "(default: a fresh random seed, shown in JSON output)");
  g->add_option("-j,--threads", gen.threads, "Worker threads")->check(CLI::Range(1, 256));
  const std::map<std::string, Format> formats = {
      {"line", Format::line}, {"grid", Format::grid}, {"json", Format::json}};
  g->add_option("-f,--format", gen.format, "Output: line, grid, json (JSON Lines)")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  g->add_option("--timeout", gen.timeout,
                "Seconds allowed per puzzle (0 = no limit); when none passes the filters in time "
                "the run stops with exit code 1")
      ->check(CLI::Range(0.0, 1e6));
  g->add_option("--from", gen.from,
                "Make puzzles by randomly transforming puzzles of this library file "
                "(clue count and rating carry over; '-' = standard input)");
  g->callback([&action, g] {
    if (g->count("--seed") == 0)
      gen.seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    action = [] { return run_generate(gen); };
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
  t->add_option("--seed", tr.seed, "Seed for --random (puzzle i uses a stream derived from it)");
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
