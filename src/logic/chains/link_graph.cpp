// The link table of a fixed grid and the backward search for the nodes that
// can reach a link with rule parents (see link_graph.h).

#include "logic/chains/link_graph.h"

#include <algorithm>

namespace nonet::logic_detail {

void house_positions(const Geometry& g, const std::vector<Mask>& grid, std::vector<Mask>& out) {
  const int n = g.side();
  out.assign(static_cast<std::size_t>(g.house_count() * n), 0);
  const bool variant = !g.regular();
  for (int c = 0; c < g.cell_count(); ++c) {
    const auto hs = g.houses_of(c);
    const std::span<const int> extra =
        variant ? g.extra_houses_of(c) : std::span<const int>();
    const std::span<const int> extra_slots =
        variant ? g.extra_slots_of(c) : std::span<const int>();
    for (Mask r = grid[static_cast<std::size_t>(c)]; r; r &= r - 1) {
      for (int h : hs) {
        out[static_cast<std::size_t>(h * n + std::countr_zero(r))] |= Mask{1}
                                                                      << g.slot(c, g.house_kind(h));
      }
      for (std::size_t j = 0; j < extra.size(); ++j) {
        out[static_cast<std::size_t>(extra[j] * n + std::countr_zero(r))] |= Mask{1}
                                                                             << extra_slots[j];
      }
    }
  }
}

void LinkGraph::build(const std::vector<Mask>& grid, const std::vector<Mask>& origin) {
  grid_ = &grid;
  house_positions(g_, grid, pos_);
  weak_beg_.assign(static_cast<std::size_t>(cands_) + 1, 0);
  weak_.clear();
  const bool variant = !g_.regular();
  strong_count_.assign(static_cast<std::size_t>(cands_), 0);
  strong_cell_.assign(static_cast<std::size_t>(cands_), 0);
  strong_.resize(static_cast<std::size_t>(cands_) * kMaxStrong);
  for (int cell = 0; cell < g_.cell_count(); ++cell) {
    const auto hs = houses(cell);
    for (int d = 0; d < n_; ++d) {
      const int q = cell * n_ + d;
      weak_beg_[static_cast<std::size_t>(q)] = static_cast<int>(weak_.size());
      const Mask bit = Mask{1} << d;
      if (!(at(cell) & bit)) continue;
      Link* strong = &strong_[static_cast<std::size_t>(q) * kMaxStrong];
      int count_strong = 0;
      if (two_bits(at(cell))) {
        strong[count_strong++] = {cell * n_ + std::countr_zero(at(cell) & ~bit), kCellCause};
        strong_cell_[static_cast<std::size_t>(q)] = 1;
      }
      for (std::size_t k = 0; k < 3; ++k) {
        const std::span<const int> cells = g_.house_cells(hs[k]);
        const Mask others =
            pos_[static_cast<std::size_t>(hs[k] * n_ + d)] & ~(Mask{1} << house_slot(g_, cell, k));
        for (Mask m = others; m; m &= m - 1) {
          const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
          if (k == 0 || g_.box_of(c) != g_.box_of(cell)) weak_.push_back({c * n_ + d, hs[k]});
        }
        if (!others || (others & (others - 1))) continue;
        // The one other place; box and row or column can give the same
        // cell, and the first counts.
        const int o = cells[static_cast<std::size_t>(std::countr_zero(others))] * n_ + d;
        if (std::none_of(strong, strong + count_strong, [&](const Link& e) { return e.cand == o; }))
          strong[count_strong++] = {o, hs[k]};
      }
      strong_count_[static_cast<std::size_t>(q)] = static_cast<unsigned char>(count_strong);
      if (!variant) continue;
      // A variant's extra houses: their other places are weak links (those the
      // cell's row, column and box have not given), and a lone one strong;
      // then the cells a chess move away, weak links only.
      const std::span<const int> extra = g_.extra_houses_of(cell);
      for (std::size_t j = 0; j < extra.size(); ++j) {
        const std::span<const int> cells = g_.house_cells(extra[j]);
        const Mask others = pos_[static_cast<std::size_t>(extra[j] * n_ + d)] &
                            ~(Mask{1} << g_.extra_slots_of(cell)[j]);
        for (Mask m = others; m; m &= m - 1) {
          const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
          const bool met = std::any_of(weak_.begin() + weak_beg_[static_cast<std::size_t>(q)],
                                       weak_.end(), [&](const Link& l) { return l.cand == c * n_ + d; });
          if (!met) weak_.push_back({c * n_ + d, extra[j]});
        }
        if (!others || (others & (others - 1))) continue;
        const int o = cells[static_cast<std::size_t>(std::countr_zero(others))] * n_ + d;
        if (count_strong < kMaxStrong &&
            std::none_of(strong, strong + count_strong, [&](const Link& e) { return e.cand == o; }))
          strong[count_strong++] = {o, extra[j]};
      }
      for (int c : g_.move_peers(cell)) {
        if (at(c) & bit) weak_.push_back({c * n_ + d, kNoCause});
      }
      for (int c : g_.consecutive_neighbours(cell)) {
        for (Mask r = at(c) & g_.consecutive_of(d + 1); r; r &= r - 1)
          weak_.push_back({c * n_ + std::countr_zero(r), kNoCause});
      }
      // A relation's ties: the digits its rule does not allow beside this one
      // (the same digit in a peer is a link already).
      for (const Geometry::Tie& t : g_.ties(cell)) {
        Mask r = at(t.other) & ~g_.beside(t, d + 1);
        if (g_.sees(cell, t.other)) r &= ~bit;
        for (; r; r &= r - 1) weak_.push_back({t.other * n_ + std::countr_zero(r), kNoCause});
      }
      strong_count_[static_cast<std::size_t>(q)] = static_cast<unsigned char>(count_strong);
    }
  }
  weak_beg_[static_cast<std::size_t>(cands_)] = static_cast<int>(weak_.size());
  struck_cell_.assign(static_cast<std::size_t>(g_.cell_count()), 0);
  struck_house_.assign(static_cast<std::size_t>(g_.house_count() * n_), 0);
  for (int cell = 0; cell < g_.cell_count(); ++cell) {
    const Mask gone = origin[static_cast<std::size_t>(cell)] & ~at(cell);
    if (!gone) continue;
    struck_cell_[static_cast<std::size_t>(cell)] = 1;
    for (int h : houses(cell)) {
      for (Mask r = gone; r; r &= r - 1)
        struck_house_[static_cast<std::size_t>(h * n_ + std::countr_zero(r))] = 1;
    }
    if (!variant) continue;
    for (int h : g_.extra_houses_of(cell)) {
      for (Mask r = gone; r; r &= r - 1)
        struck_house_[static_cast<std::size_t>(h * n_ + std::countr_zero(r))] = 1;
    }
  }
}

void LinkGraph::reach(bool y, bool x, bool weak_counts, std::vector<char>& out) {
  out.assign(static_cast<std::size_t>(cands_) * 2, 0);
  queue_.clear();
  auto mark = [&](int node) {
    if (out[static_cast<std::size_t>(node)]) return;
    out[static_cast<std::size_t>(node)] = 1;
    queue_.push_back(node);
  };
  for (int cell = 0; cell < g_.cell_count(); ++cell) {
    for (Mask r = at(cell); r; r &= r - 1) {
      const int d = std::countr_zero(r);
      const int p = cell * n_ + d;
      // The far node of a cell link is in this cell, that of a house link
      // has this digit.
      // A link across a chess move or between neighbours' digits has no house
      // (kNoCause): it brings no rule parents, as has_parents says.
      auto counts = [&](const Link& l) {
        if (l.cause == kCellCause) return struck_cell(cell) != 0;
        return l.cause >= 0 && struck_house_[static_cast<std::size_t>(l.cause * n_ + d)] != 0;
      };
      const std::span<const Link> st = strong(p, y, x);
      if (std::any_of(st.begin(), st.end(), counts)) mark(p * 2);
      if (!weak_counts) continue;
      const std::span<const Link> wk = weak(p);
      if ((y && struck_cell(cell) && (at(cell) & ~(Mask{1} << d))) ||
          std::any_of(wk.begin(), wk.end(), counts))
        mark(p * 2 + 1);
    }
  }
  for (std::size_t i = 0; i < queue_.size(); ++i) {
    const int node = queue_[i];
    const int q = node / 2;
    if (node & 1) {
      // An on node is reached from the off nodes it is strongly linked with.
      for (const Link& st : strong(q, y, x)) mark(st.cand * 2);
    } else {
      // An off node from the on nodes it is weakly linked with.
      const int cell = q / n_;
      if (y) {
        for (Mask r = at(cell) & ~(Mask{1} << (q % n_)); r; r &= r - 1)
          mark((cell * n_ + std::countr_zero(r)) * 2 + 1);
      }
      for (const Link& w : weak(q)) mark(w.cand * 2 + 1);
    }
  }
}

}  // namespace nonet::logic_detail
