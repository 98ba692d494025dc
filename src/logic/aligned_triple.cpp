// Aligned triple exclusion (SE 7.5): three cells that share at least two
// "excluder" peers (cells of two or three candidates that see all three). A
// combination of digits for the three cells is impossible when two cells that
// see each other take the same digit, or when it covers every candidate of an
// excluder; a digit of a base cell that appears in no possible combination is
// eliminated. As in SE, the first two cells are a pair of base cells and the
// third comes from the excluders of the pair ("twin area"); the first triple
// that eliminates something is the step.

#include <algorithm>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {

void find_aligned_triple_exclusion(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  // Base cells, in index order, with their peers of two or three candidates.
  std::vector<int> bases;
  std::vector<std::vector<int>> excluders;
  aligned_exclusion_bases(s, 3, bases, excluders);
  std::vector<int> base_index(static_cast<std::size_t>(g.cell_count()), -1);
  for (std::size_t i = 0; i < bases.size(); ++i) {
    base_index[static_cast<std::size_t>(bases[i])] = static_cast<int>(i);
  }
  const int count = static_cast<int>(bases.size());
  if (count < 3) return;
  auto contains = [](const std::vector<int>& v, int x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  // Pairs of bases in SE's order, (0, 1), (0, 2), (1, 2), (0, 3), ...: every
  // pair, however many bases there are (a mask of them held only 32).
  auto pair = [&](int i0, int i1) {
    if (context.stopped()) return true;
    // Base cells seen by an excluder of either cell, in order of first mention.
    std::vector<int> tail;
    for (const auto* list :
         {&excluders[static_cast<std::size_t>(i0)], &excluders[static_cast<std::size_t>(i1)]}) {
      for (int c : *list) {
        if (base_index[static_cast<std::size_t>(c)] < 0 ||
            c == bases[static_cast<std::size_t>(i0)] || c == bases[static_cast<std::size_t>(i1)] ||
            contains(tail, c)) {
          continue;
        }
        tail.push_back(c);
      }
    }
    for (int third : tail) {
      const int cells[3] = {bases[static_cast<std::size_t>(i0)],
                            bases[static_cast<std::size_t>(i1)], third};
      const auto& e2 =
          excluders[static_cast<std::size_t>(base_index[static_cast<std::size_t>(third)])];
      std::vector<int> common;
      for (int e : excluders[static_cast<std::size_t>(i0)]) {
        if (contains(excluders[static_cast<std::size_t>(i1)], e) && contains(e2, e))
          common.push_back(e);
      }
      if (common.size() < 2) continue;
      const bool see01 = sees(g, cells[0], cells[1]), see02 = sees(g, cells[0], cells[2]),
                 see12 = sees(g, cells[1], cells[2]);
      Mask allowed[3] = {0, 0, 0};
      for (Mask m0 = s.candidates(cells[0]); m0; m0 &= m0 - 1) {
        const Mask d0 = m0 & (~m0 + 1);
        for (Mask m1 = s.candidates(cells[1]); m1; m1 &= m1 - 1) {
          const Mask d1 = m1 & (~m1 + 1);
          if (d0 == d1 && see01) continue;
          for (Mask m2 = s.candidates(cells[2]); m2; m2 &= m2 - 1) {
            const Mask d2 = m2 & (~m2 + 1);
            if ((d0 == d2 && see02) || (d1 == d2 && see12)) continue;
            const Mask used = d0 | d1 | d2;
            bool ok = true;
            for (int e : common) {
              if ((s.candidates(e) & ~used) == 0) {
                ok = false;
                break;
              }
            }
            if (!ok) continue;
            allowed[0] |= d0;
            allowed[1] |= d1;
            allowed[2] |= d2;
          }
        }
      }
      std::vector<CellDigit> elims;
      for (int k = 0; k < 3; ++k) {
        for (Mask r = s.candidates(cells[k]) & ~allowed[k]; r; r &= r - 1) {
          elims.push_back({cells[k], std::countr_zero(r) + 1});
        }
      }
      if (elims.empty()) continue;
      Step step;
      step.technique = Technique::aligned_triple_exclusion;
      step.rating = rating_of(step.technique);
      step.cells = {cells[0], cells[1], cells[2]};
      step.secondary_cells = common;
      step.eliminations = std::move(elims);
      if (sink.take(std::move(step))) return true;
    }
    return false;
  };
  for (int i1 = 1; i1 < count; ++i1) {
    for (int i0 = 0; i0 < i1; ++i0) {
      if (pair(i0, i1)) return;
    }
  }
}

}  // namespace nonet::logic_detail
