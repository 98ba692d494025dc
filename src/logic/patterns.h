#pragma once
// Internal: the patterns of the basic techniques, written once for any view of
// the candidates, so that the finders (on a position, a LogicState) and SE's
// rules inside chains (on a reduced grid, chains/basic_rules.cpp) find the same
// patterns in the same order. A view offers:
//
//   const Geometry& geometry();
//   Mask candidates(int cell);            // 0 for a filled cell
//   Mask positions(int house, int digit);  // bit i: the house's i-th cell
//   int empty_in_house(int house);         // cells without a value
//   int digit_count(int digit);            // copies of the digit placed
//
// Each scan takes a `wanted` filter (the rules inside chains look only where a
// candidate was struck; the finders look everywhere) and calls on_found for each
// pattern in SE's order until it returns true; the scan then returns true.

#include <algorithm>
#include <array>
#include <cassert>
#include <vector>

#include "logic/finders.h"

namespace nonet::logic_detail {

// For views with no filter.
struct Everywhere {
  template <class... Args>
  constexpr bool operator()(Args&&...) const {
    return true;
  }
  constexpr bool house(int) const { return true; }
  constexpr bool set(int, Mask) const { return true; }
};

// Intersections: a digit whose places in house h1 (two or more) all lie in house
// h2 of the other kind. SE's order of (h1's kind, h2's kind): box and column,
// box and row, column and box, row and box; then digits, then houses. At most
// one h2 can hold two or more cells of h1, so it is found from the first place.
//   wanted(h1, digit); on_found(kind1, i1, h1, h2, digit)
template <class View, class Wanted, class OnFound>
bool scan_intersections(const View& v, Wanted&& wanted, OnFound&& on_found) {
  const Geometry& g = v.geometry();
  const int n = g.side();
  const auto through = [&](const HouseFamily& f, int cell) {
    if (f.house_kind != HouseKind::extra) return house_through(g, f.house_kind, cell);
    return house_through(g, f, cell);
  };
  const auto scan = [&](const HouseFamily& f1, const HouseFamily& f2) {
    for (int digit = 1; digit <= n; ++digit) {
      for (int i1 = 0; i1 < f1.count; ++i1) {
        const int h1 = f1.first + i1;
        if (!wanted(h1, digit)) continue;
        const Mask pos = v.positions(h1, digit);
        if (popcount(pos) < 2) continue;  // one place is a hidden single
        const int h2 = through(f2, g.house_cells(h1)[std::countr_zero(pos)]);
        if (h2 < 0 || (pos & ~g.shared_slots(h1, h2))) continue;  // not all inside h2
        if (on_found(f1, i1, h1, h2, digit)) return true;
      }
    }
    return false;
  };
  const HouseFamily rows = classic_family(g, HouseKind::row),
                    columns = classic_family(g, HouseKind::column),
                    boxes = classic_family(g, HouseKind::box);
  if (scan(boxes, columns) || scan(boxes, rows) || scan(columns, boxes) || scan(rows, boxes))
    return true;
  if (g.extra_count() == 0) return false;
  // A variant's families of extra houses (not the diagonals), each against the
  // lines and the boxes, then against each other, in SE's order.
  std::vector<HouseFamily> families;
  for (const HouseFamily& f : extra_families(g)) {
    if (f.kind != ExtraKind::diagonal) families.push_back(f);
  }
  for (const HouseFamily& f : families) {
    if (scan(f, columns) || scan(f, rows) || scan(columns, f) || scan(rows, f) || scan(boxes, f) ||
        scan(f, boxes))
      return true;
  }
  for (std::size_t a = 0; a < families.size(); ++a) {
    for (std::size_t b = a + 1; b < families.size(); ++b) {
      if (scan(families[b], families[a]) || scan(families[a], families[b])) return true;
    }
  }
  return false;
}

// Basic fish of `degree` base lines: a digit whose places in the base lines (two
// or more in each) lie in exactly `degree` cover lines. Base lines are columns
// first (covers rows), then rows; then sets of base lines in increasing order;
// then digits. A digit with too many copies placed to fill the pattern is
// passed over.
//   wanted(base_kind, lines, digit); on_found(base_kind, cover_kind, lines, digit, covers)
// where `lines` and `covers` are masks of line indexes; `wanted` must not
// depend on the calls before it.
// Each digit's fish come from the lines holding it in 2..degree places (no
// other line can be a base line), and are then met in that order: on a 25x25
// board, trying every set of four lines for every digit cost a hundred times
// more.
template <class View, class Wanted, class OnFound>
bool scan_fish(const View& v, int degree, Wanted&& wanted, OnFound&& on_found) {
  constexpr std::array<std::array<HouseKind, 2>, 2> kOrientations = {{
      {HouseKind::column, HouseKind::row},
      {HouseKind::row, HouseKind::column},
  }};
  struct Fish {
    Mask lines;
    int digit;
    Mask covers;
  };
  const Geometry& g = v.geometry();
  const int n = g.side();
  std::vector<Fish> fishes;
  std::array<Mask, kMaxSide> places{};
  for (const auto& o : kOrientations) {
    fishes.clear();
    for (int digit = 1; digit <= n; ++digit) {
      // The pattern needs 2 * degree unplaced copies of the digit.
      if (v.digit_count(digit) + 2 * degree > n) continue;
      Mask eligible = 0;
      for (int line = 0; line < n; ++line) {
        places[line] = v.positions(house_of_kind(g, o[0], line), digit);
        const int count = popcount(places[line]);
        if (count >= 2 && count <= degree) eligible |= Mask{1} << line;
      }
      for_each_subset(eligible, degree, [&](Mask lines) {
        Mask covers = 0;
        for (Mask l = lines; l; l &= l - 1) covers |= places[std::countr_zero(l)];
        if (popcount(covers) == degree && wanted(o[0], lines, digit))
          fishes.push_back({lines, digit, covers});
        return false;
      });
    }
    std::sort(fishes.begin(), fishes.end(), [](const Fish& a, const Fish& b) {
      return a.lines != b.lines ? a.lines < b.lines : a.digit < b.digit;
    });
    for (const Fish& f : fishes) {
      if (on_found(o[0], o[1], f.lines, f.digit, f.covers)) return true;
    }
  }
  return false;
}

// Naked sets of `degree` cells in a house: cells of 2..degree candidates whose
// candidates together are `degree` digits. Houses in SE's order (boxes,
// columns, rows), where at least 2 * degree cells are empty; sets of cells in
// increasing order.
//   wanted.house(house), wanted.set(house, cells); on_found(house, cells, digits)
// (cells: a mask of the house's slots)
template <class View, class Wanted, class OnFound>
bool scan_naked_sets(const View& v, int degree, const Wanted& wanted, OnFound&& on_found,
                     bool diagonals = false) {
  const Geometry& g = v.geometry();
  const int n = g.side();
  auto look = [&](int house) {
    if (!wanted.house(house) || v.empty_in_house(house) < 2 * degree) return false;
    const auto cells = g.house_cells(house);
    Mask eligible = 0;
    for (int k = 0; k < n; ++k) {
      const int count = popcount(v.candidates(cells[k]));
      if (count >= 2 && count <= degree) eligible |= Mask{1} << k;
    }
    return for_each_subset(eligible, degree, [&](Mask places) {
      if (!wanted.set(house, places)) return false;
      Mask digits = 0;
      for (Mask p = places; p; p &= p - 1) digits |= v.candidates(cells[std::countr_zero(p)]);
      if (popcount(digits) != degree) return false;
      return on_found(house, places, digits);
    });
  };
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < n; ++i) {
      if (look(house_of_kind(g, kind, i))) return true;
    }
  }
  // A variant's extra houses after the rows; SE leaves the diagonals out but
  // where `diagonals` (its generalised naked sets).
  return for_each_extra(g, diagonals, look);
}

// The positions of every digit in one house (index digit - 1), from one pass
// over its cells.
class PositionTable;
struct HousePositions {
  std::array<Mask, kMaxSide> of{};
  HousePositions(const PositionTable& v, int house);  // below
  template <class View>
  HousePositions(const View& v, int house) {
    int i = 0;
    for (int cell : v.geometry().house_cells(house)) {
      for (Mask m = v.candidates(cell); m; m &= m - 1) of[std::countr_zero(m)] |= Mask{1} << i;
      ++i;
    }
  }
};

// Hidden sets of `degree` digits in a house: digits with 2..degree places each
// whose places together are `degree` cells. Houses in SE's order; SE looks only
// where more than twice the set's size is empty (else the naked complement is
// the smaller set), or, for its direct forms, more than the set's size.
//   wanted.house(house), wanted.set(house, digits);
//   on_found(house, digits, places, positions)
template <class View, class Wanted, class OnFound>
bool scan_hidden_sets(const View& v, int degree, bool direct, const Wanted& wanted,
                      OnFound&& on_found) {
  const Geometry& g = v.geometry();
  const int n = g.side();
  auto look = [&](int house) {
    if (!wanted.house(house)) return false;
    const int empty = v.empty_in_house(house);
    if (!(empty > 2 * degree || (direct && empty > degree))) return false;
    const HousePositions hp(v, house);
    // Only digits with 2..degree places can belong to a set of `degree`
    // cells; skipping the others keeps SE's order and saves most of the work.
    Mask eligible = 0;
    for (int d = 0; d < n; ++d) {
      const int count = popcount(hp.of[d]);
      if (count >= 2 && count <= degree) eligible |= Mask{1} << d;
    }
    return for_each_subset(eligible, degree, [&](Mask digits) {
      if (!wanted.set(house, digits)) return false;
      Mask places = 0;
      for (Mask d = digits; d; d &= d - 1) places |= hp.of[std::countr_zero(d)];
      if (popcount(places) != degree) return false;
      return on_found(house, digits, places, hp);
    });
  };
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < n; ++i) {
      if (look(house_of_kind(g, kind, i))) return true;
    }
  }
  // A variant's extra houses after the rows, the diagonals too.
  return for_each_extra(g, true, look);
}

// A position seen through a table of every digit's positions in every house:
// for the scans that ask for positions many times (fish, intersections,
// hidden sets). The table lives in the finders' context (PositionCache), so
// the finders tried one after another on the same position share it. A view
// must not outlive the next view made with the same context for a different
// position.
class PositionTable {
 public:
  PositionTable(const LogicState& s, FindContext& context)
      : s_(s),
        n_(s.geometry().side()),
        cache_(context.positions()),
        pos_(context.positions().table(s)),
        build_(cache_.builds()) {}
  const Geometry& geometry() const { return s_.geometry(); }
  Mask candidates(int cell) const { return s_.candidates(cell); }
  Mask positions(int house, int digit) const {
    assert(build_ == cache_.builds() && "a view outlived its table");
    return pos_[static_cast<std::size_t>(house * n_ + digit - 1)];
  }
  int empty_in_house(int house) const { return s_.empty_in_house(house); }
  int digit_count(int digit) const { return s_.digit_count(digit); }

 private:
  const LogicState& s_;
  int n_;
  const PositionCache& cache_;
  const std::vector<Mask>& pos_;
  std::uint64_t build_;
};

// A house's positions read from the table rather than from its cells.
inline HousePositions::HousePositions(const PositionTable& v, int house) {
  const int n = v.geometry().side();
  for (int d = 0; d < n; ++d) of[static_cast<std::size_t>(d)] = v.positions(house, d + 1);
}

}  // namespace nonet::logic_detail
