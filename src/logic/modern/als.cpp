// ALS-XZ: two almost locked sets (k cells of one house holding k + 1 digits)
// joined by a restricted common digit.

#include <algorithm>
#include <cstdint>
#include <set>

#include "logic/modern/modern.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// ALS-XZ rates a tenth more per cell over three, up to this.
constexpr int kAlsXzMost = 66;

// A set of cells as a bitset over the board (any size up to 25x25).
class CellSets {
 public:
  explicit CellSets(int cells) : words_((cells + 63) / 64) {}
  int words() const { return words_; }
  std::size_t add() {
    data_.resize(data_.size() + static_cast<std::size_t>(words_), 0);
    return data_.size() / static_cast<std::size_t>(words_) - 1;
  }
  std::uint64_t* at(std::size_t set) {
    return data_.data() + set * static_cast<std::size_t>(words_);
  }
  const std::uint64_t* at(std::size_t set) const {
    return data_.data() + set * static_cast<std::size_t>(words_);
  }
  void insert(std::size_t set, int cell) { at(set)[cell / 64] |= std::uint64_t{1} << (cell % 64); }

 private:
  int words_;
  std::vector<std::uint64_t> data_;
};

// An almost locked set: k cells of one house holding k + 1 digits between them.
struct Als {
  int house;
  Mask digits;
  std::vector<int> cells;
  std::size_t members;  // its cells, in the CellSets
  // Per digit (index digit - 1): the cells holding it, and the cells outside
  // the set that see all of those; 0 for a digit the set lacks.
  std::vector<std::size_t> holders, seers;
};

class AlsSearch {
 public:
  AlsSearch(const LogicState& s, FindContext& context)
      : s_(s), context_(context), g_(s.geometry()), n_(g_.side()), sets_(g_.cell_count()) {
    // Set 0 stays empty; then one peer set per cell and one set per digit of
    // the cells still holding it.
    sets_.add();
    peers_ = sets_.add();
    for (int c = 1; c < g_.cell_count(); ++c) sets_.add();
    for (int c = 0; c < g_.cell_count(); ++c) {
      for (int p : g_.peers(c)) sets_.insert(peers_ + static_cast<std::size_t>(c), p);
    }
    digit_cells_ = sets_.add();
    for (int d = 2; d <= n_; ++d) sets_.add();
    for (int c = 0; c < g_.cell_count(); ++c) {
      for (Mask r = s_.candidates(c); r; r &= r - 1) {
        sets_.insert(digit_cells_ + static_cast<std::size_t>(std::countr_zero(r)), c);
      }
    }
    collect();
  }

  bool run(Step& step) {
    // Pairs in order of their total size, so the first found is the smallest.
    const int count = static_cast<int>(als_.size());
    int best = 1 << 30;
    for (int i = 0; i < count; ++i) {
      if (context_.stopped()) return false;
      const Als& a = als_[static_cast<std::size_t>(i)];
      for (int j = i + 1; j < count; ++j) {
        const Als& b = als_[static_cast<std::size_t>(j)];
        if (static_cast<int>(a.cells.size() + b.cells.size()) >= best) break;
        if (popcount(a.digits & b.digits) < 2 || overlap(a.members, b.members)) continue;
        Step st;
        if (!pair_step(a, b, st)) continue;
        best = static_cast<int>(a.cells.size() + b.cells.size());
        step = std::move(st);
      }
    }
    return best != 1 << 30;
  }

 private:
  // Largest set tried: every size on boards up to 9x9; smaller on larger boards
  // where the number of subsets explodes.
  int max_size() const { return n_ <= 9 ? n_ - 1 : (n_ <= 16 ? 4 : 3); }

  void collect() {
    std::set<std::vector<int>> seen;
    for (int h = 0; h < g_.house_count(); ++h) {
      if (context_.stopped()) return;
      std::vector<int> empty;
      for (int c : g_.house_cells(h)) {
        if (s_.candidates(c)) empty.push_back(c);
      }
      const int m = static_cast<int>(empty.size());
      for (int k = 1; k <= std::min(m - 1, max_size()); ++k) {
        for_each_combination(m, k, [&](Mask pick) {
          Mask digits = 0;
          for (Mask p = pick; p; p &= p - 1) {
            digits |= s_.candidates(empty[static_cast<std::size_t>(std::countr_zero(p))]);
          }
          if (popcount(digits) != k + 1) return false;
          std::vector<int> cells;
          for (Mask p = pick; p; p &= p - 1) {
            cells.push_back(empty[static_cast<std::size_t>(std::countr_zero(p))]);
          }
          std::sort(cells.begin(), cells.end());
          if (seen.insert(cells).second) add(h, digits, std::move(cells));
          return false;
        });
      }
    }
    std::stable_sort(als_.begin(), als_.end(),
                     [](const Als& x, const Als& y) { return x.cells.size() < y.cells.size(); });
  }

  void add(int house, Mask digits, std::vector<int> cells) {
    Als a;
    a.house = house;
    a.digits = digits;
    a.members = sets_.add();
    for (int c : cells) sets_.insert(a.members, c);
    a.holders.assign(static_cast<std::size_t>(n_), 0);
    a.seers.assign(static_cast<std::size_t>(n_), 0);
    const int w = sets_.words();
    for (Mask r = digits; r; r &= r - 1) {
      const int d = std::countr_zero(r);
      const std::size_t holders = sets_.add(), seers = sets_.add();
      std::uint64_t* see = sets_.at(seers);
      for (int i = 0; i < w; ++i) see[i] = ~std::uint64_t{0};
      for (int c : cells) {
        if (!(s_.candidates(c) & (Mask{1} << d))) continue;
        sets_.insert(holders, c);
        const std::uint64_t* p = sets_.at(peers_ + static_cast<std::size_t>(c));
        for (int i = 0; i < w; ++i) see[i] &= p[i];
      }
      a.holders[static_cast<std::size_t>(d)] = holders;
      a.seers[static_cast<std::size_t>(d)] = seers;
    }
    a.cells = std::move(cells);
    als_.push_back(std::move(a));
  }

  bool overlap(std::size_t x, std::size_t y) const {
    const std::uint64_t *a = sets_.at(x), *b = sets_.at(y);
    for (int i = 0; i < sets_.words(); ++i) {
      if (a[i] & b[i]) return true;
    }
    return false;
  }
  bool subset(std::size_t x, std::size_t y) const {
    const std::uint64_t *a = sets_.at(x), *b = sets_.at(y);
    for (int i = 0; i < sets_.words(); ++i) {
      if (a[i] & ~b[i]) return false;
    }
    return true;
  }

  // Cells that hold `digit` and lie in every one of `within` (set ids).
  void remove_from(int digit, std::initializer_list<std::size_t> within,
                   std::vector<CellDigit>& out) const {
    const std::uint64_t* holders = sets_.at(digit_cells_ + static_cast<std::size_t>(digit - 1));
    for (int i = 0; i < sets_.words(); ++i) {
      std::uint64_t bits = holders[i];
      for (std::size_t set : within) bits &= sets_.at(set)[i];
      for (; bits; bits &= bits - 1) out.push_back({i * 64 + std::countr_zero(bits), digit});
    }
  }

  // ALS-XZ on two disjoint sets: x is a restricted common digit when every
  // place of x in one sees every place of x in the other, so x is in one set
  // at most and the other set is locked without it. A digit z both sets hold is
  // then in one of them. With two such digits both sets are locked.
  bool pair_step(const Als& a, const Als& b, Step& st) const {
    const Mask common = a.digits & b.digits;
    Mask rcc = 0;
    for (Mask r = common; r; r &= r - 1) {
      const std::size_t d = static_cast<std::size_t>(std::countr_zero(r));
      if (subset(b.holders[d], a.seers[d])) rcc |= Mask{1} << d;
    }
    const int links = popcount(rcc);
    if (links == 0 || links > 2) return false;  // three would be a contradiction
    if (links == 1) {
      for (Mask r = common & ~rcc; r; r &= r - 1) {
        const std::size_t d = static_cast<std::size_t>(std::countr_zero(r));
        remove_from(static_cast<int>(d) + 1, {a.seers[d], b.seers[d]}, st.eliminations);
      }
    } else {
      for (Mask r = a.digits | b.digits; r; r &= r - 1) {
        const std::size_t d = static_cast<std::size_t>(std::countr_zero(r));
        const int digit = static_cast<int>(d) + 1;
        if (rcc & (Mask{1} << d)) {
          remove_from(digit, {a.seers[d], b.seers[d]}, st.eliminations);
          continue;
        }
        if (a.digits & (Mask{1} << d)) remove_from(digit, {a.seers[d]}, st.eliminations);
        if (b.digits & (Mask{1} << d)) remove_from(digit, {b.seers[d]}, st.eliminations);
      }
    }
    if (st.eliminations.empty()) return false;
    sort_unique(st.eliminations);
    st.technique = Technique::als_xz;
    st.variant = links == 2 ? kDoublyLinked : kSinglyLinked;
    const int size = static_cast<int>(a.cells.size() + b.cells.size());
    st.rating = std::min(kAlsXzMost, rating_of(st.technique) + std::max(0, size - 3));
    st.houses = {a.house, b.house};
    st.cells = a.cells;
    st.secondary_cells = b.cells;
    st.digits = rcc;
    return true;
  }

  const LogicState& s_;
  FindContext& context_;
  const Geometry& g_;
  int n_;
  CellSets sets_;
  std::size_t peers_ = 0, digit_cells_ = 0;
  std::vector<Als> als_;
};

}  // namespace

void find_als_xz(const LogicState& s, FindContext& context, StepSink& sink) {
  AlsSearch search(s, context);
  Step step;
  if (search.run(step)) sink.take(std::move(step));
}

}  // namespace nonet::logic_detail
