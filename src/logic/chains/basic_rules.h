#pragma once
// Internal: SE's four basic rules on a reduced grid, the rules of dynamic
// forcing chains (+) and the first rules of nested chains.

#include <deque>
#include <span>
#include <vector>

#include "logic/chains/chain_core.h"

namespace nonet::logic_detail {

// SE's four basic rules on a reduced grid (`cur`, struck from `orig`), in its
// order and with its parent rules: pointing / claiming, hidden pair, naked
// pair, X-Wing; then, on a board with killer cages, what each cage's sum
// allows (Cage Combination), its parents the candidates struck in the cage;
// and on a board with relations, what each link of a dot or a line allows
// the other cell, its parents the candidates struck in the one. Only a hint
// that depends on a struck candidate counts. The
// patterns are the finders' own (patterns.h), seen through this reduced grid;
// what is added here is where to look (where candidates were struck) and each
// hint's parents.
class BasicRules {
 public:
  explicit BasicRules(const Board& board) : b_(board), g_(*board.g), n_(g_.side()) {}

  // Appends the removals of the first rule that has any; returns their count.
  // `pos` holds the positions of each digit in each house of `cur` (index
  // house * N + digit - 1, bit i for the house's i-th cell) and `struck` the
  // digits each house lost from `orig` to `cur`, which the chaining keeps up to
  // date anyway. A hint counts only when it depends on struck candidates, so
  // houses with none are passed over.
  int derive(const std::vector<Mask>& orig, const std::vector<Mask>& cur, std::span<const Mask> pos,
             std::span<const Mask> struck, std::vector<Derived>& out) {
    orig_ = &orig;
    cur_ = &cur;
    pos_ = pos;
    struck_ = struck;
    store_.clear();
    hint_ = 0;
    const std::size_t before = out.size();
    // On a board with extra houses or chess rules SE generalises two rules:
    // a digit's places in a house lock it out of every cell seeing them all,
    // and a naked pair clears every cell seeing both its cells.
    const Layout* layout = g_.layout();
    const bool general =
        layout && (!layout->extra.empty() || layout->anti_knight || layout->anti_king);
    if (general) {
      general_locking(out);
    } else {
      locking(out);
    }
    if (out.size() == before) hidden_pairs(out);
    if (out.size() == before) naked_pairs(out, general);
    if (out.size() == before) x_wings(out);
    if (out.size() == before) cage_sums(out);
    if (out.size() == before) relations(out);
    return static_cast<int>(out.size() - before);
  }

  // The reduced grid as the pattern scans see it (patterns.h).
  const Geometry& geometry() const { return g_; }
  Mask candidates(int c) const { return cur(c); }
  // Positions of `digit` in house `h` of the reduced grid (bit i = i-th cell).
  Mask positions(int h, int digit) const {
    return pos_[static_cast<std::size_t>(h * n_ + digit - 1)];
  }
  int empty_in_house(int h) const;
  int digit_count(int digit) const { return b_.placed[static_cast<std::size_t>(digit)]; }

 private:
  Mask orig(int c) const { return (*orig_)[static_cast<std::size_t>(c)]; }
  Mask cur(int c) const { return (*cur_)[static_cast<std::size_t>(c)]; }
  int cand(int cell, int digit) const { return cell * n_ + digit - 1; }
  // The digits (bit d - 1) that lost places in house `h`.
  Mask struck_digits(int h) const { return struck_[static_cast<std::size_t>(h)]; }
  bool struck(int h, int digit) const { return struck_digits(h) & digit_bit(digit); }
  void emit(const std::vector<int>& removed, std::vector<Derived>& out);
  void locking(std::vector<Derived>& out);
  void hidden_pairs(std::vector<Derived>& out);
  void naked_pairs(std::vector<Derived>& out, bool general);
  void general_locking(std::vector<Derived>& out);
  void x_wings(std::vector<Derived>& out);
  void cage_sums(std::vector<Derived>& out);
  void relations(std::vector<Derived>& out);
  // A filled cell's value, an empty one's candidates.
  Mask digits_of(int c) const;
  // What a rule over `cells` still allows them once candidates are struck in
  // them (`read` narrows their digits, in order; false when it cannot tell):
  // the rest go, the struck candidates their parents.
  template <class Read>
  void implied(std::span<const int> cells, const Read& read, std::vector<Derived>& out);

  const Board& b_;
  const Geometry& g_;
  int n_;
  const std::vector<Mask>* orig_ = nullptr;
  const std::vector<Mask>* cur_ = nullptr;
  std::vector<int> removed_, parents_;
  std::vector<Mask> masks_;  // implied(): the digits of a rule's cells
  std::deque<std::vector<int>> store_;
  std::span<const Mask> pos_;     // per house and digit: positions in the reduced grid
  std::span<const Mask> struck_;  // per house: digits that lost places
  int hint_ = 0;
};

}  // namespace nonet::logic_detail
