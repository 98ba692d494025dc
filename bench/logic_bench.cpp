// nonet-logic-bench: how fast the SE-compatible rater runs, single thread, on
// random minimal puzzles (made by the generator from a fixed seed, so every run
// rates the same puzzles). Prints figures; asserts nothing.
//
//   nonet-logic-bench [COUNT] [SEED]      (default 2000 puzzles, seed 1)
//   nonet-logic-bench FILE [COUNT] [SECONDS] [THREADS]
//                                         (puzzles from a file, one per line, each
//                                         with a time budget, default none; prints
//                                         the ER of each and how many stopped;
//                                         THREADS for the nested chain search,
//                                         default 1)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"

// Rates each puzzle of a file and reports the mean and the slowest.
int rate_file(const char* path, int count, double budget, int threads) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    return 1;
  }
  using Clock = std::chrono::steady_clock;
  double total = 0, slowest = 0;
  int rated = 0, stuck = 0, stopped = 0;
  std::vector<int> ers;
  std::vector<double> times;
  std::string line;
  while (rated < count && std::getline(in, line)) {
    const nonet::ParsedPuzzle p = nonet::parse_puzzle(line.substr(0, line.find_first_of(" \t")));
    if (!p.ok()) continue;
    const auto t0 = Clock::now();
    const nonet::Deadline deadline =
        budget > 0 ? nonet::Deadline::after(std::chrono::duration_cast<std::chrono::nanoseconds>(
                         std::chrono::duration<double>(budget)))
                   : nonet::Deadline{};
    const nonet::Rating r = nonet::rate(*p, nonet::Profile::se, deadline, threads);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    total += s;
    slowest = std::max(slowest, s);
    times.push_back(s);
    stuck += r.stuck;
    stopped += r.stopped;
    if (budget > 0) {
      std::printf("%s %s %.2f s%s\n", line.substr(0, 81).c_str(),
                  nonet::format_rating(r.er, r.er_exact).c_str(), s, r.stopped ? " stopped" : "");
    }
    if (!r.stopped) ers.push_back(r.er);
    ++rated;
  }
  if (budget > 0) {
    std::sort(ers.begin(), ers.end());
    std::printf("rated fully: %zu of %d (%d stopped at %.0f s)", ers.size(), rated, stopped,
                budget);
    if (!ers.empty()) {
      std::printf(", ER %.1f - %.1f, median %.1f", ers.front() / 10.0, ers.back() / 10.0,
                  ers[ers.size() / 2] / 10.0);
    }
    std::printf("\n");
  }
  std::sort(times.begin(), times.end());
  const double median = times.empty() ? 0.0 : times[times.size() / 2];
  std::printf(
      "%s: %d puzzles, %.1f ms median, %.1f ms mean, %.1f ms slowest, %d beyond the rater's "
      "chains\n",
      path, rated, 1e3 * median, rated ? 1e3 * total / rated : 0.0, 1e3 * slowest, stuck);
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1 && (argv[1][0] < '0' || argv[1][0] > '9')) {
    return rate_file(argv[1], argc > 2 ? std::atoi(argv[2]) : 1000000,
                     argc > 3 ? std::atof(argv[3]) : 0.0, argc > 4 ? std::atoi(argv[4]) : 1);
  }
  const int count = argc > 1 ? std::atoi(argv[1]) : 2000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const nonet::Geometry& g = *nonet::Geometry::get(3, 3);
  nonet::Generator generator(g);
  std::vector<nonet::Grid> puzzles;
  for (int i = 0; i < count; ++i) {
    nonet::Rng rng(nonet::Rng::derive(seed, static_cast<std::uint64_t>(i)));
    nonet::GenerateResult r = generator.generate(rng, {});
    if (r.puzzle) puzzles.push_back(r.puzzle->puzzle);
  }
  // Time every puzzle, then report those that need no chains apart.
  using Clock = std::chrono::steady_clock;
  double plain_seconds = 0, chain_seconds = 0;
  int plain = 0, chains = 0;
  double er_sum = 0;
  int histogram[5] = {};
  for (const nonet::Grid& p : puzzles) {
    const auto t0 = Clock::now();
    const nonet::Rating r = nonet::rate(p);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    ++histogram[static_cast<int>(r.level)];
    if (r.stuck || r.er >= 65) {
      ++chains;
      chain_seconds += s;
    } else {
      ++plain;
      plain_seconds += s;
      er_sum += r.er / 10.0;
    }
  }
  std::printf("random minimal 9x9 puzzles: %zu (seed %llu)\n", puzzles.size(),
              static_cast<unsigned long long>(seed));
  std::printf("no chains needed: %d, %.0f ratings/s, mean ER %.2f\n", plain,
              plain ? plain / plain_seconds : 0.0, plain ? er_sum / plain : 0.0);
  std::printf("need chains (ER >= 6.5 or beyond): %d, %.0f ratings/s\n", chains,
              chains ? chains / chain_seconds : 0.0);
  std::printf("all: %.0f ratings/s\n",
              static_cast<double>(puzzles.size()) / (plain_seconds + chain_seconds));
  std::printf("levels: easy %d, medium %d, hard %d, expert %d, extreme %d\n", histogram[0],
              histogram[1], histogram[2], histogram[3], histogram[4]);
  return 0;
}
