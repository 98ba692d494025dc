// Text of the relations: dots, X and V, lines and one-cell rules.

#include "logic/render/text.h"
#include "nonet/variant.h"

namespace nonet::logic_detail {
namespace {

std::string times(int ratio) {
  if (ratio == 2) return "twice";
  if (ratio == 3) return "three times";
  return std::to_string(ratio) + " times";
}

// "r1c1 and r1c2"
std::string pair_text(const Step& step, const Geometry& g) {
  return g.cell_name(step.cells[0]) + " and " + g.cell_name(step.cells[1]);
}

// A clue's row or column, from the clue's side: "column 2 from r1c2"; other
// cells as a list.
std::string clue_line(const Step& step, const Geometry& g) {
  const int first = step.cells.front();
  bool row = true, column = true;
  for (int c : step.cells) {
    row = row && g.row_of(c) == g.row_of(first);
    column = column && g.col_of(c) == g.col_of(first);
  }
  if (static_cast<int>(step.cells.size()) == g.side() && (row || column))
    return g.house_name(row ? g.row_house(g.row_of(first)) : g.column_house(g.col_of(first))) +
           " from " + g.cell_name(first);
  return join_cells(step.cells, g);
}

// What the relation says, as a player says it.
std::string rule_text(const Step& step, const Geometry& g) {
  const int v = step.sum;
  switch (static_cast<ConstraintKind>(step.variant)) {
    case ConstraintKind::thermometer: {
      const std::vector<int> rest(step.cells.begin() + 1, step.cells.end());
      return "the digits rise from the bulb at " + g.cell_name(step.cells[0]) + " along " +
             join_cells(rest, g);
    }
    case ConstraintKind::difference:
      return "the white dot between " + pair_text(step, g) + " puts them " +
             std::to_string(v ? v : 1) + " apart";
    case ConstraintKind::ratio:
      return "the black dot between " + pair_text(step, g) + " makes one " + times(v ? v : 2) +
             " the other";
    case ConstraintKind::non_consecutive:
      return "no white dot joins " + pair_text(step, g) + ", so they are not consecutive";
    case ConstraintKind::negative_ratio:
      return "no black dot joins " + pair_text(step, g) + ", so " +
             (v ? "neither is " + times(v) + " the other"
                : std::string("they are in no ratio the black dots use"));
    case ConstraintKind::xv:
      return std::string(v == 10  ? "the X"
                         : v == 5 ? "the V"
                                  : "the sum") +
             " between " + pair_text(step, g) + " makes them add up to " + std::to_string(v);
    case ConstraintKind::negative_xv:
      return "no X or V joins " + pair_text(step, g) + ", so they add up to neither 5 nor 10";
    case ConstraintKind::whispers:
      return "neighbours on the line " + join_cells(step.cells, g) + " differ by at least " +
             std::to_string(v ? v : (g.side() + 1) / 2);
    case ConstraintKind::palindrome:
      return "the line " + join_cells(step.cells, g) + " reads the same from either end";
    case ConstraintKind::clone:
      return "the clones " + join_cells(step.cells, g) + " hold the same digits in the same places";
    case ConstraintKind::renban:
      return "the digits of " + join_cells(step.cells, g) + " are consecutive, in some order";
    case ConstraintKind::between: {
      const std::vector<int> inner(step.cells.begin() + 1, step.cells.end() - 1);
      return "the digits of " + join_cells(inner, g) + " lie strictly between those of " +
             g.cell_name(step.cells.front()) + " and " + g.cell_name(step.cells.back());
    }
    case ConstraintKind::arrow: {
      const std::vector<int> shaft(step.cells.begin() + 1, step.cells.end());
      return "the digits along the arrow " + join_cells(shaft, g) + " add up to the circle at " +
             g.cell_name(step.cells[0]);
    }
    case ConstraintKind::pill_arrow: {
      const auto pill = static_cast<std::ptrdiff_t>(v);
      const std::vector<int> number(step.cells.begin(), step.cells.begin() + pill);
      const std::vector<int> shaft(step.cells.begin() + pill, step.cells.end());
      return "the digits along the arrow " + join_cells(shaft, g) +
             " add up to the number in the pill " + join_cells(number, g);
    }
    case ConstraintKind::little_killer:
      return "the digits on the diagonal " + join_cells(step.cells, g) + " add up to " +
             std::to_string(v);
    case ConstraintKind::sandwich:
      return "the digits between the 1 and the " + sym(g.side()) + " in " + clue_line(step, g) +
             " add up to " + std::to_string(v);
    case ConstraintKind::x_sum:
      return "the first X digits of " + clue_line(step, g) + ", X being the first, add up to " +
             std::to_string(v);
    case ConstraintKind::skyscraper:
      return std::to_string(v) + " digits of " + clue_line(step, g) +
             " are seen, each higher than every one before it";
    case ConstraintKind::quadruple:
      return "the cells " + join_cells(step.cells, g) + " hold " +
             comma_digits(step.combinations.empty() ? 0 : step.combinations[0]);
    case ConstraintKind::odd:
      return g.cell_name(step.cells[0]) + " is odd";
    case ConstraintKind::even:
      return g.cell_name(step.cells[0]) + " is even";
    case ConstraintKind::minimum:
      return g.cell_name(step.cells[0]) + " is below each of its neighbours";
    default:
      return g.cell_name(step.cells[0]) + " is above each of its neighbours";
  }
}

}  // namespace

std::string relation_title(const Step& step) { return std::string(technique_name(step.technique)); }

std::string relation_text(const Step& step, const Geometry& g) {
  return relation_title(step) + ": " + rule_text(step, g) + " => " + consequence(step, g);
}

}  // namespace nonet::logic_detail
