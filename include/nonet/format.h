#pragma once
// Reading puzzles from text, in every common form, and printing them.
//
// Accepted forms (the size is inferred from the number of cells, or forced):
//   * one puzzle per line: N*N symbols, blanks as . 0 * _ x; a comment may follow
//     after whitespace, or other fields after a comma (QQWing's CSV, whose
//     "Puzzle,..." / "Solution,..." header is skipped); lines starting with # are
//     skipped;
//   * N lines of N symbols (optionally spaced, optionally ruled with | - + =),
//     puzzles separated by blank lines;
//   * whitespace- or comma-separated numbers (0 = blank), on one line or N lines;
//   * JSON: an array of N*N numbers or an array of N arrays of N numbers.
// Symbols above 9 are letters: 16x16 uses 1-9A-G, 25x25 1-9A-P.
//
//   nonet::PuzzleParser parser;                 // infer the size
//   std::vector<nonet::ParsedPuzzle> out;
//   parser.feed("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//   out); parser.finish(out);                          // *out[0] is the puzzle
//
// The parser is fed one line at a time, so a file of any length streams through
// in constant memory; the caller owns all I/O.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/error.h"
#include "nonet/grid.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// One puzzle read from the input: the grid or the problem with it, and the
// first input line of the puzzle (1-based) either way.
struct ParsedPuzzle : Result<Grid> {
  ParsedPuzzle(int first_line, Grid grid) : Result<Grid>(std::move(grid)), line(first_line) {}
  ParsedPuzzle(int first_line, Error error) : Result<Grid>(std::move(error)), line(first_line) {}
  int line = 0;
};

struct ParseOptions {
  // Force the box shape (both > 0), e.g. 3x2 for 6x6 boards with tall boxes.
  int box_rows = 0;
  int box_cols = 0;
};

class PuzzleParser {
 public:
  explicit PuzzleParser(ParseOptions options = {});

  // Feeds the next input line (without its line break; a trailing '\r' is
  // ignored). `truncated` says the caller cut an overlong line; it becomes an
  // error for that puzzle. Puzzles completed by this line are appended to `out`,
  // in input order, exactly one entry (puzzle or error) per puzzle.
  void feed(std::string_view line, std::vector<ParsedPuzzle>& out, bool truncated = false);
  // Ends the input: a puzzle still being assembled is completed or reported.
  void finish(std::vector<ParsedPuzzle>& out);

  int line_number() const { return line_no_; }

 private:
  void cells_line(std::string_view line, int offset, std::vector<ParsedPuzzle>& out);
  void emit(const Geometry& geometry, const std::vector<int>& values,
            const std::vector<int>& columns, const std::vector<int>& lines, int first_line,
            std::vector<ParsedPuzzle>& out);
  void end_block(std::vector<ParsedPuzzle>& out);
  void fail(std::vector<ParsedPuzzle>& out, int puzzle_line, Error error);
  void finish_json(std::vector<ParsedPuzzle>& out);
  const Geometry* forced() const;
  const Geometry* side_geometry(int side);

  ParseOptions options_;
  const Geometry* last_geometry_ = nullptr;
  int line_no_ = 0;
  // Cells of the current line (scratch): value (0 = blank) and 1-based column.
  std::vector<int> values_, columns_;
  // A grid being assembled row by row: side 0 when none.
  int block_side_ = 0;
  int block_first_line_ = 0;
  std::vector<int> block_values_, block_columns_, block_lines_;
  // A JSON array being assembled over several lines.
  std::string json_;
  int json_first_line_ = 0;
  int json_depth_ = 0;
  bool in_json_ = false;
  // After a broken grid row: rows are skipped until a blank line or a whole-line
  // puzzle, so one broken grid gives one error, not one per row.
  bool skipping_ = false;
};

// Every puzzle in `text`.
std::vector<ParsedPuzzle> parse_puzzles(std::string_view text, ParseOptions options = {});
// Exactly one puzzle: several or none is an error.
ParsedPuzzle parse_puzzle(std::string_view text, ParseOptions options = {});

// The grid as one line of N*N symbols, `blank` for empty cells.
std::string to_line(const Grid& grid, char blank = '.');
// The grid as N lines with box separators, each line ending in '\n':
//   5 3 . | . 7 . | . . .
//   ------+-------+------
std::string to_grid_text(const Grid& grid);

}  // namespace nonet
#pragma GCC visibility pop
