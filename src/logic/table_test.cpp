// The technique table: one row per technique with unique ids, the profiles'
// searches in the order SE and the modern profile try them, and the ratings
// the finders write agreeing with the rows.

#include "logic/table.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "nonet/format.h"

namespace nonet {
namespace {

using logic_detail::rating_of;
using logic_detail::searches;

TEST(TechniqueTable, OneRowPerTechniqueWithUniqueIdsAndNames) {
  const auto table = technique_table();
  std::set<std::string_view> ids, names;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const TechniqueInfo& row = table[i];
    EXPECT_EQ(static_cast<std::size_t>(row.technique), i);
    EXPECT_TRUE(ids.insert(row.id).second) << row.id;
    EXPECT_TRUE(names.insert(row.name).second) << row.name;
    EXPECT_EQ(technique_from_id(row.id), row.technique);
    EXPECT_EQ(technique_id(row.technique), row.id);
    EXPECT_GE(row.rating, 10);
    EXPECT_FALSE(row.rating_rule.empty());
    EXPECT_GT(row.hodoku_score, 0);
    EXPECT_TRUE(row.se || row.modern) << row.id;
  }
  EXPECT_EQ(technique_from_id("hidden_single"), Technique::hidden_single);
  EXPECT_EQ(technique_from_id("two_string_kite"), Technique::two_string_kite);
  EXPECT_FALSE(technique_from_id("Hidden Single").has_value());
  EXPECT_FALSE(technique_from_id("").has_value());
}

TEST(TechniqueTable, ProfilesRunTheirRowsInTableOrder) {
  // SE 1.2.1's 27 producers: 20 up to aligned pair exclusion, then cycles and
  // forcing chains, aligned triple exclusion, Nishio, multiple, dynamic,
  // dynamic (+) and nested forcing chains; and the three searches of killer
  // cages and the fifteen of relations (dots, lines, arrows, clues outside
  // the grid, one-cell rules), which find nothing on a board without them.
  ASSERT_EQ(searches(Profile::se).size(), 45u);
  EXPECT_EQ(searches(Profile::modern).size(), 48u);
  const auto se = profile_techniques(Profile::se);
  EXPECT_EQ(se.front(), Technique::full_house);
  EXPECT_EQ(se.back(), Technique::nested_forcing_chain);
  for (std::size_t i = 1; i < se.size(); ++i) EXPECT_LT(se[i - 1], se[i]);
  for (Technique t : se) EXPECT_TRUE(technique_info(t).se);
  // Direct techniques are SE's alone; finned fish the modern profile's.
  EXPECT_FALSE(technique_info(Technique::direct_pointing).modern);
  EXPECT_FALSE(technique_info(Technique::finned_x_wing).se);
}

TEST(TechniqueTable, FloorsAreTheLeastRatingStillAhead) {
  const auto se = searches(Profile::se);
  EXPECT_EQ(se.front().floor, 10);  // a full house can still come
  EXPECT_EQ(se[38].floor, 65);      // cycles and forcing chains, then harder
  EXPECT_EQ(se.back().floor, 95);   // nested forcing chains
  for (std::size_t i = 1; i < se.size(); ++i) EXPECT_LE(se[i - 1].floor, se[i].floor);
  // The modern profile's last searches are cheaper than its aligned pair
  // exclusion (6.2): Sue de Coq rates 5.0.
  const auto modern = searches(Profile::modern);
  EXPECT_EQ(modern[41].floor, 50);
}

// Every step of a path carries at least its row's rating, and its title and
// text come from its row's writer.
TEST(TechniqueTable, StepsRateAtLeastTheirRow) {
  const char* const puzzles[] = {
      "600050007030000000080409200015300000008000300000007590009501030000000080200070004",
      "000050000000206000064000390045000810000020000000107000053000980090804060100030004",
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
      "802600009000058000006000401090406005020000040600203090205000900000970000100002804",
      "100800570000009210090040000300900050007000300020006008000020040071400000064007003",
      "869000312020000080070108040030000090700060004001902500000836000400070003000010000",
      "970306042805000109000050000207000304010020080400738001000905000000000000100847003",
      "013090460800000005000040000200000001970010043060705090089403710000000000000678000",
  };
  std::set<Technique> seen;
  for (Profile profile : {Profile::se, Profile::modern}) {
    for (const char* text : puzzles) {
      const Grid grid = *parse_puzzle(text);
      const LogicPath path = solve_path(LogicState(grid), profile);
      for (const Step& step : path.steps) {
        seen.insert(step.technique);
        EXPECT_GE(step.rating, rating_of(step.technique)) << technique_id(step.technique);
        EXPECT_FALSE(step_title(step).empty());
        EXPECT_EQ(render_step(step, grid.geometry()).rfind(step_title(step), 0), 0u);
      }
    }
  }
  EXPECT_GE(seen.size(), 11u);
}

}  // namespace
}  // namespace nonet
