// Intersections: a digit confined to the crossing of a box and a line.
// Pointing (box -> line, 2.6), claiming (line -> box, 2.8), and SE's "direct"
// forms (1.7 / 1.9) that only count when the confinement leaves a hidden single
// in another house of the first kind.

#include "logic/finders.h"
#include "logic/patterns.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

void fill_pattern(const LogicState& s, Step& step, int h1, int h2, int digit) {
  const Geometry& g = s.geometry();
  step.houses = {h1, h2};
  step.digits = digit_bit(digit);
  step.cells = cells_of(g, h1, s.positions(h1, digit));
}

// The digit's places in h2 outside h1: what its confinement to the crossing
// of h1 and h2 removes.
Mask outside(const PositionTable& view, int h1, int h2, int digit) {
  return view.positions(h2, digit) & ~view.geometry().shared_slots(h2, h1);
}

// Those places as eliminations, in the house's order.
std::vector<CellDigit> removals(const Geometry& g, int h2, Mask places, int digit) {
  std::vector<CellDigit> out;
  for (; places; places &= places - 1)
    out.push_back({g.house_cells(h2)[std::countr_zero(places)], digit});
  return out;
}

}  // namespace

void find_intersections(const LogicState& s, FindContext& context, StepSink& sink) {
  const PositionTable view(s, context);
  const Geometry& g = s.geometry();
  scan_intersections(view, Everywhere{}, [&](const HouseFamily&, int, int h1, int h2, int digit) {
    const Mask gone = outside(view, h1, h2, digit);
    if (!gone) return false;
    Step step;
    // SE rates a confinement that clears a line as pointing, any other as claiming.
    const bool pointing = is_line(g, h2);
    step.technique = pointing ? Technique::pointing : Technique::claiming;
    step.rating = rating_of(step.technique);
    fill_pattern(s, step, h1, h2, digit);
    step.eliminations = removals(g, h2, gone, digit);
    return sink.take(std::move(step));
  });
}

void find_direct_intersections(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  // Each confinement found looks at every house crossing h2: the positions
  // are read from a table, not from the cells each time.
  const PositionTable view(s, context);
  scan_intersections(view, Everywhere{}, [&](const HouseFamily& f1, int, int h1, int h2,
                                             int digit) {
    // Another house of the first kind crossing h2 whose places for the digit,
    // once those inside h2 are gone, come down to one.
    // The houses of the first kind crossing h2 (they cross when they share a
    // cell), in order. Without places left in h2 outside h1, none of them
    // loses one.
    const Mask gone = outside(view, h1, h2, digit);
    if (!gone) return false;
    const bool classic = f1.house_kind != HouseKind::extra;
    const Mask crossing = g.crossing(f1.house_kind, h2);
    for (Mask rest = crossing; rest; rest &= rest - 1) {
      const int h3 = classic ? f1.first + std::countr_zero(rest)
                             : g.extra_house(std::countr_zero(rest));
      if (h3 == h1 || !f1.has(h3)) continue;
      const Mask pos3 = view.positions(h3, digit);
      if (popcount(pos3) < 2) continue;
      const Mask left = pos3 & ~g.shared_slots(h3, h2);
      if (popcount(left) != 1) continue;
      const int cell = g.house_cells(h3)[std::countr_zero(left)];
      Step step;
      // SE rates a direct confinement from a box as pointing, any other as claiming.
      const bool pointing = g.house_kind(h1) == HouseKind::box;
      step.technique = pointing ? Technique::direct_pointing : Technique::direct_claiming;
      step.rating = rating_of(step.technique);
      fill_pattern(s, step, h1, h2, digit);
      step.houses.push_back(h3);
      step.implied = removals(g, h2, gone, digit);
      step.placements = {{cell, digit}};
      if (sink.take(std::move(step))) return true;
    }
    return false;
  });
}

}  // namespace nonet::logic_detail
