// Small tools shared by the finders.

#include "logic/finders.h"

namespace nonet::logic_detail {

bool houses_cross(const Geometry& g, int a, int b) {
  // Two different houses of one kind never cross; other houses cross when they
  // share a cell.
  if (g.house_kind(a) == g.house_kind(b)) return a == b;
  return g.shared_slots(a, b) != 0;
}

std::vector<HouseFamily> extra_families(const Geometry& g) {
  std::vector<HouseFamily> out;
  const Layout* layout = g.layout();
  if (!layout) return out;
  for (int e = 0; e < g.extra_count(); ++e) {
    const ExtraKind kind = layout->extra[static_cast<std::size_t>(e)].kind;
    const bool joins = !out.empty() && out.back().kind == kind &&
                       (kind == ExtraKind::disjoint_group || kind == ExtraKind::window);
    if (joins) {
      ++out.back().count;
    } else {
      out.push_back({g.extra_house(e), 1, kind, HouseKind::extra});
    }
  }
  return out;
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
