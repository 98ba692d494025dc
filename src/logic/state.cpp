// LogicState: values plus a candidate mask per cell, kept consistent as steps are
// applied.

#include <bit>
#include <cassert>

#include "nonet/logic.h"

namespace nonet {

LogicState::LogicState(const Grid& grid)
    : geometry_(&grid.geometry()),
      values_(grid.values().begin(), grid.values().end()),
      candidates_(compute_candidates(grid)),
      counts_(static_cast<std::size_t>(grid.geometry().side() + 1 + grid.geometry().house_count()),
              0) {
  const Geometry& g = *geometry_;
  for (int c = 0; c < grid.size(); ++c) {
    if (values_[c] == 0) {
      ++empty_;
      for (int h : g.houses_of(c)) ++counts_[static_cast<std::size_t>(g.side() + 1 + h)];
      for (int h : g.extra_houses_of(c)) ++counts_[static_cast<std::size_t>(g.side() + 1 + h)];
    } else {
      candidates_[c] = 0;  // a filled cell has no candidates left to reason about
      ++counts_[values_[c]];
    }
  }
}

LogicState::LogicState(const Grid& grid, std::span<const Mask> candidates) : LogicState(grid) {
  if (static_cast<int>(candidates.size()) != grid.size()) return;
  for (int c = 0; c < grid.size(); ++c) {
    if (values_[c] == 0) candidates_[c] &= candidates[c];
  }
}

Mask LogicState::positions(int house, int digit) const {
  const Mask bit = Mask{1} << (digit - 1);
  Mask result = 0;
  int i = 0;
  for (int cell : geometry_->house_cells(house)) {
    if (candidates_[cell] & bit) result |= Mask{1} << i;
    ++i;
  }
  return result;
}

void LogicState::place(int cell, int digit) {
  assert(values_[cell] == 0 && digit >= 1 && digit <= geometry_->side());
  values_[cell] = static_cast<std::uint8_t>(digit);
  candidates_[cell] = 0;
  ++counts_[static_cast<std::size_t>(digit)];
  --empty_;
  for (int h : geometry_->houses_of(cell))
    --counts_[static_cast<std::size_t>(geometry_->side() + 1 + h)];
  for (int h : geometry_->extra_houses_of(cell))
    --counts_[static_cast<std::size_t>(geometry_->side() + 1 + h)];
  const Mask keep = ~(Mask{1} << (digit - 1));
  for (int peer : geometry_->peers(cell)) candidates_[peer] &= keep;
  // Under the non-consecutive rule the neighbours lose the digits beside it, as
  // part of the placement (SE's way).
  for (int next : geometry_->consecutive_neighbours(cell))
    candidates_[next] &= ~geometry_->consecutive_of(digit);
}

void LogicState::eliminate(int cell, int digit) { candidates_[cell] &= ~(Mask{1} << (digit - 1)); }

void LogicState::apply(const Step& step) {
  for (const CellDigit& e : step.eliminations) eliminate(e.cell, e.digit);
  for (const CellDigit& p : step.placements) {
    if (values_[p.cell] == 0) place(p.cell, p.digit);
  }
}

Grid LogicState::grid() const {
  Grid g(*geometry_);
  for (int c = 0; c < g.size(); ++c) g.set(c, values_[c]);
  return g;
}

}  // namespace nonet
