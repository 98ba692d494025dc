#include "nonet/format.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>

namespace nonet {
namespace {

constexpr std::size_t kMaxJsonBytes = 1 << 20;

// A side can be inferred from a cell count when its boxes have at least two rows
// and two columns: 4, 6, 8, 9, 10, 12, ... (a prime side has no proper boxes).
bool inferable_side(int side) {
  const Geometry* g = Geometry::for_side(side);
  return g != nullptr && g->box_rows() >= 2;
}

int side_of_count(int cells) {
  for (int n = 2; n <= kMaxSide; ++n) {
    if (n * n == cells) return inferable_side(n) ? n : 0;
  }
  return 0;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A ruling between rows of a grid: "------+-------+------", "+---+---+", "=====".
bool is_rule_line(std::string_view s) {
  bool dash = false;
  for (char c : s) {
    if (c == '-' || c == '=') {
      dash = true;
    } else if (!(c == '+' || c == '|' || c == ':' || is_space(c))) {
      return false;
    }
  }
  return dash;
}

std::string quote_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", u);
  return buf;
}

// Numbers separated by whitespace or commas, with a comma or some two-digit
// number: "10 0 3 16 ..." or "5,3,0,0,7". Lines of one-digit tokens are read as
// symbols, which reads them the same.
bool is_number_row(std::string_view s) {
  bool comma = false, wide = false;
  int run = 0;
  bool dot = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') {
      if (dot || ++run > 2) return false;
      wide |= run == 2;
    } else if (c == ',' || is_space(c)) {
      comma |= c == ',';
      run = 0;
      dot = false;
    } else if (c == '.' && run == 0 && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  return comma || wide;
}

// Reads the cells of a line. With `first_token`, reading stops at the first
// whitespace: what follows a whole-line puzzle is a comment.
Error read_cells(std::string_view line, int line_no, bool first_token, std::vector<int>& values,
                 std::vector<int>& columns, int offset) {
  values.clear();
  columns.clear();
  if (!first_token && is_number_row(line)) {
    std::size_t i = 0;
    while (i < line.size()) {
      if (line[i] == ',' || is_space(line[i])) {
        ++i;
        continue;
      }
      const int column = static_cast<int>(i) + 1 + offset;
      int v = 0;
      if (line[i] == '.') {
        ++i;
      } else {
        while (i < line.size() && line[i] >= '0' && line[i] <= '9') v = v * 10 + (line[i++] - '0');
      }
      values.push_back(v);
      columns.push_back(column);
    }
    return {};
  }
  // One table lookup per character (a whole `nonet solve` spends a good part
  // of its parsing time here): the digit, 0 for a blank, or what else it is.
  constexpr signed char kSpace = -2, kRule = -3, kBad = -1;
  static const std::array<signed char, 256> kClass = [] {
    std::array<signed char, 256> t{};
    for (int i = 0; i < 256; ++i) {
      const char c = static_cast<char>(i);
      t[static_cast<std::size_t>(i)] =
          is_space(c) ? kSpace
          : c == '|'  ? kRule
          : Geometry::is_blank_symbol(c)
              ? 0
              : static_cast<signed char>(std::max(Geometry::digit_of_symbol(c), int{kBad}));
    }
    return t;
  }();
  values.reserve(line.size());
  columns.reserve(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    const signed char v = kClass[static_cast<unsigned char>(line[i])];
    if (v >= 0) {
      values.push_back(v);
      columns.push_back(static_cast<int>(i) + 1 + offset);
    } else if (v == kSpace) {
      if (first_token) break;
    } else if (v == kBad) {
      // A CSV row (QQWing's) holds the puzzle in its first field.
      if (first_token && line[i] == ',') break;
      return {line_no, static_cast<int>(i) + 1 + offset,
              "unexpected character " + quote_char(line[i]) +
                  " (expected a digit, a letter for digits above 9, or . or 0 for a blank)"};
    }
  }
  return {};
}

std::string count_problem(int cells, const Geometry* forced) {
  std::string s = std::to_string(cells) + (cells == 1 ? " cell" : " cells");
  if (forced) {
    return s + " where a " + forced->describe() + " puzzle needs " +
           std::to_string(forced->cell_count()) + " on one line or " +
           std::to_string(forced->side()) + " per grid row";
  }
  // Name the nearest puzzle size, the usual cause being a lost or extra cell.
  int best = 81;
  for (int n = 4; n <= kMaxSide; ++n) {
    if (inferable_side(n) && std::abs(n * n - cells) < std::abs(best - cells)) best = n * n;
  }
  const int side = side_of_count(best);
  return s + ": a puzzle line needs N*N cells (" + std::to_string(best) + " for " +
         std::to_string(side) + "x" + std::to_string(side) +
         ") and a grid row N cells (4, 6, 8, 9, 12, 16, 20, 25, ...)";
}

// A small reader for the JSON forms: an array of N*N numbers or of N arrays of N
// numbers (null counts as a blank). Keeps line and column for errors.
class JsonGrid {
 public:
  JsonGrid(std::string_view text, int first_line) : text_(text), line_(first_line) {}

  // Fills values (row-major) and the side (0 when flat); returns an error or "".
  Error read(std::vector<int>& values, std::vector<int>& columns, std::vector<int>& lines,
             int& rows, int& row_length) {
    rows = 0;
    row_length = -1;
    skip_space();
    if (!eat('[')) return error("expected '['");
    skip_space();
    if (peek() == ']') return error("the array is empty");
    bool nested = peek() == '[';
    for (;;) {
      skip_space();
      if (nested) {
        if (!eat('[')) return error("expected '[' (every row must be an array)");
        int count = 0;
        skip_space();
        if (peek() != ']') {
          for (;;) {
            if (auto e = number(values, columns, lines); !e.message.empty()) return e;
            ++count;
            skip_space();
            if (eat(']')) break;
            if (!eat(',')) return error("expected ',' or ']'");
          }
        } else {
          eat(']');
        }
        if (row_length >= 0 && count != row_length) {
          return error("row " + std::to_string(rows + 1) + " has " + std::to_string(count) +
                       " numbers; the rows before it have " + std::to_string(row_length));
        }
        row_length = count;
        ++rows;
      } else {
        if (auto e = number(values, columns, lines); !e.message.empty()) return e;
      }
      skip_space();
      if (eat(']')) break;
      if (!eat(',')) return error("expected ',' or ']'");
    }
    skip_space();
    if (pos_ < text_.size()) return error("unexpected text after the array");
    return {};
  }

 private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool eat(char c) {
    if (peek() != c) return false;
    advance();
    return true;
  }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }
  void skip_space() {
    while (pos_ < text_.size() && (is_space(text_[pos_]) || text_[pos_] == '\n')) advance();
  }
  int column() const { return static_cast<int>(pos_ - line_start_) + 1; }
  Error error(std::string message) const {
    if (pos_ >= text_.size())
      message += " but the input ended";
    else
      message += ", found " + quote_char(text_[pos_]);
    return {line_, column(), message};
  }
  Error number(std::vector<int>& values, std::vector<int>& columns, std::vector<int>& lines) {
    skip_space();
    columns.push_back(column());
    lines.push_back(line_);
    if (text_.substr(pos_, 4) == "null") {
      for (int i = 0; i < 4; ++i) advance();
      values.push_back(0);
      return {};
    }
    if (peek() < '0' || peek() > '9') return error("expected a number (0 for a blank)");
    int v = 0;
    while (peek() >= '0' && peek() <= '9') {
      v = v * 10 + (peek() - '0');
      if (v > 1000) return error("number too large");
      advance();
    }
    if (peek() == '.' || peek() == 'e' || peek() == 'E') return error("expected a whole number");
    values.push_back(v);
    return {};
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_;
};

}  // namespace

std::string Error::to_string() const {
  std::string s;
  if (line > 0) {
    s = "line " + std::to_string(line);
    if (column > 0) s += ", column " + std::to_string(column);
    s += ": ";
  }
  return s + message;
}

PuzzleParser::PuzzleParser(ParseOptions options) : options_(options) {}

// Geometry::for_side takes a lock; the parser sees the same side again and again.
const Geometry* PuzzleParser::side_geometry(int side) {
  if (!last_geometry_ || last_geometry_->side() != side) last_geometry_ = Geometry::for_side(side);
  return last_geometry_;
}

const Geometry* PuzzleParser::forced() const {
  if (options_.box_rows > 0 || options_.box_cols > 0) {
    return Geometry::get(options_.box_rows, options_.box_cols);
  }
  return nullptr;
}

void PuzzleParser::fail(std::vector<ParsedPuzzle>& out, int puzzle_line, Error error) {
  out.emplace_back(puzzle_line, std::move(error));
}

void PuzzleParser::emit(const Geometry& geometry, const std::vector<int>& values,
                        const std::vector<int>& columns, const std::vector<int>& lines,
                        int first_line, std::vector<ParsedPuzzle>& out) {
  Grid grid(geometry);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] > geometry.side()) {
      const int line = lines.empty() ? first_line : lines[i];
      fail(out, first_line,
           {line, columns[i],
            "value " + std::to_string(values[i]) +
                (values[i] > 9 && values[i] <= kMaxSide
                     ? std::string(" ('") + Geometry::symbol(values[i]) + "')"
                     : std::string()) +
                " is out of range for a " + geometry.describe() + " puzzle (1-" +
                std::to_string(geometry.side()) + ", or 0 for a blank)"});
      return;
    }
    grid.set(static_cast<int>(i), values[i]);
  }
  out.emplace_back(first_line, std::move(grid));
}

void PuzzleParser::feed(std::string_view raw, std::vector<ParsedPuzzle>& out, bool truncated) {
  ++line_no_;
  if (truncated) {
    end_block(out);
    in_json_ = false;
    json_.clear();
    fail(out, line_no_, {line_no_, 0, "line is too long to be a puzzle"});
    skipping_ = false;
    return;
  }
  if (in_json_) {
    json_ += '\n';
    json_ += raw;
    for (char c : raw) json_depth_ += (c == '[') - (c == ']');
    if (json_.size() > kMaxJsonBytes) {
      in_json_ = false;
      json_.clear();
      fail(out, json_first_line_, {json_first_line_, 1, "JSON puzzle is too long"});
    } else if (json_depth_ <= 0) {
      finish_json(out);
    }
    return;
  }
  const std::string_view line = trim(raw);
  if (line.empty()) {
    end_block(out);
    skipping_ = false;
    return;
  }
  if (line.front() == '#') return;
  // The header of QQWing's CSV ("Puzzle,Solution,...,Difficulty" or
  // "Solution,Solution Count,"): its rows follow, a puzzle in the first field.
  if (line.starts_with("Puzzle,") || line.starts_with("Solution,")) return;
  if (line.front() == '[') {
    end_block(out);
    skipping_ = false;
    in_json_ = true;
    json_.assign(raw);
    json_first_line_ = line_no_;
    json_depth_ = 0;
    for (char c : raw) json_depth_ += (c == '[') - (c == ']');
    if (json_depth_ <= 0) finish_json(out);
    return;
  }
  if (is_rule_line(line)) return;
  cells_line(line, static_cast<int>(line.data() - raw.data()), out);
}

// `line` is trimmed; `offset` is how much was trimmed off its front, so that
// columns count from the start of the input line.
void PuzzleParser::cells_line(std::string_view line, int offset, std::vector<ParsedPuzzle>& out) {
  const Geometry* force = forced();

  // A whole puzzle in the first token, perhaps followed by a comment.
  Error error = read_cells(line, line_no_, true, values_, columns_, offset);
  const int k1 = static_cast<int>(values_.size());
  // (A plain loop: find_first_of calls memchr once per character, which showed
  // as 7 % of a whole `nonet solve` run on 17_clue.)
  bool has_more = false;
  for (char c : line) has_more |= c == ' ' || c == '\t' || c == ',';
  if (error.message.empty() && k1 > 1) {
    const Geometry* g = nullptr;
    if (force) {
      if (k1 == force->cell_count()) g = force;
    } else if (int n = side_of_count(k1);
               n && (!inferable_side(k1) || has_more) && !(block_side_ == k1)) {
      g = side_geometry(n);
    }
    if (g) {
      end_block(out);
      skipping_ = false;
      emit(*g, values_, columns_, {}, line_no_, out);
      return;
    }
  }

  // Otherwise the whole line: a grid row, or a spaced whole-line puzzle.
  error = read_cells(line, line_no_, false, values_, columns_, offset);
  const int k = static_cast<int>(values_.size());
  if (!error.message.empty()) {
    if (skipping_) return;
    // Inside a grid the rest of it is skipped, so one broken grid gives one
    // error; a line on its own is just that line.
    skipping_ = block_side_ != 0;
    const int first = block_side_ ? block_first_line_ : line_no_;
    block_side_ = 0;
    fail(out, first, error);
    return;
  }
  if (block_side_) {
    if (k != block_side_) {
      // A 16-cell row block may have been 4x4 whole-line puzzles after all.
      if (block_side_ == 16 && !force) {
        end_block(out);
        cells_line(line, offset, out);
        return;
      }
      const int first = block_first_line_;
      block_side_ = 0;
      fail(out, first,
           {line_no_, 0,
            "grid row has " + std::to_string(k) + " cells; the rows before it have " +
                std::to_string(block_values_.size() / block_lines_.size())});
      skipping_ = true;
      return;
    }
    block_values_.insert(block_values_.end(), values_.begin(), values_.end());
    block_columns_.insert(block_columns_.end(), columns_.begin(), columns_.end());
    block_lines_.insert(block_lines_.end(), static_cast<std::size_t>(k), line_no_);
    if (static_cast<int>(block_values_.size()) == k * k) {
      const Geometry* g = force ? force : Geometry::for_side(k);
      block_side_ = 0;
      emit(*g, block_values_, block_columns_, block_lines_, block_first_line_, out);
    }
    return;
  }
  if (skipping_) return;
  const Geometry* g = nullptr;
  bool row = false;
  if (force) {
    row = k == force->side();
    if (row || k == force->cell_count()) g = force;
  } else if (inferable_side(k)) {
    row = true;
    g = Geometry::for_side(k);
  } else if (int n = side_of_count(k)) {
    g = Geometry::for_side(n);
  }
  if (!g) {
    fail(out, line_no_, {line_no_, 0, count_problem(k, force)});
    return;
  }
  if (!row) {
    emit(*g, values_, columns_, {}, line_no_, out);
    return;
  }
  block_side_ = k;
  block_first_line_ = line_no_;
  block_values_.assign(values_.begin(), values_.end());
  block_columns_.assign(columns_.begin(), columns_.end());
  block_lines_.assign(static_cast<std::size_t>(k), line_no_);
  if (k == 1) {
    block_side_ = 0;
    emit(*g, block_values_, block_columns_, block_lines_, block_first_line_, out);
  }
}

void PuzzleParser::end_block(std::vector<ParsedPuzzle>& out) {
  if (!block_side_) return;
  const int side = block_side_;
  const int rows = static_cast<int>(block_values_.size()) / side;
  block_side_ = 0;
  if (side == 16 && !forced()) {
    // Fewer than 16 lines of 16 cells: each line was a whole 4x4 puzzle.
    const Geometry* g = Geometry::for_side(4);
    for (int r = 0; r < rows; ++r) {
      const auto b = static_cast<std::ptrdiff_t>(r * side);
      std::vector<int> v(block_values_.begin() + b, block_values_.begin() + b + side);
      std::vector<int> c(block_columns_.begin() + b, block_columns_.begin() + b + side);
      emit(*g, v, c, {}, block_lines_[static_cast<std::size_t>(b)], out);
    }
    return;
  }
  fail(out, block_first_line_,
       {block_lines_.back() + 1, 0,
        "the grid ends after " + std::to_string(rows) + (rows == 1 ? " row" : " rows") + "; a " +
            std::to_string(side) + "x" + std::to_string(side) + " grid needs " +
            std::to_string(side)});
}

void PuzzleParser::finish_json(std::vector<ParsedPuzzle>& out) {
  in_json_ = false;
  std::vector<int> values, columns, lines;
  int rows = 0, row_length = 0;
  JsonGrid reader(json_, json_first_line_);
  Error error = reader.read(values, columns, lines, rows, row_length);
  json_.clear();
  if (!error.message.empty()) {
    fail(out, json_first_line_, error);
    return;
  }
  const int count = static_cast<int>(values.size());
  const Geometry* force = forced();
  const Geometry* g = nullptr;
  if (rows > 0 && rows != row_length) {
    error = {json_first_line_, 1,
             std::to_string(rows) + " rows of " + std::to_string(row_length) +
                 " numbers: a grid needs as many rows as columns"};
  } else if (force) {
    if (count == force->cell_count())
      g = force;
    else
      error = {json_first_line_, 1, count_problem(count, force)};
  } else if (int n = side_of_count(count)) {
    g = Geometry::for_side(n);
  } else {
    error = {json_first_line_, 1, count_problem(count, nullptr)};
  }
  if (!g) {
    fail(out, json_first_line_, error);
    return;
  }
  emit(*g, values, columns, lines, json_first_line_, out);
}

void PuzzleParser::finish(std::vector<ParsedPuzzle>& out) {
  if (in_json_) {
    in_json_ = false;
    json_.clear();
    fail(out, json_first_line_,
         {json_first_line_, 0, "the JSON array is not closed before the input ends"});
  }
  end_block(out);
}

std::vector<ParsedPuzzle> parse_puzzles(std::string_view text, ParseOptions options) {
  PuzzleParser parser(options);
  std::vector<ParsedPuzzle> out;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    parser.feed(text.substr(0, nl), out);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  parser.finish(out);
  return out;
}

ParsedPuzzle parse_puzzle(std::string_view text, ParseOptions options) {
  std::vector<ParsedPuzzle> all = parse_puzzles(text, options);
  if (all.size() == 1) return std::move(all.front());
  if (all.empty()) return {0, Error{0, 0, "no puzzle found in the input"}};
  if (!all.front().ok()) return std::move(all.front());
  return {all[1].line,
          Error{all[1].line, 0, "expected one puzzle but found " + std::to_string(all.size())}};
}

std::string to_line(const Grid& grid, char blank) {
  std::string s(static_cast<std::size_t>(grid.size()), blank);
  for (int c = 0; c < grid.size(); ++c) {
    if (int d = grid[c]) s[static_cast<std::size_t>(c)] = Geometry::symbol(d);
  }
  return s;
}

std::string to_grid_text(const Grid& grid) {
  const Geometry& g = grid.geometry();
  std::string rule;
  for (int col = 0; col < g.side(); ++col) {
    if (col && col % g.box_cols() == 0) rule += "-+";
    rule += col ? "--" : "-";
  }
  std::string s;
  for (int row = 0; row < g.side(); ++row) {
    if (row && row % g.box_rows() == 0) s += rule + "\n";
    for (int col = 0; col < g.side(); ++col) {
      if (col) s += col % g.box_cols() == 0 ? " | " : " ";
      s += Geometry::symbol(grid[g.cell(row, col)]);
    }
    s += '\n';
  }
  return s;
}

}  // namespace nonet
