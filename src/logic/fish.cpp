// Fish: X-Wing, Swordfish, Jellyfish (3.2 / 3.8 / 5.2), and for the modern
// profile finned and sashimi X-Wing / Swordfish.

#include "logic/finders.h"
#include "logic/patterns.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

constexpr Technique kFish[] = {Technique::x_wing, Technique::swordfish, Technique::jellyfish};

// Base lines first as columns (covers are rows), then as rows: SE's order.
constexpr std::array<std::array<HouseKind, 2>, 2> kOrientations = {{
    {HouseKind::column, HouseKind::row},
    {HouseKind::row, HouseKind::column},
}};

void fish(const LogicState& s, FindContext& context, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  const PositionTable view(s, context);
  scan_fish(view, degree, Everywhere{},
            [&](HouseKind base, HouseKind cover_kind, Mask lines, int digit, Mask covers) {
              Step out;
              for (Mask c = covers; c; c &= c - 1) {
                const int cover = house_of_kind(g, cover_kind, std::countr_zero(c));
                int i = 0;
                for (int cell : g.house_cells(cover)) {
                  if (!(lines & (Mask{1} << i)) && (s.candidates(cell) & digit_bit(digit))) {
                    out.eliminations.push_back({cell, digit});
                  }
                  ++i;
                }
              }
              if (out.eliminations.empty()) return false;
              out.technique = kFish[degree - 2];
              out.rating = rating_of(out.technique);
              out.digits = digit_bit(digit);
              for (Mask l = lines; l; l &= l - 1) {
                out.houses.push_back(house_of_kind(g, base, std::countr_zero(l)));
              }
              for (Mask c = covers; c; c &= c - 1) {
                out.houses.push_back(house_of_kind(g, cover_kind, std::countr_zero(c)));
              }
              for (Mask l = lines; l; l &= l - 1) {
                const int line = house_of_kind(g, base, std::countr_zero(l));
                for (int cell : cells_of(g, line, view.positions(line, digit))) {
                  out.cells.push_back(cell);
                }
              }
              return sink.take(std::move(out));
            });
}

// Finned fish: the base lines' places fit in `degree` cover lines except for
// fins that all lie in one box; only cover cells in that box (seeing every fin)
// lose the digit. Sashimi when a base line keeps at most one place in the covers.
void finned_fish(const LogicState& s, FindContext& context, StepSink& sink, int degree) {
  const Geometry& g = s.geometry();
  const int n = g.side();
  for (const auto& o : kOrientations) {
    for (int digit = 1; digit <= n; ++digit) {
      const Mask bit = digit_bit(digit);
      std::vector<Mask> positions(static_cast<std::size_t>(n), 0);
      for (int line = 0; line < n; ++line) {
        positions[line] = s.positions(house_of_kind(g, o[0], line), digit);
      }
      const bool found = for_each_combination(n, degree, [&](Mask lines) {
        if (context.stopped()) return true;
        Mask all = 0;
        for (Mask l = lines; l; l &= l - 1) {
          const Mask p = positions[std::countr_zero(l)];
          if (popcount(p) < 1) return false;
          all |= p;
        }
        const int width = popcount(all);
        if (width <= degree || width > degree + g.box_width() + g.box_height()) return false;
        // Try each choice of cover lines among the places.
        std::vector<int> idx;
        for (Mask a = all; a; a &= a - 1) idx.push_back(std::countr_zero(a));
        return for_each_combination(width, degree, [&](Mask pick) {
          Mask covers = 0;
          for (Mask p = pick; p; p &= p - 1) covers |= Mask{1} << idx[std::countr_zero(p)];
          // Fins: base places outside the covers; all in one box.
          std::vector<int> fins;
          bool sashimi = false;
          for (Mask l = lines; l; l &= l - 1) {
            const int base = house_of_kind(g, o[0], std::countr_zero(l));
            const Mask p = positions[std::countr_zero(l)];
            for (int cell : cells_of(g, base, p & ~covers)) fins.push_back(cell);
            if (popcount(p & covers) <= 1) sashimi = true;
          }
          if (fins.empty()) return false;
          const int box = g.box_of(fins[0]);
          for (int f : fins) {
            if (g.box_of(f) != box) return false;
          }
          Step out;
          for (Mask c = covers; c; c &= c - 1) {
            const int cover = house_of_kind(g, o[1], std::countr_zero(c));
            int i = 0;
            for (int cell : g.house_cells(cover)) {
              if (!(lines & (Mask{1} << i)) && g.box_of(cell) == box &&
                  (s.candidates(cell) & bit)) {
                out.eliminations.push_back({cell, digit});
              }
              ++i;
            }
          }
          if (out.eliminations.empty()) return false;
          // A sashimi line with no place at all in the covers is no fish.
          for (Mask l = lines; l; l &= l - 1) {
            if ((positions[std::countr_zero(l)] & covers) == 0) return false;
          }
          out.technique = degree == 2 ? Technique::finned_x_wing : Technique::finned_swordfish;
          // SE-style: a sashimi fish rates one tenth above the finned one.
          out.rating = rating_of(out.technique) + (sashimi ? 1 : 0);
          out.variant = sashimi ? kSashimi : 0;
          out.digits = bit;
          for (Mask l = lines; l; l &= l - 1) {
            out.houses.push_back(house_of_kind(g, o[0], std::countr_zero(l)));
          }
          for (Mask c = covers; c; c &= c - 1) {
            out.houses.push_back(house_of_kind(g, o[1], std::countr_zero(c)));
          }
          for (Mask l = lines; l; l &= l - 1) {
            const int base = house_of_kind(g, o[0], std::countr_zero(l));
            for (int cell : cells_of(g, base, positions[std::countr_zero(l)] & covers)) {
              out.cells.push_back(cell);
            }
          }
          out.secondary_cells = fins;
          return sink.take(std::move(out));
        });
      });
      if (found) return;
    }
  }
}

}  // namespace

void find_x_wing(const LogicState& s, FindContext& c, StepSink& k) { fish(s, c, k, 2); }
void find_swordfish(const LogicState& s, FindContext& c, StepSink& k) { fish(s, c, k, 3); }
void find_jellyfish(const LogicState& s, FindContext& c, StepSink& k) { fish(s, c, k, 4); }
void find_finned_x_wing(const LogicState& s, FindContext& c, StepSink& k) {
  finned_fish(s, c, k, 2);
}
void find_finned_swordfish(const LogicState& s, FindContext& c, StepSink& k) {
  finned_fish(s, c, k, 3);
}

}  // namespace nonet::logic_detail
