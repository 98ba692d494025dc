// Other programs' file forms (apps/ops/formats.h): every form round-trips
// positions with entries and pencil marks where it carries them; files as the
// programs write them are read (SudoCue's and SadMan's .sdk, OpenSudoku's XML
// in both versions, HoDoKu's library line and PM grid, SudokuWiki's 162
// characters, ipuz, QQWing); broken files are refused with their line; and
// the CLI reads them in streams mixed with the usual forms.

#include "ops/formats.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "ops/ops.h"
#include "support/run.h"
#include "support/server.h"

namespace nonet::testing {
namespace {

using ops::Document;
using ops::Form;

constexpr char kPuzzle[] =
    "..4...2...25...83.....6....6...4...14..675..87...2...5....5.....31...45...9...7..";
constexpr char kSolution[] =
    "164538297925417836387962514652849371413675928798123645276354189831796452549281763";

// The candidates a reader of the document sees: its marks, or those the
// values leave.
std::vector<Mask> seen(const Document& d) {
  std::vector<Mask> c = d.marks.empty() ? compute_candidates(d.values) : d.marks;
  for (int k = 0; k < d.values.size(); ++k)
    if (d.values[k]) c[static_cast<std::size_t>(k)] = 0;
  return c;
}

// A game in progress: some right entries, and marks on the other cells that
// keep the solution's digit and drop others (at least two left, so that no
// form takes a lone mark for an entry).
Document position(std::uint64_t seed, bool marks) {
  const Grid puzzle = *parse_puzzle(kPuzzle);
  const Grid solution = *parse_puzzle(kSolution);
  std::mt19937_64 rng(seed);
  Document d(puzzle.geometry());
  d.givens = d.values = puzzle;
  for (int k = 0; k < 81; ++k)
    if (!puzzle[k] && rng() % 3 == 0) d.values.set(k, solution[k]);
  if (!marks) return d;
  d.marks = compute_candidates(d.values);
  for (int k = 0; k < 81; ++k) {
    Mask& m = d.marks[static_cast<std::size_t>(k)];
    if (d.values[k]) {
      m = 0;
      continue;
    }
    for (int v = 1; v <= 9; ++v) {
      const Mask bit = Mask{1} << (v - 1);
      if (v != solution[k] && (m & bit) && std::popcount(m) > 2 && rng() % 2) m &= ~bit;
    }
  }
  return d;
}

Document read_one(const std::string& text) {
  const nonet::Result<std::vector<Document>> read = ops::read_document(text);
  EXPECT_TRUE(read.ok()) << (read.ok() ? "" : read.error().to_string()) << "\n" << text;
  if (!read.ok() || read->size() != 1) return Document(*Geometry::get(3, 3));
  return read->front();
}

TEST(Formats, EveryFormRoundTripsWhatItCarries) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (const bool marks : {false, true}) {
      const Document d = position(seed, marks);
      for (const Form form : {Form::sdk, Form::ipuz, Form::opensudoku, Form::hodoku,
                              Form::sudokuwiki, Form::pm, Form::sdm}) {
        const nonet::Result<std::string> text = ops::write_document(d, form);
        ASSERT_TRUE(text.ok()) << ops::form_name(form);
        std::string document = *text;
        if (form == Form::opensudoku)
          document = std::string(ops::opensudoku_header()) + document +
                     std::string(ops::opensudoku_footer());
        const std::string what = std::string(ops::form_name(form)) + " seed " +
                                 std::to_string(seed) + (marks ? " marks\n" : "\n") + document;
        if (form == Form::sdm) {
          EXPECT_EQ(*parse_puzzle(document), d.givens) << what;
          continue;
        }
        const Document back = read_one(document);
        // A PM grid shows values alone: every one reads as a given.
        if (form != Form::pm) {
          EXPECT_EQ(back.givens, d.givens) << what;
        }
        // A PM grid cannot tell a cell with one candidate from a solved one:
        // such cells may come back solved. (SudokuWiki's S9B form can.)
        const bool lone_reads_solved = form == Form::pm;
        const std::vector<Mask> before = seen(d), after = seen(back);
        for (int k = 0; k < 81; ++k) {
          const Mask lone = before[static_cast<std::size_t>(k)];
          if (lone_reads_solved && !d.values[k] && std::popcount(lone) == 1 && back.values[k]) {
            EXPECT_EQ(Mask{1} << (back.values[k] - 1), lone) << what;
            continue;
          }
          EXPECT_EQ(back.values[k], d.values[k]) << "cell " << k << " " << what;
          // (Peers of a cell read solved lose its digit from the candidates
          // computed when no marks were written.)
          if (!lone_reads_solved || !d.marks.empty() || back.values == d.values) {
            EXPECT_EQ(after[static_cast<std::size_t>(k)], lone) << "cell " << k << " " << what;
          }
        }
      }
    }
  }
}

TEST(Formats, NineByNineFormsRefuseOtherBoards) {
  Document d(*Geometry::get(3, 2));
  for (const Form form : {Form::opensudoku, Form::hodoku, Form::sudokuwiki}) {
    const nonet::Result<std::string> text = ops::write_document(d, form);
    ASSERT_FALSE(text.ok()) << ops::form_name(form);
    EXPECT_NE(text.error().message.find("9x9 puzzles only"), std::string::npos);
  }
  // ipuz holds every board, its box shape said where it is not the usual one.
  d.givens.set(0, 3);
  d.values = d.givens;
  const std::string ipuz = *ops::write_document(d, Form::ipuz);
  EXPECT_NE(ipuz.find("\"org.nonet.box\":\"3x2\""), std::string::npos) << ipuz;
  const Document back = read_one(ipuz);
  EXPECT_EQ(&back.givens.geometry(), Geometry::get(3, 2));
  EXPECT_EQ(back.givens, d.givens);
  const Document sixteen(*Geometry::get(4, 4));
  EXPECT_EQ(*parse_puzzle(*ops::write_document(sixteen, Form::sdk)), sixteen.givens);
}

// SudoCue's page on the .sdk form gives this file.
TEST(Formats, SdkWithHeadersKeepsItsNotes) {
  const std::string sdk =
      "#ARuud\n#DA random puzzle created by SudoCue\n#CJust start plugging in the numbers\n"
      "#B03-08-2006\n#SSudoCue\n#LEasy\n#Uhttp://www.sudocue.net/\n"
      "2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n.2.7.1.6.\n.81...24.\n"
      "7..4.2..1\n";
  const Document d = read_one(sdk);
  EXPECT_EQ(to_line(d.givens),
            "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1");
  EXPECT_EQ(d.note("author"), "Ruud");
  EXPECT_EQ(d.note("level"), "Easy");
  EXPECT_EQ(d.note("url"), "http://www.sudocue.net/");
  EXPECT_EQ(*ops::write_document(d, Form::sdk), sdk);
  // The space SadMan's writers put after the letter is read too.
  EXPECT_EQ(read_one("#A Ruud\n" + sdk.substr(sdk.find("2..1"))).note("author"), "Ruud");
}

TEST(Formats, SadmanSectionsCarryStateAndPencilMarks) {
  const std::string sdk =
      "[Puzzle]\n..4...2..\n.25...83.\n....6....\n6...4...1\n4..675..8\n7...2...5\n....5....\n"
      ".31...45.\n..9...7..\n[State]\n1.4...2..\n.25...83.\n....6....\n6...4...1\n4..675..8\n"
      "7...2...5\n....5....\n.31...45.\n..9...7..\n[PencilMarks]\n,68,,35,38,37,,67,79\n"
      ",,,,,,,,\n,,,,,,,,\n,,,,,,,,\n,,,,,,,,\n,,,,,,,,\n,,,,,,,,\n,,,,,,,,\n,,,,,,,,\n"
      "[Colours]\n.1.......\n.........\n.........\n.........\n.........\n.........\n.........\n"
      ".........\n.........\n";
  const Document d = read_one(sdk);
  EXPECT_EQ(d.values[0], 1);
  EXPECT_EQ(d.givens[0], 0);
  ASSERT_EQ(d.marks.size(), 81u);
  EXPECT_EQ(d.marks[1], (Mask{1} << 5) | (Mask{1} << 7));
}

// OpenSudoku's own test data (the old form) and its exported version 2.
TEST(Formats, OpenSudokuFilesOfBothVersions) {
  const std::string v1 =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n  <name>Gnome-Sudoku Easy</name>\n"
      "  <author>romario333</author>\n  <description></description>\n  <comment></comment>\n"
      "  <created>2009-09-16</created>\n  <source>gnome-sudoku</source>\n  <level>easy</level>\n"
      "  <sourceURL>http://opensudoku.eu/puzzles</sourceURL>\n"
      "  <game "
      "data=\"379000014060010070080009005435007000090040020000800436900700080040080050850000249\" "
      "/>\n"
      "  <game "
      "data=\"000000000000003085001020000000507000004000100090000000500000073002010000000040009\" "
      "/>\n"
      "</opensudoku>\n";
  const nonet::Result<std::vector<Document>> games = ops::read_document(v1);
  ASSERT_TRUE(games.ok()) << games.error().to_string();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ(to_line(games->front().givens, '0'),
            "379000014060010070080009005435007000090040020000800436900700080040080050850000249");
  EXPECT_EQ(games->front().note("title"), "Gnome-Sudoku Easy");
  EXPECT_EQ(games->back().note("author"), "romario333");
  // Version 2, data version 1: notes as a comma list in any order, - for none.
  std::string data = "version: 1&#10;";
  for (int k = 0; k < 81; ++k) data += k == 0 ? "0|9,1,|1|" : k == 1 ? "5|-|0|" : "0|-|1|";
  const Document d = read_one(
      "<opensudoku version=\"2\"><folder name=\"f\" created=\"1\">\n<game state=\"0\" data=\"" +
      data + "\" note=\"mine\"/>\n</folder></opensudoku>");
  EXPECT_EQ(d.givens[1], 5);
  ASSERT_EQ(d.marks.size(), 81u);
  EXPECT_EQ(d.marks[0], Mask{1} | (Mask{1} << 8));
  EXPECT_EQ(d.note("comment"), "mine");
}

// HoDoKu's source quotes this PM grid as the program writes it.
TEST(Formats, HodokuPencilMarkGridAndLibraryLine) {
  const std::string pm =
      ".---------------.------------.-------------.\n"
      "| 1   78    38  | 2   49  6  | 47  39  5   |\n"
      "| 9   67    5   | 3   8   14 | 47  16  2   |\n"
      "| 36  4     2   | 19  7   5  | 8   36  19  |\n"
      ":---------------+------------+-------------:\n"
      "| 8   9     7   | 5   6   2  | 13  4   13  |\n"
      "| 25  25    1   | 4   3   8  | 9   7   6   |\n"
      "| 4   3     6   | 7   1   9  | 5   2   8   |\n"
      ":---------------+------------+-------------:\n"
      "| 36  16    4   | 8   5   7  | 2   19  139 |\n"
      "| 7   158   89  | 19  2   3  | 6   58  4   |\n"
      "| 25  1258  389 | 6   49  14 | 3   58  7   |\n"
      "'---------------'------------'-------------'\n";
  const Document d = read_one(pm);
  EXPECT_EQ(d.values[0], 1);
  EXPECT_EQ(d.values[1], 0);
  EXPECT_EQ(d.marks[1], (Mask{1} << 6) | (Mask{1} << 7));
  // A single digit that a peer still has as a candidate stays a candidate:
  // r9c7's 3 (column 7 has 13 twice) is no value.
  EXPECT_EQ(d.values[80 - 2], 0);
  const Document lib = read_one(
      ":0000:x:..4...2...25...83.....6....6...4...14..675..87...2...5....5.....31...45...9+1..7..:"
      "513 913::");
  EXPECT_EQ(lib.values[75], 1);
  EXPECT_EQ(lib.givens[75], 0);
  EXPECT_FALSE(lib.marks[2] & (Mask{1} << 4));
}

TEST(Formats, SudokuWikiLinkAndString) {
  // sudokuwiki.org's page on its strings gives this link; one of its cells
  // flags a given on two digits, read as candidates.
  const Document d = read_one(
      "https://www.sudokuwiki.org/"
      "sudoku.htm?bd="
      "vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg"
      "038ga8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044");
  EXPECT_EQ(d.givens[3], 1);
  EXPECT_EQ(d.values[2], 2);
  EXPECT_EQ(d.givens[2], 0);
  EXPECT_EQ(d.marks[1], (Mask{1} << 2) | (Mask{1} << 6));
  // A string of this form that happens to begin with "S9B" is still this
  // form: its length tells.
  const Document older = read_one("S9B" + std::string(159, '0'));
  ASSERT_EQ(older.marks.size(), 81u);
  EXPECT_EQ(older.marks[0], Mask{(28 * 32 + 9) >> 1});
}

TEST(Formats, SudokuWikiVersionBLink) {
  // A "Load example" link of sudokuwiki.org's Grouped AIC page (from the
  // start: 5....1.24.2..6..9...17.....); two base-36 digits a cell: 1-9 a
  // given, 10-18 a solved cell, 19 and up 18 + the candidates' bits.
  const std::string link =
      "https://www.sudokuwiki.org/sudoku.htm?bd=S9B"
      "050f2e0i46015y020466026212064i0a095u0i4601070b0d4m0f4m4a4j4q027n03bu0g06360936164a4i0o010o"
      "02474u067n07bu4q4i464i0b0u0g09064q0a4y040i0a051g5w035w01071y080u1g181609";
  const Document d = read_one(link);
  EXPECT_EQ(d.givens[0], 5);
  EXPECT_EQ(d.givens[5], 1);
  EXPECT_EQ(d.givens[1], 0);
  EXPECT_EQ(d.values[1], 6);   // "0f": solved, not given
  EXPECT_EQ(d.values[15], 1);  // "0a"
  EXPECT_EQ(d.values[2], 0);
  ASSERT_EQ(d.marks.size(), 81u);
  EXPECT_EQ(d.marks[2], (Mask{1} << 2) | (Mask{1} << 6));  // "2e": 3 and 7
  EXPECT_EQ(d.marks[9], 0b11001100);                        // "66": 3, 4, 7 and 8
  // The string alone reads too, and nonet writes the same string back.
  const Document alone = read_one(link.substr(link.find("S9B")));
  EXPECT_EQ(alone.values, d.values);
  EXPECT_EQ(alone.marks, d.marks);
  EXPECT_EQ(*ops::write_document(d, Form::sudokuwiki), link.substr(link.find("S9B")) + "\n");
  // A lone candidate stays a candidate.
  Document lone(*Geometry::get(3, 3));
  lone.marks.assign(81, 0);
  lone.marks[4] = Mask{1} << 6;
  const Document back = read_one(*ops::write_document(lone, Form::sudokuwiki));
  EXPECT_EQ(back.values[4], 0);
  ASSERT_EQ(back.marks.size(), 81u);
  EXPECT_EQ(back.marks[4], Mask{1} << 6);
}

TEST(Formats, BrokenFilesAreRefusedWithTheirLine) {
  struct Case {
    std::string text, said;
    int line;
  } cases[] = {
      {"<opensudoku>\n<game data=\"12\"/>\n</opensudoku>", "2 of its 81 cells", 2},
      {"<opensudoku>\n</opensudoku>", "holds no <game>", 1},
      {"<opensudoku version=\"2\">\n\n<game data=\"version: 7&#10;0|0|1|\"/></opensudoku>",
       "version '7'", 3},
      {"<root/>", "not OpenSudoku's", 1},
      {"{\"kind\":[\"http://ipuz.org/crossword#1\"],\"puzzle\":[]}", "not of the sudoku kind", 1},
      {"{\"kind\":[\"http://ipuz.org/sudoku#1\"],\"puzzle\":[[1,2],[3,4]]}", "no board", 1},
      {"{\"kind\":[\"http://ipuz.org/sudoku#1\"],\"zones\":[],\"puzzle\":[]}", "\"zones\"", 1},
      {"{\"kind\":[\"http://ipuz.org/"
       "sudoku#1\"],\"puzzle\":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,9]]}",
       "not a digit", 1},
      {":0000:x:123:::", "3 of its 81 cells", 1},
      {":0000:x:" + std::string(81, '.') + ":1x3::", "'1x3' is not a removed candidate", 1},
      {std::string(160, '0') + "zz", "not a form of another program", 1},
      {"https://www.sudokuwiki.org/sudoku.htm?bd=" + std::string(160, '0') + "zz", "not a cell", 1},
      {"S9B" + std::string(160, '0'), "162 characters after S9B", 1},
      {"S9B" + std::string(160, '0') + "zz", "holds digits above 9", 1},
      {"S9B" + std::string(160, '0') + "0!", "'0!' is not a cell", 1},
      {"https://www.sudokuwiki.org/sudoku.htm?bd=S9B" + std::string(163, '0'), "this has 163", 1},
      {"#AMe\n[Puzzle]\n123456789\n", "1 of its 9 rows", 3},
      {"[Puzzle]\n12345678\n", "needs 9 cells", 2},
      {"[Puzzel]\n", "unknown section", 1},
      {".----.\n| 1 2 |\n'----'\n", "2 cells", 1},
  };
  for (const Case& c : cases) {
    const nonet::Result<std::vector<Document>> read = ops::read_document(c.text);
    ASSERT_FALSE(read.ok()) << c.text;
    EXPECT_NE(read.error().message.find(c.said), std::string::npos) << c.text << "\n"
                                                                    << read.error().message;
    EXPECT_EQ(read.error().line, c.line) << c.text << "\n" << read.error().message;
  }
  // Entries that change a given.
  const std::string sdk =
      "[Puzzle]\n" + std::string("1........\n") + std::string(8 * 10, '.') + "[State]\n2........\n";
  EXPECT_FALSE(ops::read_document(sdk).ok());
}

// Found by fuzzing: an empty value among a cell's saved marks, and notes that
// are not UTF-8 written to ipuz.
TEST(Formats, OddIpuzMarksAndNotesAreHandled) {
  const Document d = read_one(
      "{\"kind\":[\"http://ipuz.org/"
      "sudoku#1\"],\"puzzle\":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"
      "\"saved\":[[[0,3],0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}");
  ASSERT_EQ(d.marks.size(), 16u);
  EXPECT_EQ(d.marks[0], Mask{1} << 2);
  Document notes = read_one("#ARuud\n#DA ra\xb3\xb3ndom\n" +
                            std::string("2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1."
                                        "53.98.6\n.2.7.1.6.\n.81...24.\n7..4.2..1\n"));
  const nonet::Result<std::string> ipuz = ops::write_document(notes, Form::ipuz);
  ASSERT_TRUE(ipuz.ok());
  EXPECT_EQ(read_one(*ipuz).note("description"), "A ra\xef\xbf\xbd\xef\xbf\xbdndom");
}

// ---- the CLI ---------------------------------------------------------------------

TEST(FormatsCli, MixedFilesReadInOrderWithTheirLines) {
  const std::string pm = *ops::write_document(position(3, true), Form::pm);
  const std::string file = temp_file(
      "mixed.txt", std::string("# usual lines and other programs' forms\n") + kPuzzle + "\n" + pm +
                       "#ARuud\n2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n"
                       ".2.7.1.6.\n.81...24.\n7..4.2..1\n" +
                       ":0000:x:" + kPuzzle + ":::\n" + "#Deep thoughts before a line\n" + kPuzzle +
                       "\n" + "<opensudoku>\n<game data=\"12\"/>\n</opensudoku>\n");
  const RunResult r = run_cli("convert --to sdm -f json " + file);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::istringstream lines(r.out);
  std::vector<int> at;
  for (std::string l; std::getline(lines, l);)
    at.push_back(std::stoi(l.substr(l.find("\"line\":") + 7)));
  EXPECT_EQ(at, (std::vector<int>{2, 3, 16, 26, 28, 30})) << r.out;
  EXPECT_NE(r.err.find("mixed.txt: line 30: the game's data has 2 of its 81 cells"),
            std::string::npos)
      << r.err;
  // Every command reads other programs' files: their givens.
  const RunResult rated = run_cli("rate " + temp_file("one.pm", pm));
  EXPECT_EQ(rated.exit_code, 0) << rated.err;
}

TEST(FormatsCli, OpenSudokuCollectionsRoundTrip) {
  const std::string lines = std::string(kPuzzle) + "\n" + kSolution + "\n" + kPuzzle + "\n";
  const RunResult xml = run_cli("convert --to opensudoku", lines);
  ASSERT_EQ(xml.exit_code, 0) << xml.err;
  EXPECT_EQ(xml.out.rfind("<?xml", 0), 0u) << xml.out;
  EXPECT_NE(xml.out.find("</opensudoku>\n"), std::string::npos);
  const RunResult back = run_cli("convert --to sdm", xml.out);
  ASSERT_EQ(back.exit_code, 0) << back.err;
  const std::string zeros = to_line(*parse_puzzle(kPuzzle), '0');
  EXPECT_EQ(back.out, zeros + "\n" + std::string(kSolution) + "\n" + zeros + "\n");
  const RunResult solved = run_cli("solve", xml.out);
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  // A variant puzzle is no classic form's.
  const RunResult variant = run_cli("convert --to sdk",
                                    "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}"
                                    "],[{},{},{},{}]],\"diagonal+\":true}\n");
  EXPECT_EQ(variant.exit_code, 1);
  EXPECT_NE(variant.err.find("a variant puzzle cannot be written as sdk"), std::string::npos)
      << variant.err;
}

TEST(FormatsCli, AGameInProgressKeepsItsEntriesAndMarksInFpuzzles) {
  // A position read from a file with the player's entries and marks goes to
  // f-puzzles (and so to its link, which SudokuPad opens) with them: entries
  // as values with no "given", candidates as centre marks.
  const Document d = position(5, true);
  const RunResult r = run_cli("convert --to fpuzzles", *ops::write_document(d, Form::sdk));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json f = nlohmann::json::parse(r.out);
  int entries = 0, marked = 0;
  for (int k = 0; k < 81; ++k) {
    const nlohmann::json& cell = f["grid"][k / 9][k % 9];
    if (d.givens[k]) {
      EXPECT_EQ(cell.value("value", 0), d.givens[k]);
      EXPECT_TRUE(cell.value("given", false));
    } else if (d.values[k]) {
      ++entries;
      EXPECT_EQ(cell.value("value", 0), d.values[k]) << k;
      EXPECT_FALSE(cell.contains("given")) << k;
    } else {
      ++marked;
      Mask m = 0;
      for (const int v : cell.at("centerPencilMarks")) m |= Mask{1} << (v - 1);
      EXPECT_EQ(m, d.marks[static_cast<std::size_t>(k)]) << k;
    }
  }
  EXPECT_GT(entries, 0);
  EXPECT_GT(marked, 0);
  // A bare puzzle carries no progress; read back, the position is that puzzle.
  const RunResult bare = run_cli("convert --to fpuzzles", std::string(kPuzzle) + "\n");
  EXPECT_EQ(bare.out.find("centerPencilMarks"), std::string::npos);
  EXPECT_EQ(run_cli("convert --to fpuzzles", r.out).out, bare.out);
}

TEST(FormatsCli, SeveralSdkPuzzlesFollowEachOther) {
  // Written by convert (a blank line apart), and back to back as other
  // programs may join them: each [Puzzle] or note after a grid begins the next.
  const std::string rows =
      "..4...2..\n.25...83.\n....6....\n6...4...1\n4..675..8\n7...2...5\n....5....\n"
      ".31...45.\n..9...7..\n";
  const std::string joined =
      "[Puzzle]\n" + rows + "[State]\n" + rows + "[Puzzle]\n" + rows + "#AMe\n" + rows + rows;
  const RunResult r = run_cli("convert --to sdm", joined);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string zeros = to_line(*parse_puzzle(kPuzzle), '0') + "\n";
  EXPECT_EQ(r.out, zeros + zeros + zeros + zeros) << r.out;
  const RunResult sdk = run_cli("convert --to sdk", std::string(kPuzzle) + "\n" + kPuzzle + "\n");
  EXPECT_EQ(sdk.out, rows + "\n" + rows + "\n");
}

TEST(FormatsCli, PrettyPrintedIpuzIsReadAcrossItsLines) {
  // The JSON as ipuz files are usually laid out, after a puzzle line.
  const std::string ipuz =
      "{\n  \"version\": \"http://ipuz.org/v2\",\n  \"kind\": [ \"http://ipuz.org/sudoku#1\" ],\n"
      "  \"charset\": \"123456789\",\n  \"boxes\": true,\n  \"puzzle\": [ [ 0, 1, 2, 0, 0, 7, 0, "
      "0, 0 ],\n"
      "    [ 8, 0, 0, 9, 0, 0, 0, 0, 6 ],\n    [ 5, 0, 0, 0, 4, 0, 2, 0, 0 ],\n"
      "    [ 0, 4, 0, 0, 0, 1, 0, 0, 0 ],\n    [ 0, 7, 5, 0, 0, 0, 6, 2, 0 ],\n"
      "    [ 0, 0, 0, 6, 0, 0, 0, 8, 0 ],\n    [ 0, 0, 6, 0, 3, 0, 0, 0, 7 ],\n"
      "    [ 1, 0, 0, 0, 0, 9, 0, 0, 5 ],\n    [ 0, 0, 0, 1, 0, 0, 3, 4, 0 ] ]\n}\n";
  const RunResult r = run_cli("solve -f json", std::string(kPuzzle) + "\n" + ipuz);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"line\":2"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find(
          "912567438834912576567348219648721953375894621291653784486235197123479865759186342"),
      std::string::npos)
      << r.out;
}

TEST(FormatsApi, ConvertTakesAndGivesOtherProgramsForms) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0) << server.banner();
  const std::string pm = *ops::write_document(position(5, true), Form::pm);
  const Response wiki = post(server.port(), "/api/convert", {{"puzzle", pm}, {"to", "sudokuwiki"}});
  ASSERT_EQ(wiki.status, 200) << wiki.body;
  EXPECT_EQ(wiki.json_body["puzzle"].get<std::string>().size(), 165u);  // S9B and 162
  // An ipuz object is another program's file, not an f-puzzles one.
  const Response ipuz =
      post(server.port(), "/api/convert",
           {{"puzzle", nlohmann::json::parse(*ops::write_document(position(5, true), Form::ipuz))},
            {"to", "hodoku"}});
  ASSERT_EQ(ipuz.status, 200) << ipuz.body;
  EXPECT_EQ(ipuz.json_body["puzzle"].get<std::string>().rfind(":0000:x:", 0), 0u);
  const Response rated = post(server.port(), "/api/rate", {{"puzzle", pm}});
  EXPECT_EQ(rated.status, 200) << rated.body;
  const Response broken =
      post(server.port(), "/api/convert",
           {{"puzzle", "<opensudoku>\n<game data=\"12\"/>\n</opensudoku>"}, {"to", "sdk"}});
  EXPECT_EQ(broken.status, 422) << broken.body;
  EXPECT_NE(broken.body.find("line 2: the game's data has 2 of its 81 cells"), std::string::npos)
      << broken.body;
  const Response sixteen =
      post(server.port(), "/api/convert", {{"puzzle", std::string(256, '.')}, {"to", "hodoku"}});
  EXPECT_EQ(sixteen.status, 422) << sixteen.body;
  EXPECT_NE(sixteen.body.find("9x9 puzzles only"), std::string::npos) << sixteen.body;
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace nonet::testing
