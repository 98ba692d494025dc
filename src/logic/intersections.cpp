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

// Eliminations: cells of h2 outside h1 that still hold the digit.
std::vector<CellDigit> removals(const LogicState& s, int h1, int h2, int digit) {
  const Geometry& g = s.geometry();
  std::vector<CellDigit> out;
  const Mask bit = digit_bit(digit);
  for (int cell : g.house_cells(h2)) {
    if (!in_house(g, cell, h1) && (s.candidates(cell) & bit)) out.push_back({cell, digit});
  }
  return out;
}

}  // namespace

void find_intersections(const LogicState& s, FindContext&, StepSink& sink) {
  const PositionTable view(s);
  scan_intersections(view, Everywhere{}, [&](HouseKind kind1, int, int h1, int h2, int digit) {
    std::vector<CellDigit> out = removals(s, h1, h2, digit);
    if (out.empty()) return false;
    Step step;
    const bool pointing = kind1 == HouseKind::box;
    step.technique = pointing ? Technique::pointing : Technique::claiming;
    step.rating = rating_of(step.technique);
    fill_pattern(s, step, h1, h2, digit);
    step.eliminations = std::move(out);
    return sink.take(std::move(step));
  });
}

void find_direct_intersections(const LogicState& s, FindContext&, StepSink& sink) {
  const Geometry& g = s.geometry();
  // Each confinement found looks at every house crossing h2: the positions
  // are read from a table, not from the cells each time.
  const PositionTable view(s);
  scan_intersections(view, Everywhere{}, [&](HouseKind kind1, int i1, int h1, int h2, int digit) {
    // Another house of the first kind crossing h2 whose places for the digit,
    // once those inside h2 are gone, come down to one.
    // The houses of the first kind crossing h2 (a box and a line cross when
    // they share a cell), in order.
    Mask crossing = 0;
    for (int cell : g.house_cells(h2)) {
      const int index = kind1 == HouseKind::box   ? g.box_of(cell)
                        : kind1 == HouseKind::row ? g.row_of(cell)
                                                  : g.col_of(cell);
      crossing |= Mask{1} << index;
    }
    crossing &= ~(Mask{1} << i1);
    for (; crossing; crossing &= crossing - 1) {
      const int h3 = house_of_kind(g, kind1, std::countr_zero(crossing));
      const Mask pos3 = view.positions(h3, digit);
      if (popcount(pos3) < 2) continue;
      Mask left = 0;
      auto cells3 = g.house_cells(h3);
      for (Mask p = pos3; p; p &= p - 1) {
        const int k = std::countr_zero(p);
        if (!in_house(g, cells3[k], h2)) left |= Mask{1} << k;
      }
      if (popcount(left) != 1) continue;
      const int cell = g.house_cells(h3)[std::countr_zero(left)];
      Step step;
      const bool pointing = kind1 == HouseKind::box;
      step.technique = pointing ? Technique::direct_pointing : Technique::direct_claiming;
      step.rating = rating_of(step.technique);
      fill_pattern(s, step, h1, h2, digit);
      step.houses.push_back(h3);
      step.implied = removals(s, h1, h2, digit);
      step.placements = {{cell, digit}};
      if (sink.take(std::move(step))) return true;
    }
    return false;
  });
}

}  // namespace nonet::logic_detail
