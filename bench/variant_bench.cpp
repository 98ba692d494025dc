#include "variant_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "nonet/variant.h"
#include "ops/fpuzzles.h"

namespace nonet::bench {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int run_variants(const std::string& path, int repeat, bool as_json) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "nonet-bench: cannot read %s\n", path.c_str());
    return 2;
  }
  int status = 0;
  double total = 0;
  std::size_t solved = 0, skipped = 0;
  if (!as_json)
    std::printf("%-48s %-9s %6s %9s %10s\n", "puzzle", "answer", "count", "guesses", "ms (median)");
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const json entry = json::parse(line, nullptr, false);
    if (entry.is_discarded() || !entry.is_object()) {
      std::fprintf(stderr, "%s:%zu: not a JSON object\n", path.c_str(), number);
      return 2;
    }
    const std::string name =
        entry.value("name", "line " + std::to_string(number)) +
        (entry.contains("changed") ? " [" + entry["changed"].get<std::string>() + "]" : "");
    if (!entry.contains("fpuzzles")) {
      ++skipped;
      continue;
    }
    const Result<VariantPuzzle> puzzle = ops::read_fpuzzles(entry["fpuzzles"]);
    if (!puzzle) {
      std::printf("%-48.48s unread: %s\n", name.c_str(), puzzle.error().to_string().c_str());
      status = 1;
      continue;
    }
    SolveOptions options;
    options.limit = 2;
    std::vector<double> ms;
    SolveResult r;
    for (int i = 0; i < repeat; ++i) {
      const auto start = Clock::now();
      r = solve_variant(*puzzle, options);
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::string answer = r.count == 0 ? "none" : r.count == 1 ? "unique" : "several";
    if (entry.contains("solution") && r.solution) {
      const std::vector<int> want = entry["solution"].get<std::vector<int>>();
      bool same = want.size() == static_cast<std::size_t>(r.solution->geometry().cell_count());
      for (std::size_t i = 0; same && i < want.size(); ++i)
        same = (*r.solution)[static_cast<int>(i)] == want[i];
      if (!same || r.count != 1) {
        answer = same ? answer : "WRONG";
        status = 1;
      }
    }
    const double m = median(ms);
    total += m;
    ++solved;
    if (as_json) {
      std::printf("%s\n", json{{"puzzle", name},
                               {"answer", answer},
                               {"count", r.count},
                               {"guesses", r.guesses},
                               {"ms", m},
                               {"msMin", *std::min_element(ms.begin(), ms.end())}}
                              .dump()
                              .c_str());
    } else {
      std::printf("%-48.48s %-9s %6llu %9llu %10.3f\n", name.c_str(), answer.c_str(),
                  static_cast<unsigned long long>(r.count),
                  static_cast<unsigned long long>(r.guesses), m);
    }
  }
  if (!as_json)
    std::printf(
        "%zu puzzles in %.3f ms (the sum of the medians); %zu lines without f-puzzles form "
        "skipped\n",
        solved, total, skipped);
  return status;
}

}  // namespace nonet::bench
