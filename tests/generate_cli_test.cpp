// nonet generate | transform | canon, run for real: reproducibility whatever
// -j, every printed puzzle unique and minimal (checked here with the general
// solver), filters, library mode, malformed arguments and inputs.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "support/checker.h"
#include "support/counter.h"
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
    EXPECT_EQ(j["status"], "ok");
    EXPECT_TRUE(j["rating"].contains("level"));
    EXPECT_TRUE(j["rating"].contains("er"));
    EXPECT_TRUE(j["rating"].contains("ep"));
    EXPECT_TRUE(j["rating"].contains("ed"));
  }
  const RunResult easy = run_cli("generate -n 2 --seed 3 --level easy --format json");
  ASSERT_EQ(easy.exit_code, 0) << easy.err;
  for (const std::string& l : lines_of(easy.out))
    EXPECT_EQ(nlohmann::json::parse(l)["rating"]["level"], "easy");
  const RunResult band = run_cli("generate -n 2 --seed 3 --rating 2.0-3.4 --format json");
  ASSERT_EQ(band.exit_code, 0) << band.err;
  for (const std::string& l : lines_of(band.out)) {
    const double er = nlohmann::json::parse(l)["rating"]["er"];
    EXPECT_GE(er, 2.0);
    EXPECT_LE(er, 3.4);
  }
}

TEST(GenerateCli, OutOfReachSaysSoAndFails) {
  // 18 clues exist, but a random minimal puzzle almost never has so few.
  const RunResult r = run_cli("generate --clues 18 --timeout 0.5 --seed 1");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no 9x9 puzzle with 18 clues found within the time budget of 0.5 s"), std::string::npos)
      << r.err;
}

TEST(GenerateCli, BandsNoPuzzleCanMeetAreRefusedAtOnce) {
  // Each would otherwise search until --timeout (60 s) for what cannot be.
  const std::pair<const char*, const char*> cases[] = {
      {"generate --clues 0", "no proper 9x9 puzzle has fewer than 17 clues"},
      {"generate --clues -5", "no proper 9x9 puzzle has fewer than 17 clues"},
      {"generate --clues 16", "no proper 9x9 puzzle has fewer than 17 clues"},
      {"generate --box 2x2 --clues 0-3", "no proper 4x4 puzzle has fewer than 4 clues"},
      {"generate --box 2x2 --clues 16", "a 4x4 puzzle has at most 15 clues"},
      {"generate --clues 81", "a 9x9 puzzle has at most 80 clues"},
      {"generate --rating 0-0.5", "no puzzle rates below ER 1.0"},
      {"generate --rating 1e3", "expected MIN-MAX"},
      {"generate --rating 2.61-2.69", "ER has one decimal"},
      {"generate --rating 1.55-1.58", "ER has one decimal"},
  };
  for (const auto& [args, message] : cases) {
    const RunResult r = run_cli(args, "");
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
}

TEST(GenerateCli, MalformedArguments) {
  for (const char* args : {"generate --clues 30-20",
                           "generate --clues abc",
                           "generate --clues -",
                           "generate --box 7x7",
                           "generate --box 1x9",
                           "generate --box 3x3x3",
                           "generate --symmetry spiral",
                           "generate -n 0",
                           "generate --timeout -1",
                           "generate --level insane",
                           "generate --rating 5-x",
                           "generate --clues 90",
                           "generate --box 2x2 --level medium",
                           "generate --box 2x2 --rating 2.0-4.0",
                           "generate --minimal",
                           "generate --level easy --minimal --no-minimal",
                           "generate --level hard --rating 1.0-2.0",
                           "generate --from x --no-minimal",
                           "generate --from x --symmetry rot180",
                           "transform",
                           "transform --ops 'rows:0:12'",
                           "transform --ops mirror --random"}) {
    const RunResult r = run_cli(args, "");
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
  }
}

TEST(GenerateCli, ALevelTheSizeLacksIsRefusedNamingThoseItHas) {
  for (const char* level : {"medium", "hard", "expert", "extreme"}) {
    const RunResult r = run_cli(std::string("generate --box 2x2 --level ") + level, "");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("no 4x4 puzzle is " + std::string(level)), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("the levels on 4x4 are: easy"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  const RunResult easy = run_cli("generate --box 2x2 --level easy -n 3 --seed 2 -f json");
  ASSERT_EQ(easy.exit_code, 0) << easy.err;
  for (const std::string& l : lines_of(easy.out))
    EXPECT_EQ(nlohmann::json::parse(l)["rating"]["level"], "easy");
}

// A JSON line of `generate`, checked apart from the generator: one solution
// (the tests' own counter), its rating (taken again) and level, symmetry.
void expect_line(const std::string& line, int r, int c, const std::string& level, Symmetry s) {
  const auto j = nlohmann::json::parse(line);
  const std::string puzzle = j["puzzle"];
  EXPECT_EQ(count_solutions_text(puzzle, r, c), 1u) << puzzle;
  EXPECT_TRUE(check_solution_text(puzzle, j["solution"], r, c)) << puzzle;
  const auto& rating = j["rating"];
  EXPECT_EQ(rating["level"], level) << line;
  const ParsedPuzzle p = parse_puzzle(puzzle, {r, c});
  ASSERT_TRUE(p.ok());
  const Rating again = rate(*p);
  EXPECT_EQ(std::string(level_name(again.level)), level) << puzzle;
  EXPECT_DOUBLE_EQ(rating["er"].get<double>(), again.er / 10.0) << puzzle;
  EXPECT_DOUBLE_EQ(rating["ep"].get<double>(), again.ep / 10.0) << puzzle;
  EXPECT_DOUBLE_EQ(rating["ed"].get<double>(), again.ed / 10.0) << puzzle;
  EXPECT_TRUE(has_symmetry(*p, s)) << puzzle;
}

TEST(GenerateCli, SixteenBySixteenEasyAndMediumKeepTheirClues) {
  // Minimal 16x16 puzzles are all extreme: the easy end is dug within its band.
  for (const char* level : {"easy", "medium"}) {
    const std::string args =
        std::string("generate --box 4x4 -n 2 --seed 4 -f json --symmetry rot180 --level ") +
        level;
    const RunResult one = run_cli(args), two = run_cli(args + " -j 2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.out, two.out);
    for (const std::string& l : lines_of(one.out)) {
      expect_line(l, 4, 4, level, Symmetry::rot180);
      EXPECT_EQ(nlohmann::json::parse(l)["minimal"], false);
      EXPECT_GT(nlohmann::json::parse(l)["clues"].get<int>(), 90);
    }
  }
}

TEST(GenerateCli, MinimalOrDugOnNineByNine) {
  const RunResult minimal = run_cli("generate -n 2 --seed 8 -f json --level easy");
  const RunResult dug = run_cli("generate -n 2 --seed 8 -f json --level easy --no-minimal");
  ASSERT_EQ(minimal.exit_code, 0) << minimal.err;
  ASSERT_EQ(dug.exit_code, 0) << dug.err;
  for (const std::string& l : lines_of(minimal.out)) {
    expect_line(l, 3, 3, "easy", Symmetry::none);
    EXPECT_EQ(nlohmann::json::parse(l)["minimal"], true);
    expect_minimal(nlohmann::json::parse(l)["puzzle"], 3, 3, Symmetry::none);
  }
  for (const std::string& l : lines_of(dug.out)) {
    expect_line(l, 3, 3, "easy", Symmetry::none);
    // Dug puzzles are minimal only by chance; the line says which.
    const auto j = nlohmann::json::parse(l);
    const ParsedPuzzle p = parse_puzzle(j["puzzle"].get<std::string>(), {3, 3});
    ASSERT_TRUE(p.ok());
    auto solver = make_solver(p->geometry(), "general");
    EXPECT_EQ(j["minimal"], is_minimal(*p, Symmetry::none, *solver)) << l;
  }
  const RunResult forced =
      run_cli("generate --box 4x4 -n 1 --seed 8 -f json --level easy --minimal --timeout 1");
  EXPECT_EQ(forced.exit_code, 1) << "minimal 16x16 puzzles are never easy";
  EXPECT_NE(forced.err.find("no 16x16 puzzle with level easy found within the time budget of 1 s"), std::string::npos)
      << forced.err;
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

TEST(GenerateCli, FromLibraryRefusesWhatIsNoLibrary) {
  // A directory and an empty name are named as such; input without end (or
  // all on one endless line) stops at the library's size bound, in little
  // memory, instead of growing until the memory runs out.
  RunResult r = run_cli("generate --from " + ::testing::TempDir());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("a directory"), std::string::npos) << r.err;
  r = run_cli("generate --from ''");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--from: a file name is needed"), std::string::npos) << r.err;
  r = run_cli("generate --from /dev/zero");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("/dev/zero: library larger than 64 MiB"), std::string::npos) << r.err;
  r = run_shell(std::string("yes '#' | '") + NONET_CLI_PATH + "' generate --from -");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("<stdin>: library larger than 64 MiB"), std::string::npos) << r.err;
}

TEST(GenerateCli, FromLibraryCopiesCarryTheirOwnRating) {
  // Below chains a transformation keeps the rating exactly; a chain rating is
  // taken again for each copy. Either way the figures printed are the copy's.
  const std::string lib = temp_file(
      "rated.txt",
      "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n"
      "600050007030000000080409200015300000008000300000007590009501030000000080200070004\n"
      "024000650100000007008010900000000000260090083080501070600903008002854700000070000\n");
  const RunResult r = run_cli("generate --from " + lib + " -n 12 --seed 3 -f json --rate");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> levels;
  for (const std::string& l : lines_of(r.out)) {
    const auto j = nlohmann::json::parse(l);
    levels.insert(j["rating"]["level"]);
    expect_line(l, 3, 3, j["rating"]["level"], Symmetry::none);
  }
  EXPECT_EQ(levels.size(), 3u);
  const RunResult extreme =
      run_cli("generate --from " + lib + " -n 3 --seed 3 -f json --level extreme");
  ASSERT_EQ(extreme.exit_code, 0) << extreme.err;
  for (const std::string& l : lines_of(extreme.out))
    expect_line(l, 3, 3, "extreme", Symmetry::none);
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
