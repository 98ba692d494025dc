// Aligned pair exclusion (6.2): two cells that share at least two bivalue
// "excluder" peers; a pair of digits for them is impossible when it would empty
// an excluder (or repeat a digit in cells that see each other); a digit of a cell
// that belongs to no possible pair is eliminated.

#include <algorithm>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {

void aligned_exclusion_bases(const LogicState& s, int max_size, std::vector<int>& bases,
                             std::vector<std::vector<int>>& excluders) {
  const Geometry& g = s.geometry();
  bases.clear();
  excluders.clear();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (popcount(s.candidates(cell)) < 2) continue;
    bool single = false;
    std::vector<int> ex;
    for (int p : g.peers(cell)) {
      const int count = popcount(s.candidates(p));
      if (count == 1) single = true;
      if (count >= 2 && count <= max_size) ex.push_back(p);
    }
    if (!single && !ex.empty()) {
      bases.push_back(cell);
      excluders.push_back(std::move(ex));
    }
  }
}

void find_aligned_pair_exclusion(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  // Base cells, in index order, with their bivalue peers.
  std::vector<int> bases;
  std::vector<std::vector<int>> excluders;
  aligned_exclusion_bases(s, 2, bases, excluders);
  const int count = static_cast<int>(bases.size());
  if (count < 2) return;
  // The clock is read every 64 pairs: a pair costs well under a microsecond,
  // and reading it for each was 1.4 % of making 9x9 expert puzzles.
  std::uint32_t pairs = 0;
  std::vector<int> shared;
  // Pairs in SE's order, (0, 1), (0, 2), (1, 2), (0, 3), ...: every pair of
  // bases, however many there are (a mask of them held only 32).
  auto pair = [&](int i0, int i1) {
    if ((pairs++ & 63) == 0 && context.stopped()) return true;
    const int a = bases[i0], b = bases[i1];
    shared.clear();
    for (int e : excluders[i0]) {
      if (std::find(excluders[i1].begin(), excluders[i1].end(), e) != excluders[i1].end()) {
        shared.push_back(e);
      }
    }
    if (shared.size() < 2) return false;
    const bool see = sees(g, a, b);
    Mask allowed_a = 0, allowed_b = 0;
    for (Mask ma = s.candidates(a); ma; ma &= ma - 1) {
      const Mask da = ma & (~ma + 1);
      for (Mask mb = s.candidates(b); mb; mb &= mb - 1) {
        const Mask db = mb & (~mb + 1);
        if (da == db && see) continue;
        bool ok = true;
        for (int e : shared) {
          if ((s.candidates(e) & ~(da | db)) == 0) {
            ok = false;
            break;
          }
        }
        if (ok) {
          allowed_a |= da;
          allowed_b |= db;
        }
      }
    }
    Step out;
    eliminate_digits(out, a, s.candidates(a) & ~allowed_a);
    eliminate_digits(out, b, s.candidates(b) & ~allowed_b);
    if (out.eliminations.empty()) return false;
    out.technique = Technique::aligned_pair_exclusion;
    out.rating = rating_of(out.technique);
    out.cells = {a, b};
    out.secondary_cells = shared;
    out.digits = s.candidates(a) | s.candidates(b);
    return sink.take(std::move(out));
  };
  for (int i1 = 1; i1 < count; ++i1) {
    for (int i0 = 0; i0 < i1; ++i0) {
      if (pair(i0, i1)) return;
    }
  }
}

}  // namespace nonet::logic_detail
