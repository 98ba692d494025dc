// nonet-bench: solving speed of every registered 9x9 solver on puzzle files.
//
//   nonet-bench                                   # the four standard sets
//   nonet-bench --solver fast9 --repeat 5 a.txt   # one solver, one file
//   nonet-bench --csv > out.csv
//
// For each data set and solver: a warm-up pass, then `--repeat` timed passes
// (the median is reported). Every puzzle is first put through a random
// validity-preserving transformation drawn from a fixed seed (digit relabelling,
// transposition, rows within bands, bands, columns within stacks, stacks), so
// the order of cells in a file cannot help a solver. Solutions are counted up to
// 2 and checked against the rules and the givens after the clock stops.

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
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "nonet/nonet.h"

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kDefaultSets[] = {"17_clue.txt", "kaggle_bryanpark_first20k.txt",
                                        "magictour_top1465.txt", "forum_hardest_1905_11plus.txt"};

struct Options {
  std::vector<std::string> paths;
  std::vector<std::string> solvers;  // empty = every solver that supports 9x9
  std::size_t limit_puzzles = 0;     // 0 = all
  std::size_t basic_puzzles = 50;    // the teaching solver gets a prefix of each set
  double max_seconds = 0;            // per set and solver, 0 = no cap
  double puzzle_timeout = -1;        // seconds per puzzle; < 0 = 1 s for the teaching solver only
  int repeat = 3;
  bool csv = false;
  bool permute = true;
  bool cpu_time = false;  // time by this thread's CPU clock instead of the wall clock
  std::uint64_t seed = 20240101;
};

void usage(const char* argv0) {
  std::fprintf(
      stderr,
      "usage: %s [options] [puzzle files...]\n"
      "  --solver NAME        run only this solver (repeatable)\n"
      "  --limit-puzzles N    use at most N puzzles of each set\n"
      "  --basic-puzzles N    puzzles per set for the teaching solver (default 50)\n"
      "  --max-seconds S      stop a timed pass after S seconds (the rest is skipped)\n"
      "  --puzzle-timeout S   per-puzzle deadline in seconds (default: 1 for the\n"
      "                       teaching solver, none for the others)\n"
      "  --repeat K           timed passes; the median is reported (default 3)\n"
      "  --seed N             seed of the puzzle permutations\n"
      "  --no-permute         solve puzzles as written\n"
      "  --csv                print CSV instead of a table\n"
      "  --cpu-time           time by the thread's CPU clock (steadier on a busy machine)\n"
      "Without files: the four standard sets in %s\n",
      argv0, NONET_DATA_DIR);
}

bool parse_args(int argc, char** argv, Options& o) {
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
    } else if (a == "--seed") {
      if (!number("--seed", x)) return false;
      o.seed = static_cast<std::uint64_t>(x);
    } else if (a == "--no-permute") {
      o.permute = false;
    } else if (a == "--cpu-time") {
      o.cpu_time = true;
    } else if (a == "--csv") {
      o.csv = true;
    } else if (a == "-h" || a == "--help") {
      usage(argv[0]);
      std::exit(0);
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return false;
    } else {
      o.paths.push_back(a);
    }
  }
  if (o.paths.empty())
    for (const char* name : kDefaultSets)
      o.paths.push_back(std::string(NONET_DATA_DIR) + "/" + name);
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

struct Row {
  std::string set, solver;
  std::size_t puzzles = 0, of = 0;
  double seconds = 0;  // median of the timed passes
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

Row run(const DataSet& set, const nonet::SolverInfo& info, const Options& o,
        const std::vector<std::uint64_t>* reference_counts, std::vector<std::uint64_t>& counts) {
  Row row;
  row.set = set.name;
  row.solver = std::string(info.name);
  row.of = set.puzzles.size();
  std::size_t n = set.puzzles.size();
  if (info.name == "basic") n = std::min(n, o.basic_puzzles);
  auto solver = info.make();
  // A deadline costs a clock read per puzzle (~1 % of a kaggle puzzle), so
  // only the teaching solver gets one unless asked.
  const double seconds = o.puzzle_timeout >= 0 ? o.puzzle_timeout : (info.name == "basic" ? 1 : 0);
  const auto timeout =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds));
  auto options_for = [&] {
    nonet::SolveOptions opt;
    opt.limit = 2;
    if (seconds > 0) opt.deadline = nonet::Deadline::after(timeout);
    return opt;
  };
  // Warm-up: caches, branch predictors, page faults.
  for (std::size_t i = 0; i < std::min<std::size_t>(n, 200); ++i) try {
      (void)solver->solve(set.puzzles[i], options_for());
    } catch (...) {
    }

  std::vector<nonet::SolveResult> results(n);
  std::vector<char> failed(n, 0);
  // --max-seconds reads the clock every 64 puzzles (every puzzle for the slow
  // teaching solver), so the check costs nothing measurable.
  const std::size_t clock_mask = info.name == "basic" ? 0 : 63;
  std::vector<double> times;
  std::size_t done = n;
  std::uint64_t guesses = 0;
  for (int rep = 0; rep < o.repeat; ++rep) {
    guesses = 0;
    const double start = now_seconds(o.cpu_time);
    std::size_t i = 0;
    for (; i < n; ++i) {
      try {
        results[i] = solver->solve(set.puzzles[i], options_for());
      } catch (...) {
        results[i] = nonet::SolveResult{};
        failed[i] = 1;
      }
      guesses += results[i].guesses;
      if (o.max_seconds > 0 && (i & clock_mask) == clock_mask &&
          now_seconds(o.cpu_time) - start > o.max_seconds) {
        ++i;
        break;
      }
    }
    times.push_back(now_seconds(o.cpu_time) - start);
    done = std::min(done, i);
    if (i < n) break;  // capped by --max-seconds: one pass is all we can afford
  }
  std::sort(times.begin(), times.end());
  row.seconds = times[times.size() / 2];
  row.puzzles = done;
  row.guesses = done ? double(guesses) / double(done) : 0;
  counts.assign(done, 0);
  for (std::size_t i = 0; i < done; ++i) {
    const auto& r = results[i];
    counts[i] = r.stopped ? UINT64_MAX : r.count;
    if (failed[i]) {
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
    if (r.count > 0 && (!r.solution || !valid_solution(set.puzzles[i], *r.solution))) ++row.invalid;
    if (reference_counts && i < reference_counts->size() && !r.stopped &&
        (*reference_counts)[i] != UINT64_MAX && (*reference_counts)[i] != counts[i])
      ++row.disagree;
  }
  row.peak_rss_kb = peak_rss_kb();
  return row;
}

void print(const std::vector<Row>& rows, bool csv, bool cpu_time) {
  if (csv) {
    std::printf(
        "set,solver,puzzles,of,puzzles_per_s,us_per_puzzle,guesses_per_puzzle,unique,multiple,"
        "none,timeouts,invalid,disagree,threw,peak_rss_kb\n");
    for (const Row& r : rows) {
      const double pps = r.seconds > 0 ? double(r.puzzles) / r.seconds : 0;
      std::printf("%s,%s,%zu,%zu,%.0f,%.3f,%.3f,%zu,%zu,%zu,%zu,%zu,%zu,%zu,%ld\n", r.set.c_str(),
                  r.solver.c_str(), r.puzzles, r.of, pps,
                  r.puzzles ? 1e6 * r.seconds / double(r.puzzles) : 0, r.guesses, r.unique,
                  r.multiple, r.none, r.timeouts, r.invalid, r.disagree, r.threw, r.peak_rss_kb);
    }
    return;
  }
  std::printf("%-28s %-8s %15s %12s %10s %9s %21s %7s %8s\n", "set", "solver", "puzzles",
              "puzzles/s", "us/puzzle", "guesses", "unique/multi/none/to", "errors", "rss MiB");
  for (const Row& r : rows) {
    const double pps = r.seconds > 0 ? double(r.puzzles) / r.seconds : 0;
    std::string n = std::to_string(r.puzzles);
    if (r.puzzles != r.of) n += " of " + std::to_string(r.of);
    const std::string outcome = std::to_string(r.unique) + "/" + std::to_string(r.multiple) + "/" +
                                std::to_string(r.none) + "/" + std::to_string(r.timeouts);
    std::printf("%-28s %-8s %15s %12.0f %10.2f %9.2f %21s %7zu %8.1f\n", r.set.c_str(),
                r.solver.c_str(), n.c_str(), pps,
                r.puzzles ? 1e6 * r.seconds / double(r.puzzles) : 0, r.guesses, outcome.c_str(),
                r.invalid + r.disagree + r.threw, double(r.peak_rss_kb) / 1024.0);
  }
  std::printf(
      "\nerrors = invalid solutions + solution counts that differ from the first solver's\n"
      "+ exceptions thrown by the solver.\n"
      "Times (%s clock) are the median of the timed passes; a subset ('N of M') comes\n"
      "from --limit-puzzles, --basic-puzzles (teaching solver) or --max-seconds.\n",
      cpu_time ? "thread CPU" : "wall");
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse_args(argc, argv, o)) {
    usage(argv[0]);
    return 2;
  }
  const nonet::Geometry& nine = *nonet::Geometry::get(3, 3);
  std::vector<const nonet::SolverInfo*> chosen;
  for (const auto& info : nonet::solvers()) {
    if (!info.supports(nine)) continue;
    if (!o.solvers.empty() &&
        std::find(o.solvers.begin(), o.solvers.end(), info.name) == o.solvers.end())
      continue;
    chosen.push_back(&info);
  }
  for (const auto& name : o.solvers) {
    const auto* info = nonet::find_solver(name);
    if (!info || !info->supports(nine)) {
      std::fprintf(stderr, "no 9x9 solver named %s\n", name.c_str());
      return 2;
    }
  }
  std::vector<Row> rows;
  for (const auto& path : o.paths) {
    DataSet set;
    if (!load(path, o, set)) return 1;
    std::vector<std::uint64_t> reference, counts;
    for (std::size_t s = 0; s < chosen.size(); ++s) {
      rows.push_back(run(set, *chosen[s], o, s ? &reference : nullptr, counts));
      if (s == 0) reference = counts;
      if (!o.csv)
        std::fprintf(stderr, "  %s / %s done\n", set.name.c_str(), rows.back().solver.c_str());
    }
  }
  print(rows, o.csv, o.cpu_time);
  bool clean = true;
  for (const Row& r : rows) clean = clean && r.invalid == 0 && r.disagree == 0 && r.threw == 0;
  return clean ? 0 : 1;
}
