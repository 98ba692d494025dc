// SE's basic rules inside chains (see basic_rules.h): the finders' patterns on
// a reduced grid, each hint with the struck candidates it depends on.

#include "logic/chains/basic_rules.h"

#include <algorithm>

#include "logic/finders.h"
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

void BasicRules::general_locking(std::vector<Derived>& out) {
  // SE's order: boxes, rows, columns, then the extra houses; within each
  // family digits, then houses. Places 2 to 6; the parents are the house's
  // struck places.
  const int n = n_;
  auto look = [&](int first, int count) {
    for (int digit = 1; digit <= n; ++digit) {
      const Mask bit = digit_bit(digit);
      for (int h = first; h < first + count; ++h) {
        if (!struck(h, digit)) continue;
        const Mask pos = positions(h, digit);
        const int places = popcount(pos);
        if (places < 2 || places > 6) continue;
        const std::span<const int> cells = g_.house_cells(h);
        const int first_place = cells[static_cast<std::size_t>(std::countr_zero(pos))];
        removed_.clear();
        for (int c : g_.peers(first_place)) {
          if (!(cur(c) & bit) || (in_house(g_, c, h) && (pos >> g_.slot_in(h, c) & 1u))) continue;
          bool all = true;
          for (Mask p = pos & (pos - 1); p && all; p &= p - 1)
            all = sees(g_, c, cells[static_cast<std::size_t>(std::countr_zero(p))]);
          if (all) removed_.push_back(cand(c, digit));
        }
        std::sort(removed_.begin(), removed_.end());
        parents_.clear();
        for (int c : cells) {
          if ((orig(c) & bit) && !(cur(c) & bit)) parents_.push_back(cand(c, digit));
        }
        emit(removed_, out);
      }
    }
  };
  look(g_.box_house(0), n);
  look(g_.row_house(0), n);
  look(g_.column_house(0), n);
  look(g_.extra_house(0), g_.extra_count());
}

void BasicRules::naked_pairs(std::vector<Derived>& out, bool general) {
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
    if (general) {
      // Every cell seeing both cells of the pair, wherever it is.
      const int a = cells[static_cast<std::size_t>(std::countr_zero(pick))];
      const int b = cells[static_cast<std::size_t>(31 - std::countl_zero(pick))];
      for (int c : g_.peers(a)) {
        if (c == b || !sees(g_, c, b)) continue;
        for (Mask r = cur(c) & digits; r; r &= r - 1)
          removed_.push_back(c * n_ + std::countr_zero(r));
      }
      std::sort(removed_.begin(), removed_.end());
    } else {
      for (int k = 0; k < n_; ++k) {
        if (pick & (Mask{1} << k)) continue;
        const int c = cells[static_cast<std::size_t>(k)];
        for (Mask r = cur(c) & digits; r; r &= r - 1)
          removed_.push_back(c * n_ + std::countr_zero(r));
      }
    }
    parents_.clear();
    for (Mask p = pick; p; p &= p - 1) {
      const int c = cells[static_cast<std::size_t>(std::countr_zero(p))];
      for (Mask r = orig(c) & ~digits; r; r &= r - 1)
        parents_.push_back(c * n_ + std::countr_zero(r));
    }
    emit(removed_, out);
    return false;
  }, general);
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

Mask BasicRules::digits_of(int c) const {
  return b_.empty[static_cast<std::size_t>(c)] ? cur(c)
                                               : digit_bit(b_.values[static_cast<std::size_t>(c)]);
}

template <class Read>
void BasicRules::implied(std::span<const int> cells, const Read& read, std::vector<Derived>& out) {
  parents_.clear();
  masks_.clear();
  for (int c : cells) {
    masks_.push_back(digits_of(c));
    if (!b_.empty[static_cast<std::size_t>(c)]) continue;
    for (Mask d = orig(c) & ~cur(c); d; d &= d - 1) parents_.push_back(c * n_ + std::countr_zero(d));
  }
  if (parents_.empty() || !read(masks_)) return;
  removed_.clear();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int c = cells[i];
    if (!b_.empty[static_cast<std::size_t>(c)]) continue;
    for (Mask r = cur(c) & ~masks_[i]; r; r &= r - 1) removed_.push_back(c * n_ + std::countr_zero(r));
  }
  std::sort(removed_.begin(), removed_.end());
  emit(removed_, out);
}

void BasicRules::cage_sums(std::vector<Derived>& out) {
  if (!g_.summed_cages()) return;
  std::vector<Mask> allowed;
  for (const Cage& cage : g_.layout()->cages) {
    if (cage.sum == 0) continue;
    implied(
        cage.cells,
        [&](std::vector<Mask>& digits) {
          if (!read_sum(digits, cage.sum, 0, allowed, nullptr)) return false;
          digits = allowed;
          return true;
        },
        out);
  }
}

// Each link of a relation: the digits of one cell that no remaining digit of
// the other allows go, once the other has lost candidates (its struck
// candidates the parents). Links are read one at a time, as the other rules
// are, so a chain may follow a thermometer or a dot a cell at a time.
void BasicRules::relations(std::vector<Derived>& out) {
  if (!g_.has_relations()) return;
  auto read = [&](int from, int to, const Link& link, bool forward) {
    if (!b_.empty[static_cast<std::size_t>(to)]) return;
    const Mask struck = b_.empty[static_cast<std::size_t>(from)] ? orig(from) & ~cur(from) : 0;
    if (!struck) return;
    const Mask have = digits_of(from);
    Mask keep = 0;
    if (forward) {
      for (Mask x = have; x; x &= x - 1)
        keep |= link.allowed[static_cast<std::size_t>(std::countr_zero(x) + 1)];
      keep &= cur(to);
    } else {
      for (Mask m = cur(to); m; m &= m - 1) {
        if (link.allowed[static_cast<std::size_t>(std::countr_zero(m) + 1)] & have) keep |= m & ~(m - 1);
      }
    }
    if (keep == cur(to)) return;
    removed_.clear();
    parents_.clear();
    for (Mask r = cur(to) & ~keep; r; r &= r - 1) removed_.push_back(to * n_ + std::countr_zero(r));
    for (Mask d = struck; d; d &= d - 1) parents_.push_back(from * n_ + std::countr_zero(d));
    emit(removed_, out);
  };
  for (const Relation& rel : g_.layout()->relations) {
    for (const Link& link : rel.links) {
      read(link.a, link.b, link, true);
      read(link.b, link.a, link, false);
    }
    // A rule over a group (renban, between line, arrow, little killer): what
    // it still allows, once candidates are struck in it, its parents those.
    if (!rel.links.empty() || rel.cells.empty()) continue;
    implied(rel.cells, [&](std::vector<Mask>& digits) { return read_group(rel, g_, digits); }, out);
  }
}

}  // namespace nonet::logic_detail
