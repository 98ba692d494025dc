// The text of the basic techniques' steps, family by family (the writers the
// technique table names): singles, intersections, subsets, fish, wings,
// uniqueness, exclusion and single-digit patterns.

#include "logic/render/text.h"

namespace nonet::logic_detail {
namespace {

std::string plain_title(const Step& step) { return std::string(technique_name(step.technique)); }
std::string first_digit(const Step& step) { return sym(lowest_digit(step.digits)); }

}  // namespace

std::string single_title(const Step& step) { return plain_title(step); }
std::string single_text(const Step& step, const Geometry& g) {
  const std::string title = single_title(step);
  switch (step.technique) {
    case Technique::full_house:
      return title + ": " + g.cell_name(step.cells[0]) + " is the last empty cell of " +
             g.house_name(step.houses[0]) + ", so it is " + first_digit(step);
    case Technique::hidden_single:
      return title + ": " + g.cell_name(step.cells[0]) + " is the only place for " +
             first_digit(step) + " in " + g.house_name(step.houses[0]);
    default:  // naked single
      return title + ": " + g.cell_name(step.cells[0]) + " can only be " + first_digit(step);
  }
}

std::string intersection_title(const Step& step) { return plain_title(step); }
std::string intersection_text(const Step& step, const Geometry& g) {
  const std::string head = intersection_title(step) + ": " + first_digit(step) + " in " +
                           g.house_name(step.houses[0]) + " lies only in " +
                           g.house_name(step.houses[1]) + " => ";
  if (step.technique == Technique::direct_pointing ||
      step.technique == Technique::direct_claiming) {
    const CellDigit& p = step.placements[0];
    return head + g.cell_name(p.cell) + " is the only place for " + sym(p.digit) + " in " +
           g.house_name(step.houses[2]);
  }
  return head + consequence(step, g);
}

std::string subset_title(const Step& step) { return plain_title(step); }
std::string subset_text(const Step& step, const Geometry& g) {
  const std::string head = subset_title(step) + " " + slash_digits(step.digits) + " in " +
                           g.house_name(step.houses[0]) + " at " + join_cells(step.cells, g) +
                           " => ";
  if (step.technique == Technique::direct_hidden_pair ||
      step.technique == Technique::direct_hidden_triple) {
    const CellDigit& p = step.placements[0];
    return head + g.cell_name(p.cell) + " is the only place for " + sym(p.digit) + " in " +
           g.house_name(step.houses[0]);
  }
  return head + consequence(step, g);
}

std::string fish_title(const Step& step) {
  switch (step.technique) {
    case Technique::finned_x_wing:
      return step.variant == kSashimi ? "Sashimi X-Wing" : "Finned X-Wing";
    case Technique::finned_swordfish:
      return step.variant == kSashimi ? "Sashimi Swordfish" : "Finned Swordfish";
    default:
      return plain_title(step);
  }
}
std::string fish_text(const Step& step, const Geometry& g) {
  // Base lines, then cover lines.
  const std::size_t k = step.houses.size() / 2;
  const std::vector<int> base(step.houses.begin(), step.houses.begin() + static_cast<long>(k));
  const std::vector<int> cover(step.houses.begin() + static_cast<long>(k), step.houses.end());
  std::string s = fish_title(step) + " " + first_digit(step) + " in " + lines_text(base, g) + " (" +
                  lines_text(cover, g) + ")";
  if (!step.secondary_cells.empty()) {
    s += " fins ";
    s += join_cells(step.secondary_cells, g);
  }
  return s + " => " + consequence(step, g);
}

std::string wing_title(const Step& step) { return plain_title(step); }
std::string wing_text(const Step& step, const Geometry& g) {
  const std::string then = consequence(step, g);
  if (step.technique == Technique::w_wing) {
    return wing_title(step) + " " + slash_digits(step.digits) + " at " + join_cells(step.cells, g) +
           " linked by " + g.house_name(step.houses[0]) + " (" +
           join_cells(step.secondary_cells, g) + ") => " + then;
  }
  // XY-Wing, XYZ-Wing: pivot, then the two wings.
  return wing_title(step) + " " + slash_digits(step.digits) + " pivot " +
         g.cell_name(step.cells[0]) + ", wings " + g.cell_name(step.cells[1]) + ", " +
         g.cell_name(step.cells[2]) + " => " + then;
}

std::string uniqueness_title(const Step& step) {
  if (step.technique == Technique::bug) return "BUG type " + std::to_string(step.variant);
  return std::string(step.cells.size() > 4 ? "Unique Loop" : "Unique Rectangle") + " type " +
         std::to_string(step.variant);
}
std::string uniqueness_text(const Step& step, const Geometry& g) {
  const std::string then = consequence(step, g);
  if (step.technique == Technique::bug) {
    return uniqueness_title(step) + " at " + join_cells(step.cells, g) + " (" +
           comma_digits(step.digits) + ") => " + then;
  }
  std::string s =
      uniqueness_title(step) + " " + slash_digits(step.digits) + " at " + join_cells(step.cells, g);
  if (!step.houses.empty()) {
    s += " in ";
    s += g.house_name(step.houses[0]);
  }
  return s + " => " + then;
}

std::string exclusion_title(const Step& step) { return plain_title(step); }
std::string exclusion_text(const Step& step, const Geometry& g) {
  return exclusion_title(step) + " " + join_cells(step.cells, g) + " with " +
         join_cells(step.secondary_cells, g) + " => " + consequence(step, g);
}

std::string single_digit_title(const Step& step) { return plain_title(step); }
std::string single_digit_text(const Step& step, const Geometry& g) {
  const std::string title = single_digit_title(step);
  const std::string then = consequence(step, g);
  switch (step.technique) {
    case Technique::empty_rectangle:
      return title + " " + first_digit(step) + " in " + g.house_name(step.houses[0]) + " with " +
             g.house_name(step.houses[1]) + " (" + join_cells(step.secondary_cells, g) + ") => " +
             then;
    case Technique::simple_coloring:
      return title + " " + first_digit(step) +
             (step.variant == kColorWrap ? " (wrap)" : " (trap)") + " colours " +
             join_cells(step.cells, g) + " / " + join_cells(step.secondary_cells, g) + " => " +
             then;
    default:  // skyscraper, 2-string kite
      return title + " " + first_digit(step) + " in " + join_cells(step.cells, g) + " (" +
             houses_text(step.houses, g) + ") => " + then;
  }
}

}  // namespace nonet::logic_detail
