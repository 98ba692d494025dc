// nonet-bench: solving speed of every registered 9x9 solver on puzzle files.
//
//   nonet-bench                                   # the four standard sets
//   nonet-bench --data /srv/sudoku                # ... from /srv/sudoku/puzzles
//   nonet-bench --solver fast9 --repeat 5 a.txt   # one solver, one file
//   nonet-bench --csv > out.csv
//   nonet-bench-tdoku --side-by-side              # fast9 and tdoku, one table
//
// For each data set and solver: a warm-up pass, then `--repeat` timed passes
// (the median is reported; with --alternate the solvers take turns pass by pass
// and the best pass of each is reported). Every puzzle is first put through a
// random validity-preserving transformation drawn from a fixed seed (digit
// relabelling, transposition, rows within bands, bands, columns within stacks,
// stacks), so the order of cells in a file cannot help a solver. Solutions are
// counted up to 2 and checked against the rules and the givens after the clock
// stops.
//
// The same source builds `nonet-bench-tdoku` when the configure names tdoku's
// source (-DNONET_TDOKU_DIR, bench/CMakeLists.txt). That program alone links
// tdoku, compiled with clang as its authors measure it, and offers it as the
// solver `tdoku`: it gets the same permuted puzzles, as 81-character strings
// made before the clock starts, and counts to 2 as nonet's solvers do.

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "nonet/nonet.h"
#include "solve/fast9/fast9.h"
#include "variant_bench.h"

#if NONET_BENCH_TDOKU
#include <tdoku.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kDefaultSets[] = {"17_clue.txt", "kaggle_bryanpark_first20k.txt",
                                        "magictour_top1465.txt", "forum_hardest_1905_11plus.txt"};

struct Options {
  std::vector<std::string> paths;
  std::string data;                  // --data: the folder holding puzzles/ with the standard sets
  std::vector<std::string> solvers;  // empty = every solver that supports 9x9
  std::size_t limit_puzzles = 0;     // 0 = all
  std::size_t basic_puzzles = 50;    // the teaching solver gets a prefix of each set
  double max_seconds = 0;            // per set and solver, 0 = no cap
  double puzzle_timeout = -1;        // seconds per puzzle; < 0 = 1 s for the teaching solver only
  int repeat = 3;
  bool csv = false;
  bool permute = true;
  bool cpu_time = false;   // time by this thread's CPU clock instead of the wall clock
  bool alternate = false;  // solvers take turns pass by pass; report the best pass
  bool side_by_side = false;
  bool json = false;
  std::string variants;  // --variants FILE: f-puzzles JSON Lines
  std::uint64_t seed = 20240101;
};

// Where the standard sets are: --data DIR, else $NONET_DATA_DIR, else the
// shared data folder next to the source tree (../shared/data). Decided when
// the program runs; the build never looks there.
std::string data_dir(const Options& o) {
  if (!o.data.empty()) return o.data;
  if (const char* env = std::getenv("NONET_DATA_DIR"); env && *env) return env;
  return std::string(NONET_SOURCE_DIR) + "/../shared/data";
}

void usage(const char* argv0, const Options& o) {
  std::fprintf(
      stderr,
      "usage: %s [options] [puzzle files...]\n"
      "  --solver NAME        run only this solver (repeatable); fast9-scalar,\n"
      "                       fast9-avx2, fast9-avx2_bmi2 and fast9-avx512 name one of\n"
      "                       fast9's instruction-set paths\n"
      "  --limit-puzzles N    use at most N puzzles of each set\n"
      "  --basic-puzzles N    puzzles per set for the teaching solver (default 50)\n"
      "  --max-seconds S      stop a timed pass after S seconds (the rest is skipped)\n"
      "  --puzzle-timeout S   per-puzzle deadline in seconds (default: 1 for the\n"
      "                       teaching solver, none for the others)\n"
      "  --repeat K           timed passes; the median is reported (default 3)\n"
      "  --alternate          the solvers take turns, one timed pass each per round,\n"
      "                       and the best pass of each is reported\n"
      "  --side-by-side       fast9 against tdoku: --alternate, the first 20000 puzzles\n"
      "                       of each set unless --limit-puzzles says otherwise, and a\n"
      "                       table of both (only in nonet-bench-tdoku)\n"
      "  --data DIR           the folder holding puzzles/ with the standard sets\n"
      "                       (default: $NONET_DATA_DIR, else ../shared/data next to\n"
      "                       the source tree)\n"
      "  --seed N             seed of the puzzle permutations\n"
      "  --no-permute         solve puzzles as written\n"
      "  --csv                print CSV instead of a table\n"
      "  --variants FILE      variant puzzles instead: f-puzzles JSON, one object a line\n"
      "                       ({\"name\", \"fpuzzles\", \"solution\": [digits]}), each\n"
      "                       counted to 2 --repeat times, the median reported\n"
      "  --json               with --variants: a JSON object a puzzle\n"
      "  --cpu-time           time by the thread's CPU clock (steadier on a busy machine)\n"
      "Without files: the four standard sets in DIR/puzzles (now %s/puzzles)\n",
      argv0, data_dir(o).c_str());
}

bool parse_args(int argc, char** argv, Options& o) {
  bool limit_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", name);
        return nullptr;
      }
      return argv[++i];
    };
    auto number = [&](const char* name, double& out) {
      const char* v = value(name);
      if (!v) return false;
      char* end = nullptr;
      out = std::strtod(v, &end);
      if (end == v || *end != '\0' || out < 0) {
        std::fprintf(stderr, "%s: not a number: %s\n", name, v);
        return false;
      }
      return true;
    };
    double x = 0;
    if (a == "--solver") {
      const char* v = value("--solver");
      if (!v) return false;
      o.solvers.emplace_back(v);
    } else if (a == "--limit-puzzles") {
      if (!number("--limit-puzzles", x)) return false;
      o.limit_puzzles = static_cast<std::size_t>(x);
      limit_given = true;
    } else if (a == "--basic-puzzles") {
      if (!number("--basic-puzzles", x)) return false;
      o.basic_puzzles = static_cast<std::size_t>(x);
    } else if (a == "--max-seconds") {
      if (!number("--max-seconds", o.max_seconds)) return false;
    } else if (a == "--puzzle-timeout") {
      if (!number("--puzzle-timeout", o.puzzle_timeout)) return false;
    } else if (a == "--repeat") {
      if (!number("--repeat", x) || x < 1) return false;
      o.repeat = static_cast<int>(x);
    } else if (a == "--data") {
      const char* v = value("--data");
      if (!v) return false;
      o.data = v;
    } else if (a == "--seed") {
      if (!number("--seed", x)) return false;
      o.seed = static_cast<std::uint64_t>(x);
    } else if (a == "--no-permute") {
      o.permute = false;
    } else if (a == "--cpu-time") {
      o.cpu_time = true;
    } else if (a == "--alternate") {
      o.alternate = true;
    } else if (a == "--side-by-side") {
      o.side_by_side = true;
    } else if (a == "--csv") {
      o.csv = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--variants") {
      const char* v = value("--variants");
      if (!v) return false;
      o.variants = v;
    } else if (a == "-h" || a == "--help") {
      usage(argv[0], o);
      std::exit(0);
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return false;
    } else {
      o.paths.push_back(a);
    }
  }
  if (o.side_by_side) {
#if !NONET_BENCH_TDOKU
    std::fprintf(stderr,
                 "--side-by-side needs tdoku: build and run nonet-bench-tdoku "
                 "(configured with -DNONET_TDOKU_DIR, see bench/README.md)\n");
    return false;
#endif
    if (o.solvers.empty()) o.solvers = {"fast9", "tdoku"};
    if (o.solvers.size() != 2) {
      std::fprintf(stderr, "--side-by-side compares two solvers\n");
      return false;
    }
    o.alternate = true;
    if (!limit_given) o.limit_puzzles = 20000;
  }
  if (!o.variants.empty()) return true;
  if (o.paths.empty()) {
    const std::string dir = data_dir(o) + "/puzzles";
    for (const char* name : kDefaultSets) o.paths.push_back(dir + "/" + name);
    if (!std::ifstream(o.paths.front())) {
      std::fprintf(
          stderr,
          "nonet-bench: the standard sets are not in %s: name puzzle files, or the folder holding "
          "puzzles/ with --data DIR or NONET_DATA_DIR\n",
          dir.c_str());
      std::exit(2);
    }
  }
  return true;
}

// A random member of the validity-preserving group: solution counts are kept
// and every solution maps to a solution of the transformed puzzle.
nonet::Grid transform(const nonet::Grid& in, std::mt19937_64& rng) {
  auto perm3 = [&] {
    std::array<int, 3> p{0, 1, 2};
    std::shuffle(p.begin(), p.end(), rng);
    return p;
  };
  std::array<int, 10> digit{};
  std::array<int, 9> d{1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::shuffle(d.begin(), d.end(), rng);
  for (int i = 0; i < 9; ++i)
    digit[static_cast<std::size_t>(i + 1)] = d[static_cast<std::size_t>(i)];
  std::array<int, 9> row{}, col{};
  const auto bands = perm3(), stacks = perm3();
  for (int b = 0; b < 3; ++b) {
    const auto rows = perm3(), cols = perm3();
    for (int i = 0; i < 3; ++i) {
      row[static_cast<std::size_t>(3 * b + i)] =
          3 * bands[static_cast<std::size_t>(b)] + rows[static_cast<std::size_t>(i)];
      col[static_cast<std::size_t>(3 * b + i)] =
          3 * stacks[static_cast<std::size_t>(b)] + cols[static_cast<std::size_t>(i)];
    }
  }
  const bool transpose = (rng() & 1) != 0;
  nonet::Grid out(in.geometry());
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int src = transpose
                          ? col[static_cast<std::size_t>(c)] * 9 + row[static_cast<std::size_t>(r)]
                          : row[static_cast<std::size_t>(r)] * 9 + col[static_cast<std::size_t>(c)];
      out.set(r * 9 + c, digit[static_cast<std::size_t>(in.get(src))]);
    }
  return out;
}

// Written apart from every solver: rows, columns and boxes each hold 1..9
// once, and the givens are kept.
bool valid_solution(const nonet::Grid& puzzle, const nonet::Grid& solution) {
  for (int cell = 0; cell < 81; ++cell) {
    const int v = solution.get(cell);
    if (v < 1 || v > 9) return false;
    if (puzzle.get(cell) != 0 && puzzle.get(cell) != v) return false;
  }
  for (int unit = 0; unit < 9; ++unit) {
    unsigned rows = 0, cols = 0, boxes = 0;
    for (int i = 0; i < 9; ++i) {
      rows |= 1u << solution.get(unit * 9 + i);
      cols |= 1u << solution.get(i * 9 + unit);
      boxes |= 1u << solution.get((unit / 3 * 3 + i / 3) * 9 + unit % 3 * 3 + i % 3);
    }
    if (rows != 0x3FE || cols != 0x3FE || boxes != 0x3FE) return false;
  }
  return true;
}

struct DataSet {
  std::string name;
  std::vector<nonet::Grid> puzzles;
};

bool load(const std::string& path, const Options& o, DataSet& set) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  set.name = path.substr(path.find_last_of('/') + 1);
  if (set.name.size() > 4 && set.name.ends_with(".txt")) set.name.resize(set.name.size() - 4);
  std::mt19937_64 rng(o.seed);
  for (auto& p : nonet::parse_puzzles(text.str())) {
    if (!p.ok()) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), p.error().to_string().c_str());
      return false;
    }
    if (p->geometry().side() != 9) continue;
    set.puzzles.push_back(o.permute ? transform(*p, rng) : *p);
    if (o.limit_puzzles && set.puzzles.size() >= o.limit_puzzles) break;
  }
  return true;
}

// A solver under test. prepare() runs before the clock starts; solve() is what
// the clock measures; solution() may produce a solution outside the clock for
// a solver whose timed call does not return one.
class Contender {
 public:
  virtual ~Contender() = default;
  virtual const std::string& name() const = 0;
  virtual void prepare(const DataSet&) {}
  virtual nonet::SolveResult solve(std::size_t index, const nonet::Grid& puzzle,
                                   const nonet::SolveOptions& options) = 0;
  virtual std::optional<nonet::Grid> solution(std::size_t, const nonet::Grid&) {
    return std::nullopt;
  }
};

class NonetContender final : public Contender {
 public:
  explicit NonetContender(const nonet::SolverInfo& info) : name_(info.name), solver_(info.make()) {}
  NonetContender(std::string name, std::unique_ptr<nonet::Solver> solver)
      : name_(std::move(name)), solver_(std::move(solver)) {}
  const std::string& name() const override { return name_; }
  nonet::SolveResult solve(std::size_t, const nonet::Grid& puzzle,
                           const nonet::SolveOptions& options) override {
    return solver_->solve(puzzle, options);
  }

 private:
  std::string name_;
  std::unique_ptr<nonet::Solver> solver_;
};

#if NONET_BENCH_TDOKU
// tdoku through its C entry point. Asked for 2 solutions it counts without
// keeping one, so the answer is checked by a second call (limit 1) after the
// clock stops.
class TdokuContender final : public Contender {
 public:
  const std::string& name() const override { return name_; }
  void prepare(const DataSet& set) override {
    text_.assign(82 * set.puzzles.size(), '\0');
    for (std::size_t i = 0; i < set.puzzles.size(); ++i)
      for (int cell = 0; cell < 81; ++cell) {
        const int v = set.puzzles[i].get(cell);
        text_[82 * i + static_cast<std::size_t>(cell)] = v ? static_cast<char>('0' + v) : '.';
      }
  }
  nonet::SolveResult solve(std::size_t index, const nonet::Grid&,
                           const nonet::SolveOptions& options) override {
    nonet::SolveResult r;
    std::size_t guesses = 0;
    r.count = TdokuSolverDpllTriadSimd(&text_[82 * index], options.limit, 0, buffer_, &guesses);
    r.guesses = guesses;
    r.limit = options.limit;
    r.exhausted = r.count < options.limit;
    return r;
  }
  std::optional<nonet::Grid> solution(std::size_t index, const nonet::Grid& puzzle) override {
    std::size_t guesses = 0;
    if (TdokuSolverDpllTriadSimd(&text_[82 * index], 1, 0, buffer_, &guesses) != 1)
      return std::nullopt;
    nonet::Grid out(puzzle.geometry());
    for (int cell = 0; cell < 81; ++cell) out.set(cell, buffer_[cell] - '0');
    return out;
  }

 private:
  std::string name_ = "tdoku";
  std::string text_;  // 81 characters and a NUL per puzzle
  char buffer_[81] = {};
};
#endif

struct Row {
  std::string set, solver;
  std::size_t puzzles = 0, of = 0;
  double seconds = 0;  // median (best with --alternate) of the timed passes
  double guesses = 0;  // per puzzle
  std::size_t unique = 0, multiple = 0, none = 0, timeouts = 0, invalid = 0, disagree = 0;
  std::size_t threw = 0;  // the engine must not throw; counted as errors, not fatal
  long peak_rss_kb = 0;
};

// Seconds on the chosen clock: wall (steady) or this thread's CPU time.
double now_seconds(bool cpu) {
  if (cpu) {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
  }
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// One solver on one set: its passes so far and the answers of the last one.
class Trial {
 public:
  Trial(Contender& contender, const DataSet& set, const Options& o)
      : contender_(contender), set_(set), o_(o) {
    n_ = set.puzzles.size();
    if (contender.name() == "basic") n_ = std::min(n_, o.basic_puzzles);
    // A deadline costs a clock read per puzzle (~1 % of a kaggle puzzle), so
    // only the teaching solver gets one unless asked.
    seconds_ = o.puzzle_timeout >= 0 ? o.puzzle_timeout : (contender.name() == "basic" ? 1 : 0);
    results_.resize(n_);
    failed_.assign(n_, 0);
    done_ = n_;
    contender.prepare(set);
  }

  // Caches, branch predictors, page faults.
  void warm_up() {
    for (std::size_t i = 0; i < std::min<std::size_t>(n_, 200); ++i) try {
        (void)contender_.solve(i, set_.puzzles[i], options());
      } catch (...) {
      }
  }

  // One timed pass. False when --max-seconds cut it short: one pass is then
  // all this solver can afford.
  bool pass() {
    // --max-seconds reads the clock every 64 puzzles (every puzzle for the slow
    // teaching solver), so the check costs nothing measurable.
    const std::size_t clock_mask = contender_.name() == "basic" ? 0 : 63;
    std::uint64_t guesses = 0;
    const double start = now_seconds(o_.cpu_time);
    std::size_t i = 0;
    for (; i < n_; ++i) {
      try {
        results_[i] = contender_.solve(i, set_.puzzles[i], options());
      } catch (...) {
        results_[i] = nonet::SolveResult{};
        failed_[i] = 1;
      }
      guesses += results_[i].guesses;
      if (o_.max_seconds > 0 && (i & clock_mask) == clock_mask &&
          now_seconds(o_.cpu_time) - start > o_.max_seconds) {
        ++i;
        break;
      }
    }
    times_.push_back(now_seconds(o_.cpu_time) - start);
    done_ = std::min(done_, i);
    guesses_ = guesses;
    return i == n_;
  }

  // Checks the answers of the last pass (outside the clock) and sums them up.
  Row finish(const std::vector<std::uint64_t>* reference_counts,
             std::vector<std::uint64_t>& counts) {
    Row row;
    row.set = set_.name;
    row.solver = contender_.name();
    row.of = set_.puzzles.size();
    std::sort(times_.begin(), times_.end());
    row.seconds = o_.alternate ? times_.front() : times_[times_.size() / 2];
    row.puzzles = done_;
    row.guesses = done_ ? double(guesses_) / double(done_) : 0;
    counts.assign(done_, 0);
    for (std::size_t i = 0; i < done_; ++i) {
      auto& r = results_[i];
      counts[i] = r.stopped ? UINT64_MAX : r.count;
      if (failed_[i]) {
        ++row.threw;
        counts[i] = UINT64_MAX;
        continue;
      }
      if (r.stopped)
        ++row.timeouts;
      else if (r.count == 0)
        ++row.none;
      else if (r.count == 1)
        ++row.unique;
      else
        ++row.multiple;
      if (r.count > 0 && !r.solution) r.solution = contender_.solution(i, set_.puzzles[i]);
      if (r.count > 0 && (!r.solution || !valid_solution(set_.puzzles[i], *r.solution)))
        ++row.invalid;
      if (reference_counts && i < reference_counts->size() && !r.stopped &&
          (*reference_counts)[i] != UINT64_MAX && (*reference_counts)[i] != counts[i])
        ++row.disagree;
    }
    row.peak_rss_kb = peak_rss_kb();
    return row;
  }

 private:
  nonet::SolveOptions options() const {
    nonet::SolveOptions opt;
    opt.limit = 2;
    if (seconds_ > 0)
      opt.deadline = nonet::Deadline::after(std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::duration<double>(seconds_)));
    return opt;
  }

  Contender& contender_;
  const DataSet& set_;
  const Options& o_;
  std::size_t n_ = 0;
  double seconds_ = 0;
  std::vector<nonet::SolveResult> results_;
  std::vector<char> failed_;
  std::vector<double> times_;
  std::size_t done_ = 0;
  std::uint64_t guesses_ = 0;
};

// Every solver on one set. Without --alternate each solver runs its passes in
// a row; with it, round r runs pass r of every solver, so a change in the
// machine's load between rounds reaches all of them alike.
std::vector<Row> run_set(const DataSet& set, std::vector<std::unique_ptr<Contender>>& contenders,
                         const Options& o) {
  std::vector<std::unique_ptr<Trial>> trials;
  for (auto& c : contenders) trials.push_back(std::make_unique<Trial>(*c, set, o));
  std::vector<bool> more(trials.size(), true);
  if (o.alternate) {
    for (auto& t : trials) t->warm_up();
    for (int rep = 0; rep < o.repeat; ++rep)
      for (std::size_t s = 0; s < trials.size(); ++s)
        if (more[s]) more[s] = trials[s]->pass();
  } else {
    for (std::size_t s = 0; s < trials.size(); ++s) {
      trials[s]->warm_up();
      for (int rep = 0; rep < o.repeat && more[s]; ++rep) more[s] = trials[s]->pass();
    }
  }
  std::vector<Row> rows;
  std::vector<std::uint64_t> reference, counts;
  for (std::size_t s = 0; s < trials.size(); ++s) {
    rows.push_back(trials[s]->finish(s ? &reference : nullptr, counts));
    if (s == 0) reference = counts;
  }
  return rows;
}

double rate(const Row& r) { return r.seconds > 0 ? double(r.puzzles) / r.seconds : 0; }

void print(const std::vector<Row>& rows, const Options& o) {
  if (o.csv) {
    std::printf(
        "set,solver,puzzles,of,puzzles_per_s,us_per_puzzle,guesses_per_puzzle,unique,multiple,"
        "none,timeouts,invalid,disagree,threw,peak_rss_kb\n");
    for (const Row& r : rows) {
      std::printf("%s,%s,%zu,%zu,%.0f,%.3f,%.3f,%zu,%zu,%zu,%zu,%zu,%zu,%zu,%ld\n", r.set.c_str(),
                  r.solver.c_str(), r.puzzles, r.of, rate(r),
                  r.puzzles ? 1e6 * r.seconds / double(r.puzzles) : 0, r.guesses, r.unique,
                  r.multiple, r.none, r.timeouts, r.invalid, r.disagree, r.threw, r.peak_rss_kb);
    }
    return;
  }
  std::printf("%-28s %-8s %15s %12s %10s %9s %21s %7s %8s\n", "set", "solver", "puzzles",
              "puzzles/s", "us/puzzle", "guesses", "unique/multi/none/to", "errors", "rss MiB");
  for (const Row& r : rows) {
    std::string n = std::to_string(r.puzzles);
    if (r.puzzles != r.of) n += " of " + std::to_string(r.of);
    const std::string outcome = std::to_string(r.unique) + "/" + std::to_string(r.multiple) + "/" +
                                std::to_string(r.none) + "/" + std::to_string(r.timeouts);
    std::printf("%-28s %-8s %15s %12.0f %10.2f %9.2f %21s %7zu %8.1f\n", r.set.c_str(),
                r.solver.c_str(), n.c_str(), rate(r),
                r.puzzles ? 1e6 * r.seconds / double(r.puzzles) : 0, r.guesses, outcome.c_str(),
                r.invalid + r.disagree + r.threw, double(r.peak_rss_kb) / 1024.0);
  }
  std::printf(
      "\nerrors = invalid solutions + solution counts that differ from the first solver's\n"
      "+ exceptions thrown by the solver.\n"
      "Times (%s clock) are the %s of %d timed passes%s; a subset ('N of M') comes\n"
      "from --limit-puzzles, --basic-puzzles (teaching solver) or --max-seconds.\n",
      o.cpu_time ? "thread CPU" : "wall", o.alternate ? "best" : "median", o.repeat,
      o.alternate ? ", the solvers taking turns" : "");
  if (!o.side_by_side) return;
  // The two solvers of each set side by side, as Markdown.
  const std::string& a = rows[0].solver;
  const std::string& b = rows[1].solver;
  std::printf("\n| set | %s puzzles/s | %s puzzles/s | ratio | guesses/puzzle %s / %s |\n",
              a.c_str(), b.c_str(), a.c_str(), b.c_str());
  std::printf("|---|---:|---:|---:|---:|\n");
  auto grouped = [](double x) {
    std::string digits = std::to_string(static_cast<long long>(x + 0.5));
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
      digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
  };
  for (std::size_t i = 0; i + 1 < rows.size(); i += 2) {
    const Row &x = rows[i], &y = rows[i + 1];
    std::printf("| %s | %s | %s | %.2fx | %.2f / %.2f |\n", x.set.c_str(), grouped(rate(x)).c_str(),
                grouped(rate(y)).c_str(), rate(y) > 0 ? rate(x) / rate(y) : 0, x.guesses,
                y.guesses);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse_args(argc, argv, o)) {
    usage(argv[0], o);
    return 2;
  }
  if (!o.variants.empty()) return nonet::bench::run_variants(o.variants, o.repeat, o.json);
  const nonet::Geometry& nine = *nonet::Geometry::get(3, 3);
  std::vector<std::unique_ptr<Contender>> contenders;
  // In the order asked for (the first is the reference for the counts), or
  // every 9x9 solver in registry order.
  std::vector<std::string> names = o.solvers;
  if (names.empty())
    for (const auto& info : nonet::solvers())
      if (info.supports(nine)) names.emplace_back(info.name);
  for (const auto& name : names) {
#if NONET_BENCH_TDOKU
    if (name == "tdoku") {
      contenders.push_back(std::make_unique<TdokuContender>());
      continue;
    }
#endif
    // fast9-scalar, fast9-avx2, fast9-avx2_bmi2, fast9-avx512: one of fast9's
    // instruction-set paths rather than the one it picks for this CPU.
    if (name.rfind("fast9-", 0) == 0) {
      std::optional<nonet::detail::Fast9Kernel> kernel;
      std::string known;
      for (const auto k : nonet::detail::fast9_kernels()) {
        known += std::string(known.empty() ? "" : ", ") + "fast9-" + nonet::detail::to_string(k);
        if (name == std::string("fast9-") + nonet::detail::to_string(k)) kernel = k;
      }
      if (!kernel) {
        std::fprintf(stderr, "no fast9 path named %s (this build has %s)\n", name.c_str(),
                     known.c_str());
        return 2;
      }
      if (!nonet::detail::fast9_kernel_runs(*kernel)) {
        std::fprintf(stderr, "this CPU cannot run %s\n", name.c_str());
        return 2;
      }
      contenders.push_back(
          std::make_unique<NonetContender>(name, nonet::detail::make_fast9_solver(*kernel)));
      continue;
    }
    const auto* info = nonet::find_solver(name);
    if (!info || !info->supports(nine)) {
      std::fprintf(stderr, "no 9x9 solver named %s%s\n", name.c_str(),
                   name == "tdoku" ? " (tdoku is in nonet-bench-tdoku only)" : "");
      return 2;
    }
    contenders.push_back(std::make_unique<NonetContender>(*info));
  }
  std::vector<Row> rows;
  for (const auto& path : o.paths) {
    DataSet set;
    if (!load(path, o, set)) return 1;
    for (Row& row : run_set(set, contenders, o)) {
      if (!o.csv) std::fprintf(stderr, "  %s / %s done\n", set.name.c_str(), row.solver.c_str());
      rows.push_back(std::move(row));
    }
  }
  print(rows, o);
  bool clean = true;
  for (const Row& r : rows) clean = clean && r.invalid == 0 && r.disagree == 0 && r.threw == 0;
  return clean ? 0 : 1;
}
