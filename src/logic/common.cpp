// Small tools shared by the finders.

#include "logic/finders.h"

namespace nonet::logic_detail {

bool houses_cross(const Geometry& g, int a, int b) {
  // Two different houses of one kind never cross; a row and a column always do;
  // a box and a line cross when the line passes through the box's span.
  const HouseKind ka = g.house_kind(a), kb = g.house_kind(b);
  if (ka == kb) return a == b;
  if (ka != HouseKind::box && kb != HouseKind::box) return true;
  const int box = ka == HouseKind::box ? a : b;
  const int line = ka == HouseKind::box ? b : a;
  const int corner = g.house_cells(box)[0];
  const int index = g.house_index(line);
  if (g.house_kind(line) == HouseKind::row) {
    return index >= g.row_of(corner) && index < g.row_of(corner) + g.box_rows();
  }
  return index >= g.col_of(corner) && index < g.col_of(corner) + g.box_cols();
}

std::vector<int> digits_of(Mask m) {
  std::vector<int> out;
  for (; m; m &= m - 1) out.push_back(lowest_digit(m));
  return out;
}

std::vector<int> cells_of(const Geometry& g, int house, Mask positions) {
  std::vector<int> out;
  auto cells = g.house_cells(house);
  for (; positions; positions &= positions - 1) out.push_back(cells[std::countr_zero(positions)]);
  return out;
}

std::vector<Mask> candidate_grid(const LogicState& s) {
  std::vector<Mask> grid(static_cast<std::size_t>(s.geometry().cell_count()));
  for (int c = 0; c < s.geometry().cell_count(); ++c)
    grid[static_cast<std::size_t>(c)] = s.candidates(c);
  return grid;
}

void eliminate_digits(Step& step, int cell, Mask digits) {
  for (; digits; digits &= digits - 1) step.eliminations.push_back({cell, lowest_digit(digits)});
}

}  // namespace nonet::logic_detail
