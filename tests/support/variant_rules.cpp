#include "support/variant_rules.h"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace nonet::testing {
namespace {

bool distinct(const Grid& g, const std::vector<int>& cells) {
  std::set<int> seen;
  for (const int c : cells)
    if (!seen.insert(g[c]).second) return false;
  return true;
}

bool orthogonal(const Geometry& geo, int a, int b) {
  return std::abs(geo.row_of(a) - geo.row_of(b)) + std::abs(geo.col_of(a) - geo.col_of(b)) == 1;
}

bool marked(const VariantPuzzle& p, ConstraintKind kind, int a, int b) {
  for (const Constraint& c : p.constraints)
    if (c.kind == kind && c.cells.size() == 2 &&
        ((c.cells[0] == a && c.cells[1] == b) || (c.cells[0] == b && c.cells[1] == a)))
      return true;
  return false;
}

bool ratio(int x, int y, int r) { return x == r * y || y == r * x; }

// Whether `c` holds on the full grid `g`.
bool holds(const VariantPuzzle& p, const Constraint& c, const Grid& g) {
  const Geometry& geo = p.geometry();
  const int n = geo.side();
  const auto& cells = c.cells;
  switch (c.kind) {
    case ConstraintKind::diagonal_down:
    case ConstraintKind::diagonal_up: {
      std::vector<int> d;
      for (int i = 0; i < n; ++i)
        d.push_back(geo.cell(c.kind == ConstraintKind::diagonal_down ? i : n - 1 - i, i));
      return distinct(g, d);
    }
    case ConstraintKind::disjoint_groups:
      for (int slot = 0; slot < n; ++slot) {
        std::vector<int> group;
        for (int box = 0; box < n; ++box) group.push_back(geo.house_cells(geo.box_house(box))[slot]);
        if (!distinct(g, group)) return false;
      }
      return true;
    case ConstraintKind::extra_region:
    case ConstraintKind::killer_cage: {
      if (!distinct(g, cells)) return false;
      if (c.kind == ConstraintKind::extra_region || c.value == 0) return true;
      int sum = 0;
      for (const int x : cells) sum += g[x];
      return sum == c.value;
    }
    case ConstraintKind::anti_knight:
    case ConstraintKind::anti_king:
      for (int a = 0; a < geo.cell_count(); ++a)
        for (int b = 0; b < geo.cell_count(); ++b) {
          const int dr = std::abs(geo.row_of(a) - geo.row_of(b)), dc = std::abs(geo.col_of(a) - geo.col_of(b));
          const bool move = c.kind == ConstraintKind::anti_knight ? (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
                                                                  : a != b && dr <= 1 && dc <= 1;
          if (move && g[a] == g[b]) return false;
        }
      return true;
    case ConstraintKind::non_consecutive:
    case ConstraintKind::negative_ratio:
    case ConstraintKind::negative_xv: {
      const auto any_of_kind = [&](ConstraintKind k) {
        return std::any_of(p.constraints.begin(), p.constraints.end(),
                           [k](const Constraint& d) { return d.kind == k; });
      };
      // Both negatives: every dot is given, and a dot of either colour exempts its pair.
      const bool both = any_of_kind(ConstraintKind::non_consecutive) &&
                        any_of_kind(ConstraintKind::negative_ratio);
      for (int a = 0; a < geo.cell_count(); ++a)
        for (int b = a + 1; b < geo.cell_count(); ++b) {
          if (!orthogonal(geo, a, b)) continue;
          const int x = g[a], y = g[b];
          const bool white = marked(p, ConstraintKind::difference, a, b),
                     black = marked(p, ConstraintKind::ratio, a, b);
          if (both && (white || black)) continue;
          if (c.kind == ConstraintKind::non_consecutive && !white && std::abs(x - y) == 1)
            return false;
          if (c.kind == ConstraintKind::negative_xv && !marked(p, ConstraintKind::xv, a, b) &&
              (x + y == 5 || x + y == 10))
            return false;
          if (c.kind == ConstraintKind::negative_ratio && !black) {
            bool any = false;
            for (const Constraint& d : p.constraints)
              if (d.kind == ConstraintKind::ratio) any = any || ratio(x, y, d.value ? d.value : 2);
            bool used = std::any_of(p.constraints.begin(), p.constraints.end(),
                                    [](const Constraint& d) { return d.kind == ConstraintKind::ratio; });
            if (!used) any = ratio(x, y, 2);
            if (any) return false;
          }
        }
      return true;
    }
    case ConstraintKind::difference:
      return std::abs(g[cells[0]] - g[cells[1]]) == (c.value ? c.value : 1);
    case ConstraintKind::ratio:
      return ratio(g[cells[0]], g[cells[1]], c.value ? c.value : 2);
    case ConstraintKind::xv:
      return g[cells[0]] + g[cells[1]] == c.value;
    case ConstraintKind::odd:
      return g[cells[0]] % 2 == 1;
    case ConstraintKind::even:
      return g[cells[0]] % 2 == 0;
    case ConstraintKind::minimum:
    case ConstraintKind::maximum:
      for (int b = 0; b < geo.cell_count(); ++b) {
        if (!orthogonal(geo, cells[0], b)) continue;
        if (c.kind == ConstraintKind::minimum ? g[cells[0]] >= g[b] : g[cells[0]] <= g[b]) return false;
      }
      return true;
    case ConstraintKind::thermometer:
      for (std::size_t i = 1; i < cells.size(); ++i)
        if (g[cells[i]] <= g[cells[i - 1]]) return false;
      return true;
    case ConstraintKind::whispers:
      for (std::size_t i = 1; i < cells.size(); ++i)
        if (std::abs(g[cells[i]] - g[cells[i - 1]]) < (c.value ? c.value : (n + 1) / 2)) return false;
      return true;
    case ConstraintKind::renban: {
      if (!distinct(g, cells)) return false;
      int lo = n, hi = 1;
      for (const int x : cells) lo = std::min(lo, g[x]), hi = std::max(hi, g[x]);
      return hi - lo == static_cast<int>(cells.size()) - 1;
    }
    case ConstraintKind::palindrome:
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (g[cells[i]] != g[cells[cells.size() - 1 - i]]) return false;
      return true;
    case ConstraintKind::between: {
      const int lo = std::min(g[cells.front()], g[cells.back()]), hi = std::max(g[cells.front()], g[cells.back()]);
      for (std::size_t i = 1; i + 1 < cells.size(); ++i)
        if (g[cells[i]] <= lo || g[cells[i]] >= hi) return false;
      return true;
    }
    case ConstraintKind::clone:
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (g[cells[i]] != g[c.other[i]]) return false;
      return true;
    case ConstraintKind::arrow:
    case ConstraintKind::little_killer: {
      int sum = 0;
      for (std::size_t i = c.kind == ConstraintKind::arrow ? 1 : 0; i < cells.size(); ++i) sum += g[cells[i]];
      return sum == (c.kind == ConstraintKind::arrow ? g[cells[0]] : c.value);
    }
    case ConstraintKind::candidates:
      return std::find(c.other.begin(), c.other.end(), g[cells[0]]) != c.other.end();
    case ConstraintKind::region_sum_line: {
      // Region of a cell as the puzzle has them; -1: none, every cell its own piece's end.
      const auto region = [&](int cell) {
        if (!p.regions.empty()) return p.regions[static_cast<std::size_t>(cell)];
        return p.no_regions ? -1 : geo.box_of(cell);
      };
      std::vector<int> sums;
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i == 0 || region(cells[i]) < 0 || region(cells[i]) != region(cells[i - 1]))
          sums.push_back(0);
        sums.back() += g[cells[i]];
      }
      return std::all_of(sums.begin(), sums.end(), [&](int s) { return s == sums.front(); });
    }
    case ConstraintKind::pill_arrow: {
      long number = 0;
      for (int i = 0; i < c.value; ++i) {
        const int d = g[cells[static_cast<std::size_t>(i)]];
        if (i > 0 && d > 9) return false;  // one decimal digit after the first
        number = number * 10 + d;
      }
      long sum = 0;
      for (std::size_t i = static_cast<std::size_t>(c.value); i < cells.size(); ++i)
        sum += g[cells[i]];
      return sum == number;
    }
    case ConstraintKind::quadruple:
      for (const int d : c.other) {
        const auto wanted = std::count(c.other.begin(), c.other.end(), d);
        const auto there =
            std::count_if(cells.begin(), cells.end(), [&](int x) { return g[x] == d; });
        if (there < wanted) return false;
      }
      return true;
    case ConstraintKind::sandwich: {
      std::vector<int> at;  // where the 1 and the N are
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (g[cells[i]] == 1 || g[cells[i]] == n) at.push_back(static_cast<int>(i));
      if (at.size() != 2) return false;
      int sum = 0;
      for (int i = at[0] + 1; i < at[1]; ++i) sum += g[cells[static_cast<std::size_t>(i)]];
      return sum == c.value;
    }
    case ConstraintKind::x_sum: {
      const int x = g[cells[0]];
      if (x > static_cast<int>(cells.size())) return false;
      int sum = 0;
      for (int i = 0; i < x; ++i) sum += g[cells[static_cast<std::size_t>(i)]];
      return sum == c.value;
    }
    case ConstraintKind::skyscraper: {
      int seen = 0, tallest = 0;
      for (const int x : cells)
        if (g[x] > tallest) tallest = g[x], ++seen;
      return seen == c.value;
    }
  }
  return false;
}

}  // namespace

std::string broken_rule(const VariantPuzzle& p, const Grid& g) {
  const Geometry& geo = p.geometry();
  const int n = geo.side();
  for (int cell = 0; cell < geo.cell_count(); ++cell) {
    if (g[cell] < 1 || g[cell] > n) return "a cell without a digit";
    if (p.givens[cell] != 0 && p.givens[cell] != g[cell]) return "a given changed";
  }
  for (int i = 0; i < n; ++i) {
    std::vector<int> row, col;
    for (int j = 0; j < n; ++j) row.push_back(geo.cell(i, j)), col.push_back(geo.cell(j, i));
    if (!distinct(g, row)) return "row " + std::to_string(i + 1);
    if (!distinct(g, col)) return "column " + std::to_string(i + 1);
  }
  if (!p.no_regions) {
    for (int r = 0; r < n; ++r) {
      std::vector<int> region;
      for (int cell = 0; cell < geo.cell_count(); ++cell)
        if (p.regions.empty() ? geo.box_of(cell) == r : p.regions[static_cast<std::size_t>(cell)] == r)
          region.push_back(cell);
      if (!distinct(g, region)) return "region " + std::to_string(r + 1);
    }
  }
  for (std::size_t i = 0; i < p.constraints.size(); ++i)
    if (!holds(p, p.constraints[i], g)) return describe(p, i);
  return "";
}

}  // namespace nonet::testing
