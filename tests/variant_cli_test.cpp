// Variant puzzles through the CLI: f-puzzles JSON lines and links.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "nonet/lzstring.h"
#include "support/run.h"

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
  // The commands that do not read variants yet say so, in the variant's place.
  r = run_cli("rate '" + file + "'");
  EXPECT_NE(r.out.find("invalid: line 1: a variant puzzle, which this command does not read yet"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace nonet::testing
