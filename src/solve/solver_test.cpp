// Every solver in the registry over the golden corpus (differential testing),
// solutions checked by the independent checker.

#include "nonet/solver.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "nonet/format.h"
#include "support/checker.h"

namespace nonet {
namespace {

struct GoldenCase {
  const Geometry* geometry = nullptr;
  std::string puzzle;
  std::uint64_t count = 0;
  std::string solution;
};

std::vector<GoldenCase> golden() {
  std::ifstream in(NONET_SOURCE_DIR "/tests/data/golden.txt");
  std::vector<GoldenCase> cases;
  const Geometry* shape = nullptr;
  for (std::string line; std::getline(in, line);) {
    int r = 0, k = 0;
    if (std::sscanf(line.c_str(), "# box %dx%d", &r, &k) == 2) shape = Geometry::get(r, k);
    if (line.empty() || line[0] == '#') continue;
    GoldenCase c;
    c.geometry = shape;
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    c.puzzle = line.substr(0, a);
    c.count = std::stoull(line.substr(a + 1, b - a - 1));
    if (b != std::string::npos) c.solution = line.substr(b + 1);
    cases.push_back(c);
  }
  return cases;
}

TEST(Solvers, GoldenCorpusThroughEverySolver) {
  const auto cases = golden();
  ASSERT_GE(cases.size(), 40u) << "tests/data/golden.txt missing or short";
  for (const SolverInfo& info : solvers()) {
    auto solver = info.make();
    int run = 0;
    for (const GoldenCase& c : cases) {
      const Geometry* g = c.geometry;
      ASSERT_NE(g, nullptr) << "no '# box RxC' line before " << c.puzzle;
      if (!info.supports(*g)) continue;
      // The teaching solver is exponential: keep it to boards it can finish.
      if (info.name == "basic" && (g->side() > 9 || c.count > 2)) continue;
      auto parsed = parse_puzzle(c.puzzle, {g->box_rows(), g->box_cols()});
      ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
      SolveOptions options;
      options.limit = c.count > 1 ? 100000 : 2;
      const SolveResult r = solver->solve(*parsed, options);
      ++run;
      SCOPED_TRACE(std::string(info.name) + " on " + c.puzzle);
      EXPECT_EQ(r.count, c.count);
      EXPECT_TRUE(r.exhausted);
      if (c.count == 0) {
        EXPECT_EQ(r.outcome(), Outcome::no_solution);
        continue;
      }
      ASSERT_TRUE(r.solution.has_value());
      std::string why;
      EXPECT_TRUE(testing::check_solution(*parsed, *r.solution, &why)) << why;
      if (c.count == 1) {
        EXPECT_EQ(r.outcome(), Outcome::solved);
        EXPECT_EQ(to_line(*r.solution), c.solution);
      } else {
        EXPECT_EQ(r.outcome(), Outcome::multiple);
      }
    }
    EXPECT_GT(run, 0) << info.name << " ran on no golden puzzle";
  }
}

TEST(Solvers, SeedTutorialPuzzleWithEverySolver) {
  auto p = parse_puzzle(
      "090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n100804020\n"
      "706000810\n300090000\n");
  ASSERT_TRUE(p.ok());
  for (const SolverInfo& info : solvers()) {
    const SolveResult r = info.make()->solve(*p, {});
    EXPECT_EQ(r.outcome(), Outcome::solved) << info.name;
    ASSERT_TRUE(r.solution) << info.name;
    EXPECT_EQ(to_line(*r.solution),
              "895742136271963485463581792934617258517238964682459371159874623746325819328196547")
        << info.name;
  }
}

TEST(Solvers, ConflictingGivensHaveNoSolution) {
  std::string line(81, '.');
  line[0] = '7';
  line[1] = '7';
  auto p = parse_puzzle(line);
  for (const SolverInfo& info : solvers()) {
    const SolveResult r = info.make()->solve(*p, {});
    EXPECT_EQ(r.count, 0u) << info.name;
    EXPECT_EQ(r.outcome(), Outcome::no_solution) << info.name;
  }
}

TEST(Solvers, LimitsAndOutcomes) {
  const Grid empty4(*Geometry::get(2, 2));  // 288 completions
  for (const SolverInfo& info : solvers()) {
    if (!info.supports(empty4.geometry())) continue;
    auto solver = info.make();
    SolveOptions o;
    o.limit = 1;
    SolveResult r = solver->solve(empty4, o);
    EXPECT_EQ(r.count, 1u);
    EXPECT_EQ(r.outcome(), Outcome::solved) << "limit 1 finds one and stops";
    o.limit = 50;
    r = solver->solve(empty4, o);
    EXPECT_EQ(r.count, 50u);
    EXPECT_FALSE(r.exhausted);
    EXPECT_EQ(r.outcome(), Outcome::limit) << info.name;
    o.limit = 1000;
    r = solver->solve(empty4, o);
    EXPECT_EQ(r.count, 288u) << info.name;
    EXPECT_TRUE(r.exhausted);
    EXPECT_EQ(r.outcome(), Outcome::multiple);
  }
}

TEST(Solvers, DeadlineStopsTheSearch) {
  // Counting the completions of an empty 9x9 board never ends in time.
  const Grid empty9(*Geometry::get(3, 3));
  for (const SolverInfo& info : solvers()) {
    SolveOptions o;
    o.limit = std::uint64_t{1} << 60;
    o.deadline = Deadline::after(std::chrono::milliseconds(50));
    const auto start = std::chrono::steady_clock::now();
    const SolveResult r = info.make()->solve(empty9, o);
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_TRUE(r.stopped) << info.name;
    EXPECT_EQ(r.outcome(), Outcome::timeout) << info.name;
    EXPECT_GT(r.count, 0u) << info.name;
    EXPECT_LT(took, std::chrono::seconds(5)) << info.name;
  }
}

TEST(Solvers, CancelStopsTheSearch) {
  const Grid empty16(*Geometry::get(4, 4));
  std::atomic<bool> cancel{false};
  SolveOptions o;
  o.limit = std::uint64_t{1} << 60;
  o.cancel = &cancel;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    cancel = true;
  });
  const SolveResult r = make_solver(empty16.geometry())->solve(empty16, o);
  stopper.join();
  EXPECT_EQ(r.outcome(), Outcome::timeout);
}

TEST(Solvers, RegistryPicksBySize) {
  EXPECT_NE(make_solver(*Geometry::get(5, 5)), nullptr);
  EXPECT_NE(make_solver(*Geometry::get(3, 3), "basic"), nullptr);
  EXPECT_EQ(make_solver(*Geometry::get(3, 3), "no-such-solver"), nullptr);
  EXPECT_EQ(find_solver("general")->name, "general");
}

}  // namespace
}  // namespace nonet
