// SE's basic rules inside chains (see basic_rules.h).

#include "logic/chains/basic_rules.h"

#include <algorithm>

namespace nonet::logic_detail {

int BasicRules::empty_in(int h) const {
  int k = 0;
  for (int c : g_.house_cells(h)) k += b_.empty[static_cast<std::size_t>(c)];
  return k;
}

Mask BasicRules::positions(int h, int digit) const {
  return pos_[static_cast<std::size_t>(h * n_ + digit - 1)];
}

void BasicRules::emit(const std::vector<int>& removed, std::vector<Derived>& out) {
  if (removed.empty() || parents_.empty()) return;
  store_.push_back(parents_);
  for (int q : removed) out.push_back({q, &store_.back(), -1, hint_});
  ++hint_;
}

void BasicRules::locking(std::vector<Derived>& out) {
  using K = HouseKind;
  const std::pair<K, K> orders[] = {
      {K::box, K::column}, {K::box, K::row}, {K::column, K::box}, {K::row, K::box}};
  for (const auto& [k1, k2] : orders) {
    for (int digit = 1; digit <= n_; ++digit) {
      const Mask bit = digit_bit(digit);
      for (int i1 = 0; i1 < n_; ++i1) {
        const int h1 = house_of_kind(g_, k1, i1);
        // The parents are struck places in h1.
        if (!struck(h1, digit)) continue;
        const Mask places = positions(h1, digit);
        if (popcount(places) < 2) continue;
        // Only the house of kind k2 through the first place can hold them all.
        const std::span<const int> cells1 = g_.house_cells(h1);
        const int first = cells1[static_cast<std::size_t>(std::countr_zero(places))];
        const int h2 = house_through(g_, k2, first);
        bool inside = true;
        for (Mask p = places; p; p &= p - 1) {
          if (!in_house(g_, cells1[static_cast<std::size_t>(std::countr_zero(p))], h2))
            inside = false;
        }
        if (!inside) continue;
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
      }
    }
  }
}

void BasicRules::hidden_pairs(std::vector<Derived>& out) {
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < n_; ++i) {
      const int h = house_of_kind(g_, kind, i);
      // The parents are the pair's struck places.
      const Mask changed = struck_digits(h);
      if (!changed || empty_in(h) <= 4) continue;
      for_each_combination(n_, 2, [&](Mask pair) {
        if (!(pair & changed)) return false;
        Mask places = 0;
        for (Mask d = pair; d; d &= d - 1) {
          const Mask p = positions(h, std::countr_zero(d) + 1);
          if (popcount(p) <= 1) return false;
          places |= p;
        }
        if (!two_bits(places)) return false;
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
  }
}

void BasicRules::naked_pairs(std::vector<Derived>& out) {
  for (HouseKind kind : se_kind_order()) {
    for (int i = 0; i < n_; ++i) {
      const int h = house_of_kind(g_, kind, i);
      const std::span<const int> cells = g_.house_cells(h);
      // The parents are the struck digits of the pair's cells (the pair's
      // own digits are all that is left in them).
      Mask changed = 0;
      for (std::size_t k = 0; k < cells.size(); ++k) {
        if (orig(cells[k]) != cur(cells[k])) changed |= Mask{1} << k;
      }
      if (!changed || empty_in(h) < 4) continue;
      for_each_combination(n_, 2, [&](Mask pick) {
        if (!(pick & changed)) return false;
        Mask digits = 0;
        for (Mask p = pick; p; p &= p - 1) {
          const Mask m = cur(cells[static_cast<std::size_t>(std::countr_zero(p))]);
          if (popcount(m) <= 1) return false;
          digits |= m;
        }
        if (!two_bits(digits)) return false;
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
  }
}

void BasicRules::x_wings(std::vector<Derived>& out) {
  using K = HouseKind;
  const std::pair<K, K> orders[] = {{K::column, K::row}, {K::row, K::column}};
  for (const auto& order : orders) {
    // Plain variables: a lambda may not capture structured bindings before C++20's
    // P1091 (clang rejects it).
    const K base = order.first, cover = order.second;
    for_each_combination(n_, 2, [&](Mask lines) {
      for (int digit = 1; digit <= n_; ++digit) {
        if (b_.placed[static_cast<std::size_t>(digit)] + 4 > n_) continue;
        // The parents are struck places in the base lines.
        bool changed = false;
        for (Mask l = lines; l; l &= l - 1)
          changed = changed || struck(house_of_kind(g_, base, std::countr_zero(l)), digit);
        if (!changed) continue;
        const Mask bit = digit_bit(digit);
        Mask common = 0;
        bool ok = true;
        for (Mask l = lines; l; l &= l - 1) {
          const Mask p = positions(house_of_kind(g_, base, std::countr_zero(l)), digit);
          if (popcount(p) <= 1) ok = false;
          common |= p;
        }
        if (!ok || !two_bits(common)) continue;
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
      }
      return false;
    });
  }
}

}  // namespace nonet::logic_detail
