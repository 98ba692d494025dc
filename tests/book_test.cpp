// Puzzle books: the pages' plan and files (apps/book), and `nonet book` run for
// real. Where poppler's tools (pdfinfo, pdffonts, pdftotext) are installed the
// PDF is read back with them: its page count, its fonts, and the digits of its
// solutions, which are checked against the puzzles apart from the solvers.

#include "book/book.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "nonet/format.h"
#include "support/checker.h"
#include "support/run.h"

namespace nonet::testing {
namespace {

// Two puzzles with one solution each (the first is in every textbook), and a
// puzzle with two.
constexpr char kPuzzleA[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr char kPuzzleB[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
constexpr char kTwoSolutions[] =
    "1................................................................................";

int pages_in(const std::string& pdf) {
  int pages = 0;
  for (std::size_t at = 0; (at = pdf.find("/Type /Page", at)) != std::string::npos; at += 11)
    if (at + 11 < pdf.size() && pdf[at + 11] != 's') ++pages;
  return pages;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The folder of the test's temporary files.
std::string temp_folder() {
  const std::string marker = temp_file("book.marker", "");
  return marker.substr(0, marker.rfind('/'));
}

bool have(const char* tool) {
  return run_shell(std::string("command -v ") + tool + " >/dev/null").exit_code == 0;
}

std::vector<book::Entry> entries_of(std::initializer_list<const char*> lines) {
  std::vector<book::Entry> out;
  for (const char* line : lines) {
    const Grid p = *parse_puzzle(line);
    const Grid s = *parse_puzzle(to_line(p));  // a copy, as the caller's solution
    out.push_back({p, s, Rating{.er = 23, .level = Level::medium}});
  }
  return out;
}

TEST(BookValues, PapersAndLengthsAreReadWithTheirUnits) {
  EXPECT_NEAR(book::read_paper("A4")->width, 595.28, 0.01);
  EXPECT_NEAR(book::read_paper("letter")->height, 792, 1e-9);
  EXPECT_NEAR(book::read_paper("6x9")->width, 432, 1e-9);
  EXPECT_NEAR(book::read_paper("6x9in")->height, 648, 1e-9);
  EXPECT_NEAR(book::read_paper("210x297mm")->width, 595.28, 0.01);
  EXPECT_EQ(book::read_paper("6x9in")->name, "6x9in");
  for (const char* bad : {"", "a9", "6x", "x9", "6x9furlongs", "1x1in", "-6x9in", "100x100in"})
    EXPECT_FALSE(book::read_paper(bad).ok()) << bad;
  EXPECT_NEAR(*book::read_length("3mm"), 8.504, 0.001);
  EXPECT_NEAR(*book::read_length("0.125in"), 9, 1e-9);
  EXPECT_NEAR(*book::read_length("12pt"), 12, 1e-9);
  EXPECT_EQ(*book::read_length("0"), 0);
  EXPECT_FALSE(book::read_length("3").ok());
  EXPECT_NE(book::read_length("3").error().message.find("unit"), std::string::npos);
  EXPECT_FALSE(book::read_length("-3mm").ok());
  EXPECT_FALSE(book::read_length("nanmm").ok());
}

TEST(BookValues, OutputsAreNamedByTheirExtension) {
  EXPECT_EQ(book::output_of("a/b.PDF"), book::Output::pdf);
  EXPECT_EQ(book::output_of("b.svg"), book::Output::svg);
  EXPECT_EQ(book::output_of("b.png"), book::Output::png);
  EXPECT_FALSE(book::output_of("b.txt"));
  EXPECT_FALSE(book::output_of("book"));
  EXPECT_EQ(book::page_path("out/book.svg", 3, 12), "out/book-03.svg");
  EXPECT_EQ(book::page_path("book.png", 1, 1), "book-1.png");
}

TEST(BookLayout, RefusesWhatCannotBeDrawn) {
  book::Layout layout;
  layout.per_page = 3;
  EXPECT_FALSE(book::check(layout, 9).ok());
  layout.per_page = 6;
  EXPECT_TRUE(book::check(layout, 9).ok());
  // Six 25x25 grids on A5 would have cells of a few points.
  layout.paper = *book::read_paper("a5");
  EXPECT_FALSE(book::check(layout, 25).ok());
  EXPECT_NE(book::check(layout, 25).error().message.find("8 points"), std::string::npos);
  layout = {};
  layout.margin = *book::read_length("100mm");
  EXPECT_FALSE(book::check(layout, 9).ok());
}

TEST(BookRender, PagesAreTitlePuzzlesSolutionsAndPaths) {
  std::vector<book::Entry> entries = entries_of({kPuzzleA, kPuzzleB, kPuzzleA, kPuzzleB, kPuzzleA});
  book::Layout layout;
  layout.per_page = 4;
  // Title, two pages of puzzles, one of solutions.
  auto pdf = book::render(entries, layout, book::Output::pdf);
  ASSERT_TRUE(pdf.ok()) << pdf.error().message;
  ASSERT_EQ(pdf->size(), 1u);
  EXPECT_EQ(pages_in(pdf->front()), 4);
  layout.solutions = false;
  EXPECT_EQ(pages_in(book::render(entries, layout, book::Output::pdf)->front()), 3);
  layout.per_page = 1;
  EXPECT_EQ(pages_in(book::render(entries, layout, book::Output::pdf)->front()), 6);
  // A long path flows over pages of its own.
  entries[1].explained = true;
  for (int i = 0; i < 200; ++i)
    entries[1].steps.push_back(
        "Hidden Single: r1c1 is the only place for 5 in box 1, a step "
        "long enough to wrap on narrow paper, as chains do");
  layout.paper = *book::read_paper("5x8");
  const int pages = pages_in(book::render(entries, layout, book::Output::pdf)->front());
  EXPECT_GT(pages, 6 + 3);
  // Every page is counted as it is done.
  int done = 0;
  ASSERT_TRUE(book::render(entries, layout, book::Output::pdf, [&](int page) {
                EXPECT_EQ(page, done + 1);
                done = page;
              }).ok());
  EXPECT_EQ(done, pages);
}

TEST(BookRender, TheSameEntriesGiveTheSameBytes) {
  const std::vector<book::Entry> entries = entries_of({kPuzzleA, kPuzzleB});
  book::Layout layout;
  layout.date = 1700000000;
  const auto a = book::render(entries, layout, book::Output::pdf);
  const auto b = book::render(entries, layout, book::Output::pdf);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->front(), b->front());
  EXPECT_NE(a->front().find("20231114221320"), std::string::npos);
}

TEST(BookRender, SvgAndPngGiveAFileAPage) {
  const std::vector<book::Entry> entries = entries_of({kPuzzleA, kPuzzleB, kPuzzleA});
  book::Layout layout;
  layout.per_page = 2;
  layout.paper = *book::read_paper("letter");
  const auto svg = book::render(entries, layout, book::Output::svg);
  ASSERT_TRUE(svg.ok());
  ASSERT_EQ(svg->size(), 4u);  // title, two of puzzles, solutions
  for (const std::string& page : *svg) {
    EXPECT_EQ(page.rfind("<?xml", 0), 0u);
    EXPECT_NE(page.find("width=\"612pt\" height=\"792pt\""), std::string::npos);
  }
  layout.dpi = 72;
  layout.bleed = 9;
  const auto png = book::render(entries, layout, book::Output::png);
  ASSERT_TRUE(png.ok());
  ASSERT_EQ(png->size(), 4u);
  const std::string& first = png->front();
  ASSERT_GT(first.size(), 24u);
  EXPECT_EQ(first.substr(1, 3), "PNG");
  const auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(first[at]) << 24) |
           (static_cast<unsigned char>(first[at + 1]) << 16) |
           (static_cast<unsigned char>(first[at + 2]) << 8) |
           static_cast<unsigned char>(first[at + 3]);
  };
  EXPECT_EQ(be32(16), 612 + 18);  // the bleed on each side
  EXPECT_EQ(be32(20), 792 + 18);
}

// ---- nonet book -----------------------------------------------------------------

TEST(BookCli, AGeneratedBookHasItsPagesFontsAndLevels) {
  const std::string pdf = temp_folder() + "/generated.pdf";
  const RunResult r = run_cli("book -n 10 --level easy,hard --per-page 4 --seed 7 -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string bytes = read_file(pdf);
  // Title, three pages of puzzles, one of solutions.
  EXPECT_EQ(pages_in(bytes), 5);
  EXPECT_EQ(bytes.rfind("%PDF-", 0), 0u);
  if (!have("pdffonts") || !have("pdftotext")) {
    GTEST_SKIP() << "poppler-utils (pdffonts, pdftotext) are not installed: the fonts and text "
                    "are not read back";
  }
  const RunResult fonts = run_shell("pdffonts " + pdf);
  ASSERT_EQ(fonts.exit_code, 0) << fonts.err;
  std::istringstream lines(fonts.out);
  int listed = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("name", 0) == 0 || line.rfind("----", 0) == 0) continue;
    ++listed;
    std::istringstream cols(line);
    std::vector<std::string> c;
    for (std::string w; cols >> w;) c.push_back(w);
    ASSERT_GE(c.size(), 5u) << line;
    EXPECT_EQ(c[c.size() - 5], "yes") << "not embedded: " << line;
  }
  EXPECT_GE(listed, 1);
  const RunResult text = run_shell("pdftotext -layout " + pdf + " -");
  ASSERT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("10 puzzles, 9\u00d79, with solutions"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Puzzle 10"), std::string::npos);
  EXPECT_NE(text.out.find("Easy \u00b7 "), std::string::npos);
  EXPECT_NE(text.out.find("Hard \u00b7 "), std::string::npos);
  EXPECT_NE(text.out.find("nonet "), std::string::npos);
  EXPECT_NE(text.out.find("seed 7"), std::string::npos);
}

TEST(BookCli, TheSameSeedGivesTheSameBookWhateverThreads) {
  const std::string base = temp_folder();
  const RunResult a = run_shell("SOURCE_DATE_EPOCH=1700000000 " + std::string(NONET_CLI_PATH) +
                                " book -n 8 --level medium --seed 3 -o " + base + "/a.pdf");
  const RunResult b = run_shell("SOURCE_DATE_EPOCH=1700000000 " + std::string(NONET_CLI_PATH) +
                                " book -n 8 --level medium --seed 3 -j 2 -o " + base + "/b.pdf");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(read_file(base + "/a.pdf"), read_file(base + "/b.pdf"));
  const RunResult bad = run_shell("SOURCE_DATE_EPOCH=soon " + std::string(NONET_CLI_PATH) +
                                  " book -n 1 --seed 3 -o " + base + "/c.pdf");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("SOURCE_DATE_EPOCH=soon"), std::string::npos);
}

// The solutions printed are read back from the PDF and checked by the
// independent checker against the puzzles of the file.
TEST(BookCli, PuzzlesFromAFileGetTheirSolutionsAndPaths) {
  const std::string file = temp_file(
      "book-puzzles.txt", std::string("# two classics\n") + kPuzzleA + "\n" + kPuzzleB + "\n");
  const std::string pdf = temp_folder() + "/from-file.pdf";
  const RunResult r = run_cli("book " + file + " --per-page 1 --explain 2 --steps 5 -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Title, two puzzles, solutions, the path.
  EXPECT_EQ(pages_in(read_file(pdf)), 5);
  if (!have("pdftotext")) GTEST_SKIP() << "poppler-utils (pdftotext) is not installed";
  const RunResult text = run_shell("pdftotext -layout -f 4 -l 4 " + pdf + " -");
  ASSERT_EQ(text.exit_code, 0);
  // Two solution grids side by side: each line of digits holds a row of each.
  std::string first, second;
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);) {
    std::string digits;
    for (char c : line)
      if (c >= '1' && c <= '9') digits += c;
    if (digits.size() != 18) continue;
    first += digits.substr(0, 9);
    second += digits.substr(9);
  }
  std::string why;
  EXPECT_TRUE(check_solution_text(kPuzzleA, first, 3, 3, &why)) << why << "\n" << text.out;
  EXPECT_TRUE(check_solution_text(kPuzzleB, second, 3, 3, &why)) << why << "\n" << text.out;
  const RunResult path = run_shell("pdftotext -layout -f 5 -l 5 " + pdf + " -");
  EXPECT_NE(path.out.find("Explained solutions"), std::string::npos);
  EXPECT_NE(path.out.find("Puzzle 2"), std::string::npos);
  EXPECT_EQ(path.out.find("Puzzle 1"), std::string::npos);
  EXPECT_NE(path.out.find("5."), std::string::npos);
  EXPECT_EQ(path.out.find("6."), std::string::npos);
  EXPECT_NE(path.out.find("steps more to the solution"), std::string::npos);
}

TEST(BookCli, SvgAndPngPagesAreFilesOfTheirOwn) {
  const std::string base = temp_folder();
  const RunResult r =
      run_cli(std::string("book - --per-page 1 --no-solutions -o ") + base + "/p.svg",
              std::string(kPuzzleA) + "\n" + kPuzzleB + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* page : {"/p-1.svg", "/p-2.svg", "/p-3.svg"})
    EXPECT_EQ(read_file(base + page).rfind("<?xml", 0), 0u) << page;
  EXPECT_TRUE(read_file(base + "/p-4.svg").empty());
  const RunResult png = run_cli("book -n 1 --seed 2 --dpi 40 -o " + base + "/q.png");
  ASSERT_EQ(png.exit_code, 0) << png.err;
  EXPECT_EQ(read_file(base + "/q-1.png").substr(1, 3), "PNG");
  EXPECT_EQ(read_file(base + "/q-3.png").substr(1, 3), "PNG");
}

TEST(BookCli, BadInputIsNamedAndNoBookIsWritten) {
  const std::string out = temp_folder() + "/never.pdf";
  const std::string two = temp_file("two.txt", std::string(kPuzzleA) + "\n" + kTwoSolutions + "\n");
  const std::string broken = temp_file("broken.txt", std::string(kPuzzleA) + "\n12345\n");
  const std::string variant =
      temp_file("variant.txt",
                "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}\n");
  struct Case {
    std::string args;
    int code;
    std::string said;
  } cases[] = {
      {two + " -o " + out, 1, "two.txt:2: "},
      {broken + " -o " + out, 1, "broken.txt:2: "},
      {variant + " -o " + out, 1, "variant.txt:1: a variant puzzle"},
      {"-n 3 -o " + temp_folder() + "/never.txt", 2, ".pdf"},
      {"-n 3 --explain 4 -o " + out, 2, "--explain 4: puzzle 4 is past the book's 3"},
      {"-n 3 --explain 2-x -o " + out, 2, "--explain 2-x"},
      {"-n 3 --per-page 3 -o " + out, 2, "--per-page"},
      {"-n 3 --paper b7 -o " + out, 2, "not a paper size"},
      {"-n 3 --margin 5 -o " + out, 2, "unit"},
      {"-n 2 --level easy,hard,expert -o " + out, 2, "fewer puzzles than levels"},
      {"-n 2 --level easy,tough -o " + out, 2, "--level easy,tough"},
      {"-n 1 --size 25 --per-page 6 --paper a5 -o " + out, 2, "8 points"},
      {"-n 1", 2, "--output is required"},
  };
  for (const Case& c : cases) {
    const RunResult r = run_cli("book " + c.args);
    EXPECT_EQ(r.exit_code, c.code) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.said), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_TRUE(read_file(out).empty()) << c.args;
    EXPECT_TRUE(read_file(out + ".part").empty()) << c.args;
  }
}

TEST(BookCli, ASignalStopsTheBookAndWritesNothing) {
  const std::string out = temp_folder() + "/stopped.pdf";
  const RunResult r =
      run_shell("'" + std::string(NONET_CLI_PATH) + "' book -n 100000 --level expert --seed 1 -o " +
                out + " & pid=$!; sleep 1; kill -INT $pid; wait $pid; echo rc=$?");
  EXPECT_NE(r.out.find("rc=130"), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.err.find("interrupted after"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no book was written"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("raise --timeout"), std::string::npos) << r.err;
  EXPECT_TRUE(read_file(out).empty());
  EXPECT_TRUE(read_file(out + ".part").empty());
}

}  // namespace
}  // namespace nonet::testing
