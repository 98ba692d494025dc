// f-puzzles JSON and links, read into variant puzzles and written back.

#include "ops/fpuzzles.h"

#include <gtest/gtest.h>

#include "nonet/format.h"
#include "nonet/lzstring.h"
#include "support/variant_rules.h"

namespace nonet::ops {
namespace {

using nlohmann::json;

json empty_grid(int n) {
  json grid = json::array();
  for (int r = 0; r < n; ++r) grid.push_back(json::array());
  for (auto& row : grid)
    for (int c = 0; c < n; ++c) row.push_back(json::object());
  return grid;
}

std::string problem(const json& object) {
  const nonet::Result<VariantPuzzle> r = read_fpuzzles(object);
  return r ? std::string() : r.error().message;
}

TEST(FPuzzles, ReadsEveryKindItKnows) {
  json o = {{"size", 6}, {"grid", empty_grid(6)}, {"title", "t"}, {"author", "a"}};
  o["grid"][0][0] = {{"value", 1}, {"given", true}};
  o["grid"][0][1] = {{"value", 2}};  // the player's, not a given
  o["grid"][5][5]["centerPencilMarks"] = {1, 2};
  o.update(json::parse(R"({
    "diagonal+": true, "diagonal-": false, "antiknight": true, "nonconsecutive": true,
    "negative": ["ratio", "xv"],
    "killercage": [{"cells": ["R6C1", "R6C2"], "value": "7"}, {"cells": ["R5C5"]}],
    "thermometer": [{"lines": [["R2C2", "R2C3", "R2C4"], ["R2C2", "R3C2"]]}],
    "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R5C4", "R5C5"]]}],
    "littlekillersum": [{"cell": "R0C0", "direction": "DR", "value": "12"},
                        {"cell": "R0C2", "direction": "DR", "value": ""}],
    "difference": [{"cells": ["R3C1", "R3C2"]}],
    "ratio": [{"cells": ["R1C5", "R1C6"], "value": "3"}],
    "xv": [{"cells": ["R4C1", "R5C1"], "value": "X"}],
    "odd": [{"cell": "R1C3"}],
    "whispers": [{"lines": [["R6C4", "R6C5"]]}],
    "line": [{"lines": [["R1C1", "R2C2"]], "outlineC": "#000000"}]
  })"));
  const nonet::Result<VariantPuzzle> r = read_fpuzzles(o);
  ASSERT_TRUE(r) << r.error().to_string();
  const VariantPuzzle& p = *r;
  EXPECT_EQ(p.geometry().describe(), "6x6");
  EXPECT_EQ(p.givens[0], 1);
  EXPECT_EQ(p.givens[1], 0);
  std::vector<std::string> kinds;
  for (const Constraint& c : p.constraints) kinds.push_back(info(c.kind).name);
  const std::vector<std::string> want = {
      "anti-diagonal", "anti-knight", "non-consecutive", "no black dot", "no XV", "killer cage",
      "killer cage", "thermometer", "thermometer", "arrow", "little killer", "white dot",
      "black dot", "XV", "odd", "German whispers"};
  std::vector<std::string> sorted_kinds = kinds, sorted_want = want;
  std::sort(sorted_kinds.begin(), sorted_kinds.end());
  std::sort(sorted_want.begin(), sorted_want.end());
  EXPECT_EQ(sorted_kinds, sorted_want);
  for (const Constraint& c : p.constraints) {
    if (c.kind == ConstraintKind::little_killer) {
      // From the corner above r1c1, down to the right: the main diagonal.
      EXPECT_EQ(c.cells, (std::vector<int>{0, 7, 14, 21, 28, 35}));
      EXPECT_EQ(c.value, 12);
    }
    if (c.kind == ConstraintKind::arrow) {
      EXPECT_EQ(c.cells, (std::vector<int>{21, 27, 28}));
    }
    if (c.kind == ConstraintKind::ratio) {
      EXPECT_EQ(c.value, 3);
    }
    if (c.kind == ConstraintKind::xv) {
      EXPECT_EQ(c.value, 10);
    }
  }
}

TEST(FPuzzles, RoundTripsThroughJsonAndLinks) {
  json o = {{"size", 9}, {"grid", empty_grid(9)}};
  o["grid"][4][4] = {{"value", 5}, {"given", true}};
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) o["grid"][r][c]["region"] = (r / 3) * 3 + c / 3 == 4 ? 4 : (r / 3) * 3 + c / 3;
  o.update(json::parse(R"({
    "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
    "thermometer": [{"lines": [["R9C1", "R8C2", "R7C3"]]}, {"lines": [["R5C1", "R5C2"]]}],
    "palindrome": [{"lines": [["R6C1", "R6C2"]]}],
    "whispers": [{"lines": [["R3C5", "R3C6"]], "value": "4"}],
    "arrow": [{"cells": ["R7C7"], "lines": [["R7C7", "R7C8"]]}],
    "clone": [{"cells": ["R1C9"], "cloneCells": ["R9C9"]}],
    "littlekillersum": [{"cell": "R10C3", "direction": "UR", "value": "20"},
                        {"cell": "R0C2", "direction": "DL", "value": "4"}],
    "antiking": true, "negative": ["xv"],
    "sandwichsum": [{"cell": "R0C4", "value": "0"}, {"cell": "R3C10", "value": "12"},
                    {"cell": "R6C0", "value": ""}],
    "xsum": [{"cell": "R10C6", "value": "25"}],
    "skyscraper": [{"cell": "R8C0", "value": "3"}],
    "quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 1, 9]}],
    "regionsumline": [{"lines": [["R4C3", "R4C4", "R4C5"]]}],
    "arrow": [{"cells": ["R7C7"], "lines": [["R7C7", "R7C8"]]},
              {"cells": ["R2C8", "R1C8"], "lines": [["R2C8", "R3C8", "R3C9"], ["R1C8", "R2C8", "R2C9"]]}]
  })"));
  o["grid"][8][8]["givenPencilMarks"] = {2, 4, 6};
  const nonet::Result<VariantPuzzle> first = read_fpuzzles(o);
  ASSERT_TRUE(first) << first.error().to_string();
  ASSERT_EQ(first->constraints.size(), 20u);
  const Geometry& g = first->geometry();
  for (const Constraint& c : first->constraints) {
    if (c.kind == ConstraintKind::pill_arrow) {
      // The pill read top to bottom, each line its own arrow, the pill's cell not summed.
      EXPECT_EQ(c.value, 2);
      EXPECT_EQ(c.cells[0], g.cell(0, 7));
      EXPECT_EQ(c.cells[1], g.cell(1, 7));
      EXPECT_TRUE(c.cells.size() == 4 || c.cells.size() == 3);
      EXPECT_EQ(std::count(c.cells.begin(), c.cells.end(), g.cell(1, 7)), 1)
          << "a line that runs through the whole pill sums only past it";
    }
    if (c.kind == ConstraintKind::sandwich && c.value == 12) {
      EXPECT_EQ(c.cells.front(), g.cell(2, 8)) << "read from the right";
    }
    if (c.kind == ConstraintKind::x_sum) {
      EXPECT_EQ(c.cells.front(), g.cell(8, 5)) << "read from below";
    }
    if (c.kind == ConstraintKind::candidates) {
      EXPECT_EQ(c.other, (std::vector<int>{2, 4, 6}));
    }
  }
  for (const Constraint& c : first->constraints) {
    if (c.kind == ConstraintKind::little_killer && c.value == 4) {
      EXPECT_EQ(c.cells, std::vector<int>{0}) << "the corner alone";
    }
    if (c.kind == ConstraintKind::whispers) {
      EXPECT_EQ(c.value, 4);
    }
  }
  const json written = to_fpuzzles(*first);
  const nonet::Result<VariantPuzzle> again = read_fpuzzles(written);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(to_fpuzzles(*again), written);
  const std::string link = fpuzzles_link(*first);
  EXPECT_EQ(link.rfind("https://www.f-puzzles.com/?load=N4Ig", 0), 0u) << link;
  for (const std::string& form :
       {link, link.substr(link.find("N4Ig")), "https://sudokupad.app/fpuzzles" + link.substr(link.find("N4Ig")),
        written.dump()}) {
    const nonet::Result<VariantPuzzle> read = read_variant(form);
    ASSERT_TRUE(read) << form << ": " << read.error().to_string();
    EXPECT_EQ(to_fpuzzles(*read), written) << form;
  }
  // SudokuPad's own check that it reads f-puzzles links: an empty 3x3.
  const nonet::Result<VariantPuzzle> tiny = read_variant(
      "https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA==");
  ASSERT_TRUE(tiny) << tiny.error().to_string();
  EXPECT_EQ(tiny->geometry().side(), 3);
}

TEST(FPuzzles, SolvesWhatItReads) {
  // A killer read off a known grid, as dominoes, with one given.
  const ParsedPuzzle truth = parse_puzzle(
      "483921657967345821251876493548132976729564138136798245372689514814253769695417382");
  ASSERT_TRUE(truth.ok());
  json o = {{"size", 9}, {"grid", empty_grid(9)}};
  o["grid"][0][0] = {{"value", 4}, {"given", true}};
  const Geometry& g = truth->geometry();
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c + 1 < 9; c += 2)
      o["killercage"].push_back(
          {{"cells", {"R" + std::to_string(r + 1) + "C" + std::to_string(c + 1),
                      "R" + std::to_string(r + 1) + "C" + std::to_string(c + 2)}},
           {"value", std::to_string((*truth)[g.cell(r, c)] + (*truth)[g.cell(r, c + 1)])}});
  const nonet::Result<VariantPuzzle> p = read_fpuzzles(o);
  ASSERT_TRUE(p) << p.error().to_string();
  const SolveResult r = solve_variant(*p, {});
  ASSERT_GE(r.count, 1u);
  EXPECT_EQ(testing::broken_rule(*p, *r.solution), "");
}

TEST(FPuzzles, RefusesWhatItCannotReadByName) {
  const json base = {{"size", 9}, {"grid", empty_grid(9)}};
  const auto with = [&](const char* text) {
    json o = base;
    o.update(json::parse(text));
    return problem(o);
  };
  EXPECT_EQ(with(R"({"entropicline": [{"lines": [["R1C1", "R1C2"]]}]})"),
            "'entropicline' is a rule nonet does not read yet");
  EXPECT_EQ(with(R"({"sandwichsum": [{"cell": "R1C3", "value": "5"}]})"),
            "'sandwichsum' 1: the clue must sit outside the grid, not on R1C3");
  EXPECT_EQ(with(R"({"xsum": [{"cell": "R0C0", "value": "5"}]})"),
            "'xsum' 1: the clue R0C0 is beside no row or column");
  EXPECT_EQ(
      with(R"({"sandwichsum": [{"cell": "R0C3", "value": "36"}]})"),
      "sandwich 1 (r1c3, r2c3, r3c3, r4c3, ...): has the clue 36; on a 9x9 board it is 0 to 35");
  EXPECT_EQ(
      with(R"({"skyscraper": [{"cell": "R10C3", "value": "10"}]})"),
      "skyscraper 1 (r9c3, r8c3, r7c3, r6c3, ...): has the clue 10; on a 9x9 board it is 1 to 9");
  EXPECT_EQ(with(R"({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R3C1"], "values": [1]}]})"),
            "quadruple 1 (r1c1, r1c2, r2c1, r3c1): needs the four cells of a 2x2");
  EXPECT_EQ(
      with(R"({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 1, 1]}]})"),
      "quadruple 1 (r1c1, r1c2, r2c1, r2c2): lists the digit 1 more than twice, more than a 2x2 "
      "can hold");
  EXPECT_EQ(with(R"({"sandwichsum": [{"cell": "R0C3", "value": ""}]})"), "")
      << "an empty clue is no clue";
  EXPECT_EQ(with(R"({"frobnicate": true})"), "unknown key 'frobnicate'");
  EXPECT_EQ(with(R"({"negative": ["foo"]})"), "'negative': 'foo' is a rule nonet does not read yet");
  EXPECT_EQ(
      with(
          R"({"arrow": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4"], "lines": [["R1C2", "R2C2"]]}]})"),
      "pill arrow 1 (r1c1, r1c2, r1c3, r1c4, ...): has a pill of 4 cells; it takes 1 to 3");
  EXPECT_EQ(with(R"({"arrow": [{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R5C5"]]}]})"),
            "pill arrow 1 (r1c1, r1c2, r5c5): has an arrow that does not start next to its pill");
  EXPECT_EQ(with(R"({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "99"}]})"),
            "killer cage 1 (r1c1, r1c2): sums to 99, which 2 different digits cannot make (3 to 17)");
  EXPECT_EQ(with(R"({"thermometer": [{"lines": [["R1C1", "R12C1"]]}]})"),
            "'thermometer' 1: R12C1 is off the 9x9 board");
  EXPECT_EQ(with(R"({"odd": [{"cell": "X1Y1"}]})"), "'odd' 1: 'X1Y1' is not a cell name like \"R1C1\"");
  EXPECT_EQ(with(R"({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]})"),
            "'xv' 1: the value must be \"X\" or \"V\"");
  EXPECT_EQ(with(R"({"xv": [{"cells": ["R1C1", "R1C2"], "value": 10}]})"),
            "'xv' 1: the value must be \"X\" or \"V\"");
  EXPECT_EQ(with(R"({"littlekillersum": [{"cell": "R0C0", "direction": 3, "value": "9"}]})"),
            "'littlekillersum' 1: the direction must be UR, UL, DR or DL");
  EXPECT_EQ(with(R"({"difference": [{"cells": ["R1C1", "R1C2"], "value": "9"}]})"),
            "white dot 1 (r1c1, r1c2): has the difference 9, which no two digits 1 to 9 have");
  EXPECT_EQ(with(R"({"extraregion": [{"cells": ["R1C1", "R1C1"]}]})"),
            "extra region 1 (r1c1, r1c1): holds a cell twice");
  json o = base;
  o["grid"][0][0]["region"] = nullptr;
  EXPECT_EQ(problem(o),
            "'grid': 1 cells are outside every region, and the others not; only a board with no "
            "regions at all is read");
  // Every cell outside every region: rows and columns alone, and back.
  for (auto& row : o["grid"])
    for (auto& c : row) c["region"] = nullptr;
  const nonet::Result<VariantPuzzle> bare = read_fpuzzles(o);
  ASSERT_TRUE(bare) << bare.error().to_string();
  EXPECT_TRUE(bare->no_regions);
  EXPECT_TRUE(read_fpuzzles(to_fpuzzles(*bare))->no_regions);
  o = base;
  o["grid"][0][0]["givenPencilMarks"] = {1, 12};
  EXPECT_EQ(problem(o), "'grid' r1c1: 'givenPencilMarks' holds 12, not a digit 1 to 9");
  o = base;
  o["lockout"] = json::array();
  EXPECT_EQ(problem(o), "'lockout' is a rule nonet does not read yet");
  o = base;
  o["size"] = 30;
  EXPECT_EQ(problem(o), "'size' 30 is not a board nonet has (1 to 25)");
  o["size"] = 4294967305ull;  // would wrap to 9
  EXPECT_EQ(problem(o), "'size' must be a whole number");
  o = base;
  o["grid"][0][0] = {{"given", true}};  // a given without a value
  EXPECT_EQ(problem(o), "'grid' r1c1: the given 0 is not 1 to 9");
  o = base;
  o["killercage"] = json::parse(R"([{"cells": ["R1C1", "R1C2"], "value": 4294967300}])");
  EXPECT_EQ(problem(o), "'killercage' 1: the value 4294967300 is not a whole number");
  EXPECT_FALSE(read_variant("https://sudokupad.app/TtTmqGMBDR"));
  EXPECT_FALSE(read_variant("https://www.f-puzzles.com/?load=N4Ig!!!"));
  EXPECT_FALSE(read_variant(std::string(100, '[') + std::string(100, ']')));
  EXPECT_FALSE(read_variant("{\"size\": 9, \"grid\": "));
}

}  // namespace
}  // namespace nonet::ops
