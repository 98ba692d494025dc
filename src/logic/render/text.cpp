// The pieces of a step's text (see text.h).

#include "logic/render/text.h"

namespace nonet::logic_detail {

// Written out rather than as `(cond ? "" : sep) + item`, which GCC 12 at -O3
// flags with a false -Wrestrict.
void append(std::string& s, std::string_view sep, std::string_view item) {
  if (!s.empty()) s += sep;
  s += item;
}

std::string join_cells(const std::vector<int>& cells, const Geometry& g) {
  std::string s;
  for (int c : cells) append(s, ", ", g.cell_name(c));
  return s;
}

std::string slash_digits(Mask m) {
  std::string s;
  for (int d : digits_of(m)) append(s, "/", std::string(1, Geometry::symbol(d)));
  return s;
}

std::string comma_digits(Mask m) {
  std::string s;
  for (int d : digits_of(m)) append(s, ", ", std::string(1, Geometry::symbol(d)));
  return s;
}

std::string sym(int digit) { return std::string(1, Geometry::symbol(digit)); }

std::string houses_text(const std::vector<int>& houses, const Geometry& g) {
  std::string s;
  for (int h : houses) append(s, ", ", g.house_name(h));
  return s;
}

std::string lines_text(const std::vector<int>& houses, const Geometry& g) {
  if (houses.empty()) return "";
  static constexpr const char* kPlural[] = {"rows ", "columns ", "boxes ", "houses "};
  std::string s = kPlural[static_cast<int>(g.house_kind(houses[0]))];
  for (std::size_t i = 0; i < houses.size(); ++i) {
    s += (i ? ", " : "") + std::to_string(g.house_index(houses[i]) + 1);
  }
  return s;
}

std::string node_text(int digit, const std::vector<int>& cells, bool on, const Geometry& g) {
  std::string s(1, on ? '+' : '-');
  s += Geometry::symbol(digit);
  s += '[';
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) s += ',';
    s += g.cell_name(cells[i]);
  }
  return s + "]";
}

std::string consequence(const Step& step, const Geometry& g) {
  std::string s;
  if (!step.eliminations.empty()) s += render_eliminations(step.eliminations, g);
  for (const CellDigit& p : step.placements) {
    append(s, "; ", g.cell_name(p.cell) + " = " + sym(p.digit));
  }
  return s;
}

}  // namespace nonet::logic_detail
