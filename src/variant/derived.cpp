// Sums the rules imply but do not state, added so that the search sees them:
// the "rule of 45" of killer solvers. A region (a house, k whole rows or
// columns from an edge, or the first or last k regions of the board) holds
// digits that add up to k * N(N+1)/2; the cages inside it and across its edge
// then fix the sum of the cells it has outside the cages (the innies) less the
// cells the cages have outside it (the outies).

#include <algorithm>
#include <set>

#include "variant/lowered.h"

namespace nonet::variant {
namespace {

constexpr std::size_t kMostTerms = 9;  // longer sums narrow little by their bounds

struct Region {
  std::vector<int> cells;  // sorted
  int total = 0;
  bool one_house = false;  // its cells are all different
};

void derive_from(const Region& r, const std::vector<const Sum*>& cages,
                 std::vector<char>& in_region, Lowered& out) {
  for (const int c : r.cells) in_region[static_cast<std::size_t>(c)] = 1;
  std::vector<char> covered(in_region.size(), 0);
  int inside_sum = 0, crossing_sum = 0;
  std::vector<int> outies;
  bool any_inside = false, any_crossing = false;
  for (const Sum* s : cages) {
    const auto in = std::count_if(s->cells.begin(), s->cells.end(), [&](int c) {
      return in_region[static_cast<std::size_t>(c)] != 0;
    });
    if (in == 0) continue;
    const bool whole = in == static_cast<long>(s->cells.size());
    (whole ? inside_sum : crossing_sum) += s->target;
    (whole ? any_inside : any_crossing) = true;
    for (const int c : s->cells) {
      covered[static_cast<std::size_t>(c)] = whole ? 1 : 2;
      if (!in_region[static_cast<std::size_t>(c)]) outies.push_back(c);
    }
  }
  // The innies beside the cages wholly inside: their sum is what those leave.
  std::vector<int> rest;
  for (const int c : r.cells)
    if (covered[static_cast<std::size_t>(c)] != 1) rest.push_back(c);
  if (any_inside && !rest.empty() && rest.size() <= kMostTerms)
    out.sums.push_back({rest, std::vector<int>(rest.size(), 1), r.total - inside_sum, r.one_house});
  // With the cages across the edge too: innies less outies.
  if (any_crossing) {
    std::vector<int> cells, coefficients;
    for (const int c : r.cells)
      if (!covered[static_cast<std::size_t>(c)]) cells.push_back(c), coefficients.push_back(1);
    const bool only_innies = outies.empty();
    for (const int c : outies) cells.push_back(c), coefficients.push_back(-1);
    if (!cells.empty() && cells.size() <= kMostTerms)
      out.sums.push_back(
          {cells, coefficients, r.total - inside_sum - crossing_sum, only_innies && r.one_house});
  }
  for (const int c : r.cells) in_region[static_cast<std::size_t>(c)] = 0;
}

}  // namespace

void add_implied_sums(const Geometry& g, Lowered& out) {
  // The cages: sums over different digits, none sharing a cell with another.
  std::vector<const Sum*> cages;
  std::vector<char> used(static_cast<std::size_t>(g.cell_count()), 0);
  for (const Sum& s : out.sums) {
    if (!s.distinct) continue;
    if (std::any_of(s.cells.begin(), s.cells.end(),
                    [&](int c) { return used[static_cast<std::size_t>(c)] != 0; }))
      return;  // cages that overlap: no simple arithmetic of regions
    for (const int c : s.cells) used[static_cast<std::size_t>(c)] = 1;
    cages.push_back(&s);
  }
  if (cages.empty()) return;
  const int n = g.side(), house_total = n * (n + 1) / 2;
  std::vector<Region> regions;
  for (const House& h : out.houses) {
    if (static_cast<int>(h.cells.size()) != n) continue;
    Region r{h.cells, house_total, true};
    std::sort(r.cells.begin(), r.cells.end());
    regions.push_back(std::move(r));
  }
  // k whole rows or columns from each edge (k = 1 is a house, above).
  for (int k = 2; k < n; ++k)
    for (const bool columns : {false, true})
      for (const bool from_end : {false, true}) {
        Region r{{}, k * house_total, false};
        for (int i = 0; i < k; ++i)
          for (int j = 0; j < n; ++j) {
            const int line = from_end ? n - 1 - i : i;
            r.cells.push_back(columns ? g.cell(j, line) : g.cell(line, j));
          }
        std::sort(r.cells.begin(), r.cells.end());
        regions.push_back(std::move(r));
      }
  // The first k regions in reading order, and the last k (k = 2 .. N-2).
  std::vector<const House*> boxes;
  for (const House& h : out.houses)
    if (h.region) boxes.push_back(&h);
  for (std::size_t k = 2; k + 1 < boxes.size(); ++k)
    for (const bool from_end : {false, true}) {
      Region r{{}, static_cast<int>(k) * house_total, false};
      for (std::size_t i = 0; i < k; ++i) {
        const House* b = boxes[from_end ? boxes.size() - 1 - i : i];
        r.cells.insert(r.cells.end(), b->cells.begin(), b->cells.end());
      }
      std::sort(r.cells.begin(), r.cells.end());
      regions.push_back(std::move(r));
    }
  // Adding sums moves out.sums: work from copies of the cages.
  std::vector<Sum> kept;
  for (const Sum* s : cages) kept.push_back(*s);
  std::vector<const Sum*> cage_list;
  for (const Sum& s : kept) cage_list.push_back(&s);
  std::vector<char> in_region(static_cast<std::size_t>(g.cell_count()), 0);
  std::set<std::pair<std::vector<int>, int>> seen;
  const std::size_t before = out.sums.size();
  for (const Region& r : regions) derive_from(r, cage_list, in_region, out);
  // The same sum found from two regions is kept once.
  std::vector<Sum> unique(out.sums.begin(), out.sums.begin() + static_cast<long>(before));
  for (std::size_t i = before; i < out.sums.size(); ++i) {
    // Keyed by its terms, signed, sorted, and its target, the sign chosen so
    // that a sum and its negation (innies less outies, from either side) meet.
    const Sum& s = out.sums[i];
    const int sign = s.coefficients.front() > 0 ? 1 : -1;
    std::vector<int> key;
    for (std::size_t t = 0; t < s.cells.size(); ++t)
      key.push_back(sign * s.coefficients[t] * (s.cells[t] + 1));
    std::sort(key.begin(), key.end());
    if (seen.insert({key, sign * s.target}).second) unique.push_back(std::move(out.sums[i]));
  }
  out.sums = std::move(unique);
}

}  // namespace nonet::variant
