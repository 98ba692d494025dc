#pragma once
// Classic puzzles in the file forms of other programs, read and written: a
// Document is a puzzle as such a file holds it, with the player's entries and
// pencil marks and the file's notes (author, title, ...) where the form carries
// them.
//
//   form        carries                                    written as
//   sdk         givens, notes (#A, #D ...); with [Puzzle],  9 lines (headers before);
//               [State], [PencilMarks] entries and marks    sections when there is play
//   sdm         givens                                      one 81-digit line, 0 blank
//   ipuz        givens, entries, marks (saved), notes       one line of JSON
//   opensudoku  givens, entries, marks (data version 3)     <game data="..."/> lines in
//                                                           <opensudoku version="2">
//   hodoku      givens, entries (+), removed candidates     :0000:x:grid:removed::
//   pm          values and candidates (HoDoKu's PM grid)    the grid, ruled
//   sudokuwiki  givens, entries, candidates                 S9B and 162 characters, 2 a cell
//                                                           (the older 162 alone: read)
//
// Reading also takes QQWing's CSV rows, and the line forms the parser reads.
// Every form but ipuz and sdk is 9x9 only, as the programs that use them are.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nonet/error.h"
#include "nonet/grid.h"
#include "nonet/variant.h"
#include "ops/values.h"

namespace nonet::ops {

struct Document {
  explicit Document(const Geometry& geometry) : givens(geometry), values(geometry) {}
  Grid givens;
  Grid values;              // the givens and the player's entries
  std::vector<Mask> marks;  // per cell, the player's candidates of an empty cell; empty: none
  // The file's notes, by nonet's names: title, author, description, comment,
  // date, source, level, url.
  std::vector<std::pair<std::string, std::string>> notes;

  bool played() const { return !(values == givens) || !marks.empty(); }
  std::string note(std::string_view key) const;
};

// Whether `form` is another program's (sdk ... sudokuwiki).
bool is_document_form(Form form);

// The document in `form`: its text, ending in a newline; an error when the form
// cannot hold the board (a 16x16 puzzle in OpenSudoku's form).
nonet::Result<std::string> write_document(const Document& document, Form form);
// What OpenSudoku's form wraps its games in (write_document gives the games).
std::string_view opensudoku_header();
std::string_view opensudoku_footer();

// Every puzzle a document holds (an OpenSudoku file holds several), or the
// first problem, with its line within the text (1-based).
nonet::Result<std::vector<Document>> read_document(std::string_view text);

// Reading line by line (the CLI's files): puzzles in forms the line parser
// does not read, variant puzzles (a line each, ops/fpuzzles.h) and other
// programs' documents. `starts(line)` says a line begins one; while one is
// gathered, `complete()` says it is whole and `continues(line)` whether the
// next line belongs to it (and takes it into account). The time each line
// takes does not grow with what was gathered. One object a stream.
class OtherLines {
 public:
  bool starts(std::string_view line);
  bool complete() const;
  bool continues(std::string_view line);

 private:
  enum class Kind { line, json, xml, pm, sdk } kind_ = Kind::line;
  int lines_ = 0;
  int depth_ = 0;        // json: braces open
  bool closed_ = false;  // xml, pm: the end was seen
  bool stars_ = false;   // pm: SimpleSudoku's * frame
  int rows_ = 0;         // sdk: rows of the current section
  bool grid_ = false;    // sdk: a row was seen
  bool pencil_ = false;  // sdk: in [PencilMarks]
};
// The puzzles of a whole one, each with the line (0-based) it starts on: none
// for notes with no puzzle after them, one for most, a piece per game of an
// OpenSudoku file.
std::vector<std::pair<int, std::string>> split_other(std::string_view gathered);

// A puzzle in another form: a variant puzzle, or another program's document.
struct OtherPuzzle {
  std::shared_ptr<const VariantPuzzle> variant{};
  std::shared_ptr<const Document> document{};
};
// Exactly one puzzle's text (one of split_other's pieces, or an API's field).
nonet::Result<OtherPuzzle> read_other(std::string_view text);
// Whether a text is another program's document rather than a variant puzzle.
bool looks_like_document(std::string_view text);

}  // namespace nonet::ops
