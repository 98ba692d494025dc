// check() and describe(): what a variant puzzle needs before it is searched.

#include <algorithm>

#include "variant/lowered.h"

namespace nonet {

std::string describe(const VariantPuzzle& puzzle, std::size_t index) {
  const Constraint& c = puzzle.constraints[index];
  std::size_t same = 0;  // its place among the constraints of its kind
  for (std::size_t i = 0; i <= index; ++i) same += puzzle.constraints[i].kind == c.kind ? 1 : 0;
  std::string text = std::string(info(c.kind).name) + " " + std::to_string(same);
  if (c.cells.empty()) return text;
  const Geometry& g = puzzle.geometry();
  text += " (";
  for (std::size_t i = 0; i < std::min<std::size_t>(c.cells.size(), 4); ++i) {
    const int cell = c.cells[i];
    text += (i ? ", " : "") +
            (cell >= 0 && cell < g.cell_count() ? g.cell_name(cell) : "cell " + std::to_string(cell));
  }
  return text + (c.cells.size() > 4 ? ", ...)" : ")");
}

Result<void> check(const VariantPuzzle& puzzle) {
  const Geometry& g = puzzle.geometry();
  const int n = g.side();
  if (!puzzle.regions.empty()) {
    if (puzzle.regions.size() != static_cast<std::size_t>(g.cell_count()))
      return Error{0, 0, "the regions name " + std::to_string(puzzle.regions.size()) + " cells of " +
                             std::to_string(g.cell_count())};
    std::vector<int> count(static_cast<std::size_t>(n), 0);
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const int r = puzzle.regions[static_cast<std::size_t>(cell)];
      if (r < 0 || r >= n)
        return Error{0, 0, g.cell_name(cell) + " is in region " + std::to_string(r + 1) +
                               "; a " + g.describe() + " board has regions 1 to " + std::to_string(n)};
      ++count[static_cast<std::size_t>(r)];
    }
    for (int r = 0; r < n; ++r)
      if (count[static_cast<std::size_t>(r)] != n)
        return Error{0, 0, "region " + std::to_string(r + 1) + " has " +
                               std::to_string(count[static_cast<std::size_t>(r)]) + " cells, not " +
                               std::to_string(n)};
  }
  for (std::size_t i = 0; i < puzzle.constraints.size(); ++i) {
    const Constraint& c = puzzle.constraints[i];
    if (static_cast<std::size_t>(c.kind) >= constraint_kinds().size())
      return Error{0, 0, "constraint " + std::to_string(i + 1) + " is of no known kind"};
    const auto on_board = [&](int cell) { return cell >= 0 && cell < g.cell_count(); };
    if (!std::all_of(c.cells.begin(), c.cells.end(), on_board) ||
        (c.kind == ConstraintKind::clone && !std::all_of(c.other.begin(), c.other.end(), on_board)))
      return Error{0, 0, describe(puzzle, i) + ": a cell off the " + g.describe() + " board"};
    if (std::string problem = variant::check_kind(c, puzzle); !problem.empty())
      return Error{0, 0, describe(puzzle, i) + ": " + problem};
  }
  return {};
}

}  // namespace nonet
