// The kinds that narrow their cells by reasoning of their own rather than as
// houses, pairs or sums: clues outside the grid (sandwich, X-sum, skyscraper)
// and quadruples. Each lowers to a Rule whose revise() keeps, in every cell,
// the digits that take part in some way of satisfying it.

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <optional>

#include "variant/lowered.h"

namespace nonet::variant {
namespace {

constexpr std::size_t kMostCells = 32;  // a row of the largest board, with room
constexpr std::size_t kMostSets = 1 << 16;

Mask bit(int d) { return Mask{1} << (d - 1); }
int lowest(Mask m) { return std::countr_zero(m) + 1; }

// The sets of digits from `from` (a mask) that add up to `target`, smallest
// sets first; nothing when there are more than kMostSets (the rule then
// waits for its cells to be filled).
std::optional<std::vector<Mask>> sets_summing(Mask from, int target) {
  std::vector<Mask> out;
  std::vector<int> digits;
  for (Mask m = from; m; m &= m - 1) digits.push_back(lowest(m));
  bool too_many = false;
  // Depth-first over the digits in order, pruned by what is left to add.
  const auto walk = [&](auto&& self, std::size_t next, Mask chosen, int left) -> void {
    if (too_many) return;
    if (left == 0) {
      out.push_back(chosen);
      too_many = out.size() > kMostSets;
      return;
    }
    for (std::size_t i = next; i < digits.size() && digits[i] <= left; ++i)
      self(self, i + 1, chosen | bit(digits[i]), left - digits[i]);
  };
  if (target >= 0) walk(walk, 0, 0, target);
  if (too_many) return std::nullopt;
  std::stable_sort(out.begin(), out.end(), [](Mask a, Mask b) { return count(a) < count(b); });
  return out;
}

bool all_single(std::span<const Mask> m) {
  return std::all_of(m.begin(), m.end(), [](Mask x) { return std::has_single_bit(x); });
}

// Narrows every cell to what `keep` found for it; false when one is left empty.
bool keep_only(std::span<Mask> m, const std::array<Mask, kMostCells>& keep) {
  for (std::size_t i = 0; i < m.size(); ++i)
    if ((m[i] &= keep[i]) == 0) return false;
  return true;
}

// --- Sandwich: the digits between the 1 and the N sum to the clue ----------------

int sandwich_of(std::span<const Mask> m, int side) {
  int first = -1, last = -1;
  for (std::size_t i = 0; i < m.size(); ++i)
    if (m[i] == bit(1) || m[i] == bit(side)) (first < 0 ? first : last) = static_cast<int>(i);
  int sum = 0;
  for (int i = first + 1; i < last; ++i) sum += lowest(m[static_cast<std::size_t>(i)]);
  return first < 0 || last < 0 ? -1 : sum;
}

bool revise_sandwich(const Rule& r, std::span<Mask> m, int side) {
  if (!r.listed) return !all_single(m) || sandwich_of(m, side) == r.value;
  const std::size_t n = m.size();
  const Mask one = bit(1), top = bit(side), crusts = one | top;
  std::array<Mask, kMostCells> keep{};
  for (std::size_t i = 0; i < n; ++i) {
    if (!(m[i] & crusts)) continue;
    for (std::size_t j = i + 1; j < n; ++j) {
      Mask at_i = 0, at_j = 0;  // the crusts i and j can hold together
      if ((m[i] & one) && (m[j] & top)) at_i |= one, at_j |= top;
      if ((m[i] & top) && (m[j] & one)) at_i |= top, at_j |= one;
      if (!at_i) continue;
      const int inside = static_cast<int>(j - i - 1);
      Mask present = 0;
      for (std::size_t k = i + 1; k < j; ++k) present |= m[k];
      for (const Mask set : r.sets) {
        const int size = count(set);
        if (size < inside) continue;
        if (size > inside) break;
        if ((set & present) != set) continue;
        bool fits = true;
        for (std::size_t k = i + 1; k < j && fits; ++k) fits = (m[k] & set) != 0;
        if (!fits) continue;
        keep[i] |= at_i;
        keep[j] |= at_j;
        for (std::size_t k = 0; k < n; ++k)
          if (k > i && k < j)
            keep[k] |= m[k] & set;
          else if (k != i && k != j)
            keep[k] |= m[k] & ~set & ~crusts;
      }
    }
  }
  return keep_only(m, keep);
}

// --- X-sum: the first X digits, X the first of them, sum to the clue -------------

int x_sum_of(std::span<const Mask> m) {
  const int x = lowest(m[0]);
  int sum = 0;
  for (int i = 0; i < x && i < static_cast<int>(m.size()); ++i)
    sum += lowest(m[static_cast<std::size_t>(i)]);
  return sum;
}

bool revise_x_sum(const Rule& r, std::span<Mask> m, int) {
  if (!r.listed) return !all_single(m) || x_sum_of(m) == r.value;
  const std::size_t n = m.size();
  std::array<Mask, kMostCells> keep{};
  // Each set is the digits of the first X cells, X itself among them.
  for (const Mask set : r.sets) {
    const int x = count(set);
    if (static_cast<std::size_t>(x) > n || !(set & bit(x)) || !(m[0] & bit(x))) continue;
    const Mask rest = set & ~bit(x);
    Mask present = 0;
    bool fits = true;
    for (std::size_t k = 1; k < static_cast<std::size_t>(x); ++k) {
      present |= m[k];
      fits = fits && (m[k] & rest) != 0;
    }
    if (!fits || (present & rest) != rest) continue;
    keep[0] |= bit(x);
    for (std::size_t k = 1; k < n; ++k)
      keep[k] |= m[k] & (k < static_cast<std::size_t>(x) ? rest : ~set);
  }
  return keep_only(m, keep);
}

// --- Skyscraper: as many digits seen as the clue, each above all before it -------

// Over states (the highest digit so far, how many seen) cell by cell: a digit
// stays where some path through it reaches the clue's count. Digits repeat
// along such a path only where the row or column (a house) forbids it anyway.
bool revise_skyscraper(const Rule& r, std::span<Mask> m, int side) {
  const std::size_t n = m.size();
  using Counts = std::uint32_t;  // bit c: c digits seen
  std::array<std::array<Counts, kMostCells + 1>, kMostCells + 1> ahead{}, behind{};
  ahead[0][0] = 1;
  for (std::size_t i = 0; i < n; ++i)
    for (int high = 0; high <= side; ++high) {
      const Counts seen = ahead[i][static_cast<std::size_t>(high)];
      if (!seen) continue;
      for (Mask rest = m[i]; rest; rest &= rest - 1) {
        const int d = lowest(rest);
        if (d > high)
          ahead[i + 1][static_cast<std::size_t>(d)] |= seen << 1;
        else
          ahead[i + 1][static_cast<std::size_t>(high)] |= seen;
      }
    }
  for (int high = 0; high <= side; ++high)
    behind[n][static_cast<std::size_t>(high)] = Counts{1} << r.value;
  std::array<Mask, kMostCells> keep{};
  for (std::size_t i = n; i-- > 0;)
    for (int high = 0; high <= side; ++high) {
      Counts& from = behind[i][static_cast<std::size_t>(high)];
      const Counts seen = ahead[i][static_cast<std::size_t>(high)];
      for (Mask rest = m[i]; rest; rest &= rest - 1) {
        const int d = lowest(rest);
        const Counts to = d > high ? behind[i + 1][static_cast<std::size_t>(d)] >> 1
                                   : behind[i + 1][static_cast<std::size_t>(high)];
        from |= to;
        if (seen & to) keep[i] |= bit(d);
      }
    }
  return keep_only(m, keep);
}

// --- Quadruple: the 2x2 holds each listed digit, as often as listed --------------

bool revise_quadruple(const Rule& r, std::span<Mask> m, int) {
  std::map<int, int> wanted;
  for (const int d : r.digits) ++wanted[d];
  Mask listed = 0;
  for (const auto& [d, times] : wanted) {
    listed |= bit(d);
    std::size_t can = 0;
    for (const Mask x : m) can += (x & bit(d)) ? 1 : 0;
    if (can < static_cast<std::size_t>(times)) return false;
    if (can == static_cast<std::size_t>(times))
      for (Mask& x : m)
        if (x & bit(d)) x = bit(d);
  }
  if (r.digits.size() == m.size())
    for (Mask& x : m) x &= listed;
  return std::none_of(m.begin(), m.end(), [](Mask x) { return x == 0; });
}

void add_rule(Lowered& out, const Constraint& c, std::optional<std::vector<Mask>> sets,
              bool (*revise)(const Rule&, std::span<Mask>, int)) {
  const bool listed = sets.has_value();
  out.rules.push_back(
      {c.cells, c.value, c.other, listed ? std::move(*sets) : std::vector<Mask>{}, listed, revise});
}

}  // namespace

std::string needs_outside_clue(const Constraint& c, const VariantPuzzle& p) {
  const Geometry& g = p.geometry();
  const int n = g.side();
  // A whole row or column, from one end to the other.
  bool line = c.cells.size() == static_cast<std::size_t>(n);
  for (std::size_t i = 1; i < c.cells.size() && line; ++i) {
    const int dr = g.row_of(c.cells[i]) - g.row_of(c.cells[i - 1]);
    const int dc = g.col_of(c.cells[i]) - g.col_of(c.cells[i - 1]);
    const int dr1 = g.row_of(c.cells[1]) - g.row_of(c.cells[0]);
    const int dc1 = g.col_of(c.cells[1]) - g.col_of(c.cells[0]);
    line = std::abs(dr) + std::abs(dc) == 1 && dr == dr1 && dc == dc1;
  }
  if (!line) return "needs a whole row or column, read from the clue's side";
  int least = 0, most = 0;
  switch (c.kind) {
    case ConstraintKind::sandwich:
      most = n * (n + 1) / 2 - 1 - n;
      break;
    case ConstraintKind::x_sum:
      least = 1, most = n * (n + 1) / 2;
      break;
    default:
      least = 1, most = n;
      break;  // a skyscraper
  }
  if (c.value < least || c.value > most)
    return "has the clue " + std::to_string(c.value) + "; on a " + g.describe() + " board it is " +
           std::to_string(least) + " to " + std::to_string(most);
  return "";
}

std::string needs_quadruple(const Constraint& c, const VariantPuzzle& p) {
  const Geometry& g = p.geometry();
  if (c.cells.size() != 4)
    return "needs the four cells of a 2x2, not " + std::to_string(c.cells.size());
  int top = g.side(), left = g.side();
  for (const int cell : c.cells)
    top = std::min(top, g.row_of(cell)), left = std::min(left, g.col_of(cell));
  std::vector<int> square;
  if (top + 1 < g.side() && left + 1 < g.side())
    square = {g.cell(top, left), g.cell(top, left + 1), g.cell(top + 1, left),
              g.cell(top + 1, left + 1)};
  std::vector<int> cells = c.cells;
  std::sort(cells.begin(), cells.end());
  if (cells != square) return "needs the four cells of a 2x2";
  if (c.other.empty() || c.other.size() > 4)
    return "lists " + std::to_string(c.other.size()) + " digits; it takes 1 to 4";
  std::map<int, int> times;
  for (const int d : c.other) {
    if (d < 1 || d > g.side())
      return "lists the digit " + std::to_string(d) + ", which a " + g.describe() +
             " board has not";
    if (++times[d] > 2)
      return "lists the digit " + std::to_string(d) + " more than twice, more than a 2x2 can hold";
  }
  return "";
}

void lower_sandwich(const Constraint& c, const VariantPuzzle& p, Lowered& out) {
  const int n = p.geometry().side();
  const Mask middle = p.geometry().all_digits() & ~bit(1) & ~bit(n);
  add_rule(out, c, sets_summing(middle, c.value), revise_sandwich);
}
void lower_x_sum(const Constraint& c, const VariantPuzzle& p, Lowered& out) {
  add_rule(out, c, sets_summing(p.geometry().all_digits(), c.value), revise_x_sum);
}
void lower_skyscraper(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  add_rule(out, c, std::vector<Mask>{}, revise_skyscraper);
}
void lower_quadruple(const Constraint& c, const VariantPuzzle&, Lowered& out) {
  add_rule(out, c, std::vector<Mask>{}, revise_quadruple);
}

}  // namespace nonet::variant
