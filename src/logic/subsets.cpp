// Subsets: naked and hidden pairs, triples and quads (3.0 / 3.6 / 5.0 and
// 3.4 / 4.0 / 5.4), and SE's direct hidden pair / triple (2.0 / 2.5), which only
// count when the hidden set leaves a hidden single in its house.

#include "logic/finders.h"
#include "logic/patterns.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

constexpr Technique kNaked[] = {Technique::naked_pair, Technique::naked_triple,
                                Technique::naked_quad};
constexpr Technique kHidden[] = {Technique::hidden_pair, Technique::hidden_triple,
                                 Technique::hidden_quad};

void fill_hidden(const LogicState& s, Step& step, int house, Mask digits, Mask places) {
  const Geometry& g = s.geometry();
  step.houses = {house};
  step.digits = digits;
  step.cells = cells_of(g, house, places);
}

void naked_set(const LogicState& s, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  scan_naked_sets(s, degree, Everywhere{}, [&](int house, Mask places, Mask digits) {
    const auto cells = g.house_cells(house);
    Step out;
    for (int k = 0; k < g.side(); ++k) {
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
}

void hidden_set(const LogicState& s, FindContext& context, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  const PositionTable view(s, context);
  scan_hidden_sets(view, degree, false, Everywhere{},
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
  const PositionTable view(s, context);
  scan_hidden_sets(view, degree, true, Everywhere{},
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
                       step.technique = degree == 2 ? Technique::direct_hidden_pair
                                                    : Technique::direct_hidden_triple;
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

void find_naked_pair(const LogicState& s, FindContext&, StepSink& k) { naked_set(s, k, 2); }
void find_naked_triple(const LogicState& s, FindContext&, StepSink& k) { naked_set(s, k, 3); }
void find_naked_quad(const LogicState& s, FindContext&, StepSink& k) { naked_set(s, k, 4); }
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
