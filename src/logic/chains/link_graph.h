#pragma once
// Internal: the links between the candidates of a fixed grid, for the chain
// searches that run on one (SE's forcing chains & cycles inside nested chains,
// and static multiple forcing chains).

#include <span>
#include <vector>

#include "logic/chains/chain_core.h"

namespace nonet::logic_detail {

// The positions of each digit in each house of `grid` (index house * N +
// digit - 1, bit i: the house's i-th cell).
void house_positions(const Geometry& g, const std::vector<Mask>& grid, std::vector<Mask>& out);

// The links between the candidates of a grid that does not change while a
// search runs (the rule of forcing chains & cycles, and static multiple
// forcing chains), found once rather than on every visit: weak, the same digit
// in the cell's houses (box, then row and column without the box's cells);
// strong, the other digit of a bivalue cell, then per house (box, row, column)
// the one other place of the digit when there are exactly two. Each link has
// the cause its far node gets: the cell (kCellCause) or the house.
//
// A nested rule's hint counts only when it has rule parents: when one of its
// nodes got its cause from a cell, or a house's digit, that lost candidates
// between the outer chain's starting grid (`origin`) and this grid. reach()
// finds the nodes from which such a link can be reached at all; a search from
// any other node finds nothing that counts.
class LinkGraph {
 public:
  struct Link {
    int cand, cause;
  };
  // The most strong links a candidate keeps: its cell's, then those of its box,
  // row, column and up to four of a variant's extra houses.
  static constexpr int kMaxStrong = 8;
  explicit LinkGraph(const Geometry& g) : g_(g), n_(g.side()), cands_(g.cell_count() * n_) {}

  void build(const std::vector<Mask>& grid, const std::vector<Mask>& origin);

  std::span<const Link> weak(int cand) const {
    const std::size_t q = static_cast<std::size_t>(cand);
    // Pointer and count: the standard libraries of every target take this form.
    return {weak_.data() + weak_beg_[q], static_cast<std::size_t>(weak_beg_[q + 1] - weak_beg_[q])};
  }
  // The candidates turned on when `cand` is off, in SE's order and without
  // repeats: with Y-links the cell's link, with X-links the houses' ones.
  std::span<const Link> strong(int cand, bool y, bool x) const {
    const std::size_t q = static_cast<std::size_t>(cand);
    const Link* all = &strong_[q * kMaxStrong];
    const int cell_link = strong_cell_[q];
    if (!x) return {all, y ? static_cast<std::size_t>(cell_link) : 0};
    if (!y) return {all + cell_link, static_cast<std::size_t>(strong_count_[q] - cell_link)};
    return {all, static_cast<std::size_t>(strong_count_[q])};
  }
  // Whether a node that gets `cause` has rule parents.
  bool has_parents(int cand, int cause) const {
    if (cause == kCellCause) return struck_cell_[static_cast<std::size_t>(cand / n_)];
    return cause >= 0 && struck_house_[static_cast<std::size_t>(cause * n_ + cand % n_)];
  }
  bool struck_cell(int cell) const { return struck_cell_[static_cast<std::size_t>(cell)]; }

  // The nodes (cand * 2 + on) that can reach a link whose far node has rule
  // parents, following Y-links (`y`: within cells) and X-links (`x`: strong
  // ones within houses; weak ones are always followed). A strong link counts
  // (off to on); with `weak_counts` (cycles, whose off nodes count too) a weak
  // one as well. Links are symmetric, so the nodes are found backwards.
  void reach(bool y, bool x, bool weak_counts, std::vector<char>& out);

 private:
  Mask at(int cell) const { return (*grid_)[static_cast<std::size_t>(cell)]; }
  std::array<int, 3> houses(int cell) const { return houses_of(g_, cell); }

  const Geometry& g_;
  int n_;
  int cands_;
  const std::vector<Mask>* grid_ = nullptr;
  std::vector<Mask> pos_;      // per house and digit
  std::vector<int> weak_beg_;  // per candidate: its first weak link
  std::vector<Link> weak_;
  std::vector<Link> strong_;  // per candidate, up to kMaxStrong
  std::vector<unsigned char> strong_count_, strong_cell_;
  std::vector<char> struck_cell_, struck_house_;  // per cell; per house and digit
  std::vector<int> queue_;
};

}  // namespace nonet::logic_detail
