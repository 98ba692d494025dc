// nonet generate | transform | canon, run for real: reproducibility whatever
// -j, every printed puzzle unique and minimal (checked here with the general
// solver), filters, library mode, malformed arguments and inputs.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "support/checker.h"
#include "support/run.h"

namespace nonet::testing {
namespace {

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

void expect_minimal(const std::string& line, int r, int c, Symmetry s) {
  const ParsedPuzzle p = parse_puzzle(line, {r, c});
  ASSERT_TRUE(p.ok()) << line;
  auto solver = make_solver(p->geometry(), "general");
  EXPECT_EQ(is_minimal(*p, s, *solver), true) << line;
  EXPECT_TRUE(has_symmetry(*p, s)) << line;
}

TEST(GenerateCli, SameSeedSameOutputWhateverThreads) {
  const RunResult one = run_cli("generate -n 40 --seed 77");
  const RunResult two = run_cli("generate -n 40 --seed 77 -j 2");
  const RunResult other = run_cli("generate -n 40 --seed 78");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out, other.out);
  const auto lines = lines_of(one.out);
  ASSERT_EQ(lines.size(), 40u);
  for (const std::string& l : lines) expect_minimal(l, 3, 3, Symmetry::none);
}

TEST(GenerateCli, SymmetriesAndSizes) {
  for (const char* s : {"rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"}) {
    const RunResult r = run_cli(std::string("generate -n 3 --seed 5 --symmetry ") + s);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const std::string& l : lines_of(r.out)) expect_minimal(l, 3, 3, *symmetry_from_string(s));
  }
  for (auto [box, r, c] : {std::tuple{"2x2", 2, 2}, {"2x3", 2, 3}, {"3x2", 3, 2}, {"2x4", 2, 4}}) {
    const RunResult run = run_cli(std::string("generate -n 3 --seed 5 --box ") + box);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    for (const std::string& l : lines_of(run.out)) expect_minimal(l, r, c, Symmetry::none);
  }
}

TEST(GenerateCli, JsonCluesAndRating) {
  const RunResult r = run_cli("generate -n 5 --seed 3 --clues 25-26 --format json --rate");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u);
  for (const std::string& l : lines) {
    const auto j = nlohmann::json::parse(l);
    const std::string puzzle = j["puzzle"], solution = j["solution"];
    EXPECT_TRUE(check_solution_text(puzzle, solution, 3, 3));
    EXPECT_GE(j["clues"].get<int>(), 25);
    EXPECT_LE(j["clues"].get<int>(), 26);
    EXPECT_EQ(j["seed"], 3);
    EXPECT_TRUE(j.contains("level"));
    EXPECT_TRUE(j.contains("er"));
  }
  const RunResult easy = run_cli("generate -n 2 --seed 3 --difficulty easy --format json");
  ASSERT_EQ(easy.exit_code, 0) << easy.err;
  for (const std::string& l : lines_of(easy.out))
    EXPECT_EQ(nlohmann::json::parse(l)["level"], "easy");
  const RunResult band = run_cli("generate -n 2 --seed 3 --rating 2.0-3.4 --format json");
  ASSERT_EQ(band.exit_code, 0) << band.err;
  for (const std::string& l : lines_of(band.out)) {
    const double er = nlohmann::json::parse(l)["er"];
    EXPECT_GE(er, 2.0);
    EXPECT_LE(er, 3.4);
  }
}

TEST(GenerateCli, OutOfReachSaysSoAndFails) {
  const RunResult r = run_cli("generate --clues 12 --timeout 0.5 --seed 1");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no 9x9 puzzle with 12 clues"), std::string::npos) << r.err;
}

TEST(GenerateCli, MalformedArguments) {
  for (const char* args :
       {"generate --clues 30-20", "generate --clues abc", "generate --clues -",
        "generate --box 7x7", "generate --box 1x9", "generate --box 3x3x3",
        "generate --symmetry spiral", "generate -n 0", "generate --timeout -1",
        "generate --difficulty insane", "generate --rating 5-x", "generate --clues 90",
        "generate --box 5x5 --difficulty easy", "generate --from x --symmetry rot180", "transform",
        "transform --ops 'rows:0:12'", "transform --ops mirror --random"}) {
    const RunResult r = run_cli(args, "");
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
  }
}

TEST(GenerateCli, FromLibraryCarriesNotesAndKeepsPuzzles) {
  const std::string lib = temp_file(
      "library.txt",
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  ER 9.0\n"
      "not a puzzle\n"
      "................................................................................1\n");
  const RunResult r = run_cli("generate --from " + lib + " -n 4 --seed 1 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("skipped"), std::string::npos);
  for (const std::string& l : lines_of(r.out)) {
    const auto j = nlohmann::json::parse(l);
    EXPECT_EQ(j["note"], "ER 9.0");
    EXPECT_EQ(j["clues"], 17);
    EXPECT_TRUE(check_solution_text(j["puzzle"], j["solution"], 3, 3));
  }
  EXPECT_EQ(run_cli("generate --from " + lib + " --clues 20-30").exit_code, 1);
  EXPECT_EQ(run_cli("generate --from /nonexistent/lib.txt").exit_code, 1);
}

TEST(GenerateCli, TransformAndCanon) {
  const std::string puzzle =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const RunResult t = run_cli("transform --ops 'transpose,relabel:912345678'", puzzle + "\n");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(t.out.substr(0, 9), "3......49");  // column 1 read down: 4, 5, 1 renamed 3, 4, 9
  const RunResult bad = run_cli("transform --ops 'bands:1234'", puzzle + "\nxyz\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("bands"), std::string::npos);
  const RunResult rnd = run_cli("transform --random --seed 4", puzzle + "\n" + puzzle + "\n");
  ASSERT_EQ(rnd.exit_code, 0);
  const auto copies = lines_of(rnd.out);
  ASSERT_EQ(copies.size(), 2u);
  EXPECT_NE(copies[0], copies[1]);
  const RunResult canon = run_cli("canon", puzzle + "\n" + rnd.out);
  ASSERT_EQ(canon.exit_code, 0);
  const auto keys = lines_of(canon.out);
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[0], keys[1]);
  EXPECT_EQ(keys[0], keys[2]);
  const RunResult big = run_cli("canon", std::string(256, '.') + "\n");
  EXPECT_EQ(big.exit_code, 1);
  EXPECT_NE(big.err.find("16x16"), std::string::npos);
  EXPECT_EQ(run_cli("canon", "12345\n").exit_code, 1);
}

}  // namespace
}  // namespace nonet::testing
