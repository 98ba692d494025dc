// SE's basic rules inside chains (see basic_rules.h): the finders' patterns on
// a reduced grid, each hint with the struck candidates it depends on.

#include "logic/chains/basic_rules.h"

#include <algorithm>

#include "logic/patterns.h"

namespace nonet::logic_detail {

int BasicRules::empty_in_house(int h) const {
  int k = 0;
  for (int c : g_.house_cells(h)) k += b_.empty[static_cast<std::size_t>(c)];
  return k;
}

void BasicRules::emit(const std::vector<int>& removed, std::vector<Derived>& out) {
  if (removed.empty() || parents_.empty()) return;
  store_.push_back(parents_);
  for (int q : removed) out.push_back({q, &store_.back(), -1, hint_});
  ++hint_;
}

void BasicRules::locking(std::vector<Derived>& out) {
  // The parents are struck places in h1.
  auto struck_in = [&](int h1, int digit) { return struck(h1, digit); };
  scan_intersections(*this, struck_in, [&](const HouseFamily&, int, int h1, int h2, int digit) {
    const Mask bit = digit_bit(digit);
    removed_.clear();
    for (int c : g_.house_cells(h2)) {
      if ((cur(c) & bit) && !in_house(g_, c, h1)) removed_.push_back(cand(c, digit));
    }
    std::sort(removed_.begin(), removed_.end());
    parents_.clear();
    for (int c : g_.house_cells(h1)) {
      if ((orig(c) & bit) && !(cur(c) & bit) && !in_house(g_, c, h2)) {
        parents_.push_back(cand(c, digit));
      }
    }
    emit(removed_, out);
    return false;
  });
}

void BasicRules::hidden_pairs(std::vector<Derived>& out) {
  // The parents are the pair's struck places.
  struct StruckDigits {
    const BasicRules& r;
    bool house(int h) const { return r.struck_digits(h) != 0; }
    bool set(int h, Mask digits) const { return (digits & r.struck_digits(h)) != 0; }
  };
  scan_hidden_sets(*this, 2, false, StruckDigits{*this},
                   [&](int h, Mask pair, Mask places, const HousePositions&) {
                     const std::span<const int> cells = g_.house_cells(h);
                     removed_.clear();
                     for (Mask p = places; p; p &= p - 1) {
                       const int c = cells[static_cast<std::size_t>(std::countr_zero(p))];
                       for (Mask r = cur(c) & ~pair; r; r &= r - 1)
                         removed_.push_back(c * n_ + std::countr_zero(r));
                     }
                     std::sort(removed_.begin(), removed_.end());
                     parents_.clear();
                     for (int k = 0; k < n_; ++k) {
                       if (places & (Mask{1} << k)) continue;
                       const int c = cells[static_cast<std::size_t>(k)];
                       for (Mask d = pair & orig(c); d; d &= d - 1)
                         parents_.push_back(c * n_ + std::countr_zero(d));
                     }
                     emit(removed_, out);
                     return false;
                   });
}

void BasicRules::naked_pairs(std::vector<Derived>& out) {
  // The parents are the struck digits of the pair's cells (the pair's own
  // digits are all that is left in them): only sets with a cell that lost
  // candidates count.
  struct StruckCells {
    const BasicRules& r;
    mutable int house_ = -1;
    mutable Mask changed_ = 0;
    Mask changed(int h) const {
      if (h != house_) {
        house_ = h;
        changed_ = 0;
        const std::span<const int> cells = r.g_.house_cells(h);
        for (std::size_t k = 0; k < cells.size(); ++k) {
          if (r.orig(cells[k]) != r.cur(cells[k])) changed_ |= Mask{1} << k;
        }
      }
      return changed_;
    }
    bool house(int h) const { return changed(h) != 0; }
    bool set(int h, Mask places) const { return (places & changed(h)) != 0; }
  };
  scan_naked_sets(*this, 2, StruckCells{*this}, [&](int h, Mask pick, Mask digits) {
    const std::span<const int> cells = g_.house_cells(h);
    removed_.clear();
    for (int k = 0; k < n_; ++k) {
      if (pick & (Mask{1} << k)) continue;
      const int c = cells[static_cast<std::size_t>(k)];
      for (Mask r = cur(c) & digits; r; r &= r - 1)
        removed_.push_back(c * n_ + std::countr_zero(r));
    }
    parents_.clear();
    for (Mask p = pick; p; p &= p - 1) {
      const int c = cells[static_cast<std::size_t>(std::countr_zero(p))];
      for (Mask r = orig(c) & ~digits; r; r &= r - 1)
        parents_.push_back(c * n_ + std::countr_zero(r));
    }
    emit(removed_, out);
    return false;
  });
}

void BasicRules::x_wings(std::vector<Derived>& out) {
  // The parents are struck places in the base lines.
  auto struck_in_lines = [&](HouseKind base, Mask lines, int digit) {
    for (Mask l = lines; l; l &= l - 1) {
      if (struck(house_of_kind(g_, base, std::countr_zero(l)), digit)) return true;
    }
    return false;
  };
  scan_fish(*this, 2, struck_in_lines,
            [&](HouseKind base, HouseKind cover, Mask lines, int digit, Mask common) {
              const Mask bit = digit_bit(digit);
              removed_.clear();
              for (Mask c = common; c; c &= c - 1) {
                const int h = house_of_kind(g_, cover, std::countr_zero(c));
                int k = 0;
                for (int cell : g_.house_cells(h)) {
                  if (!(lines & (Mask{1} << k)) && (cur(cell) & bit))
                    removed_.push_back(cand(cell, digit));
                  ++k;
                }
              }
              std::sort(removed_.begin(), removed_.end());
              parents_.clear();
              for (Mask l = lines; l; l &= l - 1) {
                const int h = house_of_kind(g_, base, std::countr_zero(l));
                int k = 0;
                for (int cell : g_.house_cells(h)) {
                  if (!(common & (Mask{1} << k)) && (orig(cell) & bit) && !(cur(cell) & bit)) {
                    parents_.push_back(cand(cell, digit));
                  }
                  ++k;
                }
              }
              emit(removed_, out);
              return false;
            });
}

}  // namespace nonet::logic_detail
