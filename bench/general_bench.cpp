// nonet-general-bench: the general solver on every board size, on the work the
// generator gives it.
//
//   nonet-general-bench                          # 9, 12, 16, 20, 25 with default counts
//   nonet-general-bench --sizes 16,25 --count 5  # five grids of each
//   nonet-general-bench --save dug.txt           # also write the dug minimal puzzles
//   nonet-general-bench dug.txt                  # time solving puzzles from files
//   nonet-general-bench --counting               # dig checks count to 2 (no refutation)
//
// Per size (generated mode): `count` random full grids from a fixed seed are dug
// to minimal puzzles with the solver (the generator's own dig), timing the whole
// dig and each uniqueness check inside it; then each minimal puzzle is solved
// again, counting up to 2, and its solution checked. The puzzles depend only on
// the seed, never on the solver, so two builds compare on the same work.
// File mode: every puzzle of each file is solved (up to 2 solutions) and
// grouped by size. Prints puzzles/s, ms per puzzle (median, max) and guesses.
// Times are thread CPU time.

#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/nonet.h"
#include "nonet/validate.h"
#include "solve/general_solver.h"

namespace {

// Times are this thread's CPU time: the machines we measure on are shared, and
// CPU time shrugs off the other tenants far better than the wall clock.
struct Clock {
  using time_point = double;  // ms
  static time_point now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
  }
};

double ms_since(Clock::time_point t0) { return Clock::now() - t0; }

struct Options {
  std::vector<int> sizes{9, 12, 16, 20, 25};
  int count = 0;  // 0 = the default for each size
  std::uint64_t seed = 1;
  std::string solver = "general";
  std::string save;
  std::vector<std::string> files;
  double max_seconds = 600;  // per size: stop digging more grids after this
  bool counting = false;     // dig by counting to 2 even where the solver can refute
};

int default_count(int side) {
  if (side <= 9) return 40;
  if (side <= 12) return 20;
  if (side <= 16) return 10;
  return 3;
}

const nonet::Geometry* geometry_for(int side) { return nonet::Geometry::for_side(side); }

// Times of a set of solves, reported as one row.
struct Sample {
  std::vector<double> ms;
  std::vector<std::uint64_t> guesses;
  void add(double t, std::uint64_t g) {
    ms.push_back(t);
    guesses.push_back(g);
  }
};

void print_header() {
  std::printf("%-6s %-10s %7s %10s %10s %10s %10s %10s\n", "size", "work", "n", "per_s",
              "ms_median", "ms_max", "guess_mean", "guess_max");
}

void print_row(const std::string& size, const char* work, Sample s) {
  if (s.ms.empty()) return;
  double total = 0;
  for (double t : s.ms) total += t;
  std::vector<double> sorted = s.ms;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted[sorted.size() / 2];
  double guess_sum = 0;
  std::uint64_t guess_max = 0;
  for (std::uint64_t g : s.guesses) {
    guess_sum += static_cast<double>(g);
    guess_max = std::max(guess_max, g);
  }
  std::printf("%-6s %-10s %7zu %10.1f %10.3f %10.3f %10.1f %10llu\n", size.c_str(), work,
              s.ms.size(), total > 0 ? 1000.0 * static_cast<double>(s.ms.size()) / total : 0.0,
              median, sorted.back(), guess_sum / static_cast<double>(s.guesses.size()),
              static_cast<unsigned long long>(guess_max));
  std::fflush(stdout);
}

// Forwards to the solver under test and records the time of every call.
class TimedSolver final : public nonet::Solver {
 public:
  TimedSolver(nonet::Solver& inner, Sample& sample) : inner_(inner), sample_(sample) {}
  nonet::SolveResult solve(const nonet::Grid& puzzle, const nonet::SolveOptions& options) override {
    const auto t0 = Clock::now();
    nonet::SolveResult r = inner_.solve(puzzle, options);
    sample_.add(ms_since(t0), r.guesses);
    return r;
  }

 private:
  nonet::Solver& inner_;
  Sample& sample_;
};

// The same for a solver that searches with struck-out candidates, which the
// dig uses instead of counting when the solver offers it (the general solver).
class TimedExcludingSolver final : public nonet::detail::ExcludingSolver {
 public:
  TimedExcludingSolver(nonet::detail::ExcludingSolver& inner, Sample& sample)
      : inner_(inner), sample_(sample) {}
  nonet::SolveResult solve(const nonet::Grid& puzzle, const nonet::SolveOptions& options) override {
    return solve(puzzle, {}, nullptr, 0, options);
  }
  nonet::SolveResult solve(const nonet::Grid& puzzle,
                           std::span<const nonet::detail::Exclusion> excluded,
                           const nonet::Grid* guide, std::uint64_t max_guesses,
                           const nonet::SolveOptions& options) override {
    const auto t0 = Clock::now();
    nonet::SolveResult r = inner_.solve(puzzle, excluded, guide, max_guesses, options);
    sample_.add(ms_since(t0), r.guesses);
    return r;
  }

 private:
  nonet::detail::ExcludingSolver& inner_;
  Sample& sample_;
};

// Solves with limit 2 and checks the answer; false (with a message) on a wrong one.
bool solve_checked(nonet::Solver& solver, const nonet::Grid& puzzle, Sample& sample,
                   const std::string& where) {
  const auto t0 = Clock::now();
  const nonet::SolveResult r = solver.solve(puzzle, {});
  sample.add(ms_since(t0), r.guesses);
  if (r.outcome() == nonet::Outcome::solved) {
    const nonet::Grid& s = *r.solution;
    bool keeps = nonet::validate(s).state == nonet::GridState::solved;
    for (int c = 0; c < puzzle.size() && keeps; ++c) keeps = !puzzle[c] || puzzle[c] == s[c];
    if (!keeps) {
      std::fprintf(stderr, "%s: wrong solution\n", where.c_str());
      return false;
    }
  }
  return true;
}

int run_generated(const Options& opt) {
  std::FILE* save = nullptr;
  if (!opt.save.empty() && !(save = std::fopen(opt.save.c_str(), "w"))) {
    std::fprintf(stderr, "cannot write %s\n", opt.save.c_str());
    return 2;
  }
  print_header();
  int status = 0;
  for (int side : opt.sizes) {
    const nonet::Geometry* g = geometry_for(side);
    if (!g) {
      std::fprintf(stderr, "no board of side %d\n", side);
      return 2;
    }
    auto solver = nonet::make_solver(*g, opt.solver);
    if (!solver) {
      std::fprintf(stderr, "solver '%s' does not support %s\n", opt.solver.c_str(),
                   g->describe().c_str());
      return 2;
    }
    Sample check_times, digs, minimal;
    std::unique_ptr<nonet::Solver> timed;
    auto* excluding = dynamic_cast<nonet::detail::ExcludingSolver*>(solver.get());
    if (excluding && !opt.counting)
      timed = std::make_unique<TimedExcludingSolver>(*excluding, check_times);
    else
      timed = std::make_unique<TimedSolver>(*solver, check_times);
    std::uint64_t checks = 0;
    const int count = opt.count ? opt.count : default_count(side);
    const auto start = Clock::now();
    for (int i = 0; i < count && ms_since(start) < opt.max_seconds * 1000; ++i) {
      nonet::Rng rng(nonet::Rng::derive(opt.seed, static_cast<std::uint64_t>(i)));
      const std::optional<nonet::Grid> solution = nonet::random_solution(*g, rng);
      if (!solution) continue;
      const auto t0 = Clock::now();
      const std::size_t before = check_times.ms.size();
      nonet::DigResult d = nonet::dig(*solution, nonet::Symmetry::none, rng, *timed);
      std::uint64_t dig_guesses = 0;
      for (std::size_t k = before; k < check_times.guesses.size(); ++k) {
        dig_guesses += check_times.guesses[k];
      }
      digs.add(ms_since(t0), dig_guesses);
      // Progress on stderr: a large board's dig can take a while.
      std::fprintf(stderr, "%s grid %d: dug in %.0f ms, %llu checks\n", g->describe().c_str(), i,
                   digs.ms.back(), static_cast<unsigned long long>(d.checks));
      checks += d.checks;
      if (d.status != nonet::DigStatus::ok || !d.puzzle) {
        std::fprintf(stderr, "%dx%d grid %d: dig failed\n", side, side, i);
        status = 1;
        continue;
      }
      if (save) std::fprintf(save, "%s\n", nonet::to_line(*d.puzzle).c_str());
      if (!solve_checked(*solver, *d.puzzle, minimal,
                         std::to_string(side) + "#" + std::to_string(i)))
        status = 1;
    }
    const std::string name = g->describe();
    print_row(name, "dig", digs);
    print_row(name, "checks", check_times);
    print_row(name, "minimal", minimal);
    std::printf("%-6s %-10s %7llu checks in %.2f s\n", name.c_str(), "",
                static_cast<unsigned long long>(checks), ms_since(start) / 1000);
  }
  if (save) std::fclose(save);
  return status;
}

int run_files(const Options& opt) {
  std::map<int, std::vector<nonet::Grid>> by_side;
  for (const std::string& path : opt.files) {
    std::ifstream in(path);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", path.c_str());
      return 2;
    }
    nonet::PuzzleParser parser;
    std::vector<nonet::ParsedPuzzle> parsed;
    for (std::string line; std::getline(in, line);) parser.feed(line, parsed);
    parser.finish(parsed);
    for (auto& p : parsed) {
      if (p.ok())
        by_side[p->geometry().side()].push_back(std::move(*p));
      else
        std::fprintf(stderr, "%s: %s\n", path.c_str(), p.error().to_string().c_str());
    }
  }
  print_header();
  int status = 0;
  for (auto& [side, puzzles] : by_side) {
    auto solver = nonet::make_solver(puzzles.front().geometry(), opt.solver);
    if (!solver) continue;
    Sample s;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      if (!solve_checked(*solver, puzzles[i], s, std::to_string(side) + "#" + std::to_string(i)))
        status = 1;
    }
    print_row(puzzles.front().geometry().describe(), "file", s);
  }
  return status;
}

std::vector<int> parse_sizes(const char* text) {
  std::vector<int> out;
  for (const char* p = text; *p;) {
    char* end = nullptr;
    const long v = std::strtol(p, &end, 10);
    if (end == p) break;
    out.push_back(static_cast<int>(v));
    p = *end == ',' ? end + 1 : end;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--sizes")
      opt.sizes = parse_sizes(value());
    else if (a == "--count")
      opt.count = std::atoi(value());
    else if (a == "--seed")
      opt.seed = std::strtoull(value(), nullptr, 10);
    else if (a == "--solver")
      opt.solver = value();
    else if (a == "--save")
      opt.save = value();
    else if (a == "--counting")
      opt.counting = true;
    else if (a == "--max-seconds")
      opt.max_seconds = std::atof(value());
    else if (a == "--help" || a == "-h") {
      std::printf(
          "usage: %s [--sizes 9,12,16,20,25] [--count N] [--seed S] [--solver NAME]\n"
          "          [--max-seconds S] [--counting] [--save FILE] [puzzle files...]\n",
          argv[0]);
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    } else {
      opt.files.push_back(a);
    }
  }
  return opt.files.empty() ? run_generated(opt) : run_files(opt);
}
