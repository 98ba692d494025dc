// The Interactive Sudoku Solver's example puzzles, where its source tree is at
// hand (../shared/anchors/iss, or NONET_ISS_DIR) with Node: every one with an
// f-puzzles form, converted by scripts/iss-examples.mjs, is solved to ISS's own
// solution and proven unique; changed to contradict its solution it has none;
// without its givens, what nonet finds keeps every rule by the independent
// checker (tests/support/variant_rules). Those whose rules the logic reads are
// explained, every step checked against ISS's solution.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "nonet/logic.h"
#include "nonet/variant.h"
#include "ops/fpuzzles.h"
#include "support/run.h"
#include "support/variant_rules.h"

namespace nonet::testing {
namespace {

using nlohmann::json;

std::string iss_dir() {
  if (const char* dir = std::getenv("NONET_ISS_DIR"); dir && *dir) return dir;
  return std::string(NONET_SOURCE_DIR) + "/../shared/anchors/iss";
}

// ISS's examples converted by scripts/iss-examples.mjs (with `flags`), one JSON
// object a line; or, in `skip`, why they cannot be here.
std::string examples(const std::string& flags, std::string& skip) {
  const std::string dir = iss_dir();
  if (!std::filesystem::exists(dir + "/data/example_puzzles.js")) {
    skip = "no ISS source tree at " + dir + " (set NONET_ISS_DIR to run these)";
    return "";
  }
  if (run_shell("node --version").exit_code != 0) {
    skip = "node is missing";
    return "";
  }
  const RunResult converted = run_shell("node '" + std::string(NONET_SOURCE_DIR) +
                                        "/scripts/iss-examples.mjs' '" + dir + "'" + flags);
  EXPECT_EQ(converted.exit_code, 0) << converted.err;
  return converted.out;
}

TEST(IssExamples, SolvedAsIssSolvesThemAndChangedOnesAnswered) {
  std::string skip;
  const std::string converted = examples(" --changed", skip);
  if (!skip.empty()) GTEST_SKIP() << skip;
  std::istringstream lines(converted);
  int solved = 0, contradicted = 0, opened = 0;
  for (std::string line; std::getline(lines, line);) {
    const json entry = json::parse(line);
    if (!entry.contains("fpuzzles")) continue;
    const std::string name =
        entry["name"].get<std::string>() +
        (entry.contains("changed") ? " [" + entry["changed"].get<std::string>() + "]" : "");
    const Result<VariantPuzzle> p = ops::read_fpuzzles(entry["fpuzzles"]);
    ASSERT_TRUE(p) << name << ": " << p.error().to_string();
    SolveOptions two;
    two.limit = 2;
    const SolveResult r = solve_variant(*p, two);
    ASSERT_TRUE(r.exhausted || r.count == 2) << name;
    const std::string changed = entry.value("changed", "");
    if (changed.empty()) {
      ASSERT_EQ(r.count, 1u) << name;
      const std::vector<int> want = entry["solution"].get<std::vector<int>>();
      for (int cell = 0; cell < r.solution->geometry().cell_count(); ++cell)
        ASSERT_EQ((*r.solution)[cell], want[static_cast<std::size_t>(cell)])
            << name << " at cell " << cell;
      EXPECT_EQ(broken_rule(*p, *r.solution), "") << name;
      ++solved;
    } else if (changed == "contradiction") {
      EXPECT_EQ(r.count, 0u) << name;
      ++contradicted;
    } else {
      if (r.count > 0) {
        EXPECT_EQ(broken_rule(*p, *r.solution), "") << name;
      }
      ++opened;
    }
  }
  EXPECT_GE(solved, 30) << "the examples with an f-puzzles form";
  EXPECT_EQ(contradicted, solved);
  EXPECT_GT(opened, 0);
}

// Every example whose rules the logic reads, explained by both profiles within
// a budget: each step keeps ISS's solution, and the path ends solved, stuck or
// out of time, never wrong.
TEST(IssExamples, ExplainedSoundlyWhereTheLogicReadsThem) {
  std::string skip;
  const std::string converted = examples("", skip);
  if (!skip.empty()) GTEST_SKIP() << skip;
  std::istringstream lines(converted);
  int read = 0, finished = 0, killers = 0, related = 0, related_finished = 0;
  std::string summary;
  for (std::string line; std::getline(lines, line);) {
    const json entry = json::parse(line);
    if (!entry.contains("fpuzzles")) continue;
    const std::string name = entry["name"].get<std::string>();
    const Result<VariantPuzzle> p = ops::read_fpuzzles(entry["fpuzzles"]);
    ASSERT_TRUE(p) << name;
    const Result<std::shared_ptr<const Geometry>> board = house_geometry(*p);
    if (!board) continue;
    ++read;
    const Geometry& g = **board;
    const std::vector<int> want = entry["solution"].get<std::vector<int>>();
    Grid givens(g);
    for (int c = 0; c < g.cell_count(); ++c) givens.set(c, p->givens[c]);
    for (Profile profile : {Profile::modern, Profile::se}) {
      LogicOptions options;
      options.profile = profile;
      options.deadline = Deadline::after(std::chrono::seconds(5));
      const LogicState start(givens);
      const LogicPath path = solve_path(start, options);
      for (const Step& step : path.steps) {
        for (const CellDigit& e : step.eliminations)
          ASSERT_NE(want[static_cast<std::size_t>(e.cell)], e.digit)
              << name << ": " << render_step(step, g);
        for (const CellDigit& pl : step.placements)
          ASSERT_EQ(want[static_cast<std::size_t>(pl.cell)], pl.digit)
              << name << ": " << render_step(step, g);
      }
      finished += path.solved ? 1 : 0;
      related_finished += path.solved && g.has_relations() ? 1 : 0;
      summary += name + " (" + std::string(profile_name(profile)) + "): " +
                 (path.solved    ? "solved"
                  : path.stopped ? "out of time"
                                 : "stuck") +
                 " after " + std::to_string(path.steps.size()) + " steps\n";
    }
    killers += entry["fpuzzles"].contains("killercage") ? 1 : 0;
    related += g.has_relations() ? 1 : 0;
  }
  std::printf("%s", summary.c_str());
  // X, windoku (with X), jigsaw (9x9 and 16x16), two killers at least.
  EXPECT_GE(read, 6);
  EXPECT_GE(killers, 2);
  // Thermometers, whispers, palindromes, clones, dots and XV, read as
  // relations; some of them solved within the budget.
  EXPECT_GE(related, 8);
  EXPECT_GE(related_finished, 2);
  EXPECT_GT(finished, 0);
}

}  // namespace
}  // namespace nonet::testing
