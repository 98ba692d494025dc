// Single-digit patterns of the modern profile: Skyscraper, 2-String Kite, Empty
// Rectangle and simple coloring. Each reasons about one digit's strong links
// (houses where it has exactly two places).

#include <algorithm>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

struct Link {
  int house;
  int a, b;  // the two places
};

std::vector<Link> strong_links(const LogicState& s, int digit, HouseKind kind) {
  const Geometry& g = s.geometry();
  std::vector<Link> out;
  for (int i = 0; i < g.side(); ++i) {
    const int house = house_of_kind(g, kind, i);
    const Mask pos = s.positions(house, digit);
    if (popcount(pos) != 2) continue;
    const std::vector<int> cells = cells_of(g, house, pos);
    out.push_back({house, cells[0], cells[1]});
  }
  return out;
}

// Cells holding the digit that see both ends, none of the pattern's cells.
std::vector<CellDigit> seen_by_both(const LogicState& s, int digit, int p, int q,
                                    std::initializer_list<int> pattern) {
  const Geometry& g = s.geometry();
  std::vector<CellDigit> out;
  for (int c : g.peers(p)) {
    if (!sees(g, c, q) || !(s.candidates(c) & digit_bit(digit))) continue;
    if (std::find(pattern.begin(), pattern.end(), c) != pattern.end()) continue;
    out.push_back({c, digit});
  }
  return out;
}

}  // namespace

// Two parallel strong links whose ends line up on one side: of the two far ends
// one holds the digit.
void find_skyscraper(const LogicState& s, FindContext&, StepSink& sink) {
  const Geometry& g = s.geometry();
  for (int digit = 1; digit <= g.side(); ++digit) {
    for (HouseKind kind : {HouseKind::row, HouseKind::column}) {
      const auto links = strong_links(s, digit, kind);
      auto across = [&](int cell) {
        return kind == HouseKind::row ? g.col_of(cell) : g.row_of(cell);
      };
      for (std::size_t i = 0; i < links.size(); ++i) {
        for (std::size_t j = i + 1; j < links.size(); ++j) {
          const Link& l1 = links[i];
          const Link& l2 = links[j];
          for (int flip1 = 0; flip1 < 2; ++flip1) {
            for (int flip2 = 0; flip2 < 2; ++flip2) {
              const int base1 = flip1 ? l1.b : l1.a, far1 = flip1 ? l1.a : l1.b;
              const int base2 = flip2 ? l2.b : l2.a, far2 = flip2 ? l2.a : l2.b;
              if (across(base1) != across(base2) || across(far1) == across(far2)) continue;
              auto out = seen_by_both(s, digit, far1, far2, {base1, base2, far1, far2});
              if (out.empty()) continue;
              Step step;
              step.technique = Technique::skyscraper;
              step.rating = rating_of(step.technique);
              step.houses = {l1.house, l2.house};
              step.cells = {base1, far1, base2, far2};
              step.digits = digit_bit(digit);
              step.eliminations = std::move(out);
              if (sink.take(std::move(step))) return;
            }
          }
        }
      }
    }
  }
}

// A row's strong link and a column's strong link with one end each in the same
// box: the two other ends cannot both be empty of the digit.
void find_two_string_kite(const LogicState& s, FindContext&, StepSink& sink) {
  const Geometry& g = s.geometry();
  for (int digit = 1; digit <= g.side(); ++digit) {
    const auto rows = strong_links(s, digit, HouseKind::row);
    const auto cols = strong_links(s, digit, HouseKind::column);
    for (const Link& r : rows) {
      for (const Link& c : cols) {
        for (int fr = 0; fr < 2; ++fr) {
          for (int fc = 0; fc < 2; ++fc) {
            const int rb = fr ? r.b : r.a, rf = fr ? r.a : r.b;
            const int cb = fc ? c.b : c.a, cf = fc ? c.a : c.b;
            if (rb == cb || rf == cf || rb == cf || rf == cb) continue;
            if (g.box_of(rb) != g.box_of(cb)) continue;
            if (g.box_of(rf) == g.box_of(rb) || g.box_of(cf) == g.box_of(cb)) continue;
            auto out = seen_by_both(s, digit, rf, cf, {rb, rf, cb, cf});
            if (out.empty()) continue;
            Step step;
            step.technique = Technique::two_string_kite;
            step.rating = rating_of(step.technique);
            step.houses = {r.house, c.house, g.box_house(g.box_of(rb))};
            step.cells = {rb, rf, cb, cf};
            step.digits = digit_bit(digit);
            step.eliminations = std::move(out);
            if (sink.take(std::move(step))) return;
          }
        }
      }
    }
  }
}

// A box whose places for the digit lie on one row and one column of it (and not
// on one line alone), with a strong link on a line outside the box that starts
// on that row (or column): its far end and the box's other line meet at a cell
// that loses the digit.
void find_empty_rectangle(const LogicState& s, FindContext&, StepSink& sink) {
  const Geometry& g = s.geometry();
  if (g.jigsaw()) return;  // its boxes are rectangles
  const int n = g.side();
  for (int digit = 1; digit <= n; ++digit) {
    const Mask bit = digit_bit(digit);
    for (int b = 0; b < n; ++b) {
      const int box = g.box_house(b);
      const std::vector<int> places = cells_of(g, box, s.positions(box, digit));
      if (places.size() < 2) continue;
      const int corner = g.house_cells(box)[0];
      for (int r = g.row_of(corner); r < g.row_of(corner) + g.box_rows(); ++r) {
        for (int c = g.col_of(corner); c < g.col_of(corner) + g.box_cols(); ++c) {
          bool fits = true, off_row = false, off_col = false;
          for (int p : places) {
            fits &= g.row_of(p) == r || g.col_of(p) == c;
            off_row |= g.row_of(p) != r;
            off_col |= g.col_of(p) != c;
          }
          if (!fits || !off_row || !off_col) continue;
          // Strong link in a column outside the box with one end on row r.
          for (int kind = 0; kind < 2; ++kind) {
            const bool by_column = kind == 0;
            for (int line = 0; line < n; ++line) {
              const int house = by_column ? g.column_house(line) : g.row_house(line);
              if (houses_cross(g, house, box)) continue;
              const Mask pos = s.positions(house, digit);
              if (popcount(pos) != 2) continue;
              const std::vector<int> ends = cells_of(g, house, pos);
              for (int e = 0; e < 2; ++e) {
                const int near = ends[e], far = ends[1 - e];
                if (by_column ? g.row_of(near) != r : g.col_of(near) != c) continue;
                const int target = by_column ? g.cell(g.row_of(far), c) : g.cell(r, g.col_of(far));
                if (g.box_of(target) == b || !(s.candidates(target) & bit)) continue;
                Step step;
                step.technique = Technique::empty_rectangle;
                step.rating = rating_of(step.technique);
                step.houses = {box, house};
                step.cells = places;
                step.secondary_cells = {near, far};
                step.digits = bit;
                step.eliminations = {{target, digit}};
                if (sink.take(std::move(step))) return;
              }
            }
          }
        }
      }
    }
  }
}

// Simple coloring: the strong links of a digit, coloured alternately. Two cells
// of one colour that see each other make that colour false (wrap); a cell that
// sees both colours loses the digit (trap).
void find_simple_coloring(const LogicState& s, FindContext&, StepSink& sink) {
  const Geometry& g = s.geometry();
  const int cells = g.cell_count();
  for (int digit = 1; digit <= g.side(); ++digit) {
    const Mask bit = digit_bit(digit);
    std::vector<std::vector<int>> adj(static_cast<std::size_t>(cells));
    for (int house = 0; house < g.house_count(); ++house) {
      const Mask pos = s.positions(house, digit);
      if (popcount(pos) != 2) continue;
      const auto ends = cells_of(g, house, pos);
      adj[ends[0]].push_back(ends[1]);
      adj[ends[1]].push_back(ends[0]);
    }
    std::vector<int> color(static_cast<std::size_t>(cells), -1);
    for (int start = 0; start < cells; ++start) {
      if (adj[start].empty() || color[start] >= 0) continue;
      std::vector<int> component{start};
      color[start] = 0;
      for (std::size_t k = 0; k < component.size(); ++k) {
        for (int next : adj[component[k]]) {
          if (color[next] < 0) {
            color[next] = 1 - color[component[k]];
            component.push_back(next);
          }
        }
      }
      if (component.size() < 4) continue;  // two cells: a plain strong link
      std::sort(component.begin(), component.end());
      std::vector<char> member(static_cast<std::size_t>(cells), 0);
      for (int c : component) member[c] = 1;
      auto fill = [&](std::vector<CellDigit> out, int variant) {
        Step step;
        step.technique = Technique::simple_coloring;
        step.rating = rating_of(step.technique);
        step.variant = variant;
        step.digits = bit;
        for (int c : component) (color[c] == 0 ? step.cells : step.secondary_cells).push_back(c);
        step.eliminations = std::move(out);
        return sink.take(std::move(step));
      };
      // Wrap.
      bool wrapped = false;
      for (int side = 0; side < 2 && !wrapped; ++side) {
        bool clash = false;
        for (int a : component) {
          for (int b : component) {
            clash |= a < b && color[a] == side && color[b] == side && sees(g, a, b);
          }
        }
        if (!clash) continue;
        std::vector<CellDigit> out;
        for (int c : component) {
          if (color[c] == side) out.push_back({c, digit});
        }
        if (fill(std::move(out), kColorWrap)) return;
        wrapped = true;
      }
      if (wrapped) continue;
      // Trap.
      std::vector<CellDigit> out;
      for (int c = 0; c < cells; ++c) {
        if (member[c] || !(s.candidates(c) & bit)) continue;
        bool sees0 = false, sees1 = false;
        for (int m : component) {
          if (sees(g, c, m)) (color[m] == 0 ? sees0 : sees1) = true;
        }
        if (sees0 && sees1) out.push_back({c, digit});
      }
      if (!out.empty() && fill(std::move(out), kColorTrap)) return;
    }
  }
}

}  // namespace nonet::logic_detail
