#include "ops/sudokupad.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <utility>
#include <vector>

#include "nonet/geometry.h"
#include "ops/fpuzzles.h"

namespace nonet::ops {
namespace {

using nlohmann::json;

struct Refused {
  std::string message;
};
[[noreturn]] void refuse(std::string message) { throw Refused{std::move(message)}; }

// The compact form's short keys and the names they stand for.
constexpr std::pair<const char*, const char*> kShortKeys[] = {{"c", "color"},
                                                              {"ca", "cages"},
                                                              {"ct", "center"},
                                                              {"c1", "borderColor"},
                                                              {"c2", "backgroundColor"},
                                                              {"ce", "cells"},
                                                              {"cs", "cellSize"},
                                                              {"a", "arrows"},
                                                              {"o", "overlays"},
                                                              {"u", "underlays"},
                                                              {"w", "width"},
                                                              {"h", "height"},
                                                              {"v", "value"},
                                                              {"vd", "videos"},
                                                              {"l", "lines"},
                                                              {"r", "rounded"},
                                                              {"re", "regions"},
                                                              {"fs", "fontSize"},
                                                              {"th", "thickness"},
                                                              {"hl", "headLength"},
                                                              {"wp", "wayPoints"},
                                                              {"t", "title"},
                                                              {"te", "text"},
                                                              {"d", "duration"},
                                                              {"d2", "d"}};

// Keys of the whole puzzle that describe it or draw nothing with a rule.
const std::set<std::string, std::less<>> kPassedOver = {
    "id",     "cellSize", "metadata", "settings", "title",
    "author", "rules",    "solution", "videos",   "duration",
    "source", "bgimage",  "fogofwar", "foglight", "triggereffect"};
// Drawings whose rule only the puzzle's text names.
const std::set<std::string, std::less<>> kDrawings = {"lines", "arrows", "overlays", "underlays"};
// Keys of a cage that only colour or place its label.
const std::set<std::string, std::less<>> kCageLooks = {
    "style",     "borderColor", "backgroundColor", "color",   "fontColor", "cageColor",
    "textColor", "outlineC",    "fontC",           "opacity", "rounded",   "thickness"};

bool is_token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '#' || c == '.' || c == '-' ||
         c == '+' || c == '_' || c == '$';
}
bool is_hex6(std::string_view t) {
  return t.size() == 6 && std::all_of(t.begin(), t.end(), [](char c) {
           return std::isxdigit(static_cast<unsigned char>(c));
         });
}

// Renames the compact form's short keys, at every depth.
json long_keys(const json& v, int depth = 0) {
  if (depth > 32) refuse("the SudokuPad JSON nests deeper than 32 levels");
  if (v.is_array()) {
    json out = json::array();
    for (const json& e : v) out.push_back(long_keys(e, depth + 1));
    return out;
  }
  if (!v.is_object()) return v;
  json out = json::object();
  for (const auto& [key, value] : v.items()) {
    std::string name = key;
    for (const auto& [from, to] : kShortKeys)
      if (key == from) name = to;
    if (out.contains(name)) refuse("the SudokuPad JSON has both '" + key + "' and '" + name + "'");
    out[name] = long_keys(value, depth + 1);
  }
  return out;
}

class Reader {
 public:
  explicit Reader(const json& o) : o_(o) {}

  VariantPuzzle read() {
    if (!o_.is_object()) refuse("a SudokuPad puzzle is a JSON object");
    for (const auto& [key, value] : o_.items()) {
      if (key == "cells" || key == "regions" || key == "cages" || kPassedOver.count(key)) continue;
      if (kDrawings.count(key)) {
        if (value.is_array() && value.empty()) continue;
        refuse("SudokuPad's '" + key +
               "' draw marks whose rules only the puzzle's text names (thermometers, arrows, "
               "dots, ...); nonet does not guess them: open the puzzle's f-puzzles link instead");
      }
      refuse("unknown SudokuPad key '" + key.substr(0, 40) + "'");
    }
    const auto cells = o_.find("cells");
    if (cells == o_.end() || !cells->is_array() || cells->empty())
      refuse("a SudokuPad puzzle needs 'cells', its rows");
    const int n = static_cast<int>(std::min<std::size_t>(cells->size(), 1000));
    const Geometry* g = n <= kMaxSide ? Geometry::for_side(n) : nullptr;
    if (!g) refuse("'cells' holds " + std::to_string(n) + " rows: not a board nonet has (1 to 25)");
    geometry_ = g;
    VariantPuzzle p(*g);
    read_cells(p, *cells);
    read_regions(p);
    if (const auto cages = o_.find("cages"); cages != o_.end()) read_cages(p, *cages);
    return p;
  }

 private:
  std::string name(int cell) const { return geometry_->cell_name(cell); }

  // A [row, column] pair, 0-based, on the board.
  int cell_at(const json& rc, const std::string& where) const {
    const int n = geometry_->side();
    if (!rc.is_array() || rc.size() != 2 || !rc[0].is_number_integer() ||
        !rc[1].is_number_integer())
      refuse(where + ": a cell is [row, column], counted from 0");
    const long long r = rc[0].get<long long>(), c = rc[1].get<long long>();
    if (r < 0 || c < 0 || r >= n || c >= n)
      refuse(where + ": the cell " + rc.dump() + " is off the " + std::to_string(n) + "x" +
             std::to_string(n) + " board");
    return geometry_->cell(static_cast<int>(r), static_cast<int>(c));
  }

  // A digit given as a number or a string of digits; 0 for none.
  static int digit_of(const json& v, int n, const std::string& where) {
    if (v.is_null()) return 0;
    long long d = -1;
    if (v.is_number_integer()) {
      d = v.get<long long>();
    } else if (v.is_string()) {
      const std::string s = v.get<std::string>();
      if (s.empty()) return 0;
      if (s.size() <= 3 && std::all_of(s.begin(), s.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
          }))
        d = std::stoll(s);
    }
    if (d < 1 || d > n)
      refuse(where + ": the given " + v.dump().substr(0, 20) + " is not a digit 1 to " +
             std::to_string(n));
    return static_cast<int>(d);
  }

  void read_cells(VariantPuzzle& p, const json& rows) const {
    const int n = geometry_->side();
    for (int r = 0; r < n; ++r) {
      const json& row = rows[static_cast<std::size_t>(r)];
      if (!row.is_array() || static_cast<int>(row.size()) != n)
        refuse("'cells' row " + std::to_string(r + 1) + " must hold " + std::to_string(n) +
               " cells");
      for (int c = 0; c < n; ++c) {
        const json& cell = row[static_cast<std::size_t>(c)];
        const int at = geometry_->cell(r, c);
        const std::string where = "'cells' " + name(at);
        if (cell.is_null()) continue;
        if (!cell.is_object()) refuse(where + " must be an object");
        for (const auto& [key, value] : cell.items()) {
          if (key != "value")
            refuse(where + ": unknown key '" + key.substr(0, 40) +
                   "' (only a given 'value' is read)");
          if (const int d = digit_of(value, n, where)) p.givens.set(at, d);
        }
      }
    }
  }

  // The regions, each a list of cells: the boxes when they are the boxes; no
  // regions when there are none.
  void read_regions(VariantPuzzle& p) const {
    const int n = geometry_->side();
    const auto found = o_.find("regions");
    if (found == o_.end() || (found->is_array() && found->empty())) {
      p.no_regions = true;
      return;
    }
    const json& regions = *found;
    if (!regions.is_array() || static_cast<int>(regions.size()) != n)
      refuse("'regions' must hold " + std::to_string(n) + " regions of " + std::to_string(n) +
             " cells");
    std::vector<int> region_of(static_cast<std::size_t>(n * n), -1);
    for (int i = 0; i < n; ++i) {
      const json& region = regions[static_cast<std::size_t>(i)];
      const std::string where = "'regions' region " + std::to_string(i + 1);
      if (!region.is_array() || static_cast<int>(region.size()) != n)
        refuse(where + " must hold " + std::to_string(n) + " cells");
      for (const json& rc : region) {
        const int at = cell_at(rc, where);
        int& owner = region_of[static_cast<std::size_t>(at)];
        if (owner >= 0)
          refuse(where + ": " + name(at) + " is already in region " + std::to_string(owner + 1));
        owner = i;
      }
    }
    // The same cells as the boxes (in any order): the board's boxes.
    bool boxes = true;
    for (int at = 0; at < n * n && boxes; ++at)
      for (int other = 0; other < at && boxes; ++other)
        boxes =
            (geometry_->box_of(at) == geometry_->box_of(other)) ==
            (region_of[static_cast<std::size_t>(at)] == region_of[static_cast<std::size_t>(other)]);
    if (!boxes) p.regions = std::move(region_of);
  }

  // Cages with cells are killer cages (their label, when a number, the sum);
  // cages without cells carry the title, the author and the rules.
  void read_cages(VariantPuzzle& p, const json& cages) const {
    if (!cages.is_array()) refuse("'cages' must be a list");
    int index = 0;
    for (const json& cage : cages) {
      ++index;
      const std::string where = "'cages' cage " + std::to_string(index);
      if (!cage.is_object()) refuse(where + " must be an object");
      const auto cells = cage.find("cells");
      if (cells == cage.end() || (cells->is_array() && cells->empty())) continue;
      if (!cells->is_array()) refuse(where + ": 'cells' must be a list of [row, column]");
      Constraint k{ConstraintKind::killer_cage};
      for (const json& rc : *cells) k.cells.push_back(cell_at(rc, where));
      for (const auto& [key, value] : cage.items()) {
        if (key == "cells" || kCageLooks.count(key)) continue;
        if (key == "unique") {
          if (value.is_boolean() && value.get<bool>()) continue;
          refuse(where + ": a cage whose digits may repeat is not read, only killer cages");
        }
        if (key != "value") refuse(where + ": unknown key '" + key.substr(0, 40) + "'");
        if (value.is_null() || (value.is_string() && value.get<std::string>().empty())) continue;
        long long sum = -1;
        if (value.is_number_integer()) sum = value.get<long long>();
        if (value.is_string()) {
          const std::string s = value.get<std::string>();
          if (s.size() <= 4 && std::all_of(s.begin(), s.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c));
              }))
            sum = std::stoll(s);
        }
        if (sum < 1 || sum > 9999)
          refuse(where + " (" + name(k.cells.front()) + ") is labelled " +
                 value.dump().substr(0, 30) + ", not a sum: only killer cages are read");
        k.value = static_cast<int>(sum);
      }
      p.constraints.push_back(std::move(k));
    }
  }

  const json& o_;
  const Geometry* geometry_ = nullptr;
};

}  // namespace

std::optional<SudokuPadPayload> sudokupad_payload(std::string_view text) {
  std::size_t at = std::string_view::npos;
  if (text.starts_with("scl") || text.starts_with("ctc")) {
    at = 0;
  } else if (text.find("sudokupad") != std::string_view::npos) {
    for (const std::string_view marker : {"/scl", "=scl", "/ctc", "=ctc"}) {
      const std::size_t found = text.find(marker);
      if (found != std::string_view::npos) at = std::min(at, found + 1);
    }
  }
  if (at == std::string_view::npos) return std::nullopt;
  SudokuPadPayload out;
  out.compact = text.substr(at, 3) == "scl";
  const std::string_view rest = text.substr(at + 3);
  out.data = percent_decoded(rest.substr(0, rest.find_first_of("&#?")));
  if (out.data.empty()) return std::nullopt;
  return out;
}

Result<std::string> expand_compact_json(std::string_view in) {
  // SudokuPad writes single quotes only when the text holds no double quote.
  const bool single = in.find('"') == std::string_view::npos;
  enum class Want { value, key, colon, next };
  std::vector<char> open;  // '{' or '['
  Want want = Want::value;
  bool fresh = false;  // just inside a '{' or '[', nothing in it yet
  std::string out;
  out.reserve(in.size() + in.size() / 4);
  const auto fail = [&](std::size_t i, const std::string& what) -> Result<std::string> {
    return Error{0, 0, "the SudokuPad JSON " + what + " (character " + std::to_string(i + 1) + ")"};
  };
  for (std::size_t i = 0; i < in.size();) {
    const char c = in[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      out += c;
      ++i;
      continue;
    }
    // An empty slot of a list, before a comma or the list's end: an empty object.
    if (want == Want::value && !open.empty() && open.back() == '[' &&
        (c == ',' || (c == ']' && !fresh))) {
      out += "{}";
      want = Want::next;
      continue;
    }
    if (c == '{' || c == '[') {
      if (want != Want::value) return fail(i, "has a '" + std::string(1, c) + "' out of place");
      if (open.size() >= 32) return fail(i, "nests deeper than 32 levels");
      open.push_back(c);
      out += c;
      want = c == '{' ? Want::key : Want::value;
      fresh = true;
      ++i;
      continue;
    }
    const bool was_fresh = std::exchange(fresh, false);
    if (c == '}' || c == ']') {
      if (open.empty() || open.back() != (c == '}' ? '{' : '[') ||
          (want != Want::next && !was_fresh))
        return fail(i, "has a '" + std::string(1, c) + "' out of place");
      open.pop_back();
      out += c;
      want = Want::next;
      ++i;
      continue;
    }
    if (c == ',') {
      if (want != Want::next || open.empty()) return fail(i, "has a ',' out of place");
      out += c;
      want = open.back() == '{' ? Want::key : Want::value;
      ++i;
      continue;
    }
    if (c == ':') {
      if (want != Want::colon) return fail(i, "has a ':' out of place");
      out += c;
      want = Want::value;
      ++i;
      continue;
    }
    if (c == '\'' || c == '"') {
      if (want != Want::value && want != Want::key) return fail(i, "has a string out of place");
      if (c == '\'' && !single) return fail(i, "mixes single and double quotes");
      out += '"';
      std::size_t j = i + 1;
      for (;; ++j) {
        if (j >= in.size()) return fail(i, "has a string that does not end");
        if (in[j] == c) break;
        if (in[j] == '\\' && j + 1 < in.size()) {
          if (c == '\'' && in[j + 1] == '\'') {
            out += '\'';
          } else {
            out += in[j];
            out += in[j + 1];
          }
          ++j;
          continue;
        }
        out += in[j];
      }
      out += '"';
      want = want == Want::key ? Want::colon : Want::next;
      i = j + 1;
      continue;
    }
    if (!is_token_char(c)) return fail(i, "has '" + std::string(1, c) + "' out of place");
    std::size_t j = i;
    while (j < in.size() && is_token_char(in[j])) ++j;
    const std::string_view token = in.substr(i, j - i);
    if (want == Want::key) {
      out += '"';
      out += token;
      out += '"';
      want = Want::colon;
    } else if (want == Want::value) {
      const bool member = !open.empty() && open.back() == '{';
      if (token == "t") {
        out += "true";
      } else if (token == "f") {
        out += "false";
      } else if (token == "#0") {
        out += "\"#000000\"";
      } else if (token == "#F") {
        out += "\"#FFFFFF\"";
      } else if (member && is_hex6(token)) {
        out += "\"#" + std::string(token) + "\"";
      } else if (token.front() == '#') {
        return fail(i, "has a colour '" + std::string(token.substr(0, 12)) + "' it does not write");
      } else {
        out += token;  // a number, true, false or null; the JSON parser judges it
      }
      want = Want::next;
    } else {
      return fail(i, "has '" + std::string(token.substr(0, 12)) + "' out of place");
    }
    i = j;
  }
  if (!open.empty() || want != Want::next) return fail(in.size(), "ends too soon");
  return out;
}

Result<VariantPuzzle> read_sudokupad(const json& puzzle) {
  try {
    VariantPuzzle p = Reader(long_keys(puzzle)).read();
    if (Result<void> ok = check(p); !ok) return ok.error();
    return p;
  } catch (const Refused& r) {
    return Error{0, 0, r.message};
  } catch (const json::exception& e) {
    return Error{0, 0, std::string("the SudokuPad JSON is not usable: ") + e.what()};
  }
}

}  // namespace nonet::ops
