// nonet rate | explain | hint, driven through the real binary.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

struct CliRun {
  int code = -1;
  std::string out;
};

// Runs the CLI with `input` on standard input; stderr is kept apart unless
// `merge` is set.
CliRun run(const std::string& args, const std::string& input, bool merge = false) {
  // One file per process and call: ctest runs these tests side by side.
  static int calls = 0;
  const std::string path = ::testing::TempDir() + "nonet_logic_cli_input_" +
                           std::to_string(getpid()) + "_" + std::to_string(calls++) + ".txt";
  if (std::FILE* f = std::fopen(path.c_str(), "w")) {
    std::fwrite(input.data(), 1, input.size(), f);
    std::fclose(f);
  }
  const std::string cmd =
      std::string(NONET_CLI_PATH) + " " + args + " < " + path + (merge ? " 2>&1" : " 2>/dev/null");
  CliRun r;
  std::FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::remove(path.c_str());
  return r;
}

const std::string kPointing =
    "600050007030000000080409200015300000008000300000007590009501030000000080200070004";
const std::string kEasy =
    "050703060007000800000816000000030000005000100730040086906000204840572093000409000";
// SE 1.2.1 rates this 6.6/1.2/1.2: it needs chains after some steps.
const std::string kChains =
    "024000650100000007008010900000000000260090083080501070600903008002854700000070000";

// No technique up to dynamic forcing chains applies at the start: it needs
// dynamic (+) or nested forcing chains.
const std::string kBeyond =
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000";

TEST(LogicCli, RateLinesAndJson) {
  CliRun r = run("rate", kPointing + "\n" + kEasy + "\n" + kChains + "\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "2.6/1.2/1.2 hard\n1.2/1.2/1.2 easy\n6.6/1.2/1.2 extreme\n");
  // A puzzle that needs nested forcing chains (minutes in a debug build) stops
  // at --timeout with a clear answer, and the batch keeps its order.
  r = run("rate -f json -j 2 --timeout 1", kPointing + "\n" + kBeyond + "\n");
  EXPECT_EQ(r.code, 1);
  const auto first = nlohmann::json::parse(r.out.substr(0, r.out.find('\n')));
  EXPECT_EQ(first["er"], 2.6);
  EXPECT_EQ(first["ep"], 1.2);
  EXPECT_EQ(first["ed"], 1.2);
  EXPECT_EQ(first["level"], "hard");
  const auto second = nlohmann::json::parse(r.out.substr(r.out.find('\n') + 1));
  EXPECT_EQ(second["status"], "timeout") << r.out;
  // What the search knew when it stopped: lower bounds, never a guess.
  EXPECT_TRUE(second["er"].is_null()) << r.out;
  EXPECT_GE(second["er_min"].get<double>(), 1.0) << r.out;
  EXPECT_FALSE(second["stuck"].get<bool>()) << r.out;
  r = run("rate --timeout 0.3", kBeyond + "\n");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out.rfind("timeout: >=", 0), 0u) << r.out;
  r = run("rate --timeout 0.3", kBeyond + "\n", true);
  EXPECT_NE(r.out.find("the time budget of 0.3 s ran out; ER at least"), std::string::npos) << r.out;
}

TEST(LogicCli, ExplainStoppedKeepsTheStepsFound) {
  // The steps found before the budget ran out are printed, then what is known
  // of the rest.
  CliRun r = run("explain --timeout 0.3", kBeyond + "\n");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("timeout: >="), std::string::npos) << r.out;
  r = run("explain -f json --timeout 0.3", kBeyond + "\n");
  EXPECT_EQ(r.code, 1);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "timeout") << r.out;
  EXPECT_TRUE(j["steps"].is_array());
  EXPECT_TRUE(j["rating"]["er"].is_null());
}

TEST(LogicCli, ExplainTextAndJson) {
  CliRun r = run("explain", kPointing + "\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("2.6  Pointing: "), std::string::npos);
  EXPECT_NE(r.out.find("Hidden Single: r"), std::string::npos);
  EXPECT_NE(r.out.find("solved: 2.6/1.2/1.2 hard"), std::string::npos);
  r = run("explain -f json", kPointing + "\n");
  ASSERT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j["steps"].is_array());
  ASSERT_FALSE(j["steps"].empty());
  bool saw_elimination = false;
  for (const auto& step : j["steps"]) {
    for (const char* key :
         {"technique", "rating", "explanation", "placements", "eliminations", "cells", "houses"}) {
      EXPECT_TRUE(step.contains(key)) << key;
    }
    for (const auto& e : step["eliminations"]) {
      saw_elimination = true;
      EXPECT_GE(e["row"].get<int>(), 1);
      EXPECT_LE(e["col"].get<int>(), 9);
      EXPECT_GE(e["digit"].get<int>(), 1);
    }
  }
  EXPECT_TRUE(saw_elimination);
  EXPECT_EQ(j["rating"]["er"], 2.6);
  EXPECT_EQ(run("explain --techniques modern", kPointing + "\n").code, 0);
}

// A placement hint whose walk to the first placement runs out of time says
// so; it does not say that no placement follows.
TEST(LogicCli, APlacementHintCutShortIsATimeout) {
  const CliRun r = run("hint --level placement --timeout 0.5 -f json", kBeyond + "\n");
  EXPECT_EQ(r.code, 1) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "timeout") << r.out;
  EXPECT_TRUE(j.contains("floor")) << r.out;
}

// The cell asked for is a name or an index; text that names no cell on any
// board is a usage error, and nothing it holds can break the JSON answer.
TEST(LogicCli, HintCellByNameOrIndex) {
  const CliRun by_name = run("hint --cell r1c3 -f json", kEasy + "\n");
  const CliRun by_index = run("hint --cell 2 -f json", kEasy + "\n");
  ASSERT_EQ(by_name.code, 0) << by_name.out;
  EXPECT_EQ(nlohmann::json::parse(by_name.out)["answer"], nlohmann::json::parse(by_index.out)["answer"]);
  EXPECT_EQ(run("hint --cell \"$(printf 'r\\377')\" -f json", kEasy + "\n").code, 2);
  const CliRun off = run("hint --cell r10c1", kEasy + "\n", true);
  EXPECT_EQ(off.code, 1) << off.out;
  EXPECT_NE(off.out.find("--cell"), std::string::npos) << off.out;
}

TEST(LogicCli, HintAgainstAKnownSolution) {
  const CliRun solved = run("solve", kEasy + "\n");
  ASSERT_EQ(solved.code, 0) << solved.out;
  const std::string solution = solved.out.substr(0, 81);
  const CliRun with = run("hint --solution " + solution, kEasy + "\n");
  EXPECT_EQ(with.code, 0) << with.out;
  EXPECT_EQ(with.out, run("hint", kEasy + "\n").out);
  std::string broken = solution;
  std::swap(broken[0], broken[1]);
  const CliRun refused = run("hint --solution " + broken + " --givens " + kEasy, kEasy + "\n", true);
  EXPECT_EQ(refused.code, 1) << refused.out;
  EXPECT_NE(refused.out.find("--solution: the solution"), std::string::npos) << refused.out;
  const CliRun unreadable = run("hint --solution 12x", kEasy + "\n", true);
  EXPECT_EQ(unreadable.code, 2) << unreadable.out;
  EXPECT_NE(unreadable.out.find("--solution"), std::string::npos) << unreadable.out;
}

TEST(LogicCli, HintGrades) {
  CliRun r = run("hint --level vague", kPointing + "\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("Look for a", 0), 0u) << r.out;
  r = run("hint --level placement -f json", kPointing + "\n");
  ASSERT_EQ(r.code, 0);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "step");
  EXPECT_TRUE(j["placement"].contains("digit"));
  r = run("hint -f json", kPointing + "\n");
  j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["step"].contains("eliminations"));
  EXPECT_TRUE(j["step"].contains("explanation"));
  // r1c2 is 9 in the solution; 4 there breaks no rule yet contradicts it.
  std::string wrong = kPointing;
  wrong[1] = '4';
  r = run("hint --givens " + kPointing, wrong + "\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("wrong_entries: ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("r1c2"), std::string::npos) << r.out;
}

TEST(LogicCli, BadInputIsReported) {
  CliRun r = run("rate", "12345\n", true);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("invalid"), std::string::npos);
  r = run("rate", "11" + std::string(79, '.') + "\n", true);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("appears 2 times"), std::string::npos) << r.out;
  r = run("rate", std::string(81, '.') + "\n", true);  // many solutions
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("several solutions"), std::string::npos);
  EXPECT_EQ(run("rate --techniques fancy", kEasy + "\n").code, 2);
  EXPECT_EQ(run("hint --level loud", kEasy + "\n").code, 2);
  r = run("hint --candidates '1 2 x'", kEasy + "\n", true);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("--candidates"), std::string::npos);
  r = run("hint --givens 123", kEasy + "\n", true);
  EXPECT_EQ(r.code, 2);
  // The 729-character pencil-mark form needs no --box: its length says 9x9.
  std::string marks;
  for (int cell = 0; cell < 81; ++cell) {
    for (int d = 1; d <= 9; ++d) {
      const int given = kEasy[static_cast<std::size_t>(cell)] - '0';
      marks += given == 0 || given == d ? static_cast<char>('0' + d) : '.';
    }
  }
  ASSERT_EQ(marks.size(), 729u);
  r = run("hint --candidates '" + marks + "'", kEasy + "\n", true);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Single"), std::string::npos) << r.out;
  EXPECT_EQ(run("explain", "").code, 1);  // no puzzle at all
}

// The technique tables in docs/logic.md are what `nonet techniques` prints from
// the technique table: each copy sits between a marker naming the command and
// "<!-- end -->".
TEST(LogicCli, DocsTechniqueTablesAreTheTable) {
  std::ifstream in(NONET_SOURCE_DIR "/docs/logic.md");
  ASSERT_TRUE(in) << "docs/logic.md";
  std::stringstream all;
  all << in.rdbuf();
  const std::string doc = all.str();
  int tables = 0;
  const std::string open = "<!-- nonet ";
  for (std::size_t at = doc.find(open); at != std::string::npos; at = doc.find(open, at + 1)) {
    const std::size_t args_end = doc.find(" -->\n", at);
    ASSERT_NE(args_end, std::string::npos);
    const std::string args = doc.substr(at + open.size(), args_end - at - open.size());
    const std::size_t body = args_end + 5;
    const std::size_t end = doc.find("<!-- end -->", body);
    ASSERT_NE(end, std::string::npos) << args;
    const CliRun r = run(args, "");
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_EQ(doc.substr(body, end - body), r.out)
        << "docs/logic.md's copy of `nonet " << args << "` differs; paste the command's output";
    ++tables;
  }
  EXPECT_EQ(tables, 2);
}

TEST(LogicCli, TechniquesListsTheTable) {
  CliRun r = run("techniques -f json", "");
  ASSERT_EQ(r.code, 0);
  std::istringstream lines(r.out);
  int rows = 0;
  bool kite = false;
  for (std::string line; std::getline(lines, line); ++rows) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_FALSE(j["name"].get<std::string>().empty());
    EXPECT_GE(j["rating"].get<double>(), 1.0);
    kite |= j["id"] == "two_string_kite";
  }
  EXPECT_GE(rows, 40);
  EXPECT_TRUE(kite);
  r = run("techniques -t se", "");
  EXPECT_EQ(r.out.rfind("full_house", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("nested_forcing_chain"), std::string::npos);
  EXPECT_EQ(r.out.find("\nskyscraper "), std::string::npos);  // modern only
  EXPECT_EQ(run("techniques -t fancy", "").code, 2);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Three generated 25x25 expert puzzles and their explanations as the engine
// gave them before its finders were made fast for big boards (the unique loop
// search and its type 3 sets, fish, pointing and claiming): every step,
// unique rectangles of types 1 to 4, X-Wing and Swordfish among them, must
// stay the same.
TEST(LogicCli, ExplainOnTwentyFiveByTwentyFiveIsUnchanged) {
  const std::string puzzles = read_file(NONET_SOURCE_DIR "/tests/data/explain-25x25-puzzles.txt");
  const std::string expected = read_file(NONET_SOURCE_DIR "/tests/data/explain-25x25-expected.txt");
  ASSERT_FALSE(puzzles.empty());
  ASSERT_FALSE(expected.empty());
  const CliRun r = run("explain -j 1", puzzles);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(r.out == expected) << "the explanations differ";
  for (const char* type : {"type 1", "type 2", "type 3", "type 4"})
    EXPECT_NE(expected.find(std::string("Unique Rectangle ") + type), std::string::npos) << type;
}

}  // namespace
