#include "nonet/grid.h"

#include <algorithm>

namespace nonet {

int Grid::filled_count() const {
  return static_cast<int>(std::count_if(cells_.begin(), cells_.end(),
                                        [](std::uint8_t v) { return v != 0; }));
}

std::vector<Mask> compute_candidates(const Grid& grid) {
  const Geometry& g = grid.geometry();
  std::vector<Mask> used(static_cast<std::size_t>(g.house_count()), 0);
  for (int c = 0; c < g.cell_count(); ++c) {
    if (int d = grid[c]) {
      for (int h : g.houses_of(c)) used[h] |= Mask{1} << (d - 1);
    }
  }
  std::vector<Mask> result(static_cast<std::size_t>(g.cell_count()));
  for (int c = 0; c < g.cell_count(); ++c) {
    if (int d = grid[c]) {
      result[c] = Mask{1} << (d - 1);
    } else {
      auto [r, k, b] = g.houses_of(c);
      result[c] = g.all_digits() & ~(used[r] | used[k] | used[b]);
    }
  }
  // A variant's board: what its extra houses and chess moves rule out too.
  if (!g.regular()) {
    for (int c = 0; c < g.cell_count(); ++c) {
      if (grid[c] != 0) continue;
      for (int p : g.peers(c)) {
        if (grid[p] != 0) result[c] &= ~(Mask{1} << (grid[p] - 1));
      }
      for (int p : g.consecutive_neighbours(c)) {
        if (grid[p] != 0) result[c] &= ~g.consecutive_of(grid[p]);
      }
    }
  }
  return result;
}

}  // namespace nonet
