// Subsets: naked and hidden pairs, triples and quads (3.0 / 3.6 / 5.0 and
// 3.4 / 4.0 / 5.4), and SE's direct hidden pair / triple (2.0 / 2.5), which only
// count when the hidden set leaves a hidden single in its house.

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

constexpr Technique kNaked[] = {Technique::naked_pair, Technique::naked_triple,
                                Technique::naked_quad};
constexpr Technique kHidden[] = {Technique::hidden_pair, Technique::hidden_triple,
                                 Technique::hidden_quad};

// Position masks of every digit in one house (index digit-1).
struct HousePositions {
  std::array<Mask, kMaxSide> of{};
  HousePositions(const LogicState& s, int house) {
    int i = 0;
    for (int cell : s.geometry().house_cells(house)) {
      for (Mask m = s.candidates(cell); m; m &= m - 1) of[std::countr_zero(m)] |= Mask{1} << i;
      ++i;
    }
  }
};

// A hidden set: `degree` digits (each with at least two places) whose places
// together make exactly `degree` cells. Calls on_set(house, digits, places) for
// each, in SE's order, until it returns true.
template <class OnSet>
bool scan_hidden(const LogicState& s, FindContext& context, int degree, bool direct,
                 OnSet&& on_set) {
  const Geometry& g = s.geometry();
  const int n = g.side();
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < n; ++i) {
      if (context.stopped()) return false;
      const int house = house_of_kind(g, kind, i);
      const int empty = s.empty_in_house(house);
      // SE looks for an indirect hidden set only where more than twice its size
      // is empty (else the naked complement is the smaller set).
      if (!(empty > 2 * degree || (direct && empty > degree))) continue;
      const HousePositions hp(s, house);
      // Only digits with 2..degree places can belong to a set of `degree` cells;
      // skipping the others keeps SE's order and saves most of the work.
      Mask eligible = 0;
      for (int d = 0; d < n; ++d) {
        const int count = popcount(hp.of[d]);
        if (count >= 2 && count <= degree) eligible |= Mask{1} << d;
      }
      const bool found = for_each_subset(eligible, degree, [&](Mask digits) {
        Mask places = 0;
        for (Mask d = digits; d; d &= d - 1) {
          const Mask p = hp.of[std::countr_zero(d)];
          if (popcount(p) < 2) return false;
          places |= p;
        }
        if (popcount(places) != degree) return false;
        return on_set(house, digits, places, hp);
      });
      if (found) return true;
    }
  }
  return false;
}

void fill_hidden(const LogicState& s, Step& step, int house, Mask digits, Mask places) {
  const Geometry& g = s.geometry();
  step.houses = {house};
  step.digits = digits;
  step.cells = cells_of(g, house, places);
}

void naked_set(const LogicState& s, FindContext& context, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  const int n = g.side();
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < n; ++i) {
      if (context.stopped()) return;
      const int house = house_of_kind(g, kind, i);
      if (s.empty_in_house(house) < 2 * degree) continue;
      auto cells = g.house_cells(house);
      Mask eligible = 0;
      for (int k = 0; k < n; ++k) {
        const int count = popcount(s.candidates(cells[k]));
        if (count >= 2 && count <= degree) eligible |= Mask{1} << k;
      }
      const bool found = for_each_subset(eligible, degree, [&](Mask places) {
        Mask digits = 0;
        for (Mask p = places; p; p &= p - 1) {
          const Mask m = s.candidates(cells[std::countr_zero(p)]);
          if (popcount(m) < 2) return false;
          digits |= m;
        }
        if (popcount(digits) != degree) return false;
        Step out;
        for (int k = 0; k < n; ++k) {
          if (places & (Mask{1} << k)) continue;
          eliminate_digits(out, cells[k], s.candidates(cells[k]) & digits);
        }
        if (out.eliminations.empty()) return false;
        out.technique = kNaked[degree - 2];
        out.rating = rating_of(out.technique);
        out.houses = {house};
        out.digits = digits;
        out.cells = cells_of(g, house, places);
        return sink.take(std::move(out));
      });
      if (found) return;
    }
  }
}

void hidden_set(const LogicState& s, FindContext& context, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  scan_hidden(s, context, degree, false,
              [&](int house, Mask digits, Mask places, const HousePositions&) {
                Step out;
                for (int cell : cells_of(g, house, places)) {
                  eliminate_digits(out, cell, s.candidates(cell) & ~digits);
                }
                if (out.eliminations.empty()) return false;
                out.technique = kHidden[degree - 2];
                out.rating = rating_of(out.technique);
                fill_hidden(s, out, house, digits, places);
                return sink.take(std::move(out));
              });
}

void direct_hidden_set(const LogicState& s, FindContext& context, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  scan_hidden(s, context, degree, true,
              [&](int house, Mask digits, Mask places, const HousePositions& hp) {
                // Another digit of the house whose places, the set's cells aside, come
                // down to one.
                for (int digit = 1; digit <= g.side(); ++digit) {
                  if (digits & digit_bit(digit)) continue;
                  const Mask p = hp.of[digit - 1];
                  if (popcount(p) < 2) continue;
                  const Mask left = p & ~places;
                  if (popcount(left) != 1) continue;
                  const int cell = g.house_cells(house)[std::countr_zero(left)];
                  Step step;
                  step.technique =
                      degree == 2 ? Technique::direct_hidden_pair : Technique::direct_hidden_triple;
                  step.rating = rating_of(step.technique);
                  fill_hidden(s, step, house, digits, places);
                  for (int c : step.cells) {
                    for (Mask m = s.candidates(c) & ~digits; m; m &= m - 1) {
                      step.implied.push_back({c, lowest_digit(m)});
                    }
                  }
                  step.placements = {{cell, digit}};
                  if (sink.take(std::move(step))) return true;
                }
                return false;
              });
}

}  // namespace

void find_naked_pair(const LogicState& s, FindContext& c, StepSink& k) { naked_set(s, c, k, 2); }
void find_naked_triple(const LogicState& s, FindContext& c, StepSink& k) { naked_set(s, c, k, 3); }
void find_naked_quad(const LogicState& s, FindContext& c, StepSink& k) { naked_set(s, c, k, 4); }
void find_hidden_pair(const LogicState& s, FindContext& c, StepSink& k) { hidden_set(s, c, k, 2); }
void find_hidden_triple(const LogicState& s, FindContext& c, StepSink& k) {
  hidden_set(s, c, k, 3);
}
void find_hidden_quad(const LogicState& s, FindContext& c, StepSink& k) { hidden_set(s, c, k, 4); }
void find_direct_hidden_pair(const LogicState& s, FindContext& c, StepSink& k) {
  direct_hidden_set(s, c, k, 2);
}
void find_direct_hidden_triple(const LogicState& s, FindContext& c, StepSink& k) {
  direct_hidden_set(s, c, k, 3);
}

}  // namespace nonet::logic_detail
