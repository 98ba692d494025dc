#pragma once
// Hand-made positions for tests of the logic finders: a board where every cell
// starts with every candidate, narrowed by hand to build a pattern.

#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::testing {

// Runs a finder for its first step: true, with `step` filled, when it finds one.
inline bool first_step(logic_detail::Finder find, const LogicState& state, Step& step) {
  logic_detail::FindContext context;
  logic_detail::StepSink sink;
  find(state, context, sink);
  if (sink.empty()) return false;
  step = std::move(sink.steps().front());
  return true;
}

struct Board {
  const Geometry& g;
  std::vector<Mask> marks;
  explicit Board(const Geometry& geometry = *Geometry::get(3, 3))
      : g(geometry),
        marks(static_cast<std::size_t>(geometry.cell_count()), geometry.all_digits()) {}
  // The cell at row r, column c (1-based).
  int at(int r, int c) const { return g.cell(r - 1, c - 1); }
  void only(int r, int c, std::initializer_list<int> digits) {
    Mask m = 0;
    for (int d : digits) m |= logic_detail::digit_bit(d);
    marks[static_cast<std::size_t>(at(r, c))] = m;
  }
  // Removes `digit` from every cell of a house except the listed cells.
  void confine(int house, int digit, std::initializer_list<std::pair<int, int>> keep) {
    for (int cell : g.house_cells(house)) {
      bool kept = false;
      for (auto [r, c] : keep) kept |= cell == at(r, c);
      if (!kept) marks[static_cast<std::size_t>(cell)] &= ~logic_detail::digit_bit(digit);
    }
  }
  LogicState state() const { return LogicState(Grid(g), marks); }
};

// Eliminations as "r5c5<>3" strings, for order-free comparisons.
inline std::set<std::string> names(const std::vector<CellDigit>& list,
                                   const Geometry& g = *Geometry::get(3, 3)) {
  std::set<std::string> out;
  for (const CellDigit& e : list) out.insert(g.cell_name(e.cell) + "<>" + std::to_string(e.digit));
  return out;
}

}  // namespace nonet::testing
