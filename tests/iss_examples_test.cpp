// The Interactive Sudoku Solver's example puzzles, where its source tree is at
// hand (../shared/anchors/iss, or NONET_ISS_DIR) with Node: every one with an
// f-puzzles form, converted by scripts/iss-examples.mjs, is solved to ISS's own
// solution and proven unique; changed to contradict its solution it has none;
// without its givens, what nonet finds keeps every rule by the independent
// checker (tests/support/variant_rules).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

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

TEST(IssExamples, SolvedAsIssSolvesThemAndChangedOnesAnswered) {
  const std::string dir = iss_dir();
  if (!std::filesystem::exists(dir + "/data/example_puzzles.js"))
    GTEST_SKIP() << "no ISS source tree at " << dir << " (set NONET_ISS_DIR to run these)";
  if (run_shell("node --version").exit_code != 0) GTEST_SKIP() << "node is missing";
  const RunResult converted = run_shell("node '" + std::string(NONET_SOURCE_DIR) +
                                        "/scripts/iss-examples.mjs' '" + dir + "' --changed");
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  std::istringstream lines(converted.out);
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

}  // namespace
}  // namespace nonet::testing
