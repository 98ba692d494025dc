// Variant puzzles through the CLI: f-puzzles JSON lines and links.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "nonet/lzstring.h"
#include "ops/context.h"
#include "support/run.h"
#include "support/variant_puzzles.h"

namespace nonet::testing {
namespace {

using nlohmann::json;

const std::string kTruth =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

// An f-puzzles killer read off kTruth: every row in dominoes and a last cell,
// the cages' sums what the grid holds, with a few givens.
json killer() {
  json grid = json::array();
  for (int r = 0; r < 9; ++r) {
    json row = json::array();
    for (int c = 0; c < 9; ++c) row.push_back(json::object());
    grid.push_back(row);
  }
  for (const int cell : {0, 10, 20, 30, 40, 50, 60, 70, 80, 8, 16, 24, 32, 48, 56, 64, 72})
    grid[cell / 9][cell % 9] = {{"value", kTruth[static_cast<std::size_t>(cell)] - '0'},
                                {"given", true}};
  json cages = json::array();
  const auto name = [](int cell) {
    return "R" + std::to_string(cell / 9 + 1) + "C" + std::to_string(cell % 9 + 1);
  };
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c + 1 < 9; c += 2) {
      const int a = r * 9 + c, b = a + 1;
      cages.push_back({{"cells", {name(a), name(b)}},
                       {"value", std::to_string(kTruth[a] - '0' + kTruth[b] - '0')}});
    }
  return {{"size", 9}, {"grid", grid}, {"killercage", cages}, {"title", "dominoes"}};
}

// The same killer in SudokuPad's compact JSON (its `scl` links): short keys,
// [row, column] from 0, empty cells left out of the rows.
std::string killer_compact() {
  const json fp = killer();
  std::string rows, cages;
  for (int r = 0; r < 9; ++r) {
    rows += r ? ",[" : "[";
    for (int c = 0; c < 9; ++c) {
      const json& cell = fp["grid"][r][c];
      if (c) rows += ",";
      if (cell.contains("value")) rows += "{v:" + std::to_string(cell["value"].get<int>()) + "}";
    }
    rows += "]";
  }
  for (const json& cage : fp["killercage"]) {
    std::string cells;
    for (const json& name : cage["cells"]) {
      const std::string s = name;
      cells += (cells.empty() ? "[" : ",[") + std::to_string(s[1] - '1') + "," + std::to_string(s[3] - '1') + "]";
    }
    cages += (cages.empty() ? "" : ",") + std::string("{ce:[") + cells + "],v:'" +
             cage["value"].get<std::string>() + "',c1:#0}";
  }
  return "{id:'dominoes',metadata:{t:'dominoes'},ce:[" + rows + "],re:[" + [] {
    std::string regions;
    for (int b = 0; b < 9; ++b) {
      regions += b ? ",[" : "[";
      for (int i = 0; i < 9; ++i)
        regions += (i ? ",[" : "[") + std::to_string(b / 3 * 3 + i / 3) + "," +
                   std::to_string(b % 3 * 3 + i % 3) + "]";
      regions += "]";
    }
    return regions;
  }() + "],ca:[" + cages + "]}";
}

TEST(VariantCli, ReadsSudokuPadLinks) {
  const std::string payload = lz::compress(*lz::utf16(killer_compact()), lz::Alphabet::base64);
  const std::string file = temp_file("sudokupad.txt", "https://sudokupad.app/scl" + payload + "\nscl" +
                                                          payload + "\n");
  RunResult r = run_cli("solve '" + file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kTruth + "\n" + kTruth + "\n");
  // Written back as f-puzzles JSON: the same cages as the f-puzzles original.
  r = run_cli("convert --to fpuzzles '" + file + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out.substr(0, r.out.find('\n')))["killercage"], killer()["killercage"]);
}

TEST(VariantCli, SolvesAndCountsFPuzzlesLinesAndLinks) {
  const std::string object = killer().dump();
  const std::string link =
      "https://www.f-puzzles.com/?load=" + lz::compress(*lz::utf16(object), lz::Alphabet::base64);
  const std::string file =
      temp_file("variants.txt", object + "\n" + link + "\n" + kTruth.substr(0, 80) + ".\n");
  RunResult r = run_cli("solve '" + file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kTruth + "\n" + kTruth + "\n" + kTruth + "\n");
  r = run_cli("count -f json '" + file + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json first = json::parse(r.out.substr(0, r.out.find('\n')));
  EXPECT_EQ(first["status"], "solved");
  EXPECT_EQ(first["count"], 1);
  EXPECT_EQ(first["fpuzzles"]["killercage"].size(), 36u) << "the constraints come back";
  EXPECT_EQ(first["line"], 1);
}

TEST(VariantCli, WhatItCannotReadIsNamed) {
  json with_sandwich = killer();
  with_sandwich["entropicline"] = json::array({{{"lines", json::array()}}});
  const std::string file = temp_file(
      "variants_bad.txt", with_sandwich.dump() + "\n{\"size\": 9\n" + std::string(kTruth) + "\n");
  RunResult r = run_cli("solve '" + file + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("invalid: line 1: 'entropicline' is a rule nonet does not read yet"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("invalid: line 2: the f-puzzles JSON is not valid JSON"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(kTruth), std::string::npos) << "the puzzles after them are answered";
  // The logic reads houses, chess rules, killer cages, dots and most lines so
  // far: a region sum line is refused by name, in the variant's place.
  json renban = killer();
  renban.erase("killercage");
  renban["regionsumline"] =
      json::array({{{"lines", json::array({json::array({"R1C3", "R1C4"})})}}});
  const std::string renbans = temp_file("variants_renban.txt", renban.dump() + "\n");
  for (const char* op : {"rate", "explain", "hint"}) {
    r = run_cli(std::string(op) + " '" + renbans + "'");
    EXPECT_EQ(r.exit_code, 1) << op;
    EXPECT_NE(r.err.find("not region sum line 1 (r1c3"), std::string::npos) << op << ": " << r.err;
  }
}

// A killer puzzle is rated, explained (each cage step naming its cage and sum,
// with its digit sets in JSON) and hinted.
TEST(VariantCli, KillerPuzzlesAreExplained) {
  const std::string killers = temp_file("variants_killer.txt", killer().dump() + "\n");
  RunResult r = run_cli("rate '" + killers + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("/"), std::string::npos) << r.out;
  r = run_cli("explain '" + killers + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Cage Combination: the "), std::string::npos) << r.out;
  r = run_cli("explain -f json '" + killers + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json answer = json::parse(r.out);
  EXPECT_EQ(answer["status"], "solved");
  EXPECT_EQ(answer["solution"], kTruth);
  bool cage_step = false;
  for (const json& step : answer["steps"]) {
    if (step["technique_id"] != "cage_combination") continue;
    cage_step = true;
    EXPECT_TRUE(step["sum"].is_number()) << step;
    ASSERT_TRUE(step["combinations"].is_array()) << step;
    for (const json& set : step["combinations"]) {
      int total = 0;
      for (const json& d : set) total += d.get<int>();
      EXPECT_EQ(total, step["sum"]) << step;
    }
  }
  EXPECT_TRUE(cage_step);
  r = run_cli("hint '" + killers + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(r.out.empty());
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    out.push_back(text.substr(start, end - start));
  return out;
}

TEST(VariantCli, RatesExplainsAndHintsOnAVariantsHouses) {
  const std::string file = temp_file("variants_x.txt", x_puzzle().dump() + "\n");
  RunResult r = run_cli("rate '" + file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2.6/1.2/1.2 hard\n");
  r = run_cli("explain '" + file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Hidden Single: r5c5 is the only place for 2 in diagonal r1c1-r9c9"),
            std::string::npos)
      << r.out;
  r = run_cli("explain --format json '" + file + "'");
  const json answer = json::parse(r.out);
  bool diagonal = false;
  for (const json& step : answer["steps"]) {
    for (const json& house : step["houses"])
      diagonal = diagonal || (house["kind"] == "extra" && house["name"] == "diagonal r9c1-r1c9");
  }
  EXPECT_TRUE(diagonal) << r.out;
  r = run_cli("hint --format json '" + file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["status"], "step") << r.out;
}

TEST(VariantCli, ValidateLocatesEveryBrokenRule) {
  // The killer filled in as its solution: solved. Two cells swapped in one
  // row: their dominoes' sums break, and the columns repeat digits.
  json solved = killer();
  for (int cell = 0; cell < 81; ++cell)
    solved["grid"][cell / 9][cell % 9] = {{"value", kTruth[static_cast<std::size_t>(cell)] - '0'},
                                          {"given", true}};
  json swapped = solved;
  swapped["grid"][0][1]["value"] = kTruth[2] - '0';
  swapped["grid"][0][2]["value"] = kTruth[1] - '0';
  const std::string file =
      temp_file("variants_validate.txt",
                solved.dump() + "\n" + swapped.dump() + "\n" + killer().dump() + "\n");
  RunResult r = run_cli("validate '" + file + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const std::vector<std::string> lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], "solved");
  EXPECT_EQ(lines[1],
            "invalid: column 2: 3 twice at r1c2, r6c2; column 3: 8 twice at r1c3, r4c3; "
            "killer cage 1 (r1c1, r1c2) at r1c1, r1c2; killer cage 2 (r1c3, r1c4) at r1c3, r1c4")
      << r.out;
  EXPECT_EQ(lines[2], "incomplete: 64 empty cells");
  EXPECT_NE(r.err.find(":2: column 2: 3 twice at r1c2, r6c2"), std::string::npos) << r.err;
  r = run_cli("validate -f json '" + file + "'");
  const json second = json::parse(split_lines(r.out)[1]);
  EXPECT_EQ(second["status"], "invalid");
  EXPECT_EQ(second["violations"][2]["where"], "killer cage 1 (r1c1, r1c2)");
  EXPECT_EQ(second["violations"][2]["cells"], json::parse(R"(["r1c1", "r1c2"])"));
  EXPECT_EQ(second["fpuzzles"]["killercage"].size(), 36u);
}

TEST(VariantCli, GeneratesEachVariantWithItsRulesAndRating) {
  RunResult r = run_cli("variants");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(split_lines(r.out).size(), 11u) << r.out;
  EXPECT_EQ(r.out.rfind("x ", 0), 0u) << r.out;
  for (const char* kind : {"x", "windoku", "disjoint-groups", "jigsaw", "anti-knight", "anti-king",
                           "non-consecutive", "killer", "kropki", "xv", "thermo"}) {
    SCOPED_TRACE(kind);
    r = run_cli(std::string("generate --variant ") + kind + " --level hard --seed 3 --format json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json made = json::parse(r.out);
    EXPECT_EQ(made["variant"], kind);
    const std::string puzzle = made["puzzle"];
    EXPECT_EQ(puzzle.size(), 81u);
    EXPECT_EQ(made["rating"]["level"], "hard");
    ASSERT_TRUE(made["fpuzzles"].is_object()) << r.out;
    const json& fp = made["fpuzzles"];
    for (int cell = 0; cell < 81; ++cell) {
      const json& c = fp["grid"][cell / 9][cell % 9];
      EXPECT_EQ(c.value("value", 0), puzzle[static_cast<std::size_t>(cell)] == '.'
                                         ? 0
                                         : puzzle[static_cast<std::size_t>(cell)] - '0');
    }
    // Read back by nonet: one solution, the one given, and the same rating.
    const std::string url = made["url"];
    EXPECT_EQ(url.rfind("https://www.f-puzzles.com/?load=", 0), 0u) << url;
    RunResult solved = run_cli("solve --format json", url + "\n");
    ASSERT_EQ(solved.exit_code, 0) << solved.err;
    EXPECT_EQ(json::parse(solved.out)["solution"], made["solution"]) << solved.out;
    RunResult rated = run_cli("rate --format json", url + "\n");
    ASSERT_EQ(rated.exit_code, 0) << rated.err;
    EXPECT_EQ(json::parse(rated.out)["er"], made["rating"]["er"]) << rated.out;
  }
  // Each kind's rules, as f-puzzles writes them.
  r = run_cli("generate --variant x --seed 1 --level easy --format json");
  json fp = json::parse(r.out)["fpuzzles"];
  EXPECT_EQ(fp["diagonal+"], true);
  EXPECT_EQ(fp["diagonal-"], true);
  r = run_cli("generate --variant windoku --seed 1 --level easy --format json");
  EXPECT_EQ(json::parse(r.out)["fpuzzles"]["extraregion"].size(), 4u) << r.out;
  r = run_cli("generate --variant jigsaw --seed 1 --level easy --format json");
  EXPECT_TRUE(json::parse(r.out)["fpuzzles"]["grid"][0][0].contains("region")) << r.out;
  // Every dot given: the dots, and the rules where none is drawn.
  r = run_cli("generate --variant kropki --seed 1 --level easy --format json");
  fp = json::parse(r.out)["fpuzzles"];
  EXPECT_GT(fp["difference"].size() + fp["ratio"].size(), 20u) << r.out;
  EXPECT_EQ(fp["nonconsecutive"], true) << r.out;
  EXPECT_NE(fp.dump().find("ratio"), std::string::npos) << r.out;
  r = run_cli("generate --variant xv --seed 1 --level easy --format json");
  fp = json::parse(r.out)["fpuzzles"];
  EXPECT_GT(fp["xv"].size(), 5u) << r.out;
  EXPECT_TRUE(fp.contains("negative")) << r.out;
  r = run_cli("generate --variant thermo --seed 1 --level easy --format json");
  fp = json::parse(r.out)["fpuzzles"];
  EXPECT_GE(fp["thermometer"].size(), 5u) << r.out;
  // The line form is the link, the same seed the same puzzle.
  r = run_cli("generate --variant anti-knight --seed 9 --level medium -n 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("https://www.f-puzzles.com/?load=", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("  2."), std::string::npos) << lines[0];
  EXPECT_EQ(run_cli("generate --variant anti-knight --seed 9 --level medium -n 2").out, r.out);
  r = run_cli("generate --variant jigsaw --seed 2 --level easy --format grid");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("jigsaw sudoku: irregular regions"), std::string::npos) << r.out;
  // A killer's grid names each cell's cage beside its givens, then the sums.
  r = run_cli("generate --variant killer --seed 2 --level medium --format grid");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> rows = split_lines(r.out);
  ASSERT_GE(rows.size(), 12u) << r.out;
  EXPECT_EQ(rows[0].size(), 17u + 3u + 17u) << r.out;
  EXPECT_EQ(rows[9].rfind("cages: a ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("killer sudoku: the digits of each cage differ"), std::string::npos) << r.out;
}

TEST(VariantCli, GenerateRefusesAVariantItCannotMake) {
  RunResult r = run_cli("generate --variant arrow");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("expected x, windoku, disjoint-groups, jigsaw"), std::string::npos) << r.err;
  r = run_cli("generate --variant windoku --size 6");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--variant windoku: windoku's windows are drawn on 9x9 boards"),
            std::string::npos)
      << r.err;
  r = run_cli("generate --variant anti-king --size 4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no 4x4 grid keeps the anti-king rule"), std::string::npos) << r.err;
  r = run_cli("generate --variant x --size 16");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("up to 12x12"), std::string::npos) << r.err;
  r = run_cli("generate --variant killer --level easy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no 9x9 killer sudoku puzzle is made easy so far: they rate from ER 2.0"),
            std::string::npos)
      << r.err;
  r = run_cli("generate --variant killer --size 12");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("killer puzzles are made on boards up to 9x9"), std::string::npos) << r.err;
  r = run_cli("generate --variant x --clues 5");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no proper 9x9 sudoku X puzzle has fewer than 8 clues"), std::string::npos)
      << r.err;
  const std::string file = temp_file("variants_library.txt", std::string(kTruth) + "\n");
  r = run_cli("generate --variant x --from '" + file + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--variant makes new puzzles"), std::string::npos) << r.err;
}

// The logic on a puzzle with cage sums gets a default budget of 60 s, as on
// boards above 16x16: its chains, blind to the sums, can search for minutes.
// A classic 9x9 has none, and a timeout of 0 lifts it.
TEST(VariantCli, CageSumsGetTheLogicsDefaultBudget) {
  ops::Context classic;
  classic.set_budget(std::nullopt, ops::Work::logic, 9);
  EXPECT_FALSE(classic.deadline.is_set());
  VariantPuzzle killer(*Geometry::get(3, 3));
  killer.constraints.push_back({ConstraintKind::killer_cage, {0, 1}, {}, 3});
  ops::Context summed;
  summed.set_budget(std::nullopt, ops::Work::logic, 9, &killer);
  EXPECT_TRUE(summed.deadline.is_set());
  EXPECT_EQ(summed.budget_text(),
            "the default time budget for puzzles with cage sums, dots or lines (60 s; a timeout of 0 "
            "lifts it)");
  VariantPuzzle thermo(*Geometry::get(3, 3));
  thermo.constraints.push_back({ConstraintKind::thermometer, {0, 1}});
  ops::Context lined;
  lined.set_budget(std::nullopt, ops::Work::logic, 9, &thermo);
  EXPECT_TRUE(lined.deadline.is_set());
  VariantPuzzle x(*Geometry::get(3, 3));
  x.constraints.push_back({ConstraintKind::diagonal_down});
  ops::Context housed;
  housed.set_budget(std::nullopt, ops::Work::logic, 9, &x);
  EXPECT_FALSE(housed.deadline.is_set()) << "extra houses alone are read as classic boards are";
  ops::Context lifted;
  lifted.set_budget(0.0, ops::Work::logic, 9, &killer);
  EXPECT_FALSE(lifted.deadline.is_set());
  ops::Context search;
  search.set_budget(std::nullopt, ops::Work::search, 9, &killer);
  EXPECT_FALSE(search.deadline.is_set());
  VariantPuzzle unsummed(*Geometry::get(3, 3));
  unsummed.constraints.push_back({ConstraintKind::killer_cage, {0, 1}, {}, 0});
  ops::Context plain;
  plain.set_budget(std::nullopt, ops::Work::logic, 9, &unsummed);
  EXPECT_FALSE(plain.deadline.is_set());
}

}  // namespace
}  // namespace nonet::testing
