// validate_variant: the rules a partly or wholly filled board breaks, each
// located. Houses are checked for repeated digits; each constraint is searched
// alone over the board's filled cells (can its empty cells be filled so that
// it holds?); the kinds that hold on the whole board are split into the
// pairs and houses they lower to, so that each broken one is named.

#include <algorithm>
#include <map>

#include "variant/lowered.h"

namespace nonet {
namespace {

// Every digit that a house holds twice or more: its cells.
void repeats(const Grid& grid, const std::vector<int>& cells, const std::string& where,
             int constraint, std::vector<Violation>& out) {
  std::map<int, std::vector<int>> at;
  for (const int c : cells)
    if (grid[c] != 0) at[grid[c]].push_back(c);
  for (auto& [digit, holders] : at) {
    if (holders.size() < 2) continue;
    std::sort(holders.begin(), holders.end());
    out.push_back({where + ": " + std::to_string(digit) + " twice", holders, constraint});
  }
}

}  // namespace

VariantValidation validate_variant(const VariantPuzzle& p) {
  const Geometry& g = p.geometry();
  const Grid& grid = p.givens;
  const int n = g.side();
  VariantValidation v;
  for (int cell = 0; cell < g.cell_count(); ++cell) v.empty_cells += grid[cell] == 0 ? 1 : 0;
  for (int i = 0; i < n; ++i) {
    const auto row = g.house_cells(g.row_house(i)), column = g.house_cells(g.column_house(i));
    repeats(grid, std::vector<int>(row.begin(), row.end()), "row " + std::to_string(i + 1), -1,
            v.violations);
    repeats(grid, std::vector<int>(column.begin(), column.end()), "column " + std::to_string(i + 1),
            -1, v.violations);
  }
  if (!p.no_regions) {
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
    for (int cell = 0; cell < g.cell_count(); ++cell)
      regions[static_cast<std::size_t>(
                  p.regions.empty() ? g.box_of(cell) : p.regions[static_cast<std::size_t>(cell)])]
          .push_back(cell);
    for (int r = 0; r < n; ++r)
      repeats(grid, regions[static_cast<std::size_t>(r)],
              (p.regions.empty() ? "box " : "region ") + std::to_string(r + 1), -1, v.violations);
  }
  SolveOptions one;
  one.limit = 1;
  for (std::size_t i = 0; i < p.constraints.size(); ++i) {
    const Constraint& c = p.constraints[i];
    const int index = static_cast<int>(i);
    const variant::Lowered alone = variant::lower_alone(p, c);
    if (!c.cells.empty()) {
      if (variant::search(alone, g, one).count == 0) {
        std::vector<int> cells = c.cells;
        cells.insert(cells.end(), c.other.begin(),
                     c.kind == ConstraintKind::clone ? c.other.end() : c.other.begin());
        std::sort(cells.begin(), cells.end());
        cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
        v.violations.push_back({describe(p, i), std::move(cells), index});
      }
      continue;
    }
    // A rule of the whole board: each house and pair it lowers to, alone.
    for (const variant::House& h : alone.houses)
      repeats(grid, h.cells, describe(p, i), index, v.violations);
    for (const variant::Pair& pair : alone.pairs) {
      const int x = grid[pair.a], y = grid[pair.b];
      if (x == 0 || y == 0 || (pair.allowed[static_cast<std::size_t>(x)] >> (y - 1) & 1u)) continue;
      v.violations.push_back(
          {describe(p, i), {std::min(pair.a, pair.b), std::max(pair.a, pair.b)}, index});
    }
  }
  v.state = !v.violations.empty() ? GridState::invalid
            : v.empty_cells       ? GridState::incomplete
                                  : GridState::solved;
  return v;
}

}  // namespace nonet
