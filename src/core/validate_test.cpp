#include "nonet/validate.h"

#include <gtest/gtest.h>

#include "nonet/format.h"

namespace nonet {
namespace {

TEST(Validate, EveryDuplicateIsReported) {
  // r1c1 = 5 and r1c5 = 5 share row 1; r1c1 and r3c3 = 5 share box 1; r1c1 and r9c1
  // share column 1.
  std::string line(81, '.');
  line[0] = '5';
  line[4] = '5';
  line[20] = '5';
  line[72] = '5';
  auto p = parse_puzzle(line);
  ASSERT_TRUE(p.ok());
  Validation v = validate(*p);
  EXPECT_EQ(v.state, GridState::invalid);
  ASSERT_EQ(v.conflicts.size(), 3u);
  const Geometry& g = p->geometry();
  EXPECT_EQ(describe(v.conflicts[0], g), "digit 5 appears 2 times in row 1: r1c1, r1c5");
  EXPECT_EQ(describe(v.conflicts[1], g), "digit 5 appears 2 times in column 1: r1c1, r9c1");
  EXPECT_EQ(describe(v.conflicts[2], g), "digit 5 appears 2 times in box 1: r1c1, r3c3");
  EXPECT_EQ(v.empty_cells, 77);
}

TEST(Validate, States) {
  auto solved = parse_puzzle(
      "895742136271963485463581792934617258517238964682459371159874623746325819328196547");
  EXPECT_EQ(validate(*solved).state, GridState::solved);
  auto partial = parse_puzzle(
      "090000006000960485000581000004000000517200900602000370100804020706000810300090000");
  Validation v = validate(*partial);
  EXPECT_EQ(v.state, GridState::incomplete);
  EXPECT_TRUE(v.conflicts.empty());
  EXPECT_EQ(v.empty_cells, 81 - 30);
}

TEST(Validate, LargerBoardsUseTheirBoxes) {
  // 6x6 with 2x3 boxes: r1c1 and r2c3 share box 1; with 3x2 boxes they do not.
  std::string line(36, '.');
  line[0] = '4';
  line[8] = '4';
  auto wide = parse_puzzle(line);
  ASSERT_TRUE(wide.ok());
  EXPECT_EQ(validate(*wide).state, GridState::invalid);
  auto tall = parse_puzzle(line, {3, 2});
  ASSERT_TRUE(tall.ok());
  EXPECT_EQ(validate(*tall).state, GridState::incomplete);
}

}  // namespace
}  // namespace nonet
