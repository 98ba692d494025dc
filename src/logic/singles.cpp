// Singles: full house (1.0), hidden single (box 1.2, row or column 1.5), naked
// single (2.3).

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// SE rates a hidden single in a row or column above one in a box.
constexpr int kHiddenSingleInLine = 15;

// Digits with exactly one place in `house`, found in one pass over its cells:
// `once` collects digits seen, `twice` those seen again.
Mask lone_digits(const LogicState& s, int house) {
  Mask once = 0, twice = 0;
  for (int cell : s.geometry().house_cells(house)) {
    const Mask m = s.candidates(cell);
    twice |= once & m;
    once |= m;
  }
  return once & ~twice;
}

int only_cell(const LogicState& s, int house, int digit) {
  const Mask bit = digit_bit(digit);
  for (int cell : s.geometry().house_cells(house)) {
    if (s.candidates(cell) & bit) return cell;
  }
  return -1;
}

// SE scans the last empty cells of houses first (full houses), then hidden
// singles; boxes, then columns, then rows, digits ascending. True when the
// sink has what it wants.
bool scan(const LogicState& s, StepSink& sink, bool full_house) {
  const Geometry& g = s.geometry();
  auto look = [&](int house) {
    const bool alone = s.empty_in_house(house) == 1;
    if (alone != full_house) return false;
    for (Mask lone = lone_digits(s, house); lone; lone &= lone - 1) {
      const int digit = lowest_digit(lone);
      const int cell = only_cell(s, house, digit);
      Step step;
      step.technique = full_house ? Technique::full_house : Technique::hidden_single;
      step.rating = full_house                               ? rating_of(Technique::full_house)
                    : g.house_kind(house) == HouseKind::box ? rating_of(Technique::hidden_single)
                                                             : kHiddenSingleInLine;
      step.houses = {house};
      step.cells = {cell};
      step.digits = digit_bit(digit);
      step.placements = {{cell, digit}};
      if (sink.take(std::move(step))) return true;
    }
    return false;
  };
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < g.side(); ++i) {
      if (look(house_of_kind(g, kind, i))) return true;
    }
  }
  // A variant's extra houses after the rows, rated as lines are.
  return for_each_extra(g, true, look);
}

}  // namespace

void find_singles(const LogicState& s, FindContext&, StepSink& sink) {
  if (!scan(s, sink, true)) scan(s, sink, false);
}

void find_naked_single(const LogicState& s, FindContext&, StepSink& sink) {
  const Geometry& g = s.geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const Mask m = s.candidates(cell);
    if (m && (m & (m - 1)) == 0) {
      Step step;
      step.technique = Technique::naked_single;
      step.rating = rating_of(Technique::naked_single);
      step.cells = {cell};
      step.digits = m;
      step.placements = {{cell, lowest_digit(m)}};
      if (sink.take(std::move(step))) return;
    }
  }
}

}  // namespace nonet::logic_detail
