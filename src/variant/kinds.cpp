// The constraint kinds: each a row of the table at the end, with its rule,
// what it needs of its cells (check) and the houses, pairs and sums it lowers
// to (lower). A new kind is a row here and its two functions.

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <set>

#include "variant/lowered.h"

namespace nonet::variant {
namespace {

using Cells = std::vector<int>;

bool adjacent(const Geometry& g, int a, int b) {
  return std::abs(g.row_of(a) - g.row_of(b)) + std::abs(g.col_of(a) - g.col_of(b)) == 1;
}
bool touching(const Geometry& g, int a, int b) {  // orthogonally or diagonally
  return a != b && std::abs(g.row_of(a) - g.row_of(b)) <= 1 &&
         std::abs(g.col_of(a) - g.col_of(b)) <= 1;
}
std::string plural(std::size_t n, const char* one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

// --- What a kind needs of its cells (an empty string when it has it) ------------

std::string needs_none(const Constraint& c, const VariantPuzzle&) {
  return c.cells.empty() ? "" : "holds on the whole board and takes no cells";
}
std::string needs_one(const Constraint& c, const VariantPuzzle&) {
  return c.cells.size() == 1 ? "" : "takes one cell, not " + std::to_string(c.cells.size());
}
std::string needs_some(const Constraint& c, const VariantPuzzle& p) {
  if (c.cells.empty()) return "has no cells";
  if (std::set<int>(c.cells.begin(), c.cells.end()).size() != c.cells.size())
    return "holds a cell twice";
  if (c.cells.size() > static_cast<std::size_t>(p.geometry().side()))
    return "has " + plural(c.cells.size(), "cell") + ", more than the " +
           std::to_string(p.geometry().side()) + " digits";
  return "";
}
std::string needs_dot(const Constraint& c, const VariantPuzzle& p) {
  if (c.cells.size() != 2) return "joins two cells, not " + std::to_string(c.cells.size());
  const int n = p.geometry().side();
  if (c.kind == ConstraintKind::difference && (c.value < 0 || c.value >= n))
    return "has the difference " + std::to_string(c.value) + ", which no two digits 1 to " +
           std::to_string(n) + " have";
  if (c.kind == ConstraintKind::ratio && (c.value < 0 || c.value == 1 || c.value > n))
    return "has the ratio " + std::to_string(c.value) + ", which no two different digits 1 to " +
           std::to_string(n) + " have";
  if (!adjacent(p.geometry(), c.cells[0], c.cells[1])) return "joins cells that are not neighbours";
  return "";
}
// A line: cells in order, each touching the one before, none twice (unless
// `loops`: a line whose rule is only between neighbours may cross itself or
// close into a loop).
std::string needs_line(const Constraint& c, const VariantPuzzle& p, std::size_t least,
                       bool loops = false) {
  if (c.cells.size() < least) return "has " + plural(c.cells.size(), "cell") + "; it needs " + std::to_string(least);
  for (std::size_t i = 1; i < c.cells.size(); ++i)
    if (!touching(p.geometry(), c.cells[i - 1], c.cells[i]))
      return "jumps from " + p.geometry().cell_name(c.cells[i - 1]) + " to " +
             p.geometry().cell_name(c.cells[i]);
  if (!loops && std::set<int>(c.cells.begin(), c.cells.end()).size() != c.cells.size())
    return "passes a cell twice";
  return "";
}
std::string needs_line2(const Constraint& c, const VariantPuzzle& p) { return needs_line(c, p, 2); }
std::string needs_line1(const Constraint& c, const VariantPuzzle& p) { return needs_line(c, p, 1); }

// --- Lowering ---------------------------------------------------------------------

void house(Lowered& out, Cells cells) { out.houses.push_back({std::move(cells)}); }

void lower_diagonal(const Constraint& c, const VariantPuzzle& p, Lowered& out) {
  const int n = p.geometry().side();
  Cells cells;
  for (int i = 0; i < n; ++i)
    cells.push_back(c.kind == ConstraintKind::diagonal_down ? p.geometry().cell(i, i)
                                                            : p.geometry().cell(n - 1 - i, i));
  house(out, std::move(cells));
}

void lower_disjoint(const Constraint&, const VariantPuzzle& p, Lowered& out) {
  const Geometry& g = p.geometry();
  for (int slot = 0; slot < g.side(); ++slot) {
    Cells cells;
    for (int box = 0; box < g.side(); ++box) cells.push_back(g.house_cells(g.box_house(box))[slot]);
    house(out, std::move(cells));
  }
}

void lower_house(const Constraint& c, const VariantPuzzle&, Lowered& out) { house(out, c.cells); }

// Cells a move of (dr, dc), in every direction, apart differ.
void lower_moves(const VariantPuzzle& p, Lowered& out, std::initializer_list<std::pair<int, int>> moves) {
  const Geometry& g = p.geometry();
  const int n = g.side();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    for (const auto& [dr, dc] : moves) {
      const int r = g.row_of(cell) + dr, col = g.col_of(cell) + dc;
      if (r < 0 || r >= n || col < 0 || col >= n) continue;
      const int other = g.cell(r, col);
      if (other > cell) out.relate(cell, other, [](int x, int y) { return x != y; });
    }
  }
}
void lower_anti_knight(const Constraint&, const VariantPuzzle& p, Lowered& out) {
  lower_moves(p, out, {{1, 2}, {1, -2}, {2, 1}, {2, -1}});
}
void lower_anti_king(const Constraint&, const VariantPuzzle& p, Lowered& out) {
  lower_moves(p, out, {{1, 1}, {1, -1}});  // orthogonal neighbours share a row or column
}

int dot_value(const Constraint& c) {
  if (c.value != 0) return c.value;
  return c.kind == ConstraintKind::ratio ? 2 : 1;
}
bool in_ratio(int x, int y, int r) { return x == r * y || y == r * x; }

void lower_difference(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  const int k = dot_value(c);
  out.relate(c.cells[0], c.cells[1], [k](int x, int y) { return std::abs(x - y) == k; });
}
void lower_ratio(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  const int r = dot_value(c);
  out.relate(c.cells[0], c.cells[1], [r](int x, int y) { return in_ratio(x, y, r); });
}
void lower_xv(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  const int sum = c.value;
  out.relate(c.cells[0], c.cells[1], [sum](int x, int y) { return x + y == sum; });
}

// The orthogonal pairs that carry no constraint of the given kinds.
std::vector<std::pair<int, int>> unmarked(const VariantPuzzle& p,
                                          std::initializer_list<ConstraintKind> kinds) {
  std::set<std::pair<int, int>> marked;
  for (const Constraint& c : p.constraints) {
    if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end() || c.cells.size() != 2) continue;
    marked.insert(std::minmax(c.cells[0], c.cells[1]));
  }
  std::vector<std::pair<int, int>> out;
  for (const auto& pair : orthogonal_pairs(p.geometry()))
    if (!marked.count(pair)) out.push_back(pair);
  return out;
}

bool has(const VariantPuzzle& p, ConstraintKind kind) {
  return std::any_of(p.constraints.begin(), p.constraints.end(),
                     [kind](const Constraint& c) { return c.kind == kind; });
}
// With both negatives ("every dot is given"), a pair with a dot of either colour is exempt from
// both.
bool every_dot_given(const VariantPuzzle& p) {
  return has(p, ConstraintKind::non_consecutive) && has(p, ConstraintKind::negative_ratio);
}

void lower_non_consecutive(const Constraint&, const VariantPuzzle& p, Lowered& out) {
  // As f-puzzles reads it: a pair with a white dot is exempt.
  const auto dots = every_dot_given(p)
                        ? unmarked(p, {ConstraintKind::difference, ConstraintKind::ratio})
                        : unmarked(p, {ConstraintKind::difference});
  for (const auto& [a, b] : dots)
    out.relate(a, b, [](int x, int y) { return std::abs(x - y) != 1; });
}
void lower_negative_ratio(const Constraint&, const VariantPuzzle& p, Lowered& out) {
  std::set<int> ratios;
  for (const Constraint& c : p.constraints)
    if (c.kind == ConstraintKind::ratio) ratios.insert(dot_value(c));
  if (ratios.empty()) ratios.insert(2);
  const auto dots = every_dot_given(p)
                        ? unmarked(p, {ConstraintKind::difference, ConstraintKind::ratio})
                        : unmarked(p, {ConstraintKind::ratio});
  for (const auto& [a, b] : dots)
    out.relate(a, b, [&ratios](int x, int y) {
      return std::none_of(ratios.begin(), ratios.end(), [&](int r) { return in_ratio(x, y, r); });
    });
}
void lower_negative_xv(const Constraint&, const VariantPuzzle& p, Lowered& out) {
  for (const auto& [a, b] : unmarked(p, {ConstraintKind::xv}))
    out.relate(a, b, [](int x, int y) { return x + y != 5 && x + y != 10; });
}

void lower_parity(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  Mask keep = 0;
  for (int d = c.kind == ConstraintKind::odd ? 1 : 2; d <= out.side; d += 2) keep |= Mask{1} << (d - 1);
  out.start[static_cast<std::size_t>(c.cells[0])] &= keep;
}
void lower_extremum(const Constraint& c, const VariantPuzzle& p, Lowered& out) {
  const int cell = c.cells[0];
  const bool least = c.kind == ConstraintKind::minimum;
  for (const auto& [a, b] : orthogonal_pairs(p.geometry())) {
    if (a != cell && b != cell) continue;
    const int other = a == cell ? b : a;
    out.relate(cell, other, [least](int x, int y) { return least ? x < y : x > y; });
  }
}

void lower_thermometer(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  for (std::size_t i = 1; i < c.cells.size(); ++i)
    out.relate(c.cells[i - 1], c.cells[i], [](int x, int y) { return x < y; });
}
int whisper_gap(const Constraint& c, int side) { return c.value != 0 ? c.value : (side + 1) / 2; }
void lower_whispers(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  const int gap = whisper_gap(c, out.side);
  for (std::size_t i = 1; i < c.cells.size(); ++i)
    out.relate(c.cells[i - 1], c.cells[i], [gap](int x, int y) { return std::abs(x - y) >= gap; });
}
void lower_renban(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  house(out, c.cells);
  out.spans.push_back({c.cells});
}
void lower_palindrome(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  for (std::size_t i = 0, j = c.cells.size() - 1; i < j; ++i, --j)
    out.relate(c.cells[i], c.cells[j], [](int x, int y) { return x == y; });
}
void lower_between(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  if (c.cells.size() < 3) return;
  out.betweens.push_back({c.cells.front(), c.cells.back(), Cells(c.cells.begin() + 1, c.cells.end() - 1)});
}
void lower_clone(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  for (std::size_t i = 0; i < c.cells.size(); ++i)
    if (c.cells[i] != c.other[i]) out.relate(c.cells[i], c.other[i], [](int x, int y) { return x == y; });
}

void lower_cage(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  house(out, c.cells);
  if (c.value > 0) out.sums.push_back({c.cells, std::vector<int>(c.cells.size(), 1), c.value, true});
}
void lower_arrow(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  std::vector<int> coefficients(c.cells.size(), 1);
  coefficients[0] = -1;  // the circle
  out.sums.push_back({c.cells, std::move(coefficients), 0});
}
void lower_little_killer(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  out.sums.push_back({c.cells, std::vector<int>(c.cells.size(), 1), c.value});
}
void lower_pill_arrow(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  const auto pill = static_cast<std::size_t>(c.value);
  std::vector<int> coefficients(c.cells.size(), 1);
  int place = 1;
  for (std::size_t i = pill; i-- > 0; place *= 10) coefficients[i] = -place;
  // Past 9, a digit written in the pill after its first is one decimal digit.
  for (std::size_t i = 1; i < pill && out.side > 9; ++i)
    out.start[static_cast<std::size_t>(c.cells[i])] &= (Mask{1} << 9) - 1;
  out.sums.push_back({c.cells, std::move(coefficients), 0});
}
void lower_candidates(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  Mask keep = 0;
  for (const int d : c.other) keep |= Mask{1} << (d - 1);
  out.start[static_cast<std::size_t>(c.cells[0])] &= keep;
}
// The region of each cell: jigsaw regions, the boxes, or -1 for none.
int region_of(const VariantPuzzle& p, int cell) {
  if (!p.regions.empty()) return p.regions[static_cast<std::size_t>(cell)];
  return p.no_regions ? -1 : p.geometry().box_of(cell);
}
void lower_region_sum_line(const Constraint& c, const VariantPuzzle& p, Lowered& out) {
  // The pieces, cut where the line crosses from one region into another, all
  // with one sum.
  std::vector<Cells> pieces;
  for (std::size_t i = 0; i < c.cells.size(); ++i) {
    if (i == 0 || region_of(p, c.cells[i]) != region_of(p, c.cells[i - 1]) ||
        region_of(p, c.cells[i]) < 0)
      pieces.emplace_back();
    pieces.back().push_back(c.cells[i]);
  }
  if (pieces.size() > 1) out.equal_sums.push_back(std::move(pieces));
}

// --- Kind-specific checks -------------------------------------------------------

std::string needs_clone(const Constraint& c, const VariantPuzzle&) {
  if (c.cells.empty() || c.cells.size() != c.other.size())
    return "pairs " + plural(c.cells.size(), "cell") + " with " + plural(c.other.size(), "copy");
  return "";
}
std::string needs_cage(const Constraint& c, const VariantPuzzle& p) {
  if (std::string e = needs_some(c, p); !e.empty()) return e;
  if (std::set<int>(c.cells.begin(), c.cells.end()).size() != c.cells.size()) return "holds a cell twice";
  if (c.value == 0) return "";
  const int n = static_cast<int>(c.cells.size()), side = p.geometry().side();
  const int least = n * (n + 1) / 2, most = n * (2 * side - n + 1) / 2;
  if (c.value < least || c.value > most)
    return "sums to " + std::to_string(c.value) + ", which " + std::to_string(n) +
           " different digits cannot make (" + std::to_string(least) + " to " + std::to_string(most) + ")";
  return "";
}
std::string needs_arrow(const Constraint& c, const VariantPuzzle& p) {
  if (c.cells.size() < 2) return "needs a circle and at least one cell on its arrow";
  if (c.cells.size() - 1 > static_cast<std::size_t>(p.geometry().side()))
    return "has " + plural(c.cells.size() - 1, "cell") + " on its arrow, whose sum no digit can be";
  return needs_line(c, p, 2);
}
std::string needs_diagonal_sum(const Constraint& c, const VariantPuzzle& p) {
  if (c.cells.empty()) return "has no cells";
  const Geometry& g = p.geometry();
  // One step, the same each time, diagonally.
  for (std::size_t i = 1; i < c.cells.size(); ++i) {
    const int dr = g.row_of(c.cells[i]) - g.row_of(c.cells[i - 1]);
    const int dc = g.col_of(c.cells[i]) - g.col_of(c.cells[i - 1]);
    if (std::abs(dr) != 1 || std::abs(dc) != 1 ||
        (i > 1 && (dr != g.row_of(c.cells[1]) - g.row_of(c.cells[0]) ||
                   dc != g.col_of(c.cells[1]) - g.col_of(c.cells[0]))))
      return "is not a diagonal";
  }
  const int n = static_cast<int>(c.cells.size());
  if (c.value < n || c.value > n * g.side())
    return "sums to " + std::to_string(c.value) + ", which " + std::to_string(n) + " digits cannot make";
  return "";
}
std::string needs_pill_arrow(const Constraint& c, const VariantPuzzle& p) {
  const auto pill = static_cast<std::size_t>(c.value);
  if (c.value < 1 || c.value > 3)
    return "has a pill of " + std::to_string(c.value) + " cells; it takes 1 to 3";
  if (c.cells.size() <= pill) return "needs at least one cell on its arrow";
  const Geometry& g = p.geometry();
  Constraint part{c.kind, Cells(c.cells.begin(), c.cells.begin() + c.value)};
  if (std::string e = needs_line(part, p, 1); !e.empty()) return "its pill " + e;
  part.cells.assign(c.cells.begin() + c.value, c.cells.end());
  if (std::string e = needs_line(part, p, 1); !e.empty()) return "its arrow " + e;
  if (std::none_of(c.cells.begin(), c.cells.begin() + c.value,
                   [&](int x) { return touching(g, x, part.cells[0]); }))
    return "has an arrow that does not start next to its pill";
  if (std::set<int>(c.cells.begin(), c.cells.end()).size() != c.cells.size())
    return "holds a cell twice";
  return "";
}
std::string needs_candidates(const Constraint& c, const VariantPuzzle& p) {
  if (std::string e = needs_one(c, p); !e.empty()) return e;
  if (c.other.empty()) return "allows no digit";
  for (const int d : c.other)
    if (d < 1 || d > p.geometry().side())
      return "allows the digit " + std::to_string(d) + ", which a " + p.geometry().describe() +
             " board has not";
  return "";
}
std::string needs_xv(const Constraint& c, const VariantPuzzle& p) {
  if (c.value != 5 && c.value != 10) return "sums to " + std::to_string(c.value) + ", not 5 (V) or 10 (X)";
  return needs_dot(c, p);
}
std::string needs_thermometer(const Constraint& c, const VariantPuzzle& p) {
  if (std::string e = needs_line(c, p, 2); !e.empty()) return e;
  if (c.cells.size() > static_cast<std::size_t>(p.geometry().side()))
    return "is " + plural(c.cells.size(), "cell") + " long, more than the " +
           std::to_string(p.geometry().side()) + " digits can climb";
  return "";
}
std::string needs_renban(const Constraint& c, const VariantPuzzle& p) {
  if (std::string e = needs_line(c, p, 1); !e.empty()) return e;
  return needs_some(c, p);
}
std::string needs_whispers(const Constraint& c, const VariantPuzzle& p) {
  if (c.value < 0) return "asks for a difference of " + std::to_string(c.value);
  if (whisper_gap(c, p.geometry().side()) >= p.geometry().side())
    return "asks for a difference of " + std::to_string(whisper_gap(c, p.geometry().side())) +
           ", which no two digits have";
  return needs_line(c, p, 2, true);
}

using Check = std::string (*)(const Constraint&, const VariantPuzzle&);
using Lower = void (*)(const Constraint&, const VariantPuzzle&, Lowered&);

struct Kind {
  ConstraintKindInfo info;
  Check check;
  Lower lower;
};

// In the order of ConstraintKind.
// clang-format off
constexpr Kind kKinds[] = {
    {{ConstraintKind::diagonal_down, "diagonal_down", "diagonal", "no digit twice on the diagonal from r1c1 to rNcN"}, needs_none, lower_diagonal},
    {{ConstraintKind::diagonal_up, "diagonal_up", "anti-diagonal", "no digit twice on the diagonal from rNc1 to r1cN"}, needs_none, lower_diagonal},
    {{ConstraintKind::disjoint_groups, "disjoint_groups", "disjoint groups", "no digit twice among the cells at the same place in every box"}, needs_none, lower_disjoint},
    {{ConstraintKind::extra_region, "extra_region", "extra region", "no digit twice in the region; a region of N cells holds every digit"}, needs_some, lower_house},
    {{ConstraintKind::anti_knight, "anti_knight", "anti-knight", "cells a knight's move apart hold different digits"}, needs_none, lower_anti_knight},
    {{ConstraintKind::anti_king, "anti_king", "anti-king", "cells a king's move apart hold different digits"}, needs_none, lower_anti_king},
    {{ConstraintKind::non_consecutive, "non_consecutive", "non-consecutive", "orthogonal neighbours without a white dot between them (without a dot of either colour, when no black dot is a rule too) are not consecutive"}, needs_none, lower_non_consecutive},
    {{ConstraintKind::difference, "difference", "white dot", "the two digits differ by the dot's value (1 when it has none)"}, needs_dot, lower_difference},
    {{ConstraintKind::ratio, "ratio", "black dot", "one digit is the dot's value (2 when it has none) times the other"}, needs_dot, lower_ratio},
    {{ConstraintKind::xv, "xv", "XV", "the two digits sum to 10 (X) or 5 (V)"}, needs_xv, lower_xv},
    {{ConstraintKind::negative_ratio, "negative_ratio", "no black dot", "orthogonal neighbours without a black dot are in no ratio a black dot of the puzzle uses (2 when there is none)"}, needs_none, lower_negative_ratio},
    {{ConstraintKind::negative_xv, "negative_xv", "no XV", "orthogonal neighbours without an X or a V sum to neither 5 nor 10"}, needs_none, lower_negative_xv},
    {{ConstraintKind::odd, "odd", "odd", "the cell holds an odd digit"}, needs_one, lower_parity},
    {{ConstraintKind::even, "even", "even", "the cell holds an even digit"}, needs_one, lower_parity},
    {{ConstraintKind::minimum, "minimum", "minimum", "the cell's digit is below each of its orthogonal neighbours'"}, needs_one, lower_extremum},
    {{ConstraintKind::maximum, "maximum", "maximum", "the cell's digit is above each of its orthogonal neighbours'"}, needs_one, lower_extremum},
    {{ConstraintKind::candidates, "candidates", "candidates", "the cell holds one of the digits listed for it"}, needs_candidates, lower_candidates},
    {{ConstraintKind::thermometer, "thermometer", "thermometer", "digits strictly increase from the bulb along the line"}, needs_thermometer, lower_thermometer},
    {{ConstraintKind::whispers, "whispers", "German whispers", "neighbours on the line differ by at least the line's value (half the side, rounded up, when it has none: 5 on 9x9)"}, needs_whispers, lower_whispers},
    {{ConstraintKind::renban, "renban", "renban", "the line holds a set of consecutive digits, in any order, none twice"}, needs_renban, lower_renban},
    {{ConstraintKind::palindrome, "palindrome", "palindrome", "the line reads the same from either end"}, needs_line1, lower_palindrome},
    {{ConstraintKind::between, "between", "between line", "each cell inside the line holds a digit strictly between the digits of its two ends"}, needs_line2, lower_between},
    {{ConstraintKind::clone, "clone", "clone", "each cell holds the digit of its copy"}, needs_clone, lower_clone},
    {{ConstraintKind::region_sum_line, "region_sum_line", "region sum line", "cut where it crosses from one region into another, the line's pieces all have the same sum"}, needs_line1, lower_region_sum_line},
    {{ConstraintKind::killer_cage, "killer_cage", "killer cage", "no digit twice in the cage; its digits sum to its value, when it has one"}, needs_cage, lower_cage},
    {{ConstraintKind::arrow, "arrow", "arrow", "the digits along the arrow (which may repeat) sum to the digit in its circle"}, needs_arrow, lower_arrow},
    {{ConstraintKind::little_killer, "little_killer", "little killer", "the digits on the diagonal (which may repeat) sum to the clue"}, needs_diagonal_sum, lower_little_killer},
    {{ConstraintKind::pill_arrow, "pill_arrow", "pill arrow", "the digits along the arrow (which may repeat) sum to the number the pill's digits make, read from its first cell"}, needs_pill_arrow, lower_pill_arrow},
    {{ConstraintKind::quadruple, "quadruple", "quadruple", "the 2x2 holds each listed digit, as many times as it is listed"}, needs_quadruple, lower_quadruple},
    {{ConstraintKind::sandwich, "sandwich", "sandwich", "the digits between the 1 and the N (the highest digit) in the row or column sum to the clue"}, needs_outside_clue, lower_sandwich},
    {{ConstraintKind::x_sum, "x_sum", "X-sum", "the first X digits seen from the clue, X being the first of them, sum to the clue"}, needs_outside_clue, lower_x_sum},
    {{ConstraintKind::skyscraper, "skyscraper", "skyscraper", "seen from the clue, as many digits as the clue are each higher than every digit before them"}, needs_outside_clue, lower_skyscraper},
};
// clang-format on

constexpr bool in_kind_order() {
  for (std::size_t i = 0; i < std::size(kKinds); ++i)
    if (static_cast<std::size_t>(kKinds[i].info.kind) != i) return false;
  return true;
}
static_assert(in_kind_order(), "kKinds lists the kinds in the order of ConstraintKind");

const Kind& kind_of(ConstraintKind k) { return kKinds[static_cast<std::size_t>(k)]; }

}  // namespace

std::vector<std::pair<int, int>> orthogonal_pairs(const Geometry& g) {
  std::vector<std::pair<int, int>> out;
  const int n = g.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) out.emplace_back(g.cell(r, c), g.cell(r, c + 1));
      if (r + 1 < n) out.emplace_back(g.cell(r, c), g.cell(r + 1, c));
    }
  return out;
}

std::string check_kind(const Constraint& c, const VariantPuzzle& p) { return kind_of(c.kind).check(c, p); }

namespace {
Lowered empty_board(const VariantPuzzle& p) {
  const Geometry& g = p.geometry();
  Lowered out;
  out.side = g.side();
  out.all = g.all_digits();
  out.start.assign(static_cast<std::size_t>(g.cell_count()), g.all_digits());
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (const int d = p.givens[cell]; d > 0) out.start[static_cast<std::size_t>(cell)] = Mask{1} << (d - 1);
  return out;
}
}  // namespace

Lowered lower_alone(const VariantPuzzle& p, const Constraint& c) {
  Lowered out = empty_board(p);
  kind_of(c.kind).lower(c, p, out);
  return out;
}

Lowered lower(const VariantPuzzle& p) {
  const Geometry& g = p.geometry();
  Lowered out = empty_board(p);
  for (int i = 0; i < g.side(); ++i) {
    house(out, Cells(g.house_cells(g.row_house(i)).begin(), g.house_cells(g.row_house(i)).end()));
    house(out, Cells(g.house_cells(g.column_house(i)).begin(), g.house_cells(g.column_house(i)).end()));
  }
  if (!p.no_regions) {
    if (p.regions.empty()) {
      for (int i = 0; i < g.side(); ++i)
        out.houses.push_back(
            {Cells(g.house_cells(g.box_house(i)).begin(), g.house_cells(g.box_house(i)).end()), true});
    } else {
      std::vector<Cells> regions(static_cast<std::size_t>(g.side()));
      for (int cell = 0; cell < g.cell_count(); ++cell)
        regions[static_cast<std::size_t>(p.regions[static_cast<std::size_t>(cell)])].push_back(cell);
      for (Cells& r : regions) out.houses.push_back({std::move(r), true});
    }
  }
  for (const Constraint& c : p.constraints) kind_of(c.kind).lower(c, p, out);
  add_implied_sums(g, out);
  return out;
}

}  // namespace nonet::variant

namespace nonet {

namespace {
constexpr auto kInfos = [] {
  std::array<ConstraintKindInfo, std::size(variant::kKinds)> infos{};
  for (std::size_t i = 0; i < infos.size(); ++i) infos[i] = variant::kKinds[i].info;
  return infos;
}();
}  // namespace

std::span<const ConstraintKindInfo> constraint_kinds() { return kInfos; }

const ConstraintKindInfo& info(ConstraintKind kind) { return variant::kind_of(kind).info; }

}  // namespace nonet
