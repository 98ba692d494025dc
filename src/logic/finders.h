#pragma once
// Internal: the technique finders and the small tools they share. Each finder
// returns the first step it meets, scanning in Sudoku Explainer's order, so the
// path (and so the rating) matches SE's.

#include <array>
#include <bit>
#include <span>

#include "core/bits.h"
#include "logic/context.h"
#include "logic/step_variants.h"
#include "nonet/logic.h"

namespace nonet::logic_detail {

inline int popcount(Mask m) { return bit_count(m); }
inline int lowest_digit(Mask m) { return std::countr_zero(m) + 1; }
inline Mask digit_bit(int digit) { return Mask{1} << (digit - 1); }
// A cell's houses in SE's order: box, row, column.
inline std::array<int, 3> houses_of(const Geometry& g, int cell) {
  return {g.box_house(g.box_of(cell)), g.row_of(cell), g.column_house(g.col_of(cell))};
}
// The index of `cell` within the k-th of houses_of(g, cell).
inline int house_slot(const Geometry& g, int cell, std::size_t k) {
  constexpr HouseKind kKinds[] = {HouseKind::box, HouseKind::row, HouseKind::column};
  return g.slot(cell, kKinds[k]);
}

// The next larger mask with the same number of bits (Gosper's hack): subsets of
// a given size visited in increasing numeric order, as SE's permutations are.
inline Mask next_combination(Mask m) {
  const Mask smallest = m & (~m + 1);
  const Mask ripple = m + smallest;
  const Mask ones = ((m ^ ripple) >> 2) / smallest;
  return ripple | ones;
}

// Calls fn(mask) for every k-subset of the low n bits, in increasing order; stops
// early when fn returns true and then returns true.
template <class Fn>
bool for_each_combination(int n, int k, Fn&& fn) {
  if (k <= 0 || k > n) return false;
  const Mask limit = n >= 32 ? ~Mask{0} : (Mask{1} << n) - 1;
  for (Mask m = (Mask{1} << k) - 1;;) {
    if (fn(m)) return true;
    const Mask next = next_combination(m);
    if (next > limit || next <= m) return false;
    m = next;
  }
}

// Calls fn(mask) for every k-subset of the bits of `eligible`, in increasing
// numeric order (the order for_each_combination gives over all bits, with the
// subsets that use an ineligible bit left out); stops when fn returns true.
template <class Fn>
bool for_each_subset(Mask eligible, int k, Fn&& fn) {
  std::array<Mask, 32> bit{};
  int count = 0;
  for (Mask e = eligible; e; e &= e - 1) bit[count++] = e & (~e + 1);
  return for_each_combination(count, k, [&](Mask pick) {
    Mask m = 0;
    for (Mask p = pick; p; p &= p - 1) m |= bit[std::countr_zero(p)];
    return fn(m);
  });
}

// for_each_subset restricted to the subsets whose members' masks, joined with
// `base`, have at most `most` bits (same order, the others left out). Sets are
// built from their highest member down, and a partial set already past `most`
// is not extended: a set of 7 among 20 candidate cells of a 25-cell house
// meets only the partial sets that still fit, not all 77,520 full ones.
template <class Fn>
bool for_each_subset_within(Mask eligible, int k, std::span<const Mask> masks, Mask base, int most,
                            Fn&& fn) {
  auto extend = [&](auto& self, Mask below, int left, Mask joined, Mask chosen) -> bool {
    if (left == 0) return fn(chosen);
    for (Mask e = below; e; e &= e - 1) {
      const int top = std::countr_zero(e);
      const Mask under = below & ((Mask{1} << top) - 1);
      if (popcount(under) < left - 1) continue;
      const Mask next = joined | masks[static_cast<std::size_t>(top)];
      if (popcount(next) > most) continue;
      if (self(self, under, left - 1, next, chosen | Mask{1} << top)) return true;
    }
    return false;
  };
  if (k <= 0 || popcount(base) > most) return false;
  return extend(extend, eligible, k, base, 0);
}

// House kinds in the order SE scans them for singles and subsets: boxes,
// columns, rows.
inline std::array<HouseKind, 3> se_kind_order() {
  return {HouseKind::box, HouseKind::column, HouseKind::row};
}
inline int house_of_kind(const Geometry& g, HouseKind kind, int index) {
  return static_cast<int>(kind) * g.side() + index;
}
// The house of kind `kind` that holds `cell`.
inline int house_through(const Geometry& g, HouseKind kind, int cell) {
  switch (kind) {
    case HouseKind::row:
      return g.row_house(g.row_of(cell));
    case HouseKind::column:
      return g.column_house(g.col_of(cell));
    default:
      return g.box_house(g.box_of(cell));
  }
}
// Whether `cell` lies in `house`.
inline bool in_house(const Geometry& g, int cell, int house) {
  // House numbers of different kinds never coincide: no need to divide out
  // the kind (a division was a tenth of the intersection finders' time).
  const std::array<int, 3> houses = g.houses_of(cell);
  if (houses[0] == house || houses[1] == house || houses[2] == house) return true;
  if (house < 3 * g.side()) return false;
  for (int h : g.extra_houses_of(cell)) {
    if (h == house) return true;
  }
  return false;
}

// A variant's extra houses in families that never share a cell, in SE's
// order: the disjoint groups, the windows, each diagonal, each other region.
// SE scans a family as it scans the boxes, after the rows.
struct HouseFamily {
  int first = 0;  // houses first .. first + count - 1
  int count = 0;
  ExtraKind kind = ExtraKind::region;
  HouseKind house_kind = HouseKind::extra;  // row, column or box for those families
  bool has(int house) const { return house >= first && house < first + count; }
};
std::vector<HouseFamily> extra_families(const Geometry& g);
// The rows, the columns or the boxes as a family.
inline HouseFamily classic_family(const Geometry& g, HouseKind kind) {
  return {static_cast<int>(kind) * g.side(), g.side(), ExtraKind::region, kind};
}
inline bool is_line(const Geometry& g, int house) {
  return house < 2 * g.side();
}
// Calls fn(house) for each extra house in order, the diagonals only when
// `diagonals` (SE leaves them out of naked sets and intersections); stops
// when fn returns true, and then returns true.
template <class Fn>
bool for_each_extra(const Geometry& g, bool diagonals, Fn&& fn) {
  const Layout* layout = g.layout();
  for (int e = 0; e < g.extra_count(); ++e) {
    if (!diagonals && layout->extra[static_cast<std::size_t>(e)].kind == ExtraKind::diagonal)
      continue;
    if (fn(g.extra_house(e))) return true;
  }
  return false;
}
// The house of `family` holding `cell`, or -1.
inline int house_through(const Geometry& g, const HouseFamily& family, int cell) {
  for (int h : g.extra_houses_of(cell)) {
    if (family.has(h)) return h;
  }
  return -1;
}

// Whether two houses share a cell.
bool houses_cross(const Geometry& g, int a, int b);
// Whether two cells see each other (same row, column, box, or a variant's
// extra house or chess move).
inline bool sees(const Geometry& g, int a, int b) {
  return a != b &&
         (g.row_of(a) == g.row_of(b) || g.col_of(a) == g.col_of(b) || g.box_of(a) == g.box_of(b) ||
          (!g.regular() && g.sees(a, b)));
}

// The digits of a mask in ascending order / the cells of a house position mask.
std::vector<int> digits_of(Mask m);
std::vector<int> cells_of(const Geometry& g, int house, Mask positions);

// The candidates of every cell, as one mask per cell.
std::vector<Mask> candidate_grid(const LogicState& s);

// Appends an elimination of every digit of `digits` from `cell`.
void eliminate_digits(Step& step, int cell, Mask digits);

// A cell's digits: its value, or its candidates (cages.cpp).
Mask digits_at(const LogicState& s, int cell);
// Whether every two of `cells` see each other (cages.cpp).
bool all_see(const Geometry& g, std::span<const int> cells);

// What a sum allows cells that all see each other, each holding one of
// `digits` (one mask per cell; a filled cell's is its value): per cell, the
// digits it holds in some way of making the sum with different digits that
// include every digit of `must`, into `allowed`; and the digit sets that make
// it, into `sets` when given. False when the sum allows too much to read.
bool read_sum(std::span<const Mask> digits, int sum, Mask must, std::vector<Mask>& allowed,
              std::vector<Mask>* sets);

// --- finders (one file per family), named as in the technique table; each
// puts what it finds into the sink (see context.h) ---
void find_singles(const LogicState& s, FindContext& context,
                  StepSink& sink);  // full house, hidden single
void find_naked_single(const LogicState& s, FindContext& context, StepSink& sink);
void find_cage_combination(const LogicState& s, FindContext& context, StepSink& sink);
void find_cage_overlap(const LogicState& s, FindContext& context, StepSink& sink);
// Relations (relations.cpp): what a dot, a line or a one-cell rule allows.
void find_thermometer(const LogicState& s, FindContext& context, StepSink& sink);
void find_kropki(const LogicState& s, FindContext& context, StepSink& sink);
void find_xv(const LogicState& s, FindContext& context, StepSink& sink);
void find_german_whispers(const LogicState& s, FindContext& context, StepSink& sink);
void find_palindrome(const LogicState& s, FindContext& context, StepSink& sink);
void find_odd_even(const LogicState& s, FindContext& context, StepSink& sink);
void find_minimum_maximum(const LogicState& s, FindContext& context, StepSink& sink);
// What a rule over a group of cells (renban, between line, arrow, little
// killer) leaves `masks`, the digits of its cells in its order; false (and
// `masks` untouched) for the other kinds.
bool read_group(const Relation& rel, const Geometry& g, std::vector<Mask>& masks);
void find_renban(const LogicState& s, FindContext& context, StepSink& sink);
void find_between_line(const LogicState& s, FindContext& context, StepSink& sink);
void find_arrow(const LogicState& s, FindContext& context, StepSink& sink);
void find_little_killer(const LogicState& s, FindContext& context, StepSink& sink);
void find_sandwich(const LogicState& s, FindContext& context, StepSink& sink);
void find_x_sum(const LogicState& s, FindContext& context, StepSink& sink);
void find_skyscraper_clue(const LogicState& s, FindContext& context, StepSink& sink);
void find_quadruple(const LogicState& s, FindContext& context, StepSink& sink);
void find_innies_outies(const LogicState& s, FindContext& context, StepSink& sink);
void find_direct_intersections(const LogicState& s, FindContext& context, StepSink& sink);
void find_intersections(const LogicState& s, FindContext& context, StepSink& sink);
void find_direct_hidden_pair(const LogicState& s, FindContext& context, StepSink& sink);
void find_direct_hidden_triple(const LogicState& s, FindContext& context, StepSink& sink);
void find_naked_pair(const LogicState& s, FindContext& context, StepSink& sink);
void find_naked_triple(const LogicState& s, FindContext& context, StepSink& sink);
void find_naked_quad(const LogicState& s, FindContext& context, StepSink& sink);
void find_hidden_pair(const LogicState& s, FindContext& context, StepSink& sink);
void find_hidden_triple(const LogicState& s, FindContext& context, StepSink& sink);
void find_hidden_quad(const LogicState& s, FindContext& context, StepSink& sink);
void find_x_wing(const LogicState& s, FindContext& context, StepSink& sink);
void find_swordfish(const LogicState& s, FindContext& context, StepSink& sink);
void find_jellyfish(const LogicState& s, FindContext& context, StepSink& sink);
void find_finned_x_wing(const LogicState& s, FindContext& context, StepSink& sink);
void find_finned_swordfish(const LogicState& s, FindContext& context, StepSink& sink);
void find_xy_wing(const LogicState& s, FindContext& context, StepSink& sink);
void find_xyz_wing(const LogicState& s, FindContext& context, StepSink& sink);
void find_w_wing(const LogicState& s, FindContext& context, StepSink& sink);
void find_unique_loop(const LogicState& s, FindContext& context, StepSink& sink);
void find_bug(const LogicState& s, FindContext& context, StepSink& sink);
void find_aligned_pair_exclusion(const LogicState& s, FindContext& context, StepSink& sink);
void find_aligned_triple_exclusion(const LogicState& s, FindContext& context, StepSink& sink);
// The base cells of aligned pair / triple exclusion, in index order: cells of two
// or more candidates with no naked single among their peers (as in SE: singles
// come first anyway), each with its "excluders", the peers of 2..max_size
// candidates; cells without excluders are left out.
void aligned_exclusion_bases(const LogicState& s, int max_size, std::vector<int>& bases,
                             std::vector<std::vector<int>>& excluders);
void find_skyscraper(const LogicState& s, FindContext& context, StepSink& sink);
void find_two_string_kite(const LogicState& s, FindContext& context, StepSink& sink);
void find_empty_rectangle(const LogicState& s, FindContext& context, StepSink& sink);
void find_simple_coloring(const LogicState& s, FindContext& context, StepSink& sink);

}  // namespace nonet::logic_detail
