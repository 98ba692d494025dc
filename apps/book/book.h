#pragma once
// Puzzle books: pages of puzzles, their solutions and, for the puzzles asked
// for, their explained logical paths, drawn with cairo as one PDF or as one SVG
// or PNG per page. `nonet book` gathers the entries (read from files or made by
// the generator, each solved and rated) and hands them here.
//
//   book::Layout layout;
//   layout.paper = *book::read_paper("a4");
//   layout.per_page = 4;
//   nonet::Result<std::vector<std::string>> files =
//       book::render(entries, layout, book::Output::pdf);   // one PDF's bytes
//
// Page 1 is the title page (the title, what the book holds, and a table of its
// levels: how many puzzles, their numbers, ratings and pages); then the
// puzzles, numbered from 1, 1, 2, 4 or 6 to a page, each titled with its level
// and rating; then the solutions, small; then the explained paths. Every figure
// is in points (1/72 inch). The same entries and layout give the same bytes.

#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/error.h"
#include "nonet/grid.h"
#include "nonet/logic.h"

namespace nonet::book {

constexpr double kPointsPerInch = 72.0;
constexpr double kPointsPerMm = 72.0 / 25.4;

// A trim size (the page as cut), in points.
struct Paper {
  std::string name;  // "A4", "Letter", "6x9in", ...
  double width = 0, height = 0;
};
// "a4", "a5", "letter", "legal", the book trims "5x8", "5.5x8.5", "6x9", "7x10",
// "8x10", "8.5x11" (inches), or "WxH" with a unit: "210x297mm", "6x9in", "400x600pt".
nonet::Result<Paper> read_paper(std::string_view text);
// "15mm", "0.125in", "9pt", "1.5cm" or "0".
nonet::Result<double> read_length(std::string_view text);
// The paper names read_paper takes, for help texts.
std::string_view paper_names();

enum class Output { pdf, svg, png };
// By the file name's extension (.pdf, .svg, .png, any case), or none.
std::optional<Output> output_of(std::string_view path);
// Where page `page` (1-based) of an SVG or PNG book goes: "book.svg" ->
// "book-01.svg" for a book of 10 to 99 pages.
std::string page_path(std::string_view path, int page, int pages);

struct Entry {
  Grid puzzle;
  Grid solution;
  std::optional<Rating> rating{};  // unset: unrated (the rating was cut short)
  // The explained path, one line a step ("1.2  Hidden Single: ..."), when this
  // puzzle's path is printed; `more_steps` were left out after them.
  std::vector<std::string> steps{};
  int more_steps = 0;
  bool explained = false;
};

struct Layout {
  Paper paper{"A4", 210 * kPointsPerMm, 297 * kPointsPerMm};
  double margin = 15 * kPointsPerMm;  // inside the trim, on every side
  double bleed = 0;                   // added outside the trim, on every side
  int per_page = 0;                   // 1, 2, 4 or 6; 0: by the board's size
  std::string title = "Sudoku";
  std::string note{};  // the title page's last line: "nonet 0.1.0, seed 7"
  bool solutions = true;
  double dpi = 150;                   // PNG pages
  std::optional<std::time_t> date{};  // the PDF's creation date; unset: none written
};

// The puzzles a page holds when `per_page` is 0: 4 up to 9x9, 2 up to 16x16, then 1.
int default_per_page(int side);
// Why a layout cannot be drawn ("--per-page 3: ..."), or nothing.
nonet::Result<void> check(const Layout& layout, int side);

// The pages, one file's bytes for a PDF and one per page for SVG and PNG.
// `page_done(page)` is called as each page is finished (progress). Errors are
// cairo's, or entries of different boards.
nonet::Result<std::vector<std::string>> render(const std::vector<Entry>& entries,
                                               const Layout& layout, Output output,
                                               const std::function<void(int)>& page_done = {});

}  // namespace nonet::book
