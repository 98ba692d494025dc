// The nonet binary, run for real: formats, exit codes, ordering, errors.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <fstream>
#include <sstream>

#include "support/checker.h"
#include "support/run.h"

namespace nonet::testing {
namespace {

constexpr const char* kSeedRows =
    "090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n100804020\n"
    "706000810\n300090000\n";
constexpr const char* kSeedSolution =
    "895742136271963485463581792934617258517238964682459371159874623746325819328196547";
constexpr const char* kHard =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(Cli, SolvesTheSeedTutorialBoardWithBothSolvers) {
  for (const char* solver : {"auto", "basic", "general"}) {
    RunResult r = run_cli(std::string("solve --solver ") + solver, kSeedRows);
    EXPECT_EQ(r.exit_code, 0) << solver << r.err;
    EXPECT_EQ(r.out, std::string(kSeedSolution) + "\n") << solver;
  }
}

TEST(Cli, GridFormat) {
  RunResult r = run_cli("solve --format grid", kSeedRows);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.substr(0, 22), "8 9 5 | 7 4 2 | 1 3 6\n");
}

TEST(Cli, OneAnswerPerPuzzleInOrderWithThreads) {
  std::string input, expected_first;
  // Alternate good puzzles with bad ones; threads must not reorder answers.
  for (int i = 0; i < 300; ++i) {
    input += i % 3 == 2 ? std::string(80, '.') + "\n" : std::string(kHard) + "\n";
  }
  RunResult one = run_cli("solve -j 1", input);
  RunResult two = run_cli("solve -j 2", input);
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(two.exit_code, 1);
  EXPECT_EQ(one.out, two.out);
  auto ls = lines(two.out);
  ASSERT_EQ(ls.size(), 300u);
  for (int i = 0; i < 300; ++i) {
    if (i % 3 == 2) {
      EXPECT_EQ(ls[i].rfind("invalid: line " + std::to_string(i + 1), 0), 0u) << ls[i];
    } else {
      EXPECT_TRUE(check_solution_text(kHard, ls[i], 3, 3)) << ls[i];
    }
  }
}

TEST(Cli, ManyGroupsKeepTheirOrderWhateverTheThreads) {
  // Enough lines for many groups in flight at once; the invalid lines carry
  // their line numbers, so any reordering shows.
  std::string input;
  constexpr int kLines = 5000;
  for (int i = 0; i < kLines; ++i) {
    input += i % 2 ? std::string(80, '.') + "\n" : std::string(kSeedSolution, 80) + ".\n";
  }
  const RunResult one = run_cli("solve -j 1", input);
  const std::vector<std::string> answers = lines(one.out);
  ASSERT_EQ(answers.size(), static_cast<std::size_t>(kLines));
  for (int i = 1; i < kLines; i += 2) {
    ASSERT_EQ(answers[i].rfind("invalid: line " + std::to_string(i + 1), 0), 0u) << answers[i];
  }
  for (const char* threads : {"2", "3", "8"}) {
    const RunResult many = run_cli(std::string("solve -j ") + threads, input);
    EXPECT_EQ(many.exit_code, 1);
    EXPECT_EQ(many.out, one.out) << threads << " threads";
    EXPECT_EQ(many.err, one.err) << threads << " threads";
  }
}

TEST(Cli, JsonLines) {
  std::string input = std::string(kHard) + "\n" + std::string(81, '.') + "\n" +
                      "11" + std::string(79, '.') + "\n" + "12?\n";
  RunResult r = run_cli("solve --format json", input);
  EXPECT_EQ(r.exit_code, 1);
  auto ls = lines(r.out);
  ASSERT_EQ(ls.size(), 4u);
  auto a = nlohmann::json::parse(ls[0]);
  EXPECT_EQ(a["status"], "solved");
  EXPECT_EQ(a["count"], 1);
  EXPECT_TRUE(check_solution_text(kHard, a["solution"].get<std::string>(), 3, 3));
  auto b = nlohmann::json::parse(ls[1]);
  EXPECT_EQ(b["status"], "multiple");
  EXPECT_EQ(b["line"], 2);
  auto c = nlohmann::json::parse(ls[2]);
  EXPECT_EQ(c["status"], "invalid");
  EXPECT_EQ(c["conflicts"][0]["house"], "row 1");
  auto d = nlohmann::json::parse(ls[3]);
  EXPECT_EQ(d["status"], "invalid");
  EXPECT_EQ(d["error"]["line"], 4);
  EXPECT_EQ(d["error"]["column"], 3);
}

TEST(Cli, NoSolutionAndMultiple) {
  // Valid givens, but r1c9 has no candidate left: 1-8 in its row, 9 in its column.
  std::string p = "12345678." + std::string(9, '.') + "........9" + std::string(54, '.');
  RunResult r = run_cli("solve", p + "\n" + std::string(81, '.') + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "no_solution\nmultiple (at least 2 solutions)\n");
}

TEST(Cli, Count) {
  RunResult r = run_cli("count", std::string(16, '.') + "\n" + kHard + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "288\n1\n");
  RunResult l = run_cli("count --limit 10", std::string(81, '.'));
  EXPECT_EQ(l.out, "10+\n");
  RunResult j = run_cli("count --limit 10 --format json", std::string(81, '.'));
  auto o = nlohmann::json::parse(j.out);
  EXPECT_EQ(o["status"], "limit");
  EXPECT_EQ(o["count"], 10);
}

TEST(Cli, Timeout) {
  RunResult r = run_cli("count --limit 1000000000000 --timeout 0.2", std::string(81, '.'));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("+ timeout"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("time budget"), std::string::npos);
}

TEST(Cli, Validate) {
  std::string bad(81, '.');
  bad[0] = '5';
  bad[4] = '5';
  RunResult r = run_cli("validate", std::string(kSeedSolution) + "\n" + kHard + "\n" + bad + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "solved\nincomplete: 64 empty cells\n"
            "invalid: digit 5 appears 2 times in row 1: r1c1, r1c5\n");
  EXPECT_NE(r.err.find("<stdin>:3: digit 5"), std::string::npos) << r.err;
  RunResult ok = run_cli("validate --format json", kHard);
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(ok.out)["status"], "incomplete");
}

TEST(Cli, EverySize) {
  // 4x4, 6x6 (2x3 and 3x2), 16x16 and 25x25 puzzles from the golden corpus run
  // through the real binary; each answer is checked independently.
  std::ifstream in(NONET_SOURCE_DIR "/tests/data/golden.txt");
  std::string box = "3x3";
  int box_rows = 3, box_cols = 3;
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    if (std::sscanf(line.c_str(), "# box %dx%d", &box_rows, &box_cols) == 2) {
      box = std::to_string(box_rows) + "x" + std::to_string(box_cols);
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    if (line.substr(a + 1, b - a - 1) != "1") continue;
    RunResult res = run_cli("solve --box " + box, line.substr(0, a));
    ASSERT_EQ(res.exit_code, 0) << box << " " << res.err;
    EXPECT_EQ(res.out, line.substr(b + 1) + "\n");
    EXPECT_TRUE(check_solution_text(line.substr(0, a), res.out.substr(0, res.out.size() - 1), box_rows,
                                    box_cols));
    ++checked;
  }
  EXPECT_GE(checked, 20);
}

TEST(Cli, MalformedInputGetsClearMessages) {
  // Empty input.
  RunResult empty = run_cli("solve", "");
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_NE(empty.err.find("no puzzle"), std::string::npos);
  // Short line, stray character, binary bytes: one answer each, placed errors.
  RunResult r = run_cli("solve", std::string(80, '.') + "\n" + std::string(5, '.') + "?" +
                                     std::string(75, '.') + "\n" + std::string("\x00\x01\xfe\n", 4));
  EXPECT_EQ(r.exit_code, 1);
  auto ls = lines(r.out);
  ASSERT_EQ(ls.size(), 3u);
  EXPECT_NE(ls[0].find("line 1: 80 cells"), std::string::npos) << ls[0];
  EXPECT_NE(ls[1].find("line 2, column 6: unexpected character '?'"), std::string::npos) << ls[1];
  EXPECT_NE(ls[2].find("byte 0x00"), std::string::npos) << ls[2];
  // A 5 MB line is refused without being held, and the next puzzle still solved.
  RunResult big = run_cli("solve", std::string(5 << 20, '1') + "\n" + kHard + "\n");
  EXPECT_EQ(big.exit_code, 1);
  auto bl = lines(big.out);
  ASSERT_EQ(bl.size(), 2u);
  EXPECT_NE(bl[0].find("too long"), std::string::npos);
  EXPECT_TRUE(check_solution_text(kHard, bl[1], 3, 3));
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run_cli("").exit_code, 2);
  EXPECT_EQ(run_cli("frobnicate").exit_code, 2);
  EXPECT_EQ(run_cli("solve --box 7x7").exit_code, 2);
  EXPECT_EQ(run_cli("solve --box banana").exit_code, 2);
  EXPECT_EQ(run_cli("solve --solver nope").exit_code, 2);
  EXPECT_EQ(run_cli("solve --format xml").exit_code, 2);
  EXPECT_EQ(run_cli("solve -j 0").exit_code, 2);
  RunResult missing = run_cli("solve /no/such/file");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no such file: /no/such/file"), std::string::npos) << missing.err;
  RunResult dir = run_cli("solve /tmp");
  EXPECT_EQ(dir.exit_code, 2);
  EXPECT_NE(dir.err.find("a directory, not a file: /tmp"), std::string::npos) << dir.err;
  // Usage errors speak as every other message does, and name the command's help.
  for (const RunResult& r : {missing, dir, run_cli("solve --box banana"), run_cli("solve -j 0")}) {
    EXPECT_EQ(r.err.rfind("nonet: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("nonet solve --help"), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_cli("").err.rfind("nonet: ", 0), 0u) << run_cli("").err;
  // Devices and pipes are read like files.
  RunResult null = run_cli("solve /dev/null");
  EXPECT_EQ(null.exit_code, 1);
  EXPECT_NE(null.err.find("no puzzle found"), std::string::npos) << null.err;
  RunResult v = run_cli("--version");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out.rfind("nonet ", 0), 0u);
  EXPECT_EQ(run_cli("solve --help").exit_code, 0);
}

TEST(Cli, ReadsFilesInOrder) {
  const std::string a = temp_file("a.txt", std::string(kHard) + "\n");
  const std::string b = temp_file("b.sdk", kSeedRows);
  RunResult r = run_cli("solve '" + a + "' '" + b + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto ls = lines(r.out);
  ASSERT_EQ(ls.size(), 2u);
  EXPECT_EQ(ls[1], kSeedSolution);
}

}  // namespace
}  // namespace nonet::testing
