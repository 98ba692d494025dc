#include "ops/formats.h"

#include <algorithm>
#include <array>
#include <bit>
#include <nlohmann/json.hpp>

#include "nonet/format.h"
#include "ops/fpuzzles.h"

namespace nonet::ops {
namespace {

using json = nlohmann::json;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The pieces of `text` between the `separator`s (one piece for a text without any).
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find(separator, at);
    if (end == std::string_view::npos) end = text.size();
    pieces.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return pieces;
}

std::vector<std::string_view> lines_of(std::string_view text) { return split(text, '\n'); }

Error error_at(int line, std::string message) { return Error{line, 0, std::move(message)}; }

// The 9x9 board, for the forms that know no other.
const Geometry& nine() { return *Geometry::get(3, 3); }

std::string symbols_of(const Mask mask) {
  std::string s;
  for (int d = 1; d <= 25; ++d)
    if (mask & (Mask{1} << (d - 1))) s += Geometry::symbol(d);
  return s;
}

// The candidates a cell shows: the player's marks when the document has them,
// else every digit its peers allow.
std::vector<Mask> shown_candidates(const Document& d) {
  return d.marks.empty() ? compute_candidates(d.values) : d.marks;
}

// Document notes under the names each form uses.
struct NoteName {
  std::string_view note, sdk, ipuz;
};
constexpr NoteName kNotes[] = {
    {"author", "A", "author"}, {"description", "D", "intro"}, {"comment", "C", "notes"},
    {"date", "B", "date"},     {"source", "S", "origin"},     {"level", "L", "difficulty"},
    {"url", "U", "url"},       {"title", "", "title"},
};

nonet::Result<std::string> board_check(const Document& d, Form form) {
  if (&d.givens.geometry() != &nine())
    return Error{0, 0,
                 std::string(form_name(form)) + " holds 9x9 puzzles only, not " +
                     d.givens.geometry().describe()};
  return std::string();
}

// ---- writers ---------------------------------------------------------------------

std::string rows(const Grid& grid, char blank) {
  std::string out;
  const int n = grid.geometry().side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = grid[grid.geometry().cell(r, c)];
      out += v ? Geometry::symbol(v) : blank;
    }
    out += '\n';
  }
  return out;
}

std::string write_sdk(const Document& d) {
  std::string out;
  const bool has_description = !d.note("description").empty();
  for (const auto& [key, value] : d.notes) {
    for (const NoteName& n : kNotes) {
      if (n.note != key) continue;
      if (!n.sdk.empty())
        out += "#" + std::string(n.sdk) + value + "\n";
      else if (key == "title" && !has_description)
        out += "#D" + value + "\n";
    }
  }
  if (!d.played()) return out + rows(d.givens, '.');
  out += "[Puzzle]\n" + rows(d.givens, '.') + "[State]\n" + rows(d.values, '.');
  if (!d.marks.empty()) {
    out += "[PencilMarks]\n";
    const Geometry& g = d.givens.geometry();
    for (int r = 0; r < g.side(); ++r) {
      for (int c = 0; c < g.side(); ++c) {
        const int cell = g.cell(r, c);
        if (c) out += ',';
        if (!d.values[cell]) out += symbols_of(d.marks[static_cast<std::size_t>(cell)]);
      }
      out += '\n';
    }
  }
  return out;
}

std::string write_ipuz(const Document& d) {
  const Geometry& g = d.givens.geometry();
  const int n = g.side();
  json j;
  j["version"] = "http://ipuz.org/v2";
  j["kind"] = json::array({"http://ipuz.org/sudoku#1"});
  std::string charset;
  for (int v = 1; v <= n; ++v) charset += Geometry::symbol(v);
  j["charset"] = charset;
  j["boxes"] = true;
  // ipuz has no box shape; boxes other than the size's usual ones are said here.
  if (&g != Geometry::for_side(n))
    j["org.nonet.box"] = std::to_string(g.box_rows()) + "x" + std::to_string(g.box_cols());
  for (const auto& [key, value] : d.notes)
    for (const NoteName& name : kNotes)
      if (name.note == key) j[std::string(name.ipuz)] = value;
  json puzzle = json::array(), saved = json::array();
  for (int r = 0; r < n; ++r) {
    json row = json::array(), played = json::array();
    for (int c = 0; c < n; ++c) {
      const int cell = g.cell(r, c);
      row.push_back(d.givens[cell]);
      if (d.values[cell]) {
        played.push_back(d.values[cell]);
      } else if (!d.marks.empty() && d.marks[static_cast<std::size_t>(cell)]) {
        json list = json::array();
        for (int v = 1; v <= n; ++v)
          if (d.marks[static_cast<std::size_t>(cell)] & (Mask{1} << (v - 1))) list.push_back(v);
        played.push_back(std::move(list));
      } else {
        played.push_back(0);
      }
    }
    puzzle.push_back(std::move(row));
    saved.push_back(std::move(played));
  }
  j["puzzle"] = std::move(puzzle);
  if (d.played()) j["saved"] = std::move(saved);
  // Notes read from other files may hold bytes that are not UTF-8: replaced.
  return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string xml_escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\n':
        out += "&#10;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string write_opensudoku(const Document& d) {
  std::string data;
  if (!d.played()) {
    for (int cell = 0; cell < 81; ++cell) data += static_cast<char>('0' + d.givens[cell]);
  } else {
    // Data version 3: value|notes as a decimal mask of digits|editable| a cell.
    data = "version: 3\n";
    for (int cell = 0; cell < 81; ++cell) {
      const Mask marks =
          d.marks.empty() || d.values[cell] ? 0 : d.marks[static_cast<std::size_t>(cell)];
      data += std::to_string(d.values[cell]) + "|" + std::to_string(marks) + "|" +
              (d.givens[cell] ? "0" : "1") + "|";
    }
  }
  std::string out = "  <game data=\"" + xml_escaped(data) + "\"";
  if (const std::string note = d.note("comment"); !note.empty())
    out += " note=\"" + xml_escaped(note) + "\"";
  return out + "/>\n";
}

std::string write_hodoku(const Document& d) {
  std::string grid, removed;
  const std::vector<Mask> allowed = compute_candidates(d.values);
  for (int cell = 0; cell < 81; ++cell) {
    if (d.givens[cell]) {
      grid += static_cast<char>('0' + d.givens[cell]);
    } else if (d.values[cell]) {
      grid += '+';
      grid += static_cast<char>('0' + d.values[cell]);
    } else {
      grid += '.';
      if (d.marks.empty()) continue;
      const Mask gone =
          allowed[static_cast<std::size_t>(cell)] & ~d.marks[static_cast<std::size_t>(cell)];
      for (int v = 1; v <= 9; ++v) {
        if (!(gone & (Mask{1} << (v - 1)))) continue;
        if (!removed.empty()) removed += ' ';
        removed += std::to_string(v) + std::to_string(cell / 9 + 1) + std::to_string(cell % 9 + 1);
      }
    }
  }
  return ":0000:x:" + grid + ":" + removed + "::\n";
}

std::string write_pm(const Document& d) {
  const Geometry& g = d.givens.geometry();
  const int n = g.side();
  const std::vector<Mask> shown = shown_candidates(d);
  std::vector<std::string> texts(static_cast<std::size_t>(g.cell_count()));
  std::vector<std::size_t> widths(static_cast<std::size_t>(n), 0);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    std::string& t = texts[static_cast<std::size_t>(cell)];
    t = d.values[cell] ? std::string(1, Geometry::symbol(d.values[cell]))
                       : symbols_of(shown[static_cast<std::size_t>(cell)]);
    if (t.empty()) t = ".";
    std::size_t& w = widths[static_cast<std::size_t>(g.col_of(cell))];
    w = std::max(w, t.size() + 2);
  }
  const auto border = [&](char end, char joint) {
    std::string line(1, end);
    for (int c = 0; c < n; ++c) {
      line += std::string(widths[static_cast<std::size_t>(c)], '-');
      if ((c + 1) % g.box_cols() == 0) line += c + 1 == n ? end : joint;
    }
    return line + "\n";
  };
  std::string out = border('.', '.');
  for (int r = 0; r < n; ++r) {
    if (r && r % g.box_rows() == 0) out += border(':', '+');
    for (int c = 0; c < n; ++c) {
      const std::string& t = texts[static_cast<std::size_t>(g.cell(r, c))];
      out += c % g.box_cols() == 0 ? "| " : " ";
      out += t + std::string(widths[static_cast<std::size_t>(c)] - t.size() - 1, ' ');
    }
    out += "|\n";
  }
  return out + border('\'', '\'');
}

// SudokuWiki's version B form ("S9B" and 162 characters): per cell two
// base-36 digits of 1-9 for a given, 10-18 for a solved cell (9 + its digit),
// 18 + the candidates' bits (bit d-1 for d) for an open cell, 0 for an open
// cell with none. Unlike version 1, a cell with one candidate stays open.
constexpr char kBase36[] = "0123456789abcdefghijklmnopqrstuvwxyz";
constexpr std::string_view kWikiB = "S9B";
constexpr unsigned kWikiSolved = 9, kWikiMarks = 18;

std::string write_sudokuwiki(const Document& d) {
  const std::vector<Mask> shown = shown_candidates(d);
  std::string out(kWikiB);
  for (int cell = 0; cell < 81; ++cell) {
    unsigned n = 0;
    if (d.givens[cell]) {
      n = static_cast<unsigned>(d.givens[cell]);
    } else if (d.values[cell]) {
      n = kWikiSolved + static_cast<unsigned>(d.values[cell]);
    } else if (const Mask m = shown[static_cast<std::size_t>(cell)]) {
      n = kWikiMarks + m;
    }
    out += kBase36[n / 36];
    out += kBase36[n % 36];
  }
  return out + "\n";
}

// ---- readers ---------------------------------------------------------------------

// A document's grid row of symbols, `n` cells ('.' or '0' blank).
bool read_row(std::string_view line, int n, std::vector<int>& values) {
  line = trim(line);
  if (static_cast<int>(line.size()) != n) return false;
  for (char c : line) {
    const int v = c == '.' || c == '0' ? 0 : Geometry::digit_of_symbol(c);
    if (v < 0 || v > n) return false;
    values.push_back(v);
  }
  return true;
}

Grid grid_of(const Geometry& g, const std::vector<int>& values) {
  Grid grid(g);
  for (int cell = 0; cell < g.cell_count(); ++cell)
    grid.set(cell, values[static_cast<std::size_t>(cell)]);
  return grid;
}

// Entries must keep the givens, and nothing may break the rules.
nonet::Result<void> check_document(const Document& d, int line) {
  for (int cell = 0; cell < d.givens.size(); ++cell)
    if (d.givens[cell] && d.values[cell] != d.givens[cell])
      return error_at(line,
                      "the entries change the given of " + d.givens.geometry().cell_name(cell));
  return {};
}

// SadMan's .sdk: header lines (#A author ...), then a grid of 9 rows, or the
// sections [Puzzle], [State], [PencilMarks], [Colours].
nonet::Result<std::vector<Document>> read_sdk(std::string_view text) {
  const std::vector<std::string_view> lines = lines_of(text);
  Document d(nine());
  std::vector<int> puzzle, state;
  std::vector<Mask> marks;
  std::string section = "[Puzzle]";
  int first_grid_line = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int at = static_cast<int>(i) + 1;
    const std::string_view line = trim(lines[i]);
    if (line.empty()) continue;
    if (line.front() == '#') {
      if (line.size() < 2) continue;
      for (const NoteName& n : kNotes)
        if (!n.sdk.empty() && line[1] == n.sdk[0])
          d.notes.emplace_back(n.note, std::string(trim(line.substr(2))));
      continue;
    }
    if (line.front() == '[') {
      section = std::string(line);
      if (section != "[Puzzle]" && section != "[State]" && section != "[PencilMarks]" &&
          section != "[Colours]")
        return error_at(at, "unknown section " + section +
                                " (SadMan's are [Puzzle], [State], [PencilMarks], [Colours])");
      continue;
    }
    if (!first_grid_line) first_grid_line = at;
    if (section == "[Puzzle]" || section == "[State]") {
      std::vector<int>& into = section == "[Puzzle]" ? puzzle : state;
      if (into.size() >= 81) return error_at(at, "a tenth row in " + section);
      if (!read_row(line, 9, into))
        return error_at(at, "a row of " + section + " needs 9 cells of 1-9, . or 0");
    } else if (section == "[PencilMarks]") {
      if (marks.size() >= 81) return error_at(at, "a tenth row in [PencilMarks]");
      std::size_t fields = 0;
      for (std::size_t from = 0; from <= line.size(); ++fields) {
        std::size_t comma = line.find(',', from);
        if (comma == std::string_view::npos) comma = line.size();
        Mask m = 0;
        for (char c : trim(line.substr(from, comma - from))) {
          if (c < '1' || c > '9')
            return error_at(at, std::string("a pencil mark '") + c + "' is not a digit 1-9");
          m |= Mask{1} << (c - '1');
        }
        if (fields < 9) marks.push_back(m);
        from = comma + 1;
      }
      if (fields != 9)
        return error_at(at, "a row of [PencilMarks] needs 9 fields, comma-separated");
    }
    // [Colours] are the player's paint: not part of the puzzle.
  }
  // Notes alone, with no grid after them, are comments.
  if (puzzle.empty() && state.empty() && marks.empty() &&
      text.find("[Puzzle]") == std::string_view::npos)
    return std::vector<Document>{};
  if (puzzle.size() != 81)
    return error_at(first_grid_line ? first_grid_line : 1,
                    "the puzzle has " + std::to_string(puzzle.size() / 9) + " of its 9 rows");
  if (!state.empty() && state.size() != 81)
    return error_at(first_grid_line,
                    "[State] has " + std::to_string(state.size() / 9) + " of its 9 rows");
  if (!marks.empty() && marks.size() != 81)
    return error_at(first_grid_line,
                    "[PencilMarks] has " + std::to_string(marks.size() / 9) + " of its 9 rows");
  d.givens = grid_of(nine(), puzzle);
  d.values = state.empty() ? d.givens : grid_of(nine(), state);
  if (!marks.empty()) {
    for (int cell = 0; cell < 81; ++cell)
      if (d.values[cell]) marks[static_cast<std::size_t>(cell)] = 0;
    d.marks = std::move(marks);
  }
  if (nonet::Result<void> ok = check_document(d, first_grid_line); !ok) return ok.error();
  return std::vector<Document>{std::move(d)};
}

// A cell of ipuz: a number, a symbol of the charset, null, or {"given": ...}.
int ipuz_value(const json& v, const json& empty, const std::string& charset, int n, int line) {
  const json& x = v.is_object() && v.contains("given")   ? v["given"]
                  : v.is_object() && v.contains("value") ? v["value"]
                                                         : v;
  if (x.is_null() || x == empty) return 0;
  if (x.is_number_integer()) {
    const long long k = x.get<long long>();
    if (k >= 1 && k <= n) return static_cast<int>(k);
    if (k == 0) return 0;
  } else if (x.is_string()) {
    const std::string s = x.get<std::string>();
    if (s.size() == 1) {
      const std::size_t at = charset.find(s[0]);
      if (at != std::string::npos && static_cast<int>(at) < n) return static_cast<int>(at) + 1;
      if (s == "0" || s == ".") return 0;
    }
  }
  throw Error{line, 0, "ipuz cell " + v.dump() + " is not a digit of the board, nor empty"};
}

nonet::Result<std::vector<Document>> read_ipuz_json(std::string_view text);

nonet::Result<std::vector<Document>> read_ipuz(std::string_view text) {
  try {
    return read_ipuz_json(text);
  } catch (const json::exception& e) {
    return error_at(1, std::string("the ipuz JSON is not usable: ") + e.what());
  }
}

nonet::Result<std::vector<Document>> read_ipuz_json(std::string_view text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    return error_at(1, std::string("the ipuz JSON cannot be read: ") + e.what());
  }
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_array())
    return error_at(1, "an ipuz puzzle needs \"kind\"");
  bool sudoku = false;
  for (const json& k : j["kind"])
    if (k.is_string() && k.get<std::string>().starts_with("http://ipuz.org/sudoku")) sudoku = true;
  if (!sudoku)
    return error_at(1, "the ipuz puzzle is not of the sudoku kind (" + j["kind"].dump() + ")");
  for (const auto& [key, value] : j.items())
    if (key == "zones" || key == "cages")
      return error_at(1, "the ipuz puzzle has \"" + key + "\" (a variant), which is not read yet");
  if (!j.contains("puzzle") || !j["puzzle"].is_array())
    return error_at(1, "an ipuz sudoku needs \"puzzle\", its rows");
  const json& rows = j["puzzle"];
  const int n = static_cast<int>(rows.size());
  const Geometry* g = Geometry::for_side(n);
  if (j.contains("org.nonet.box") && j["org.nonet.box"].is_string()) {
    const std::string box = j["org.nonet.box"];
    int r = 0, c = 0;
    if (std::sscanf(box.c_str(), "%dx%d", &r, &c) == 2 && r > 0 && c > 0 && r * c == n)
      g = Geometry::get(r, c);
  }
  if (!g || n < 4)
    return error_at(1, "an ipuz sudoku of " + std::to_string(n) + " rows is no board nonet knows");
  const json empty = j.value("empty", json(0));
  std::string charset = j.value("charset", std::string());
  if (charset.empty())
    for (int v = 1; v <= n; ++v) charset += Geometry::symbol(v);
  Document d(*g);
  try {
    for (int r = 0; r < n; ++r) {
      if (!rows[static_cast<std::size_t>(r)].is_array() ||
          static_cast<int>(rows[static_cast<std::size_t>(r)].size()) != n)
        return error_at(1, "ipuz \"puzzle\" row " + std::to_string(r + 1) + " needs " +
                               std::to_string(n) + " cells");
      for (int c = 0; c < n; ++c)
        d.givens.set(g->cell(r, c),
                     ipuz_value(rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)],
                                empty, charset, n, 1));
    }
    d.values = d.givens;
    if (j.contains("saved") && j["saved"].is_array() && static_cast<int>(j["saved"].size()) == n) {
      std::vector<Mask> marks(static_cast<std::size_t>(g->cell_count()), 0);
      bool any_marks = false;
      for (int r = 0; r < n; ++r) {
        const json& row = j["saved"][static_cast<std::size_t>(r)];
        if (!row.is_array() || static_cast<int>(row.size()) != n)
          return error_at(1, "ipuz \"saved\" row " + std::to_string(r + 1) + " needs " +
                                 std::to_string(n) + " cells");
        for (int c = 0; c < n; ++c) {
          const json& v = row[static_cast<std::size_t>(c)];
          const int cell = g->cell(r, c);
          if (v.is_array()) {
            for (const json& m : v)
              if (const int digit = ipuz_value(m, empty, charset, n, 1); digit)
                marks[static_cast<std::size_t>(cell)] |= Mask{1} << (digit - 1);
            any_marks = true;
          } else if (const int value = ipuz_value(v, empty, charset, n, 1);
                     value && !d.givens[cell]) {
            d.values.set(cell, value);
          }
        }
      }
      if (any_marks) {
        for (int cell = 0; cell < g->cell_count(); ++cell)
          if (d.values[cell]) marks[static_cast<std::size_t>(cell)] = 0;
        d.marks = std::move(marks);
      }
    }
  } catch (const Error& e) {
    return e;
  }
  for (const auto& [key, value] : j.items())
    for (const NoteName& name : kNotes)
      if (name.ipuz == key && value.is_string())
        d.notes.emplace_back(name.note, value.get<std::string>());
  if (nonet::Result<void> ok = check_document(d, 1); !ok) return ok.error();
  return std::vector<Document>{std::move(d)};
}

std::string xml_unescaped(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    const std::size_t semi = s.find(';', i);
    if (semi == std::string_view::npos) {
      out += s[i];
      continue;
    }
    const std::string_view entity = s.substr(i + 1, semi - i - 1);
    if (entity == "amp")
      out += '&';
    else if (entity == "lt")
      out += '<';
    else if (entity == "gt")
      out += '>';
    else if (entity == "quot")
      out += '"';
    else if (entity == "apos")
      out += '\'';
    else if (entity.starts_with("#x") || entity.starts_with("#X"))
      out += static_cast<char>(std::strtol(std::string(entity.substr(2)).c_str(), nullptr, 16));
    else if (entity.starts_with("#"))
      out += static_cast<char>(std::strtol(std::string(entity.substr(1)).c_str(), nullptr, 10));
    else {
      out += s[i];
      continue;
    }
    i = semi;
  }
  return out;
}

// The value of attribute `name` in an element's text ("<game a="1" data="...">").
std::optional<std::string> attribute(std::string_view element, std::string_view name) {
  for (std::size_t at = 0; (at = element.find(name, at)) != std::string_view::npos;
       at += name.size()) {
    if (at == 0 || (element[at - 1] != ' ' && element[at - 1] != '\t' && element[at - 1] != '\n' &&
                    element[at - 1] != '\r'))
      continue;
    std::size_t eq = at + name.size();
    while (eq < element.size() && (element[eq] == ' ' || element[eq] == '\t')) ++eq;
    if (eq >= element.size() || element[eq] != '=') continue;
    std::size_t q = eq + 1;
    while (q < element.size() && (element[q] == ' ' || element[q] == '\t')) ++q;
    if (q >= element.size() || (element[q] != '"' && element[q] != '\'')) continue;
    const std::size_t close = element.find(element[q], q + 1);
    if (close == std::string_view::npos) return std::nullopt;
    return xml_unescaped(element.substr(q + 1, close - q - 1));
  }
  return std::nullopt;
}

int line_at(std::string_view text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(),
                                         text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// OpenSudoku's `data`: 81 digits, or "version: N" and value|notes|editable| a cell.
nonet::Result<Document> read_opensudoku_data(const std::string& data, int line) {
  Document d(nine());
  std::string_view s = trim(data);
  if (!s.starts_with("version:")) {
    int cell = 0;
    for (char c : s) {
      if (c < '0' || c > '9') continue;
      if (cell == 81) return error_at(line, "the game's data has more than 81 cells");
      d.givens.set(cell++, c - '0');
    }
    if (cell != 81)
      return error_at(line, "the game's data has " + std::to_string(cell) + " of its 81 cells");
    d.values = d.givens;
    return d;
  }
  // "version: 3", then a newline (or a space, where one stood in for it).
  std::size_t digits = 8;
  while (digits < s.size() && s[digits] == ' ') ++digits;
  std::size_t end = digits;
  while (end < s.size() && s[end] >= '0' && s[end] <= '9') ++end;
  const std::string number(s.substr(digits, end - digits));
  const int version = number.size() == 1 ? number[0] - '0' : 0;
  if (version < 1 || version > 4)
    return error_at(line, "OpenSudoku data version '" + number + "' is not known (1 to 4 are)");
  if (end >= s.size()) return error_at(line, "the game's data has no cells after its version");
  std::vector<std::string_view> tokens;
  std::string_view rest = trim(s.substr(end + 1));
  for (std::size_t at = 0; at < rest.size();) {
    std::size_t bar = rest.find('|', at);
    if (bar == std::string_view::npos) bar = rest.size();
    tokens.push_back(rest.substr(at, bar - at));
    at = bar + 1;
    // Version 2 could write "||": an empty token is no field.
    if (version == 2 && at < rest.size() && rest[at] == '|') ++at;
  }
  const std::size_t per_cell = version >= 4 ? 4 : 3;
  if (tokens.size() != 81 * per_cell)
    return error_at(line, "the game's data has " + std::to_string(tokens.size()) +
                              " fields where version " + std::to_string(version) + " has " +
                              std::to_string(81 * per_cell));
  std::vector<Mask> marks(81, 0);
  bool any = false;
  for (int cell = 0; cell < 81; ++cell) {
    const std::string_view* t = &tokens[static_cast<std::size_t>(cell) * per_cell];
    if (t[0].size() != 1 || t[0][0] < '0' || t[0][0] > '9')
      return error_at(line, "cell " + std::to_string(cell + 1) + "'s value '" + std::string(t[0]) +
                                "' is not a digit");
    const int value = t[0][0] - '0';
    const std::string_view editable = t[per_cell - 1];
    if (editable != "0" && editable != "1")
      return error_at(line, "cell " + std::to_string(cell + 1) + "'s editable flag '" +
                                std::string(editable) + "' is not 0 or 1");
    if (editable == "0") d.givens.set(cell, value);
    d.values.set(cell, value);
    Mask m = 0;
    if (version == 1) {
      if (t[1] != "-")
        for (char c : t[1]) {
          if (c == ',') continue;
          if (c < '1' || c > '9')
            return error_at(line, "cell " + std::to_string(cell + 1) + "'s notes '" +
                                      std::string(t[1]) + "' are not digits");
          m |= Mask{1} << (c - '1');
        }
    } else {
      // Version 4 keeps corner and centre notes: both are the player's candidates.
      for (std::size_t k = 1; k + 1 < per_cell; ++k) {
        const long mask = std::strtol(std::string(t[k]).c_str(), nullptr, 10);
        if (mask < 0 || mask > 511)
          return error_at(line, "cell " + std::to_string(cell + 1) + "'s notes " +
                                    std::string(t[k]) + " are no mask of digits");
        m |= static_cast<Mask>(mask);
      }
    }
    if (!value && m) {
      marks[static_cast<std::size_t>(cell)] = m;
      any = true;
    }
  }
  if (any) d.marks = std::move(marks);
  if (nonet::Result<void> ok = check_document(d, line); !ok) return ok.error();
  return d;
}

nonet::Result<std::vector<Document>> read_opensudoku(std::string_view text) {
  if (text.find("<opensudoku") == std::string_view::npos)
    return error_at(1, "an XML file that is not OpenSudoku's (no <opensudoku> element)");
  std::vector<std::pair<std::string, std::string>> notes;
  // The old form's notes, for every game.
  constexpr std::pair<std::string_view, std::string_view> kTags[] = {
      {"name", "title"},      {"author", "author"}, {"description", "description"},
      {"comment", "comment"}, {"created", "date"},  {"source", "source"},
      {"level", "level"},     {"sourceURL", "url"}};
  for (const auto& [tag, note] : kTags) {
    const std::string open = "<" + std::string(tag) + ">", close = "</" + std::string(tag) + ">";
    const std::size_t a = text.find(open);
    if (a == std::string_view::npos) continue;
    const std::size_t b = text.find(close, a);
    if (b == std::string_view::npos) continue;
    const std::string value =
        xml_unescaped(trim(text.substr(a + open.size(), b - a - open.size())));
    if (!value.empty()) notes.emplace_back(std::string(note), value);
  }
  std::vector<Document> out;
  for (std::size_t at = 0; (at = text.find("<game", at)) != std::string_view::npos;) {
    const std::size_t end = text.find('>', at);
    const int line = line_at(text, at);
    if (end == std::string_view::npos) return error_at(line, "a <game> element is not closed");
    const std::string_view element = text.substr(at, end - at);
    const std::optional<std::string> data = attribute(element, "data");
    if (!data) return error_at(line, "a <game> has no data attribute");
    nonet::Result<Document> d = read_opensudoku_data(*data, line);
    if (!d) return d.error();
    d->notes = notes;
    if (const std::optional<std::string> note = attribute(element, "note"); note && !note->empty())
      d->notes.emplace_back("comment", *note);
    out.push_back(std::move(*d));
    at = end;
  }
  if (out.empty()) return error_at(1, "the OpenSudoku file holds no <game>");
  return out;
}

// HoDoKu's library line: ":0000:x:<grid, + before entries>:<removed candidates>:..."
nonet::Result<std::vector<Document>> read_hodoku(std::string_view line) {
  const std::vector<std::string_view> fields = split(line, ':');
  if (fields.size() < 5)
    return error_at(1, "a HoDoKu library line has its grid in the fourth field (:0000:x:grid:...)");
  Document d(nine());
  int cell = 0;
  const std::string_view grid = trim(fields[3]);
  for (std::size_t i = 0; i < grid.size(); ++i) {
    if (cell == 81) return error_at(1, "the HoDoKu grid has more than 81 cells");
    const bool entry = grid[i] == '+';
    if (entry && ++i == grid.size()) break;
    const char c = grid[i];
    if (c == '.' || c == '0') {
      ++cell;
      continue;
    }
    if (c < '1' || c > '9')
      return Error{1, static_cast<int>(grid.data() - line.data() + i) + 1,
                   std::string("unexpected character '") + c + "' in the HoDoKu grid"};
    if (!entry) d.givens.set(cell, c - '0');
    d.values.set(cell++, c - '0');
  }
  if (cell != 81)
    return error_at(1, "the HoDoKu grid has " + std::to_string(cell) + " of its 81 cells");
  const std::string_view removed = trim(fields[4]);
  if (!removed.empty()) {
    d.marks = compute_candidates(d.values);
    for (int k = 0; k < 81; ++k)
      if (d.values[k]) d.marks[static_cast<std::size_t>(k)] = 0;
    for (std::size_t at = 0; at < removed.size();) {
      std::size_t space = removed.find(' ', at);
      if (space == std::string_view::npos) space = removed.size();
      const std::string_view t = removed.substr(at, space - at);
      at = space + 1;
      if (t.empty()) continue;
      if (t.size() != 3 || t[0] < '1' || t[0] > '9' || t[1] < '1' || t[1] > '9' || t[2] < '1' ||
          t[2] > '9')
        return error_at(1,
                        "'" + std::string(t) + "' is not a removed candidate (digit, row, column)");
      const int k = (t[1] - '1') * 9 + (t[2] - '1');
      d.marks[static_cast<std::size_t>(k)] &= ~(Mask{1} << (t[0] - '1'));
    }
  }
  if (nonet::Result<void> ok = check_document(d, 1); !ok) return ok.error();
  return std::vector<Document>{std::move(d)};
}

// A pencil-mark grid (HoDoKu's, SimpleSudoku's): a cell's digits are its value
// or its candidates. A single digit is a value when no peer still has it as a
// candidate (as HoDoKu reads it); every value counts as a given.
nonet::Result<std::vector<Document>> read_pm(std::string_view text) {
  std::vector<std::string> cells;
  std::vector<int> cell_lines;
  const std::vector<std::string_view> lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trim(lines[i]);
    if (line.empty() || line.find("--") != std::string_view::npos) continue;  // a border
    std::string token;
    for (char c : line) {
      if (c == '|' || c == ' ' || c == '\t') {
        if (!token.empty())
          cells.push_back(std::move(token)), cell_lines.push_back(static_cast<int>(i) + 1);
        token.clear();
      } else {
        token += c;
      }
    }
    if (!token.empty())
      cells.push_back(std::move(token)), cell_lines.push_back(static_cast<int>(i) + 1);
  }
  if (cells.size() != 81) {
    // A ruled grid of givens alone (SimpleSudoku's " *-----------*" frame).
    std::string joined;
    for (const std::string& c : cells) joined += c;
    if (joined.size() == 81 && std::all_of(joined.begin(), joined.end(), [](char c) {
          return c == '.' || (c >= '0' && c <= '9');
        })) {
      Document d(nine());
      for (int k = 0; k < 81; ++k)
        d.givens.set(k, joined[static_cast<std::size_t>(k)] == '.'
                            ? 0
                            : joined[static_cast<std::size_t>(k)] - '0');
      d.values = d.givens;
      return std::vector<Document>{std::move(d)};
    }
    return error_at(
        1, "the pencil-mark grid has " + std::to_string(cells.size()) + " cells; a 9x9 one has 81");
  }
  std::vector<Mask> marks(81, 0);
  for (int k = 0; k < 81; ++k) {
    for (char c : cells[static_cast<std::size_t>(k)]) {
      if (c == '.' || c == '0') continue;
      if (c < '1' || c > '9')
        return error_at(cell_lines[static_cast<std::size_t>(k)],
                        "'" + cells[static_cast<std::size_t>(k)] + "' is not a cell of digits");
      marks[static_cast<std::size_t>(k)] |= Mask{1} << (c - '1');
    }
  }
  const Geometry& g = nine();
  Document d(g);
  for (int k = 0; k < 81; ++k) {
    const Mask m = marks[static_cast<std::size_t>(k)];
    if (std::popcount(m) != 1) continue;
    bool seen = false;
    for (int p : g.peers(k))
      if (std::popcount(marks[static_cast<std::size_t>(p)]) > 1 &&
          (marks[static_cast<std::size_t>(p)] & m))
        seen = true;
    if (!seen) d.givens.set(k, std::countr_zero(m) + 1);
  }
  d.values = d.givens;
  for (int k = 0; k < 81; ++k)
    if (d.values[k]) marks[static_cast<std::size_t>(k)] = 0;
  d.marks = std::move(marks);
  return std::vector<Document>{std::move(d)};
}

// A digit of base `base` (up to 36, either case), or -1.
int base_digit(char c, int base) {
  int v = -1;
  if (c >= '0' && c <= '9') v = c - '0';
  if (c >= 'a' && c <= 'z') v = c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') v = c - 'A' + 10;
  return v < base ? v : -1;
}
int base32_digit(char c) { return base_digit(c, 32); }

// SudokuWiki's forms: version 1, 162 characters, per cell two base-32 digits
// of (digits << 1) | given (a cell of one digit is a value); version B, "S9B"
// and 162 characters (see write_sudokuwiki).
nonet::Result<std::vector<Document>> read_sudokuwiki(std::string_view text) {
  text = trim(text);
  if (const std::size_t bd = text.find("bd="); bd != std::string_view::npos) {
    text = text.substr(bd + 3);
    text = text.substr(0, std::min(text.find('&'), text.size()));
  }
  // (a string of the older form may begin with "S9B" too: its length tells)
  const bool version_b = text.starts_with(kWikiB) && text.size() != 162;
  const int skip = version_b ? static_cast<int>(kWikiB.size()) : 0;
  if (version_b) text.remove_prefix(kWikiB.size());
  if (text.size() != 162)
    return error_at(1, version_b ? "SudokuWiki's S9B form has 162 characters after S9B, 2 a "
                                   "cell; this has " + std::to_string(text.size())
                                 : "SudokuWiki's form has 162 characters, 2 a cell; this has " +
                                       std::to_string(text.size()));
  const int base = version_b ? 36 : 32;
  Document d(nine());
  std::vector<Mask> marks(81, 0);
  bool any = false;
  for (int k = 0; k < 81; ++k) {
    const int hi = base_digit(text[static_cast<std::size_t>(2 * k)], base);
    const int lo = base_digit(text[static_cast<std::size_t>(2 * k + 1)], base);
    if (hi < 0 || lo < 0)
      return Error{1, skip + 2 * k + 1,
                   "'" + std::string(text.substr(static_cast<std::size_t>(2 * k), 2)) +
                       "' is not a cell of SudokuWiki's form (base " + std::to_string(base) +
                       (version_b ? ": 0-9, a-z)" : ": 0-9, a-v)")};
    const unsigned n = static_cast<unsigned>(hi * base + lo);
    int value = 0;
    bool given = false;
    Mask m = 0;
    if (!version_b) {
      m = n >> 1;
      given = (n & 1) != 0;
      if (std::popcount(m) == 1) value = std::countr_zero(m) + 1;
    } else if (n >= 1 && n <= kWikiSolved) {
      value = static_cast<int>(n);
      given = true;
    } else if (n > kWikiSolved && n <= kWikiMarks) {
      value = static_cast<int>(n - kWikiSolved);
    } else if (n > kWikiMarks) {
      m = n - kWikiMarks;
    }
    if (m > 511)
      return Error{1, skip + 2 * k + 1, "cell " + std::to_string(k + 1) + " holds digits above 9"};
    if (value) {
      if (given) d.givens.set(k, value);
      d.values.set(k, value);
    } else if (m) {
      marks[static_cast<std::size_t>(k)] = m;
      any = true;
    }
  }
  if (any) d.marks = std::move(marks);
  return std::vector<Document>{std::move(d)};
}

// SudokuWiki's string, either version (or one near enough to be refused by it).
bool is_sudokuwiki_line(std::string_view s) {
  s = trim(s);
  if (s.starts_with(kWikiB)) return true;
  return s.size() == 162 &&
         std::all_of(s.begin(), s.end(), [](char c) { return base32_digit(c) >= 0; });
}

bool is_hodoku_line(std::string_view s) {
  s = trim(s);
  const auto colons = std::count(s.begin(), s.end(), ':');
  return s.starts_with(":") && colons >= 5 && colons <= 8;
}

bool is_pm_border(std::string_view s) {
  s = trim(s);
  return s.size() > 4 && (s[0] == '.' || s[0] == '*') && s[1] == '-' && s[2] == '-';
}

// A SadMan header line: '#', one of its letters, the value.
bool is_sdk_header(std::string_view s) {
  s = trim(s);
  if (s.size() < 3 || s[0] != '#') return false;
  for (const NoteName& n : kNotes)
    if (!n.sdk.empty() && s[1] == n.sdk[0]) return true;
  return false;
}

int brace_depth(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else {
      depth += (c == '{') - (c == '}');
    }
  }
  return depth;
}

}  // namespace

std::string Document::note(std::string_view key) const {
  for (const auto& [k, v] : notes)
    if (k == key) return v;
  return {};
}

bool is_document_form(Form form) {
  return form != Form::fpuzzles && form != Form::url && form != Form::nonet;
}

std::string_view opensudoku_header() {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n";
}
std::string_view opensudoku_footer() { return "</opensudoku>\n"; }

nonet::Result<std::string> write_document(const Document& d, Form form) {
  switch (form) {
    case Form::sdk:
      if (d.givens.geometry().side() > 9 && d.played())
        return Error{0, 0, "sdk holds play on boards up to 9x9 only"};
      return write_sdk(d);
    case Form::sdm:
      return to_line(d.givens, '0') + "\n";
    case Form::ipuz:
      return write_ipuz(d);
    case Form::pm:
      if (d.givens.geometry().side() > 9) return Error{0, 0, "pm holds boards up to 9x9 only"};
      return write_pm(d);
    case Form::opensudoku:
    case Form::hodoku:
    case Form::sudokuwiki:
      break;
    case Form::fpuzzles:
    case Form::url:
    case Form::nonet:
      return Error{0, 0, std::string(form_name(form)) + " is no document form"};
  }
  if (nonet::Result<std::string> ok = board_check(d, form); !ok) return ok;
  if (form == Form::opensudoku) return write_opensudoku(d);
  if (form == Form::hodoku) return write_hodoku(d);
  return write_sudokuwiki(d);
}

bool looks_like_document(std::string_view text) {
  std::string_view s = text;
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  const std::string_view first = trim(s.substr(0, s.find('\n')));
  if (first.empty()) return false;
  return first.starts_with("<") || first.starts_with("[Puzzle]") || is_sdk_header(first) ||
         is_pm_border(first) || is_hodoku_line(first) || is_sudokuwiki_line(first) ||
         first.find("sudokuwiki.org/") != std::string_view::npos ||
         (first.starts_with("{") && s.find("ipuz.org") != std::string_view::npos);
}

bool OtherLines::starts(std::string_view line) {
  const std::string_view s = trim(line);
  // JSON over several lines (ipuz files, f-puzzles JSON written out) begins
  // with a line that leaves an object open at a '{', '[' or ','.
  const bool json_opens = s.starts_with("{") && brace_depth(s) > 0 &&
                          (s.ends_with("{") || s.ends_with("[") || s.ends_with(","));
  if (!looks_like_document(s) && !looks_like_variant(s) && !json_opens) return false;
  lines_ = 1;
  closed_ = false;
  if (json_opens) {
    kind_ = Kind::json;
    depth_ = brace_depth(s);
  } else if (s.starts_with("<")) {
    kind_ = Kind::xml;
    closed_ = s.find("</opensudoku>") != std::string_view::npos;
  } else if (is_pm_border(s)) {
    kind_ = Kind::pm;
    stars_ = s.starts_with("*");
  } else if (s.starts_with("[Puzzle]") || is_sdk_header(s)) {
    kind_ = Kind::sdk;
    rows_ = 0;
    grid_ = false;
    pencil_ = false;
  } else {
    kind_ = Kind::line;
  }
  return true;
}

bool OtherLines::complete() const {
  switch (kind_) {
    case Kind::json:
      return depth_ <= 0;
    case Kind::xml:
    case Kind::pm:
      return closed_;
    case Kind::sdk:
      return false;  // only the next line tells
    case Kind::line:
      break;
  }
  return true;
}

bool OtherLines::continues(std::string_view line) {
  if (complete()) return false;
  const std::string_view s = trim(line);
  ++lines_;
  switch (kind_) {
    case Kind::json:
      // JSON strings hold no line break: each line's braces count alone.
      depth_ += brace_depth(s);
      return true;
    case Kind::xml:
      closed_ = s.find("</opensudoku>") != std::string_view::npos;
      return true;
    case Kind::pm:
      // Ends at its last border: HoDoKu's starts with ', SimpleSudoku's is its
      // second * border. A grid of 25 rows has fewer than 40 lines.
      if (s.empty() || lines_ > 40) return false;
      closed_ = s.starts_with("'") || (stars_ && s.starts_with("*"));
      return true;
    case Kind::sdk: {
      if (s.empty() || lines_ > 64) return false;
      // Notes or a [Puzzle] after the grid begin the next puzzle.
      if (grid_ && (is_sdk_header(s) || s.starts_with("[Puzzle]"))) return false;
      if (s.starts_with("[")) {
        rows_ = 0;
        pencil_ = s.starts_with("[PencilMarks]");
        return true;
      }
      if (is_sdk_header(s)) return true;
      // A section holds 9 rows: a row after them begins the next puzzle.
      if (rows_ >= 9) return false;
      std::vector<int> row;
      if (!read_row(s, 9, row) && !(pencil_ && s.find(',') != std::string_view::npos)) return false;
      ++rows_;
      grid_ = true;
      return true;
    }
    case Kind::line:
      break;
  }
  return false;
}

std::vector<std::pair<int, std::string>> split_other(std::string_view gathered) {
  const std::string_view first = trim(gathered.substr(0, gathered.find('\n')));
  if (first.starts_with("[Puzzle]") || is_sdk_header(first)) {
    // Notes with no grid after them are comments.
    bool grid = false;
    for (std::string_view l : lines_of(gathered)) {
      l = trim(l);
      grid |= !l.empty() && l.front() != '#';
    }
    if (!grid) return {};
  }
  if (!first.starts_with("<")) return {{0, std::string(gathered)}};
  // An OpenSudoku file: a piece per game, each with the file's notes.
  const std::size_t games = gathered.find("<game");
  if (games == std::string_view::npos) return {{0, std::string(gathered)}};
  std::string head(gathered.substr(0, games));
  if (const std::size_t folder = head.find("<folder"); folder != std::string::npos)
    head.erase(folder);
  // The head is the file's notes; one of a size no notes have is left out.
  if (head.size() > (std::size_t{64} << 10)) head = "<opensudoku>";
  std::vector<std::pair<int, std::string>> pieces;
  int line = 0;  // of `counted`, 0-based
  std::size_t counted = 0;
  for (std::size_t at = games; (at = gathered.find("<game", at)) != std::string_view::npos;) {
    std::size_t end = gathered.find('>', at);
    end = end == std::string_view::npos ? gathered.size() : end + 1;
    line += static_cast<int>(std::count(gathered.begin() + static_cast<std::ptrdiff_t>(counted),
                                        gathered.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    counted = at;
    // The game on the piece's first line, after the file's head folded into it,
    // so that a problem's line is the game's.
    std::string piece = head;
    std::replace(piece.begin(), piece.end(), '\n', ' ');
    std::string game(gathered.substr(at, end - at));
    std::replace(game.begin(), game.end(), '\n', ' ');
    piece += game + "\n</opensudoku>\n";
    pieces.emplace_back(line, std::move(piece));
    at = end;
  }
  return pieces;
}

nonet::Result<OtherPuzzle> read_other(std::string_view text) {
  OtherPuzzle out;
  if (looks_like_document(text)) {
    nonet::Result<std::vector<Document>> read = read_document(text);
    if (!read) return read.error();
    if (read->size() != 1)
      return Error{
          1, 0, "the text holds " + std::to_string(read->size()) + " puzzles; one is wanted here"};
    out.document = std::make_shared<const Document>(std::move(read->front()));
    return out;
  }
  nonet::Result<VariantPuzzle> variant = read_variant(text);
  if (!variant) return variant.error();
  out.variant = std::make_shared<const VariantPuzzle>(std::move(*variant));
  return out;
}

nonet::Result<std::vector<Document>> read_document(std::string_view text) {
  std::string_view s = text;
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  if (s.starts_with("\xEF\xBB\xBF")) s.remove_prefix(3);
  const int skipped = line_at(text, static_cast<std::size_t>(s.data() - text.data())) - 1;
  nonet::Result<std::vector<Document>> read = [&]() -> nonet::Result<std::vector<Document>> {
    if (s.starts_with("<")) return read_opensudoku(s);
    if (s.starts_with("{")) return read_ipuz(s);
    if (is_hodoku_line(s.substr(0, s.find('\n'))))
      return read_hodoku(trim(s.substr(0, s.find('\n'))));
    if (is_pm_border(s.substr(0, s.find('\n')))) return read_pm(s);
    if (s.starts_with("[") || s.starts_with("#")) return read_sdk(s);
    if (is_sudokuwiki_line(s.substr(0, s.find('\n'))) ||
        s.find("sudokuwiki.org/") != std::string_view::npos)
      return read_sudokuwiki(trim(s.substr(0, s.find('\n'))));
    return error_at(1,
                    "not a form of another program that nonet reads (sdk, ipuz, OpenSudoku, "
                    "HoDoKu, a pencil-mark grid, SudokuWiki)");
  }();
  if (!read) {
    Error e = read.error();
    if (e.line > 0) e.line += skipped;
    return e;
  }
  return read;
}

}  // namespace nonet::ops
