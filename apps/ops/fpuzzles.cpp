#include "ops/fpuzzles.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <set>

#include "nonet/format.h"
#include "nonet/lzstring.h"
#include "ops/sudokupad.h"

namespace nonet::ops {
namespace {

using nlohmann::json;

struct Refused {
  std::string message;
};
[[noreturn]] void refuse(std::string message) { throw Refused{std::move(message)}; }

// Keys that draw, colour or describe, and the player's own marks: they change
// no rule and are passed over.
const std::set<std::string, std::less<>> kCosmetic = {
    "title",  "author", "ruleset", "solution", "line",  "rectangle",        "circle",
    "text",   "cage",   "metadata", "disabledlogic", "truecandidatesoptions", "highlightConflicts",
    "fogofwar", "foglight", "triggereffect"};
const std::set<std::string, std::less<>> kCellCosmetic = {
    "centerPencilMarks", "cornerPencilMarks", "c", "cArray", "highlight"};
// Rules nonet does not read yet: refused by name rather than dropped.
const std::set<std::string, std::less<>> kNotYet = {"entropicline",  "modularline", "rowindexer",
                                                    "columnindexer", "boxindexer",  "lockout"};

// The keys of the kinds read and written alike: a list of cells, one cell, lines.
using KeyKind = std::pair<const char*, ConstraintKind>;
constexpr KeyKind kCellsKeys[] = {{"killercage", ConstraintKind::killer_cage},
                                  {"extraregion", ConstraintKind::extra_region},
                                  {"difference", ConstraintKind::difference},
                                  {"ratio", ConstraintKind::ratio},
                                  {"xv", ConstraintKind::xv},
                                  {"clone", ConstraintKind::clone}};
constexpr KeyKind kOneCellKeys[] = {{"odd", ConstraintKind::odd},
                                    {"even", ConstraintKind::even},
                                    {"minimum", ConstraintKind::minimum},
                                    {"maximum", ConstraintKind::maximum}};
constexpr KeyKind kLineKeys[] = {{"thermometer", ConstraintKind::thermometer},
                                 {"palindrome", ConstraintKind::palindrome},
                                 {"betweenline", ConstraintKind::between},
                                 {"renban", ConstraintKind::renban},
                                 {"whispers", ConstraintKind::whispers},
                                 {"regionsumline", ConstraintKind::region_sum_line}};
// Clues outside the grid, each on a row or column.
constexpr KeyKind kOutsideKeys[] = {{"sandwichsum", ConstraintKind::sandwich},
                                    {"xsum", ConstraintKind::x_sum},
                                    {"skyscraper", ConstraintKind::skyscraper}};
// The key of a kind in one of the tables, or null.
template <std::size_t N>
const char* key_of(const KeyKind (&table)[N], ConstraintKind kind) {
  for (const auto& [key, k] : table)
    if (k == kind) return key;
  return nullptr;
}

// The deepest nesting any f-puzzles object needs is a handful of levels.
bool too_deep(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > 32) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

class Reader {
 public:
  explicit Reader(const json& o) : o_(o) {}

  VariantPuzzle read() {
    if (!o_.is_object()) refuse("an f-puzzles puzzle is a JSON object");
    const json* size = find("size");
    const int n = size ? small_int(*size) : -1;
    if (n < 0) refuse("'size' must be a whole number");
    const Geometry* g = n >= 1 && n <= kMaxSide ? Geometry::for_side(n) : nullptr;
    if (!g) refuse("'size' " + std::to_string(n) + " is not a board nonet has (1 to 25)");
    geometry_ = g;
    VariantPuzzle p(*g);
    read_grid(p);
    for (const auto& [key, value] : o_.items()) {
      if (key == "size" || key == "grid" || kCosmetic.count(key)) continue;
      if (kNotYet.count(key)) refuse("'" + key + "' is a rule nonet does not read yet");
      read_key(p, key, value);
    }
    return p;
  }

 private:
  const json* find(const char* key) const {
    const auto it = o_.find(key);
    return it == o_.end() ? nullptr : &*it;
  }

  // "R3C4" (any case), 1-based; outside the board only when `outside`.
  int cell(const json& name, const std::string& where, bool outside = false, int* row = nullptr,
           int* col = nullptr) const {
    const int n = geometry_->side();
    if (!name.is_string()) refuse(where + ": a cell must be a name like \"R1C1\"");
    const std::string text = name.get<std::string>();
    int r = 0, c = 0;
    std::size_t i = 0;
    const auto number = [&](int& out) {
      const std::size_t start = i;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 4)
        out = out * 10 + (text[i++] - '0');
      return i > start;
    };
    const bool ok = i < text.size() && (text[i] == 'R' || text[i] == 'r') && (++i, number(r)) &&
                    i < text.size() && (text[i] == 'C' || text[i] == 'c') && (++i, number(c)) &&
                    i == text.size();
    if (!ok) refuse(where + ": '" + text.substr(0, 20) + "' is not a cell name like \"R1C1\"");
    if (row) *row = r - 1;
    if (col) *col = c - 1;
    const bool inside = r >= 1 && r <= n && c >= 1 && c <= n;
    if (!inside && !(outside && r >= 0 && r <= n + 1 && c >= 0 && c <= n + 1))
      refuse(where + ": " + text + " is off the " + geometry_->describe() + " board");
    return inside ? geometry_->cell(r - 1, c - 1) : -1;
  }

  // The row or column a clue outside the grid looks along, from the clue's side.
  std::vector<int> outside_line(const json& name, const std::string& where) const {
    int r = 0, c = 0;
    const int n = geometry_->side();
    if (cell(name, where, true, &r, &c) >= 0)
      refuse(where + ": the clue must sit outside the grid, not on " + name.get<std::string>());
    int dr = 0, dc = 0;
    if (c == -1 && r >= 0 && r < n)
      dc = 1;
    else if (c == n && r >= 0 && r < n)
      dc = -1;
    else if (r == -1 && c >= 0 && c < n)
      dr = 1;
    else if (r == n && c >= 0 && c < n)
      dr = -1;
    else
      refuse(where + ": the clue " + name.get<std::string>() + " is beside no row or column");
    std::vector<int> out;
    for (r += dr, c += dc; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc)
      out.push_back(geometry_->cell(r, c));
    return out;
  }

  std::vector<int> cells(const json& list, const std::string& where) const {
    if (!list.is_array()) refuse(where + ": cells must be a list of names like \"R1C1\"");
    std::vector<int> out;
    for (const json& name : list) out.push_back(cell(name, where));
    return out;
  }

  // A whole number from 0 to 9999; -1 for anything else (a fraction, a number
  // beyond int's range that would wrap).
  static int small_int(const json& v) {
    if (!v.is_number_integer()) return -1;
    const auto n =
        v.is_number_unsigned()
            ? static_cast<long long>(std::min<std::uint64_t>(v.get<std::uint64_t>(), 1u << 20))
            : v.get<long long>();
    return n >= 0 && n <= 9999 ? static_cast<int>(n) : -1;
  }

  // A value given as a number or a string of digits; 0 when empty or absent.
  static int number(const json* v, const std::string& where) {
    if (!v || v->is_null()) return 0;
    if (v->is_number_integer()) {
      const int n = small_int(*v);
      if (n >= 0) return n;
    }
    if (v->is_string()) {
      const std::string s = v->get<std::string>();
      if (s.empty()) return 0;
      if (s.size() <= 4 && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::stoi(s);
    }
    refuse(where + ": the value " + v->dump().substr(0, 20) + " is not a whole number");
  }

  void read_grid(VariantPuzzle& p) {
    const json* grid = find("grid");
    const int n = geometry_->side();
    if (!grid || !grid->is_array() || static_cast<int>(grid->size()) != n)
      refuse("'grid' must hold " + std::to_string(n) + " rows");
    bool any_region = false;
    int outside = 0;  // cells in no region ("region": null)
    std::vector<int> regions(static_cast<std::size_t>(n * n));
    for (int r = 0; r < n; ++r) {
      const json& row = (*grid)[static_cast<std::size_t>(r)];
      if (!row.is_array() || static_cast<int>(row.size()) != n)
        refuse("'grid' row " + std::to_string(r + 1) + " must hold " + std::to_string(n) + " cells");
      for (int c = 0; c < n; ++c) {
        const json& cellj = row[static_cast<std::size_t>(c)];
        const int at = geometry_->cell(r, c);
        const std::string where = "'grid' " + geometry_->cell_name(at);
        if (!cellj.is_object()) refuse(where + " must be an object");
        regions[static_cast<std::size_t>(at)] = geometry_->box_of(at);
        for (const auto& [key, value] : cellj.items()) {
          if (kCellCosmetic.count(key)) continue;
          if (key == "value" || key == "given") continue;
          if (key == "region") {
            if (value.is_null()) {
              ++outside;
              continue;
            }
            const int region = small_int(value);
            if (region < 0 || region >= n)
              refuse(where + ": region " + std::to_string(region) + " is not 0 to " + std::to_string(n - 1));
            regions[static_cast<std::size_t>(at)] = region;
            any_region = true;
            continue;
          }
          if (key == "givenPencilMarks") {
            if (!value.is_array()) refuse(where + ": 'givenPencilMarks' must be a list of digits");
            Constraint marks{ConstraintKind::candidates, {at}};
            for (const json& d : value) {
              const int digit = small_int(d);
              if (digit < 1 || digit > n)
                refuse(where + ": 'givenPencilMarks' holds " + d.dump().substr(0, 12) +
                       ", not a digit 1 to " + std::to_string(n));
              marks.other.push_back(digit);
            }
            // An empty list marks nothing (as the editors write it).
            if (!marks.other.empty()) p.constraints.push_back(std::move(marks));
            continue;
          }
          refuse(where + ": unknown key '" + key.substr(0, 40) + "'");
        }
        // A value is a given only when marked so; otherwise it is the player's.
        const auto given = cellj.find("given");
        if (given != cellj.end() && given->is_boolean() && given->get<bool>()) {
          const auto v = cellj.find("value");
          const int d = number(v == cellj.end() ? nullptr : &*v, where);
          if (d < 1 || d > n) refuse(where + ": the given " + std::to_string(d) + " is not 1 to " + std::to_string(n));
          p.givens.set(at, d);
        }
      }
    }
    // Every cell in no region: a puzzle of rows and columns alone.
    if (outside == n * n) {
      p.no_regions = true;
    } else if (outside > 0) {
      refuse("'grid': " + std::to_string(outside) +
             " cells are outside every region, and the others not; only a board with no "
             "regions at all is read");
    } else if (any_region) {
      p.regions = std::move(regions);
    }
  }

  static const json& list_of(const json& value, const std::string& key) {
    if (!value.is_array()) refuse("'" + key + "' must be a list");
    return value;
  }

  void flag(VariantPuzzle& p, const std::string& key, const json& value, ConstraintKind kind) {
    if (!value.is_boolean()) refuse("'" + key + "' must be true or false");
    if (value.get<bool>()) p.constraints.push_back({kind});
  }

  void read_key(VariantPuzzle& p, const std::string& key, const json& value) {
    using K = ConstraintKind;
    if (key == "diagonal+") return flag(p, key, value, K::diagonal_up);
    if (key == "diagonal-") return flag(p, key, value, K::diagonal_down);
    if (key == "antiknight") return flag(p, key, value, K::anti_knight);
    if (key == "antiking") return flag(p, key, value, K::anti_king);
    if (key == "disjointgroups") return flag(p, key, value, K::disjoint_groups);
    if (key == "nonconsecutive") return flag(p, key, value, K::non_consecutive);
    if (key == "negative") {
      for (const json& name : list_of(value, key)) {
        const std::string rule = name.is_string() ? name.get<std::string>() : name.dump();
        if (rule == "ratio") p.constraints.push_back({K::negative_ratio});
        else if (rule == "xv") p.constraints.push_back({K::negative_xv});
        else refuse("'negative': '" + rule.substr(0, 20) + "' is a rule nonet does not read yet");
      }
      return;
    }
    static const std::set<std::string, std::less<>> kLists = {"killercage",
                                                              "extraregion",
                                                              "difference",
                                                              "ratio",
                                                              "xv",
                                                              "clone",
                                                              "odd",
                                                              "even",
                                                              "minimum",
                                                              "maximum",
                                                              "thermometer",
                                                              "palindrome",
                                                              "betweenline",
                                                              "renban",
                                                              "whispers",
                                                              "arrow",
                                                              "littlekillersum",
                                                              "regionsumline",
                                                              "sandwichsum",
                                                              "xsum",
                                                              "skyscraper",
                                                              "quadruple"};
    if (!kLists.count(key)) refuse("unknown key '" + key.substr(0, 40) + "'");
    std::size_t index = 0;
    for (const json& entry : list_of(value, key)) {
      const std::string where = "'" + key + "' " + std::to_string(++index);
      if (!entry.is_object()) refuse(where + " must be an object");
      for (const auto& [k, kind] : kCellsKeys) {
        if (key != k) continue;
        Constraint c{kind, cells(entry.value("cells", json::array()), where)};
        if (kind == K::xv) {
          const auto it = entry.find("value");
          const std::string v = it != entry.end() && it->is_string() ? it->get<std::string>() : "";
          if (v == "X" || v == "x") c.value = 10;
          else if (v == "V" || v == "v") c.value = 5;
          else refuse(where + ": the value must be \"X\" or \"V\"");
        } else if (kind == K::clone) {
          c.other = cells(entry.value("cloneCells", json::array()), where);
        } else if (kind != K::extra_region) {
          c.value = number(entry.contains("value") ? &entry["value"] : nullptr, where);
        }
        p.constraints.push_back(std::move(c));
        goto next;
      }
      for (const auto& [k, kind] : kOneCellKeys) {
        if (key != k) continue;
        if (!entry.contains("cell")) refuse(where + " names no cell");
        p.constraints.push_back({kind, {cell(entry["cell"], where)}});
        goto next;
      }
      for (const auto& [k, kind] : kLineKeys) {
        if (key != k) continue;
        const json lines = entry.value("lines", json::array());
        // Whispers may give their own difference (the international forms).
        const int own =
            kind == K::whispers && entry.contains("value") ? number(&entry["value"], where) : 0;
        for (const json& line : list_of(lines, key))
          p.constraints.push_back({kind, cells(line, where), {}, own});
        goto next;
      }
      if (key == "arrow") {
        // The circle, or a pill of two or three cells read left to right, top
        // to bottom; each line starts on it and that first cell is not summed.
        std::vector<int> pill = cells(entry.value("cells", json::array()), where);
        std::sort(pill.begin(), pill.end());
        if (pill.empty()) refuse(where + ": an arrow needs its circle ('cells')");
        const json lines = entry.value("lines", json::array());
        for (const json& line : list_of(lines, key)) {
          // The line leaves from the circle or pill: its cells there are not summed.
          std::vector<int> along = cells(line, where);
          while (!along.empty() && std::find(pill.begin(), pill.end(), along.front()) != pill.end())
            along.erase(along.begin());
          if (pill.size() == 1) {
            along.insert(along.begin(), pill[0]);
            p.constraints.push_back({K::arrow, std::move(along)});
          } else {
            along.insert(along.begin(), pill.begin(), pill.end());
            p.constraints.push_back(
                {K::pill_arrow, std::move(along), {}, static_cast<int>(pill.size())});
          }
        }
        goto next;
      }
      for (const auto& [k, kind] : kOutsideKeys) {
        if (key != k) continue;
        const json* v = entry.contains("value") ? &entry["value"] : nullptr;
        if (!v || v->is_null() || (v->is_string() && v->get<std::string>().empty()))
          goto next;  // no clue
        if (!entry.contains("cell")) refuse(where + " names no cell");
        p.constraints.push_back({kind, outside_line(entry["cell"], where), {}, number(v, where)});
        goto next;
      }
      if (key == "quadruple") {
        Constraint q{K::quadruple, cells(entry.value("cells", json::array()), where)};
        const json values = entry.value("values", json::array());
        for (const json& d : list_of(values, key)) {
          const int digit = small_int(d);
          if (digit < 1)
            refuse(where + ": 'values' holds " + d.dump().substr(0, 12) + ", not a digit");
          q.other.push_back(digit);
        }
        p.constraints.push_back(std::move(q));
        goto next;
      }
      if (key == "littlekillersum") {
        const int sum = number(entry.contains("value") ? &entry["value"] : nullptr, where);
        if (sum == 0) goto next;  // a clue left empty
        int r = 0, c = 0;
        if (!entry.contains("cell")) refuse(where + " names no cell");
        const int inside = cell(entry["cell"], where, true, &r, &c);
        const auto it = entry.find("direction");
        const std::string dir = it != entry.end() && it->is_string() ? it->get<std::string>() : "";
        const int dr = dir == "DR" || dir == "DL" ? 1 : dir == "UR" || dir == "UL" ? -1 : 0;
        const int dc = dir == "DR" || dir == "UR" ? 1 : dir == "DL" || dir == "UL" ? -1 : 0;
        if (dr == 0) refuse(where + ": the direction must be UR, UL, DR or DL");
        if (inside < 0) r += dr, c += dc;  // the clue sits outside, one step before the diagonal
        Constraint lk{K::little_killer, {}, {}, sum};
        const int n = geometry_->side();
        for (; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc) lk.cells.push_back(geometry_->cell(r, c));
        if (lk.cells.empty()) refuse(where + ": its diagonal holds no cell of the board");
        p.constraints.push_back(std::move(lk));
        goto next;
      }
      refuse("unknown key '" + key.substr(0, 40) + "'");
    next:;
    }
  }

  const json& o_;
  const Geometry* geometry_ = nullptr;
};

// The compressed payload of a link, or the text itself when it is one.
std::optional<std::string> payload_of(std::string_view text) {
  if (const std::size_t at = text.find("?load="); at != std::string_view::npos) {
    std::string_view rest = text.substr(at + 6);
    return percent_decoded(rest.substr(0, rest.find('&')));
  }
  for (const std::string_view marker : {"puzzleid=fpuzzles", "puzzleid=fpuz", "/fpuzzles", "/fpuz"}) {
    if (const std::size_t at = text.find(marker); at != std::string_view::npos) {
      std::string_view rest = text.substr(at + marker.size());
      return percent_decoded(rest.substr(0, rest.find_first_of("&#?")));
    }
  }
  if (text.starts_with("N4Ig")) return std::string(text);
  return std::nullopt;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// "r3c4" (any case) on the board, 1-based.
std::optional<int> cell_named(const Geometry& g, std::string_view text) {
  int r = 0, c = 0;
  std::size_t i = 0;
  const auto number = [&](int& out) {
    const std::size_t start = i;
    while (i < text.size() && i - start < 3 && std::isdigit(static_cast<unsigned char>(text[i])))
      out = out * 10 + (text[i++] - '0');
    return i > start;
  };
  const bool ok = i < text.size() && (text[i] == 'r' || text[i] == 'R') && (++i, number(r)) &&
                  i < text.size() && (text[i] == 'c' || text[i] == 'C') && (++i, number(c)) &&
                  i == text.size();
  if (!ok || r < 1 || c < 1 || r > g.side() || c > g.side()) return std::nullopt;
  return g.cell(r - 1, c - 1);
}

// nonet's own form: the model as it is, each constraint by its kind's id.
VariantPuzzle read_nonet(const json& o) {
  for (const auto& [key, value] : o.items())
    if (key != "size" && key != "givens" && key != "regions" && key != "constraints")
      refuse("unknown key '" + key.substr(0, 40) +
             "' (nonet's form has size, givens, regions, constraints)");
  const auto size = o.find("size");
  if (size == o.end() || !size->is_number_integer()) refuse("'size' must be a whole number");
  const long long n = size->get<long long>();
  const Geometry* g = n >= 1 && n <= kMaxSide ? Geometry::for_side(static_cast<int>(n)) : nullptr;
  if (!g) refuse("'size' " + std::to_string(n) + " is not a board nonet has (1 to 25)");
  VariantPuzzle p(*g);
  if (const auto givens = o.find("givens"); givens != o.end()) {
    if (!givens->is_string()) refuse("'givens' must be the board as one line of text");
    ParseOptions shape;
    shape.box_rows = g->box_rows();
    shape.box_cols = g->box_cols();
    ParsedPuzzle read = parse_puzzle(givens->get<std::string>(), shape);
    if (!read.ok()) refuse("'givens': " + read.error().to_string());
    p.givens = std::move(*read);
  }
  if (const auto regions = o.find("regions"); regions != o.end()) {
    if (regions->is_string() && regions->get<std::string>() == "none") {
      p.no_regions = true;
    } else if (regions->is_array() &&
               regions->size() == static_cast<std::size_t>(g->cell_count())) {
      for (const json& r : *regions) {
        if (!r.is_number_integer() || r.get<long long>() < 0 || r.get<long long>() >= n)
          refuse("'regions' holds " + r.dump().substr(0, 12) + ", not a region 0 to " +
                 std::to_string(n - 1));
        p.regions.push_back(static_cast<int>(r.get<long long>()));
      }
    } else if (!(regions->is_string() && regions->get<std::string>() == "boxes")) {
      refuse("'regions' must be \"boxes\", \"none\" or a region (0 to N-1) per cell");
    }
  }
  const auto constraints = o.find("constraints");
  if (!constraints->is_array()) refuse("'constraints' must be a list");
  const auto cell_list = [&](const json& names, const std::string& where) {
    if (!names.is_array()) refuse(where + ": cells must be a list of names like \"r1c1\"");
    std::vector<int> cells;
    for (const json& name : names) {
      const std::optional<int> cell =
          name.is_string() ? cell_named(*g, name.get<std::string>()) : std::nullopt;
      if (!cell)
        refuse(where + ": " + name.dump().substr(0, 20) + " is not a cell of the " + g->describe() +
               " board");
      cells.push_back(*cell);
    }
    return cells;
  };
  std::size_t index = 0;
  for (const json& c : *constraints) {
    const std::string where = "constraint " + std::to_string(++index);
    if (!c.is_object()) refuse(where + " must be an object");
    const auto kind = c.find("kind");
    const ConstraintKindInfo* info = nullptr;
    for (const ConstraintKindInfo& k : constraint_kinds())
      if (kind != c.end() && kind->is_string() && kind->get<std::string>() == k.id) info = &k;
    if (!info)
      refuse(where + ": 'kind' must name a kind of docs/variants.md, like \"killer_cage\"");
    Constraint out{info->kind};
    for (const auto& [key, value] : c.items()) {
      if (key == "kind") continue;
      if (key == "cells") {
        out.cells = cell_list(value, where);
      } else if (key == "other" && info->kind == ConstraintKind::clone) {
        out.other = cell_list(value, where);
      } else if (key == "digits" && (info->kind == ConstraintKind::quadruple ||
                                     info->kind == ConstraintKind::candidates)) {
        if (!value.is_array()) refuse(where + ": 'digits' must be a list of digits");
        for (const json& d : value) {
          if (!d.is_number_integer() || d.get<long long>() < 1 || d.get<long long>() > n)
            refuse(where + ": 'digits' holds " + d.dump().substr(0, 12) + ", not a digit 1 to " +
                   std::to_string(n));
          out.other.push_back(static_cast<int>(d.get<long long>()));
        }
      } else if (key == "value") {
        if (!value.is_number_integer() || value.get<long long>() < -100000 ||
            value.get<long long>() > 100000)
          refuse(where + ": 'value' must be a whole number");
        out.value = static_cast<int>(value.get<long long>());
      } else {
        refuse(where + ": unknown key '" + key.substr(0, 40) + "' for a " + info->id);
      }
    }
    p.constraints.push_back(std::move(out));
  }
  return p;
}

}  // namespace

std::string percent_decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() + 0 && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += text[i] == ' ' ? '+' : text[i];
    }
  }
  return out;
}

json to_nonet_json(const VariantPuzzle& p) {
  const Geometry& g = p.geometry();
  json out = {{"size", g.side()}, {"givens", to_line(p.givens)}};
  if (p.no_regions) {
    out["regions"] = "none";
  } else if (!p.regions.empty()) {
    out["regions"] = p.regions;
  } else {
    out["regions"] = "boxes";
  }
  json constraints = json::array();
  for (const Constraint& c : p.constraints) {
    json entry = {{"kind", info(c.kind).id}};
    if (!c.cells.empty()) {
      json cells = json::array();
      for (const int cell : c.cells) cells.push_back(g.cell_name(cell));
      entry["cells"] = std::move(cells);
    }
    if (c.kind == ConstraintKind::clone) {
      json copies = json::array();
      for (const int cell : c.other) copies.push_back(g.cell_name(cell));
      entry["other"] = std::move(copies);
    } else if (!c.other.empty()) {
      entry["digits"] = c.other;
    }
    if (c.value != 0) entry["value"] = c.value;
    constraints.push_back(std::move(entry));
  }
  out["constraints"] = std::move(constraints);
  return out;
}

bool looks_like_variant(std::string_view line) {
  line = trimmed(line);
  return line.starts_with("{") || line.starts_with("http://") || line.starts_with("https://") ||
         line.starts_with("f-puzzles.com") || line.starts_with("www.f-puzzles.com") ||
         line.starts_with("sudokupad.app") || line.starts_with("N4Ig") || line.starts_with("?load=") ||
         ((line.starts_with("scl") || line.starts_with("ctc")) && line.size() > 8);
}

nonet::Result<VariantPuzzle> read_fpuzzles(const json& object) {
  // SudokuPad's JSON has the rows as "cells" where f-puzzles has "grid".
  if (object.is_object() && !object.contains("grid") && !object.contains("constraints") &&
      (object.contains("cells") || object.contains("ce")))
    return read_sudokupad(object);
  try {
    VariantPuzzle p =
        object.is_object() && object.contains("constraints") && !object.contains("grid")
            ? read_nonet(object)
            : Reader(object).read();
    if (nonet::Result<void> ok = check(p); !ok) return ok.error();
    return p;
  } catch (const Refused& r) {
    return Error{0, 0, r.message};
  } catch (const json::exception& e) {
    return Error{0, 0, std::string("the f-puzzles JSON is not usable: ") + e.what()};
  }
}

nonet::Result<VariantPuzzle> read_variant(std::string_view text) {
  text = trimmed(text);
  std::string json_text;
  if (text.starts_with("{")) {
    json_text = text;
  } else if (const std::optional<std::string> payload = payload_of(text)) {
    // A puzzle's JSON is some kilobytes; a megabyte is far beyond any.
    const nonet::Result<std::u16string> unpacked =
        lz::decompress(*payload, lz::Alphabet::base64, std::size_t{1} << 20);
    if (!unpacked)
      return Error{0, 0, "the link's puzzle cannot be unpacked: " + unpacked.error().to_string()};
    json_text = lz::utf8(*unpacked);
  } else if (const std::optional<SudokuPadPayload> pad = sudokupad_payload(text)) {
    const nonet::Result<std::u16string> unpacked =
        lz::decompress(pad->data, lz::Alphabet::base64, std::size_t{1} << 20);
    if (!unpacked)
      return Error{0, 0, "the SudokuPad link's puzzle cannot be unpacked: " + unpacked.error().to_string()};
    std::string unzipped = lz::utf8(*unpacked);
    // The compact form always; the plain one when it is not plain JSON after all.
    json object = pad->compact ? json(json::value_t::discarded) : json::parse(unzipped, nullptr, false);
    if (object.is_discarded() && !too_deep(unzipped)) {
      const nonet::Result<std::string> expanded = expand_compact_json(unzipped);
      if (!expanded) return expanded.error();
      object = json::parse(*expanded, nullptr, false);
    }
    if (object.is_discarded()) return Error{0, 0, "the SudokuPad link's puzzle is not valid JSON"};
    return read_sudokupad(object);
  } else if (text.find("sudokupad") != std::string_view::npos) {
    return Error{0, 0, "this SudokuPad link names a puzzle kept on SudokuPad's server, which nonet "
                       "does not fetch: open it there and share it as an f-puzzles link, or paste "
                       "its scl or ctc link"};
  } else {
    return Error{0, 0, "not an f-puzzles puzzle, link or payload"};
  }
  if (too_deep(json_text)) return Error{0, 0, "the f-puzzles JSON nests deeper than 32 levels"};
  json object = json::parse(json_text, nullptr, false);
  if (object.is_discarded())
    return Error{0, 0, "the f-puzzles JSON is not valid JSON"};
  return read_fpuzzles(object);
}

json to_fpuzzles(const VariantPuzzle& p, FpuzzlesProgress progress) {
  const Geometry& g = p.geometry();
  const int n = g.side();
  const auto name = [&g](int cell) {
    return "R" + std::to_string(g.row_of(cell) + 1) + "C" + std::to_string(g.col_of(cell) + 1);
  };
  const auto names = [&](const std::vector<int>& cells) {
    json list = json::array();
    for (const int c : cells) list.push_back(name(c));
    return list;
  };
  json out = {{"size", n}};
  json grid = json::array();
  for (int r = 0; r < n; ++r) {
    json row = json::array();
    for (int c = 0; c < n; ++c) {
      json cellj = json::object();
      const int at = g.cell(r, c);
      if (p.givens[at]) {
        cellj["value"] = p.givens[at], cellj["given"] = true;
      } else if (progress.values && (*progress.values)[at]) {
        cellj["value"] = (*progress.values)[at];
      } else if (progress.marks && !progress.marks->empty()) {
        json digits = json::array();
        for (Mask m = (*progress.marks)[static_cast<std::size_t>(at)]; m; m &= m - 1)
          digits.push_back(std::countr_zero(m) + 1);
        if (!digits.empty()) cellj["centerPencilMarks"] = std::move(digits);
      }
      for (const Constraint& k : p.constraints)
        if (k.kind == ConstraintKind::candidates && k.cells[0] == at)
          cellj["givenPencilMarks"] = k.other;
      if (p.no_regions) {
        cellj["region"] = nullptr;
      } else if (!p.regions.empty()) {
        cellj["region"] = p.regions[static_cast<std::size_t>(at)];
      }
      row.push_back(std::move(cellj));
    }
    grid.push_back(std::move(row));
  }
  out["grid"] = std::move(grid);
  using K = ConstraintKind;
  for (const Constraint& c : p.constraints) {
    switch (c.kind) {
      case K::diagonal_up: out["diagonal+"] = true; break;
      case K::diagonal_down: out["diagonal-"] = true; break;
      case K::anti_knight: out["antiknight"] = true; break;
      case K::anti_king: out["antiking"] = true; break;
      case K::disjoint_groups: out["disjointgroups"] = true; break;
      case K::non_consecutive: out["nonconsecutive"] = true; break;
      case K::negative_ratio: out["negative"].push_back("ratio"); break;
      case K::negative_xv: out["negative"].push_back("xv"); break;
      case K::killer_cage: {
        json e = {{"cells", names(c.cells)}};
        if (c.value) e["value"] = std::to_string(c.value);
        out["killercage"].push_back(std::move(e));
        break;
      }
      case K::extra_region: out["extraregion"].push_back({{"cells", names(c.cells)}}); break;
      case K::difference:
      case K::ratio: {
        json e = {{"cells", names(c.cells)}};
        if (c.value) e["value"] = std::to_string(c.value);
        out[c.kind == K::difference ? "difference" : "ratio"].push_back(std::move(e));
        break;
      }
      case K::xv: out["xv"].push_back({{"cells", names(c.cells)}, {"value", c.value == 10 ? "X" : "V"}}); break;
      case K::clone: out["clone"].push_back({{"cells", names(c.cells)}, {"cloneCells", names(c.other)}}); break;
      case K::odd:
      case K::even:
      case K::minimum:
      case K::maximum:
        out[key_of(kOneCellKeys, c.kind)].push_back({{"cell", name(c.cells[0])}});
        break;
      case K::candidates:
        break;  // in the grid, above
      case K::thermometer:
      case K::palindrome:
      case K::between:
      case K::renban:
      case K::region_sum_line:
        out[key_of(kLineKeys, c.kind)].push_back({{"lines", json::array({names(c.cells)})}});
        break;
      case K::whispers: {
        json e = {{"lines", json::array({names(c.cells)})}};
        if (c.value) e["value"] = std::to_string(c.value);  // a difference of its own
        out["whispers"].push_back(std::move(e));
        break;
      }
      case K::arrow:
        out["arrow"].push_back(
            {{"cells", names({c.cells[0]})}, {"lines", json::array({names(c.cells)})}});
        break;
      case K::pill_arrow: {
        const std::vector<int> circle(c.cells.begin(), c.cells.begin() + c.value);
        std::vector<int> line(c.cells.begin() + c.value, c.cells.end());
        // The line starts on the pill's cell next to the arrow's first.
        int start = circle[0];
        for (const int x : circle)
          if (std::abs(g.row_of(x) - g.row_of(line[0])) <= 1 &&
              std::abs(g.col_of(x) - g.col_of(line[0])) <= 1)
            start = x;
        line.insert(line.begin(), start);
        out["arrow"].push_back({{"cells", names(circle)}, {"lines", json::array({names(line)})}});
        break;
      }
      case K::quadruple:
        out["quadruple"].push_back({{"cells", names(c.cells)}, {"values", c.other}});
        break;
      case K::sandwich:
      case K::x_sum:
      case K::skyscraper: {
        const int first = c.cells[0];
        const int dr = g.row_of(c.cells[1]) - g.row_of(first),
                  dc = g.col_of(c.cells[1]) - g.col_of(first);
        const std::string clue = "R" + std::to_string(g.row_of(first) + 1 - dr) + "C" +
                                 std::to_string(g.col_of(first) + 1 - dc);
        out[key_of(kOutsideKeys, c.kind)].push_back(
            {{"cell", clue}, {"value", std::to_string(c.value)}});
        break;
      }
      case K::little_killer: {
        const int first = c.cells.front();
        // A one-cell diagonal is a corner: its direction leads off the board
        // after it, so that it reads back as that one cell.
        const int dr = c.cells.size() > 1 ? g.row_of(c.cells[1]) - g.row_of(first) : (g.row_of(first) == 0 ? 1 : -1);
        const int dc = c.cells.size() > 1 ? g.col_of(c.cells[1]) - g.col_of(first)
                                          : (g.col_of(first) == 0 ? -1 : 1);
        const std::string clue = "R" + std::to_string(g.row_of(first) + 1 - dr) + "C" +
                                 std::to_string(g.col_of(first) + 1 - dc);
        out["littlekillersum"].push_back({{"cell", clue},
                                          {"direction", std::string(dr > 0 ? "D" : "U") + (dc > 0 ? "R" : "L")},
                                          {"value", std::to_string(c.value)}});
        break;
      }
    }
  }
  return out;
}

std::string fpuzzles_link(const VariantPuzzle& p, FpuzzlesProgress progress) {
  return "https://www.f-puzzles.com/?load=" +
         lz::compress(*lz::utf16(to_fpuzzles(p, progress).dump()), lz::Alphabet::base64);
}

}  // namespace nonet::ops
