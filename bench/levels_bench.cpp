// nonet-levels-bench: which levels each board size has, and how fast the
// generator serves each, one thread. Prints figures; asserts nothing.
//
//   nonet-levels-bench four
//       every proper 4x4 puzzle: all 288 grids, every subset of their cells,
//       counted and rated (about a minute)
//   nonet-levels-bench BOX COUNT [SEED] [LEVEL...] [--symmetry S] [--minimal|--no-minimal]
//       COUNT puzzles of each level (default all five) on a board with boxes BOX
//       (2x3, 3x3, 4x4, ...), each puzzle i from the stream (SEED, i) as
//       `nonet generate` draws it; prints CPU time per puzzle (mean, median,
//       slowest), the ER range and one example

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Every subset of the cells of every 4x4 grid: the proper puzzles among them
// (one solution, counted by the solver) and their ratings.
int four() {
  const nonet::Geometry& g = *nonet::Geometry::get(2, 2);
  std::vector<nonet::Grid> grids;
  nonet::Grid grid(g);
  std::function<void(int)> fill = [&](int cell) {
    if (cell == 16) {
      grids.push_back(grid);
      return;
    }
    for (int d = 1; d <= 4; ++d) {
      bool free = true;
      for (int p : g.peers(cell)) free = free && grid[p] != d;
      if (!free) continue;
      grid.set(cell, d);
      fill(cell + 1);
      grid.set(cell, 0);
    }
  };
  fill(0);
  auto solver = nonet::make_solver(g);
  std::map<int, long> by_er;
  std::map<int, std::string> example;
  long proper = 0;
  const double start = cpu_seconds();
  for (const nonet::Grid& solution : grids) {
    for (unsigned cells = 0; cells < (1u << 16); ++cells) {
      nonet::Grid puzzle(g);
      for (int c = 0; c < 16; ++c)
        if (cells >> c & 1u) puzzle.set(c, solution[c]);
      nonet::SolveOptions two;
      two.limit = 2;
      const nonet::SolveResult r = solver->solve(puzzle, two);
      if (r.count != 1 || !r.exhausted) continue;
      ++proper;
      const nonet::Rating rating = nonet::rate(puzzle);
      const int key = rating.er_exact ? rating.er : 1000;
      if (by_er[key]++ == 0) example[key] = nonet::to_line(puzzle);
    }
  }
  std::printf("4x4: %zu grids, %ld proper puzzles (%.1f s CPU)\n", grids.size(), proper,
              cpu_seconds() - start);
  for (const auto& [er, n] : by_er) {
    std::printf("  ER %s: %ld puzzles, e.g. %s\n",
                er == 1000 ? "beyond the rater" : nonet::format_rating(er, true).c_str(), n,
                example[er].c_str());
  }
  return 0;
}

int table(int argc, char** argv) {
  const nonet::Result<const nonet::Geometry*> shape = nonet::Geometry::from_shape(argv[1]);
  if (!shape) {
    std::fprintf(stderr, "%s\n", shape.error().message.c_str());
    return 2;
  }
  const nonet::Geometry* g = *shape;
  const int count = std::atoi(argv[2]);
  std::uint64_t seed = 1;
  std::vector<nonet::Level> levels;
  nonet::Symmetry symmetry = nonet::Symmetry::none;
  nonet::Method method = nonet::Method::automatic;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--symmetry" && i + 1 < argc) {
      symmetry = nonet::symmetry_from_string(argv[++i]).value_or(nonet::Symmetry::none);
    } else if (arg == "--minimal") {
      method = nonet::Method::minimal;
    } else if (arg == "--no-minimal") {
      method = nonet::Method::dug;
    } else if (i == 3 && std::isdigit(static_cast<unsigned char>(arg[0]))) {
      seed = std::strtoull(arg.c_str(), nullptr, 10);
    } else {
      for (int l = 0; l <= static_cast<int>(nonet::Level::extreme); ++l)
        if (nonet::level_name(static_cast<nonet::Level>(l)) == arg)
          levels.push_back(static_cast<nonet::Level>(l));
    }
  }
  if (levels.empty()) levels.assign(nonet::levels_for(*g).begin(), nonet::levels_for(*g).end());
  nonet::Generator generator(*g);
  std::printf("%s, %s, %d puzzles a level, seed %llu, CPU seconds per puzzle:\n",
              g->describe().c_str(), nonet::to_string(symmetry), count,
              static_cast<unsigned long long>(seed));
  for (const nonet::Level level : levels) {
    std::vector<double> times;
    int low = 1000, high = 0, clues = 0;
    std::string example, failed;
    bool minimal = true;
    for (int i = 0; i < count; ++i) {
      nonet::Rng rng(nonet::Rng::derive(seed, static_cast<std::uint64_t>(i)));
      nonet::GenerateOptions opt;
      opt.band = nonet::level_band(level);
      opt.symmetry = symmetry;
      opt.method = method;
      const double t0 = cpu_seconds();
      const nonet::GenerateResult r = generator.generate(rng, opt);
      times.push_back(cpu_seconds() - t0);
      if (r.status != nonet::GenerateStatus::ok) {
        failed = nonet::to_string(r.status);
        continue;
      }
      low = std::min(low, r.rating->er);
      high = std::max(high, r.rating->er);
      clues += r.puzzle->clues;
      minimal = minimal && r.puzzle->minimal;
      if (example.empty()) example = nonet::to_line(r.puzzle->puzzle);
    }
    std::vector<double> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    double total = 0;
    for (double t : times) total += t;
    std::printf(
        "  %-8s %s: mean %.4f  median %.4f  slowest %.4f  (%.1f/s)  ER %s-%s  clues %.1f%s\n",
        std::string(nonet::level_name(level)).c_str(), minimal ? "minimal" : "dug    ",
        total / count, sorted[sorted.size() / 2], sorted.back(), count / total,
        nonet::format_rating(low, true).c_str(), nonet::format_rating(high, true).c_str(),
        static_cast<double>(clues) / count, failed.empty() ? "" : (" (" + failed + ")").c_str());
    std::printf("           e.g. %s\n", example.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "four") return four();
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: nonet-levels-bench four\n"
                 "       nonet-levels-bench BOX COUNT [SEED] [LEVEL...] [--symmetry S] "
                 "[--minimal|--no-minimal]\n");
    return 2;
  }
  return table(argc, argv);
}
