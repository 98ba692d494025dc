// SudokuPad's own forms (scl: compact JSON, ctc: plain JSON), each carried
// LZ-String compressed in a link, read into variant puzzles.

#include "ops/sudokupad.h"

#include <gtest/gtest.h>

#include <fstream>

#include "nonet/format.h"
#include "nonet/lzstring.h"
#include "ops/fpuzzles.h"

namespace nonet::ops {
namespace {

using nlohmann::json;

std::string packed(std::string_view text) {
  return lz::compress(*lz::utf16(text), lz::Alphabet::base64);
}

std::string problem(std::string_view text) {
  const Result<VariantPuzzle> r = read_variant(text);
  return r ? std::string() : r.error().message;
}

// A 4x4 killer in the compact form as SudokuPad writes it: short keys left
// unquoted, single quotes, an escaped quote in the rules, empty cells left
// out of the lists, the title in a cage without cells, colours as #0 and
// bare hex digits, t for true.
constexpr std::string_view kCompactKiller =
    "{id:'tiny',metadata:{t:'Tiny killer',rules:'Normal rules; digits don\\'t repeat in cages.'},"
    "ce:[[{v:1},,,],[,,,],[,,{v:'4'},],[,,,]],"
    "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],"
    "[[2,2],[2,3],[3,2],[3,3]]],"
    "ca:[{ce:[[0,1],[1,1]],v:'7',c:#0,c1:ff00aa},{ce:[[3,3],[3,2]],v:5,r:t},{v:'title: Tiny killer'}],"
    "cs:50}";

TEST(SudokuPad, ExpandsTheCompactJson) {
  const Result<std::string> plain = expand_compact_json(kCompactKiller);
  ASSERT_TRUE(plain) << plain.error().to_string();
  const json o = json::parse(*plain);
  EXPECT_EQ(o["metadata"]["rules"], "Normal rules; digits don't repeat in cages.");
  EXPECT_EQ(o["ce"][0].size(), 4u);
  EXPECT_EQ(o["ce"][0][1], json::object());
  EXPECT_EQ(o["ce"][2][2]["v"], "4");
  EXPECT_EQ(o["ca"][0]["c"], "#000000");
  EXPECT_EQ(o["ca"][0]["c1"], "#ff00aa");
  EXPECT_EQ(o["ca"][1]["r"], true);
  // Plain JSON is left as it is; an empty list stays empty.
  EXPECT_EQ(json::parse(*expand_compact_json(R"({"a": [], "b": {}, "c": [1, "x,,y"]})")),
            json::parse(R"({"a": [], "b": {}, "c": [1, "x,,y"]})"));
  // What is neither is refused with its place.
  const Result<std::string> bad = expand_compact_json("{ce:[1,2}");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().to_string(), "the SudokuPad JSON has a '}' out of place (character 9)");
  EXPECT_FALSE(expand_compact_json("{t:'no end}"));
  EXPECT_FALSE(expand_compact_json("{c:#12}"));
  EXPECT_FALSE(expand_compact_json("{a:1"));
  EXPECT_FALSE(expand_compact_json(std::string(40, '[') + std::string(40, ']')));
}

TEST(SudokuPad, ReadsItsLinksAndPayloads) {
  const std::string payload = packed(kCompactKiller);
  for (const std::string& text :
       {"https://sudokupad.app/scl" + payload, "sudokupad.app/scl" + payload + "?setting-x=1",
        "https://sudokupad.app/?puzzleid=scl" + payload, "scl" + payload}) {
    SCOPED_TRACE(text);
    const Result<VariantPuzzle> p = read_variant(text);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->geometry().side(), 4);
    EXPECT_TRUE(p->regions.empty());  // the regions are the boxes
    EXPECT_FALSE(p->no_regions);
    EXPECT_EQ(p->givens.get(0), 1);
    EXPECT_EQ(p->givens.get(10), 4);
    ASSERT_EQ(p->constraints.size(), 2u);
    EXPECT_EQ(p->constraints[0].kind, ConstraintKind::killer_cage);
    EXPECT_EQ(p->constraints[0].cells, (std::vector<int>{1, 5}));
    EXPECT_EQ(p->constraints[0].value, 7);
    EXPECT_EQ(p->constraints[1].cells, (std::vector<int>{15, 14}));
    EXPECT_EQ(p->constraints[1].value, 5);
    // Solved by its rules: the cages' sums hold.
    const SolveResult r = solve_variant(*p, {});
    ASSERT_TRUE(r.solution);
    EXPECT_EQ(r.solution->get(1) + r.solution->get(5), 7);
    EXPECT_EQ(r.solution->get(14) + r.solution->get(15), 5);
  }
  // The plain form (ctc), and its JSON on a line of its own.
  const std::string plain = R"({"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{"value":4},{}],[{},{},{},{}]],
    "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
    "cages":[{"cells":[[0,1],[1,1]],"value":"7"},{"cells":[[3,3],[3,2]],"value":"5"}]})";
  for (const std::string& text : {"https://sudokupad.app/ctc" + packed(plain), plain}) {
    const Result<VariantPuzzle> p = read_variant(text);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->constraints.size(), 2u);
    EXPECT_EQ(p->constraints[0].value, 7);
  }
  EXPECT_TRUE(looks_like_variant("scl" + payload));
}

TEST(SudokuPad, ReadsJigsawRegionsAndBoardsWithout) {
  json o = json::parse(R"({"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    "regions":[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,3],[2,3],[1,2]],[[1,1],[2,1],[2,2],[2,0]],
               [[3,0],[3,1],[3,2],[3,3]]]})");
  Result<VariantPuzzle> p = read_sudokupad(o);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->regions, (std::vector<int>{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 2, 1, 3, 3, 3, 3}));
  o.erase("regions");
  p = read_sudokupad(o);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->no_regions);
}

TEST(SudokuPad, RefusesWhatItCannotReadByName) {
  const auto with = [](std::string_view extra) {
    return "scl" + packed("{ce:[[,,,],[,,,],[,,,],[,,,]]" + std::string(extra) + "}");
  };
  EXPECT_EQ(problem(with(",l:[{wp:[[0.5,0.5],[1.5,1.5]],c:'#CFCFCF',th:21}]")),
            "SudokuPad's 'lines' draw marks whose rules only the puzzle's text names "
            "(thermometers, arrows, dots, ...); nonet does not guess them: open the puzzle's "
            "f-puzzles link instead");
  EXPECT_EQ(problem(with(",gizmo:1")), "unknown SudokuPad key 'gizmo'");
  EXPECT_EQ(problem(with(",ca:[{ce:[[0,0],[0,1]],v:'x'}]")),
            "'cages' cage 1 (r1c1) is labelled \"x\", not a sum: only killer cages are read");
  EXPECT_EQ(problem(with(",ca:[{ce:[[0,0],[4,1]],v:3}]")),
            "'cages' cage 1: the cell [4,1] is off the 4x4 board");
  EXPECT_EQ(problem(with(",ca:[{ce:[[0,0],[0,1]],v:3,unique:f}]")),
            "'cages' cage 1: a cage whose digits may repeat is not read, only killer cages");
  EXPECT_EQ(problem(with(",re:[[[0,0]]]")), "'regions' must hold 4 regions of 4 cells");
  EXPECT_EQ(problem("scl" + packed("{ce:[[{v:7},,,],[,,,],[,,,],[,,,]]}")),
            "'cells' r1c1: the given 7 is not a digit 1 to 4");
  EXPECT_EQ(problem("scl" + packed("{ce:[[{pm:[1]},,,],[,,,],[,,,],[,,,]]}")),
            "'cells' r1c1: unknown key 'pm' (only a given 'value' is read)");
  EXPECT_EQ(problem("scl" + packed("{ce:[[,,],[,,,],[,,,],[,,,]]}")), "'cells' row 1 must hold 4 cells");
  EXPECT_EQ(problem("scl" + packed("{ce:[1,2}")), "the SudokuPad JSON has a '}' out of place (character 9)");
  EXPECT_FALSE(read_variant("https://sudokupad.app/scl!!!!"));
  // A link as SudokuPad writes it: unpacked and expanded, then refused for its
  // kropki dots, drawn as overlays.
  std::ifstream in(NONET_SOURCE_DIR "/tests/data/sudokupad/parity-fish-scl.txt");
  std::string link;
  ASSERT_TRUE(std::getline(in, link));
  EXPECT_EQ(problem(link).substr(0, 30), "SudokuPad's 'overlays' draw ma");
  // A short link names a puzzle on SudokuPad's server.
  EXPECT_EQ(problem("https://sudokupad.app/TtTmqGMBDR"),
            "this SudokuPad link names a puzzle kept on SudokuPad's server, which nonet does not "
            "fetch: open it there and share it as an f-puzzles link, or paste its scl or ctc link");
}

}  // namespace
}  // namespace nonet::ops
