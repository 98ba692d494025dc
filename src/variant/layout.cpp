// Variant puzzles whose rules are houses or peers (jigsaw regions, diagonals,
// disjoint groups, extra regions such as windoku's windows, the anti-knight and
// anti-king rules), killer cages and relations (dots, some lines, one-cell
// rules) as a board the logic reads like a classic one, and the solver of such
// boards.

#include <algorithm>
#include <string>
#include <utility>

#include "nonet/variant.h"
#include "solve/general_solver.h"
#include "variant/lowered.h"

namespace nonet {
namespace {

std::string corner_to_corner(const Geometry& g, int from, int to) {
  return "diagonal " + g.cell_name(from) + "-" + g.cell_name(to);
}

// Windoku's four windows on a 9x9 board: the 3x3 squares whose top-left cells
// are r2c2, r2c6, r6c2 and r6c6.
bool windoku_window(const Geometry& g, std::vector<int> cells) {
  std::sort(cells.begin(), cells.end());
  for (int top : {1, 5}) {
    for (int left : {1, 5}) {
      std::vector<int> window;
      for (int r = top; r < top + 3; ++r)
        for (int c = left; c < left + 3; ++c) window.push_back(g.cell(r, c));
      if (cells == window) return true;
    }
  }
  return false;
}

// The nine windows of windoku as Sudoku Explainer numbers and reads them: the
// four drawn ones, then the five the rows and columns imply (the cells left
// over in rows 1, 5, 9 by columns 2-4 and 6-8, in columns 1, 5, 9 by rows 2-4
// and 6-8 read down each column, and where rows and columns 1, 5, 9 cross).
std::vector<ExtraHouse> windoku_windows(const Geometry& g) {
  std::vector<ExtraHouse> out;
  auto add = [&](std::vector<int> rows, std::vector<int> cols, bool down) {
    ExtraHouse h{"window " + std::to_string(out.size() + 1), {}, ExtraKind::window};
    if (down) {
      for (int c : cols)
        for (int r : rows) h.cells.push_back(g.cell(r, c));
    } else {
      for (int r : rows)
        for (int c : cols) h.cells.push_back(g.cell(r, c));
    }
    out.push_back(std::move(h));
  };
  const std::vector<int> first{1, 2, 3}, second{5, 6, 7}, edges{0, 4, 8};
  add(first, first, false);
  add(first, second, false);
  add(second, first, false);
  add(second, second, false);
  add(edges, first, false);
  add(edges, second, false);
  add(first, edges, true);
  add(second, edges, true);
  add(edges, edges, false);
  return out;
}

bool has(const VariantPuzzle& p, ConstraintKind kind) {
  return std::any_of(p.constraints.begin(), p.constraints.end(),
                     [kind](const Constraint& c) { return c.kind == kind; });
}

// The kinds the logic reads as relations: by the pairs and one-cell digits
// their lowering gives, and the group rules (renban, between lines, arrows,
// little killers) by readings of their own (src/logic/relations.cpp).
bool relation_kind(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::difference:
    case ConstraintKind::ratio:
    case ConstraintKind::xv:
    case ConstraintKind::negative_ratio:
    case ConstraintKind::negative_xv:
    case ConstraintKind::odd:
    case ConstraintKind::even:
    case ConstraintKind::minimum:
    case ConstraintKind::maximum:
    case ConstraintKind::thermometer:
    case ConstraintKind::whispers:
    case ConstraintKind::palindrome:
    case ConstraintKind::clone:
    case ConstraintKind::renban:
    case ConstraintKind::between:
    case ConstraintKind::arrow:
    case ConstraintKind::pill_arrow:
    case ConstraintKind::little_killer:
    case ConstraintKind::sandwich:
    case ConstraintKind::x_sum:
    case ConstraintKind::skyscraper:
    case ConstraintKind::quadruple:
      return true;
    default:
      return false;
  }
}

// A rule the variant search narrows by its own reasoning, read the same way
// by the logic.
class RuleNarrowing final : public Narrowing {
 public:
  explicit RuleNarrowing(variant::Rule rule) : rule_(std::move(rule)) {}
  bool narrow(std::span<Mask> digits, int side) const override {
    return rule_.revise(rule_, digits, side);
  }

 private:
  variant::Rule rule_;
};

Relation relation_of(const VariantPuzzle& p, const Constraint& c) {
  const variant::Lowered lowered = variant::lower_alone(p, c);
  Relation rel;
  rel.kind = static_cast<std::uint8_t>(c.kind);
  rel.cells = c.cells;
  rel.other = c.other;
  rel.value = c.value;
  for (const variant::Pair& pair : lowered.pairs) rel.links.push_back({pair.a, pair.b, pair.allowed});
  // The digits the rule itself allows its own cells (not the givens, which the
  // lowering starts from too).
  for (int cell : c.cells) {
    const Mask allowed = lowered.start[static_cast<std::size_t>(cell)];
    if (allowed != lowered.all && !p.givens[cell]) rel.only.emplace_back(cell, allowed);
  }
  rel.distinct = c.kind == ConstraintKind::thermometer || c.kind == ConstraintKind::renban;
  if (lowered.rules.size() == 1 && lowered.rules[0].cells == c.cells)
    rel.narrowing = std::make_shared<const RuleNarrowing>(lowered.rules[0]);
  return rel;
}

}  // namespace

Result<std::shared_ptr<const Geometry>> house_geometry(const VariantPuzzle& puzzle) {
  const Geometry& g = puzzle.geometry();
  const int n = g.side();
  if (puzzle.no_regions)
    return Error{0, 0, "a board without regions (a Latin square) is not read by the logic yet"};
  Layout layout;
  layout.regions = puzzle.regions;
  bool down = false, up = false, disjoint = false;
  std::vector<const Constraint*> regions;
  for (std::size_t i = 0; i < puzzle.constraints.size(); ++i) {
    const Constraint& c = puzzle.constraints[i];
    switch (c.kind) {
      case ConstraintKind::diagonal_down:
        down = true;
        break;
      case ConstraintKind::diagonal_up:
        up = true;
        break;
      case ConstraintKind::disjoint_groups:
        disjoint = true;
        break;
      case ConstraintKind::extra_region:
        if (static_cast<int>(c.cells.size()) != n)
          return Error{0, 0,
                       describe(puzzle, i) + " has " + std::to_string(c.cells.size()) +
                           " cells; the logic reads extra regions of " + std::to_string(n)};
        regions.push_back(&c);
        break;
      case ConstraintKind::anti_knight:
        layout.anti_knight = true;
        break;
      case ConstraintKind::anti_king:
        layout.anti_king = true;
        break;
      case ConstraintKind::non_consecutive:
        // Alone it is a rule between digits that the logic knows as Sudoku
        // Explainer does; beside white dots (or with every dot given) it
        // spares some pairs and is read pair by pair.
        if (has(puzzle, ConstraintKind::difference) || has(puzzle, ConstraintKind::negative_ratio))
          layout.relations.push_back(relation_of(puzzle, c));
        else
          layout.non_consecutive = true;
        break;
      case ConstraintKind::killer_cage:
        layout.cages.push_back({c.cells, c.value});
        break;
      default:
        if (relation_kind(c.kind)) {
          layout.relations.push_back(relation_of(puzzle, c));
          break;
        }
        return Error{0, 0,
                     "the logic reads regions, diagonals, disjoint groups, extra regions, "
                     "anti-knight, anti-king, non-consecutive, killer cages, kropki dots, XV, "
                     "thermometers, whispers, palindromes, clones, renban and between lines, "
                     "arrows, little killers, sandwiches, X-sums, skyscrapers, quadruples, odd, "
                     "even, minimum and maximum cells so far, not " +
                         describe(puzzle, i)};
    }
  }
  // The extra houses in the order Sudoku Explainer looks at them: disjoint
  // groups, windows, the diagonals; then any other extra regions.
  if (disjoint) {
    for (int k = 0; k < n; ++k) {
      ExtraHouse h{"disjoint group " + std::to_string(k + 1), {}, ExtraKind::disjoint_group};
      for (int b = 0; b < n; ++b) h.cells.push_back(g.house_cells(g.box_house(b))[k]);
      layout.extra.push_back(std::move(h));
    }
  }
  const bool windoku = n == 9 && puzzle.regions.empty() && regions.size() >= 4 &&
                       std::count_if(regions.begin(), regions.end(), [&](const Constraint* c) {
                         return windoku_window(g, c->cells);
                       }) == 4;
  if (windoku) {
    for (ExtraHouse& h : windoku_windows(g)) layout.extra.push_back(std::move(h));
  }
  if (down) {
    ExtraHouse h{corner_to_corner(g, 0, g.cell(n - 1, n - 1)), {}, ExtraKind::diagonal};
    for (int k = 0; k < n; ++k) h.cells.push_back(g.cell(k, k));
    layout.extra.push_back(std::move(h));
  }
  if (up) {
    ExtraHouse h{corner_to_corner(g, g.cell(n - 1, 0), g.cell(0, n - 1)), {}, ExtraKind::diagonal};
    for (int k = 0; k < n; ++k) h.cells.push_back(g.cell(k, n - 1 - k));
    layout.extra.push_back(std::move(h));
  }
  int named = 0;
  for (const Constraint* c : regions) {
    if (windoku && windoku_window(g, c->cells)) continue;
    std::vector<int> cells = c->cells;
    std::sort(cells.begin(), cells.end());
    layout.extra.push_back(
        {"extra region " + std::to_string(++named), std::move(cells), ExtraKind::region});
  }
  if (layout.regions.empty() && layout.extra.empty() && layout.cages.empty() &&
      layout.relations.empty() &&
      !layout.anti_knight && !layout.anti_king && !layout.non_consecutive)
    return std::shared_ptr<const Geometry>(std::shared_ptr<const Geometry>{}, &g);
  return Geometry::with_layout(g, std::move(layout));
}

VariantPuzzle variant_of(const Grid& grid) {
  const Geometry& board = grid.geometry();
  VariantPuzzle p(*Geometry::get(board.box_rows(), board.box_cols()));
  for (int c = 0; c < grid.size(); ++c) p.givens.set(c, grid[c]);
  const Layout* layout = board.layout();
  if (!layout) return p;
  p.regions = layout->regions;
  for (const ExtraHouse& h : layout->extra)
    p.constraints.push_back({ConstraintKind::extra_region, h.cells});
  if (layout->anti_knight) p.constraints.push_back({ConstraintKind::anti_knight});
  if (layout->anti_king) p.constraints.push_back({ConstraintKind::anti_king});
  if (layout->non_consecutive) p.constraints.push_back({ConstraintKind::non_consecutive});
  for (const Cage& cage : layout->cages)
    p.constraints.push_back({ConstraintKind::killer_cage, cage.cells, {}, cage.sum});
  for (const Relation& rel : layout->relations)
    p.constraints.push_back({static_cast<ConstraintKind>(rel.kind), rel.cells, rel.other, rel.value});
  return p;
}

namespace detail {
namespace {

// The propagating search of solve_variant, for a grid on a variant's board;
// the solution comes back on that board.
class LayoutSolver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options) override {
    SolveResult r = solve_variant(variant_of(puzzle), options);
    if (r.solution) {
      Grid on_board(puzzle.geometry());
      for (int c = 0; c < on_board.size(); ++c) on_board.set(c, (*r.solution)[c]);
      r.solution = std::move(on_board);
    }
    return r;
  }
};

}  // namespace

bool layout_supports(const Geometry&) { return true; }
std::unique_ptr<Solver> make_layout_solver() { return std::make_unique<LayoutSolver>(); }

}  // namespace detail
}  // namespace nonet
