// Wings: XY-Wing (4.2), XYZ-Wing (4.4), and W-Wing for the modern profile.

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// SE's scan: each pivot cell in index order, then each wing among its peers,
// then each second wing among its peers.
void scan_wing(const LogicState& s, StepSink& sink, bool xyz) {
  const Geometry& g = s.geometry();
  const int target = xyz ? 3 : 2;
  for (int pivot = 0; pivot < g.cell_count(); ++pivot) {
    const Mask xy = s.candidates(pivot);
    if (popcount(xy) != target) continue;
    for (int xz_cell : g.peers(pivot)) {
      const Mask xz = s.candidates(xz_cell);
      if (popcount(xz) != 2 || popcount(xy & ~xz) != 1) continue;
      for (int yz_cell : g.peers(pivot)) {
        const Mask yz = s.candidates(yz_cell);
        if (popcount(yz) != 2) continue;
        const Mask all = xy | xz | yz;
        const Mask common = xy & xz & yz;
        if (popcount(all) != 3 || popcount(common) != (xyz ? 1 : 0)) continue;
        const int z = lowest_digit(xz & yz);
        Step out;
        for (int cell : g.peers(xz_cell)) {
          if (cell == pivot || cell == yz_cell || !sees(g, cell, yz_cell)) continue;
          if (xyz && !sees(g, cell, pivot)) continue;
          if (s.candidates(cell) & digit_bit(z)) out.eliminations.push_back({cell, z});
        }
        if (out.eliminations.empty()) continue;
        out.technique = xyz ? Technique::xyz_wing : Technique::xy_wing;
        out.rating = rating_of(out.technique);
        out.cells = {pivot, xz_cell, yz_cell};
        out.digits = all;
        if (sink.take(std::move(out))) return;
      }
    }
  }
}

}  // namespace

void find_xy_wing(const LogicState& s, FindContext&, StepSink& sink) { scan_wing(s, sink, false); }
void find_xyz_wing(const LogicState& s, FindContext&, StepSink& sink) { scan_wing(s, sink, true); }

// W-Wing: two cells with the same two candidates x/y that do not see each other,
// joined by a strong link on x (a house where x has exactly two places, one seen
// by each cell): one of the two cells is y, so y goes from cells seeing both.
void find_w_wing(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  const int cells = g.cell_count();
  for (int a = 0; a < cells; ++a) {
    const Mask m = s.candidates(a);
    if (popcount(m) != 2) continue;
    if (context.stopped()) return;
    for (int b = a + 1; b < cells; ++b) {
      if (s.candidates(b) != m || sees(g, a, b)) continue;
      for (int which = 0; which < 2; ++which) {
        const int x = which == 0 ? lowest_digit(m) : lowest_digit(m & (m - 1));
        const int y = which == 0 ? lowest_digit(m & (m - 1)) : lowest_digit(m);
        for (int house = 0; house < g.house_count(); ++house) {
          const Mask pos = s.positions(house, x);
          if (popcount(pos) != 2) continue;
          const std::vector<int> ends = cells_of(g, house, pos);
          int p = -1, q = -1;
          if (sees(g, a, ends[0]) && sees(g, b, ends[1])) {
            p = ends[0], q = ends[1];
          } else if (sees(g, a, ends[1]) && sees(g, b, ends[0])) {
            p = ends[1], q = ends[0];
          } else {
            continue;
          }
          if (p == a || p == b || q == a || q == b) continue;
          Step out;
          for (int cell : g.peers(a)) {
            if (cell != b && sees(g, cell, b) && (s.candidates(cell) & digit_bit(y))) {
              out.eliminations.push_back({cell, y});
            }
          }
          if (out.eliminations.empty()) continue;
          out.technique = Technique::w_wing;
          out.rating = rating_of(out.technique);
          out.cells = {a, b};
          out.secondary_cells = {p, q};
          out.houses = {house};
          out.digits = m;
          if (sink.take(std::move(out))) return;
        }
      }
    }
  }
}

}  // namespace nonet::logic_detail
