// Text of the sum family: cage combinations, cage overlaps, innies and outies.

#include "logic/render/text.h"

namespace nonet::logic_detail {
namespace {

// "6+9 or 7+8", "1+2+7, 1+3+6 or 1+4+5".
std::string sets_text(const std::vector<Mask>& sets) {
  std::string s;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (i) s += i + 1 == sets.size() ? " or " : ", ";
    bool first = true;
    for (Mask m = sets[i]; m; m &= m - 1) {
      if (!first) s += '+';
      s += sym(lowest_digit(m));
      first = false;
    }
  }
  return s;
}

// "the 15 cage at r1c1, r1c2"
std::string cage_name(const Step& step, const Geometry& g) {
  return "the " + std::to_string(step.sum) + " cage at " + join_cells(step.cells, g);
}

// "row 3", "rows 1, 2", "box 5".
std::string area_text(const Step& step, const Geometry& g) {
  if (step.houses.size() == 1) return g.house_name(step.houses[0]);
  return lines_text(step.houses, g);
}

// ": 6+9 or 7+8"; nothing for a group that may repeat digits.
std::string ways_text(const Step& step) {
  if (step.combinations.empty()) return "";
  return ": " + sets_text(step.combinations);
}

}  // namespace

std::string cage_title(const Step& step) {
  if (step.technique == Technique::innies_outies)
    return step.variant == kOuties ? "Outies" : "Innies";
  return std::string(technique_name(step.technique));
}

std::string cage_text(const Step& step, const Geometry& g) {
  const std::string title = cage_title(step);
  switch (step.technique) {
    case Technique::cage_combination:
      if (step.combinations.empty())
        return title + ": " + cage_name(step, g) + " cannot be made from its candidates => " +
               consequence(step, g);
      return title + ": " + cage_name(step, g) + " can only be " + sets_text(step.combinations) +
             " => " + consequence(step, g);
    case Technique::cage_overlap: {
      const std::string digit = sym(lowest_digit(step.digits));
      if (step.variant == kHouseIntoCage)
        return title + ": " + digit + " in " + g.house_name(step.houses[0]) + " lies only in " +
               cage_name(step, g) + ", which so holds " + digit + " and can only be " +
               sets_text(step.combinations) + " => " + consequence(step, g);
      const std::string which =
          step.combinations.size() == 1
              ? " can only be " + sets_text(step.combinations) + ", so holds "
              : " holds " + digit + " whichever of " + sets_text(step.combinations) + " it is, ";
      return title + ": " + cage_name(step, g) + which +
             (step.combinations.size() == 1 ? digit + " " : std::string()) + "at " +
             join_cells(step.secondary_cells, g) + " => " + consequence(step, g);
    }
    default: {
      const std::string area = area_text(step, g);
      const std::string total = std::to_string(step.sum);
      const std::string lead = step.variant == kOuties
                                   ? "the cages covering " + area + " hold " + total +
                                         " more than it, at " + join_cells(step.cells, g)
                                   : "the cages inside " + area + " leave " + total + " for " +
                                         join_cells(step.cells, g);
      return title + ": " + lead + ways_text(step) + " => " + consequence(step, g);
    }
  }
}

}  // namespace nonet::logic_detail
