#include "nonet/validate.h"

namespace nonet {

const char* to_string(GridState state) {
  switch (state) {
    case GridState::invalid: return "invalid";
    case GridState::incomplete: return "incomplete";
    case GridState::solved: return "solved";
  }
  return "?";
}

Validation validate(const Grid& grid) {
  const Geometry& g = grid.geometry();
  Validation v;
  v.empty_cells = grid.size() - grid.filled_count();
  std::vector<int> count(static_cast<std::size_t>(g.side() + 1));
  for (int h = 0; h < g.house_count(); ++h) {
    std::fill(count.begin(), count.end(), 0);
    for (int c : g.house_cells(h)) ++count[grid[c]];
    for (int d = 1; d <= g.side(); ++d) {
      if (count[d] < 2) continue;
      Conflict conflict{d, h, {}};
      for (int c : g.house_cells(h)) {
        if (grid[c] == d) conflict.cells.push_back(c);
      }
      v.conflicts.push_back(std::move(conflict));
    }
  }
  v.state = !v.conflicts.empty() ? GridState::invalid
            : v.empty_cells > 0  ? GridState::incomplete
                                 : GridState::solved;
  return v;
}

std::string describe(const Conflict& conflict, const Geometry& geometry) {
  std::string s = "digit ";
  s += Geometry::symbol(conflict.digit);
  s += " appears " + std::to_string(conflict.cells.size()) + " times in " +
       geometry.house_name(conflict.house) + ": ";
  for (std::size_t i = 0; i < conflict.cells.size(); ++i) {
    if (i) s += ", ";
    s += geometry.cell_name(conflict.cells[i]);
  }
  return s;
}

}  // namespace nonet
