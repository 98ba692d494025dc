// Every option of the operations' table (apps/ops/options.h) exists under its
// one name in each front end the table gives it, and in no other: the CLI's
// `--help`, the API's routes in GET /api/health; and the same request given
// to the CLI (--format json) and to the API gets the same answer, field for
// field. (Python's signatures are checked against the same table by
// tests/python/test_nonet.py.)

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "ops/options.h"
#include "support/run.h"
#include "support/server.h"

namespace nonet::testing {
namespace {

using nlohmann::json;

const std::string kPuzzle =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
// kPuzzle's solution.
const std::string kSolution =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const std::string kPosition =
    "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

// A value for each option, as the CLI writes it; the API takes the JSON value
// beside it. An option added to the table needs one here.
struct Example {
  std::string cli;  // "" for a flag
  json api;
};
const std::map<std::string, Example>& examples() {
  static const std::map<std::string, Example> kExamples = {
      {"box", {"3x3", "3x3"}},
      {"size", {"9", 9}},
      {"solver", {"general", "general"}},
      {"limit", {"5", 5}},
      {"profile", {"modern", "modern"}},
      {"givens", {kPuzzle, kPuzzle}},
      {"solution", {kSolution, kSolution}},
      {"cell", {"r1c1", "r1c1"}},
      {"rating", {"1.0-2.0", "1.0-2.0"}},
      {"clues", {"20-40", "20-40"}},
      {"symmetry", {"rot180", "rot180"}},
      {"variant", {"x", "x"}},
      {"minimal", {"", true}},
      {"rate", {"", true}},
      {"seed", {"5", 5}},
      {"ops", {"transpose", "transpose"}},
      {"random", {"", true}},
      {"timeout", {"5", 5}},
      {"count", {"2", 2}},
      {"threads", {"2", 2}},
      {"to", {"nonet", "nonet"}},
  };
  return kExamples;
}
// An option whose example depends on the operation.
Example example(std::string_view op, std::string_view name) {
  if (name == "level") return op == "hint" ? Example{"vague", "vague"} : Example{"easy", "easy"};
  if (name == "candidates") {
    // Every digit a candidate of every empty cell: the board's own are a subset.
    std::string text;
    for (const char c : kPuzzle) text += (text.empty() ? "" : " ") + std::string(c == '.' ? "123456789" : std::string(1, c));
    return {text, text};
  }
  return examples().at(std::string(name));
}

std::set<std::string> help_options(std::string_view op) {
  const RunResult r = run_cli(std::string(op) + " --help");
  std::set<std::string> out;
  std::istringstream lines(r.out);
  for (std::string l; std::getline(lines, l);) {
    if (l.rfind("  -", 0) != 0) continue;
    std::istringstream names(l.substr(2, l.find(' ', 2) - 2));
    for (std::string name; std::getline(names, name, ',');) out.insert(name);
  }
  return out;
}

std::string flag(std::string_view name) {
  std::string f = "--" + std::string(name);
  std::replace(f.begin(), f.end(), '_', '-');
  return f;
}

TEST(Options, EachHasItsOneNameInTheCliAndTheApiAndNoneWhereItIsNot) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0) << server.banner();
  const Response health = request(server.port(), "GET", "/api/health");
  ASSERT_EQ(health.status, 200) << health.body;
  std::map<std::string, std::set<std::string>> api_fields;
  for (const json& route : health.json_body["routes"]) {
    const std::string path = route["path"];
    if (route.contains("fields"))
      for (const json& f : route["fields"]) api_fields[path.substr(5)].insert(f.get<std::string>());
  }
  for (const std::string_view op : ops::operation_names()) {
    const std::set<std::string> cli = help_options(op);
    ASSERT_TRUE(api_fields.count(std::string(op))) << "no route /api/" << op;
    for (const ops::OptionInfo& o : ops::option_table()) {
      if (!o.in(op)) continue;
      EXPECT_EQ(cli.count(flag(o.name)) == 1, o.in(ops::kCli)) << "nonet " << op << " " << o.name;
      EXPECT_EQ(api_fields[std::string(op)].count(std::string(o.name)) == 1, o.in(ops::kApi))
          << "/api/" << op << " " << o.name;
      EXPECT_NO_THROW(example(op, o.name)) << o.name << " needs an example in this test";
    }
    // Nothing besides: the API's fields are the puzzle and the table's options.
    for (const std::string& f : api_fields[std::string(op)]) {
      const bool known = f == "puzzle" || (op == "transform" && f == "canonical") ||
                         ops::find_option(op, f) != nullptr;
      EXPECT_TRUE(known) << "/api/" << op << " takes \"" << f << "\", which the table lacks";
    }
  }
  EXPECT_EQ(server.stop(), 0);
}

// The CLI's answer line as the API's: without where the puzzle was read and
// how long it took.
json comparable(json answer) {
  for (const char* transport : {"index", "line", "elapsed_ms"}) answer.erase(transport);
  return answer;
}

TEST(Options, EachDrivesTheCliAndTheApiToTheSameAnswer) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0) << server.banner();
  for (const std::string_view op : ops::operation_names()) {
    for (const ops::OptionInfo& o : ops::option_table()) {
      if (!o.in(op) || !o.in(ops::kCli) || !o.in(ops::kApi)) continue;
      const Example e = example(op, o.name);
      const std::string input = op == "hint" && o.name == "givens" ? kPosition : kPuzzle;
      std::string args = std::string(op) + " --format json " + flag(o.name);
      if (!e.cli.empty()) args += " '" + e.cli + "'";
      json body = {{std::string(o.name), e.api}};
      if (op != "generate") body["puzzle"] = input;
      if (op == "transform" && o.name != "ops") args += o.name == "random" ? " --seed 1" : " --random";
      if (op == "transform" && o.name == "seed") body["random"] = true;
      if (op == "count" && o.name != "limit") {
        args += " --limit 5";
        body["limit"] = 5;
      }
      if (op == "generate") {
        // The API's own default symmetry and seed: only acceptance is compared.
        args += o.name == "seed" ? " -n 1" : " --seed 3 -n 1";
        if (o.name != "seed") body["seed"] = 3;
        if (o.name == "minimal") {
          args += " --level easy";  // minimal chooses how a band's puzzles are made
          body["level"] = "easy";
        }
      }
      const RunResult r = run_cli(args, op == "generate" ? "" : input + "\n");
      EXPECT_EQ(r.exit_code, 0) << "nonet " << args << "\n" << r.err;
      const Response a = post(server.port(), "/api/" + std::string(op), body);
      EXPECT_EQ(a.status, 200) << "/api/" << op << " " << body.dump() << "\n" << a.body;
      if (r.exit_code != 0 || a.status != 200 || op == "generate" ||
          (op == "transform" && o.name != "ops"))
        continue;
      EXPECT_EQ(comparable(json::parse(r.out)), comparable(a.json_body))
          << "nonet " << args << " and /api/" << op << " " << body.dump();
    }
  }
  EXPECT_EQ(server.stop(), 0);
}

// docs/api.md's table is what `nonet options --format markdown` prints.
TEST(Options, TheDocsTableIsTheTable) {
  const RunResult table = run_cli("options --format markdown");
  ASSERT_EQ(table.exit_code, 0);
  const RunResult docs = run_shell("cat '" + std::string(NONET_SOURCE_DIR) + "/docs/api.md'");
  EXPECT_NE(docs.out.find(table.out), std::string::npos)
      << "paste `nonet options --format markdown` into docs/api.md";
}

TEST(Options, OldNamesStillWorkInTheCli) {
  EXPECT_EQ(run_cli("rate --techniques modern", kPuzzle + "\n").out,
            run_cli("rate --profile modern", kPuzzle + "\n").out);
  EXPECT_EQ(run_cli("generate --difficulty easy --seed 4").out,
            run_cli("generate --level easy --seed 4").out);
  EXPECT_EQ(run_cli("techniques --techniques se").out, run_cli("techniques --profile se").out);
}

}  // namespace
}  // namespace nonet::testing
