#include "nonet/format.h"

#include <gtest/gtest.h>

namespace nonet {
namespace {

constexpr const char* kSeedRows =
    "090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n100804020\n"
    "706000810\n300090000\n";
constexpr const char* kSeedLine =
    "090000006000960485000581000004000000517200900602000370100804020706000810300090000";

TEST(Format, SeedTutorialRows) {
  auto all = parse_puzzles(kSeedRows);
  ASSERT_EQ(all.size(), 1u);
  ASSERT_TRUE(all[0].ok()) << all[0].error().to_string();
  EXPECT_EQ(to_line(*all[0], '0'), kSeedLine);
  EXPECT_EQ(all[0].line, 1);
}

TEST(Format, LineFormsWithBlanksAndComments) {
  auto all = parse_puzzles(
      "# a comment\n"
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
      "4*****8*5*3**********7******2*****6*****8*4******1*******6*3*7*5**2*****1*4****** hard\n"
      "4_____8_5_3__________7______2_____6_____8_4______1_______6_3_7_5__2_____1_4______\t#7\n"
      "400000805030000000000700000020000060000080400000010000000603070500200000104000000\r\n");
  ASSERT_EQ(all.size(), 4u);
  for (const auto& p : all) {
    ASSERT_TRUE(p.ok()) << p.error().to_string();
    EXPECT_EQ(to_line(*p), to_line(*all[0]));
  }
  EXPECT_EQ(all[0].line, 2);
  EXPECT_EQ(all[3].line, 5);
}

// QQWing's four output styles, as qqwing 1.3.4 writes them (--one-line,
// --compact, --readable, --csv): every one reads as the puzzle.
TEST(Format, QqwingOutputInEveryStyle) {
  const std::string line =
      "..4...2...25...83.....6....6...4...14..675..87...2...5....5.....31...45...9...7..";
  const std::string solution =
      "164538297925417836387962514652849371413675928798123645276354189831796452549281763";
  const std::string compact =
      "..4...2..\n.25...83.\n....6....\n6...4...1\n4..675..8\n7...2...5\n....5....\n"
      ".31...45.\n..9...7..\n\n";
  const std::string readable =
      " . . 4 | . . . | 2 . .\n . 2 5 | . . . | 8 3 .\n . . . | . 6 . | . . .\n"
      "-------|-------|-------\n . . . | . 4 . | . . 1\n"
      " 4 . . | 6 7 5 | . . 8\n 7 . . | . 2 . | . . 5\n-------|-------|-------\n"
      " . . . | . 5 . | . . .\n . 3 1 | . . . | 4 5 .\n . . 9 | . . . | 7 . .\n\n";
  const std::string csv =
      "Puzzle,Solution,Givens,Singles,Hidden Singles,Naked Pairs,Hidden Pairs,Pointing "
      "Pairs/Triples,Box/Line Intersections,Guesses,Backtracks,Difficulty\n" +
      line + "," + solution + ",25,37,19,0,0,0,0,0,0,Easy,\n" + "Puzzle,\n" + line + ",\n";
  for (const std::string& text : {line + "\n", compact, csv}) {
    const auto all = parse_puzzles(text);
    ASSERT_FALSE(all.empty()) << text;
    for (const auto& p : all) {
      ASSERT_TRUE(p.ok()) << p.error().to_string() << "\n" << text;
      EXPECT_EQ(to_line(*p), line);
    }
  }
  EXPECT_EQ(parse_puzzles(csv).size(), 2u);
  EXPECT_EQ(parse_puzzles(csv)[0].line, 2);
  // The readable style: a ruled grid (its fourth row differs from the line's).
  const auto ruled = parse_puzzles(readable);
  ASSERT_EQ(ruled.size(), 1u);
  ASSERT_TRUE(ruled[0].ok()) << ruled[0].error().to_string();
  EXPECT_EQ(to_line(*ruled[0]).substr(0, 27), line.substr(0, 27));
  // Comma-separated numbers are still read as numbers.
  const auto numbers = parse_puzzles("1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n");
  ASSERT_EQ(numbers.size(), 1u);
  EXPECT_TRUE(numbers[0].ok());
}

TEST(Format, SeveralGridsSeparatedByBlankLines) {
  std::string text = std::string(kSeedRows) + "\n\n" + kSeedRows + "\n";
  auto all = parse_puzzles(text);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_TRUE(all[0].ok());
  EXPECT_TRUE(all[1].ok());
  EXPECT_EQ(all[1].line, 12);
}

TEST(Format, RuledGrid) {
  const char* text =
      "+-------+-------+-------+\n"
      "| . 9 . | . . . | . . 6 |\n"
      "| . . . | 9 6 . | 4 8 5 |\n"
      "| . . . | 5 8 1 | . . . |\n"
      "+-------+-------+-------+\n"
      "| . . 4 | . . . | . . . |\n"
      "| 5 1 7 | 2 . . | 9 . . |\n"
      "| 6 . 2 | . . . | 3 7 . |\n"
      "+-------+-------+-------+\n"
      "| 1 . . | 8 . 4 | . 2 . |\n"
      "| 7 . 6 | . . . | 8 1 . |\n"
      "| 3 . . | . 9 . | . . . |\n"
      "+-------+-------+-------+\n";
  auto p = parse_puzzle(text);
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_EQ(to_line(*p, '0'), kSeedLine);
  // Simple Sudoku's compact ruling.
  auto q = parse_puzzle(
      ".9.|...|..6\n...|96.|485\n...|581|...\n-----------\n..4|...|...\n517|2..|9..\n"
      "6.2|...|37.\n-----------\n1..|8.4|.2.\n7.6|...|81.\n3..|.9.|...\n");
  ASSERT_TRUE(q.ok()) << q.error().to_string();
  EXPECT_EQ(to_line(*q, '0'), kSeedLine);
}

TEST(Format, JsonFlatAndRows) {
  std::string flat = "[";
  for (int i = 0; i < 81; ++i) flat += (i ? "," : "") + std::string(1, kSeedLine[i]);
  flat += "]";
  auto p = parse_puzzle(flat);
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_EQ(to_line(*p, '0'), kSeedLine);

  std::string rows = "[\n";
  for (int r = 0; r < 9; ++r) {
    rows += "  [";
    for (int c = 0; c < 9; ++c) rows += (c ? ", " : "") + std::string(1, kSeedLine[r * 9 + c]);
    rows += r < 8 ? "],\n" : "]\n";
  }
  rows += "]\n";
  auto q = parse_puzzle(rows);
  ASSERT_TRUE(q.ok()) << q.error().to_string();
  EXPECT_EQ(to_line(*q, '0'), kSeedLine);
}

TEST(Format, JsonErrorsArePlaced) {
  auto p = parse_puzzle("[[1,2,3,4],[1,2,3],[1,2,3,4],[1,2,3,4]]");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("row 2 has 3 numbers"), std::string::npos)
      << p.error().to_string();
  auto q = parse_puzzle("[0, 0, \"x\"]");
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error().line, 1);
  EXPECT_EQ(q.error().column, 8);
  auto r = parse_puzzle("[1, 2,\n 3");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("not closed"), std::string::npos);
  auto s = parse_puzzle("[1.5]");
  ASSERT_FALSE(s.ok());
  auto t = parse_puzzle("[]");
  ASSERT_FALSE(t.ok());
  auto u = parse_puzzle("[[[1]]]");
  ASSERT_FALSE(u.ok());
}

TEST(Format, LargerSizes) {
  // 16x16 in symbols 1-9A-G, one line.
  std::string line16;
  for (int i = 0; i < 256; ++i) line16 += i % 17 == 0 ? "G" : ".";
  auto p = parse_puzzle(line16);
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_EQ(p->geometry().side(), 16);
  EXPECT_EQ((*p)[0], 16);
  EXPECT_EQ(to_line(*p), line16);

  // 16x16 as rows of numbers, 0 for blanks.
  std::string rows;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) rows += (c ? " " : "") + std::to_string(r == c ? 16 : 0);
    rows += "\n";
  }
  auto q = parse_puzzle(rows);
  ASSERT_TRUE(q.ok()) << q.error().to_string();
  EXPECT_EQ((*q)[17], 16);

  // 25x25, comma-separated on one line.
  std::string csv;
  for (int i = 0; i < 625; ++i) csv += (i ? "," : "") + std::to_string(i == 624 ? 25 : 0);
  auto r = parse_puzzle(csv);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->geometry().side(), 25);
  EXPECT_EQ((*r)[624], 25);

  // 6x6 (2x3 boxes) as a grid of rows, and 4x4 lines.
  auto s = parse_puzzle("1.....\n......\n......\n......\n......\n.....6\n");
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ(s->geometry().box_rows(), 2);
  EXPECT_EQ(s->geometry().box_cols(), 3);
  auto fours = parse_puzzles("1...............\n.2..............\n");
  ASSERT_EQ(fours.size(), 2u);
  EXPECT_EQ(fours[1]->geometry().side(), 4);
}

TEST(Format, SixteenLinesOfSixteenAreOneGrid) {
  std::string text;
  for (int r = 0; r < 16; ++r) text += std::string(16, '.') + "\n";
  auto all = parse_puzzles(text);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0]->geometry().side(), 16);
  // Forcing 2x2 boxes reads them as sixteen 4x4 puzzles.
  auto forced = parse_puzzles(text, {2, 2});
  EXPECT_EQ(forced.size(), 16u);
}

TEST(Format, ForcedBoxShape) {
  auto p = parse_puzzle("123456......................................", {3, 2});
  EXPECT_FALSE(p.ok());
  auto q = parse_puzzle(std::string(36, '.'), {3, 2});
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->geometry().box_rows(), 3);
  EXPECT_EQ(q->geometry().box_cols(), 2);
}

TEST(Format, ErrorsNameThePlace) {
  auto short_line = parse_puzzle(std::string(80, '.'));
  ASSERT_FALSE(short_line.ok());
  EXPECT_EQ(short_line.error().line, 1);
  EXPECT_NE(short_line.error().message.find("80 cells"), std::string::npos);
  EXPECT_NE(short_line.error().message.find("81"), std::string::npos);

  auto stray = parse_puzzle(std::string(11, '.') + "q" + std::string(69, '.'));
  ASSERT_FALSE(stray.ok());
  EXPECT_EQ(stray.error().to_string().rfind("line 1, column 12: unexpected character 'q'", 0), 0u)
      << stray.error().to_string();

  auto range = parse_puzzle(std::string(80, '.') + "A");
  ASSERT_FALSE(range.ok());
  EXPECT_EQ(range.error().column, 81);
  EXPECT_NE(range.error().message.find("out of range for a 9x9"), std::string::npos);

  auto binary = parse_puzzle(std::string("\x01\x02\xff", 3));
  ASSERT_FALSE(binary.ok());
  EXPECT_NE(binary.error().message.find("byte 0x01"), std::string::npos);

  auto short_grid = parse_puzzle("123456789\n456789123\n789123456\n");
  ASSERT_FALSE(short_grid.ok());
  EXPECT_NE(short_grid.error().message.find("after 3 rows"), std::string::npos);

  auto ragged = parse_puzzles("123456789\n45678912\n789123456\n");
  ASSERT_EQ(ragged.size(), 1u) << "one error for one broken grid";
  EXPECT_EQ(ragged[0].error().line, 2);

  auto none = parse_puzzle("\n# only a comment\n\n");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no puzzle"), std::string::npos);

  auto two = parse_puzzle(std::string(kSeedLine) + "\n" + kSeedLine);
  EXPECT_FALSE(two.ok());
}

TEST(Format, ABadLineDoesNotHideTheNext) {
  auto all = parse_puzzles(std::string(80, '.') + "\n" + kSeedLine + "\n" + "x\n" + kSeedLine);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_FALSE(all[0].ok());
  EXPECT_TRUE(all[1].ok());
  EXPECT_FALSE(all[2].ok());
  EXPECT_TRUE(all[3].ok());
  EXPECT_EQ(all[3].line, 4);
}

TEST(Format, OverlongLineIsAnError) {
  PuzzleParser parser;
  std::vector<ParsedPuzzle> out;
  parser.feed("", out, true);
  parser.feed(kSeedLine, out);
  parser.finish(out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_FALSE(out[0].ok());
  EXPECT_TRUE(out[1].ok());
}

TEST(Format, GridOutput) {
  auto p = parse_puzzle(kSeedLine);
  const std::string text = to_grid_text(*p);
  EXPECT_EQ(text.substr(0, 22), ". 9 . | . . . | . . 6\n");
  // What we print, we read back.
  auto q = parse_puzzle(text);
  ASSERT_TRUE(q.ok()) << q.error().to_string();
  EXPECT_EQ(*q, *p);
}

TEST(Format, AdversarialInputNeverCrashes) {
  // Every prefix of a mixed input, and some noise: each must parse or fail cleanly.
  const std::string mixed =
      std::string("[[1,2],[") + kSeedRows + "|||---+++\n\n[1,2,3" + "\x00\x7f";
  for (std::size_t i = 0; i <= mixed.size(); ++i) {
    for (const auto& p : parse_puzzles(mixed.substr(0, i))) {
      if (!p.ok()) {
        EXPECT_FALSE(p.error().message.empty());
      }
    }
  }
  std::string deep(5000, '[');
  auto d = parse_puzzle(deep);
  EXPECT_FALSE(d.ok());
}

}  // namespace
}  // namespace nonet
