#include "variant/grouped.h"

#include <algorithm>
#include <array>
#include <bit>

#include "variant/lowered.h"

namespace nonet::variant {
namespace {

constexpr long kMostWays = 1024;  // ways to fill a group before it is bounded only

int lowest(Mask m) { return std::countr_zero(m) + 1; }
int highest(Mask m) { return 32 - std::countl_zero(m); }

}  // namespace

void GroupedSum::Bits::reset(int from, int to) {
  base = from;
  words.assign(static_cast<std::size_t>((to - from) / 64 + 1), 0);
}
bool GroupedSum::Bits::has(int v) const {
  const long i = static_cast<long>(v) - base;
  if (i < 0 || i >= static_cast<long>(words.size()) * 64) return false;
  return (words[static_cast<std::size_t>(i / 64)] >> (i % 64)) & 1;
}
void GroupedSum::Bits::add(int v) {
  const long i = static_cast<long>(v) - base;
  words[static_cast<std::size_t>(i / 64)] |= Word{1} << (i % 64);
}
namespace {

// Where `other`, shifted by `shift`, lands in `words`: bit j of `other` goes to
// bit j * 64 + bit_shift of word j + word_shift. `visit(to, w)` gets each
// non-zero word of `other` shifted into the word `to` it lands in (the two
// words it straddles, each in range); it returns true to stop.
template <class Visit>
bool each_landing(const std::vector<std::uint64_t>& words, int base,
                  const std::vector<std::uint64_t>& other, int other_base, int shift, Visit visit) {
  const long offset = static_cast<long>(other_base) + shift - base;
  const long word_shift = offset >= 0 ? offset / 64 : -((-offset + 63) / 64);
  const int bit_shift = static_cast<int>(offset - word_shift * 64);
  const long n = static_cast<long>(words.size());
  for (long j = 0; j < static_cast<long>(other.size()); ++j) {
    const std::uint64_t w = other[static_cast<std::size_t>(j)];
    if (!w) continue;
    const long to = j + word_shift;
    if (to >= 0 && to < n && visit(static_cast<std::size_t>(to), w << bit_shift)) return true;
    if (bit_shift && to + 1 >= 0 && to + 1 < n &&
        visit(static_cast<std::size_t>(to + 1), w >> (64 - bit_shift)))
      return true;
  }
  return false;
}

}  // namespace

void GroupedSum::Bits::add_shifted(const Bits& other, int shift) {
  each_landing(words, base, other.words, other.base, shift, [this](std::size_t to, Word w) {
    words[to] |= w;
    return false;
  });
}

bool GroupedSum::Bits::meets_shifted(const Bits& other, int shift) const {
  return each_landing(words, base, other.words, other.base, shift,
                      [this](std::size_t to, Word w) { return (words[to] & w) != 0; });
}

bool GroupedSum::make_all(std::size_t sum, std::span<const Group> groups,
                          std::span<const Mask> masks) {
  if (sum >= made_.size()) made_.resize(sum + 1);
  std::vector<Made>& made = made_[sum];
  made.resize(groups.size());
  current_.clear();
  std::size_t offset = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    make(masks.subspan(offset, groups[g].cells.size()), made[g]);
    current_.push_back(&made[g]);
    if (made[g].sums.empty()) return false;
    offset += groups[g].cells.size();
  }
  return true;
}

void GroupedSum::make(std::span<const Mask> cells, Made& out) {
  if (out.inputs.size() == cells.size() &&
      std::equal(cells.begin(), cells.end(), out.inputs.begin()))
    return;
  out.inputs.assign(cells.begin(), cells.end());
  const std::size_t k = cells.size();
  long ways = 1;
  out.least = out.most = 0;
  for (const Mask m : cells) {
    out.least += lowest(m);
    out.most += highest(m);
    ways = std::min(ways * count(m), kMostWays + 1);
  }
  out.sums.clear();
  out.support.clear();
  out.rough = ways > kMostWays;
  if (k == 1) {  // one cell: its digits
    for (Mask rest = cells[0]; rest; rest &= rest - 1) {
      out.sums.push_back(lowest(rest));
      out.support.push_back(rest & -rest);
    }
    return;
  }
  if (out.rough) {
    for (int s = out.least; s <= out.most; ++s) out.sums.push_back(s);
    return;
  }
  const std::size_t span = static_cast<std::size_t>(out.most - out.least + 1);
  by_sum_.assign(span * (k + 1), 0);  // per sum: a flag, then a mask per cell
  chosen_.assign(k, 0);
  // Depth first over the cells, each a digit no other cell of the group has.
  const auto walk = [&](auto&& self, std::size_t i, Mask used, int sum) -> void {
    if (i == k) {
      Mask* row = &by_sum_[static_cast<std::size_t>(sum - out.least) * (k + 1)];
      row[0] = 1;
      for (std::size_t j = 0; j < k; ++j) row[j + 1] |= chosen_[j];
      return;
    }
    for (Mask rest = cells[i] & ~used; rest; rest &= rest - 1) {
      const Mask d = rest & -rest;
      chosen_[i] = d;
      self(self, i + 1, used | d, sum + lowest(d));
    }
  };
  walk(walk, 0, 0, 0);
  for (std::size_t s = 0; s < span; ++s) {
    const Mask* row = &by_sum_[s * (k + 1)];
    if (!row[0]) continue;
    out.sums.push_back(out.least + static_cast<int>(s));
    out.support.insert(out.support.end(), row + 1, row + 1 + k);
  }
}

bool GroupedSum::revise(std::size_t sum, std::span<const Group> groups, int target,
                        std::span<const Mask> masks, std::span<Mask> keep) {
  const std::size_t n = groups.size();
  if (!make_all(sum, groups, masks)) return false;
  const auto made = [this](std::size_t g) -> const Made& { return *current_[g]; };
  std::size_t offset = 0;
  const auto lo_of = [&](std::size_t g) {
    const int k = groups[g].coefficient;
    return k > 0 ? k * made(g).least : k * made(g).most;
  };
  const auto hi_of = [&](std::size_t g) {
    const int k = groups[g].coefficient;
    return k > 0 ? k * made(g).most : k * made(g).least;
  };
  // The totals the groups before g can make (prefix), and those of them that
  // the groups from g on can complete to the target (needed).
  prefix_.resize(n + 1);
  needed_.resize(n + 1);
  prefix_[0].reset(0, 0);
  prefix_[0].add(0);
  int lo = 0, hi = 0;
  for (std::size_t g = 0; g < n; ++g) {
    const int from = lo + lo_of(g), to = hi + hi_of(g);
    prefix_[g + 1].reset(from, to);
    for (const int s : made(g).sums)
      prefix_[g + 1].add_shifted(prefix_[g], groups[g].coefficient * s);
    lo = from, hi = to;
  }
  if (!prefix_[n].has(target)) return false;
  needed_[n].reset(target, target);
  needed_[n].add(target);
  lo = hi = target;
  for (std::size_t g = n; g-- > 0;) {
    const int from = lo - hi_of(g), to = hi - lo_of(g);
    needed_[g].reset(from, to);
    for (const int s : made(g).sums)
      needed_[g].add_shifted(needed_[g + 1], -groups[g].coefficient * s);
    lo = from, hi = to;
  }
  // Each group keeps the sums that the others can complete to the target.
  offset = 0;
  for (std::size_t g = 0; g < n; ++g) {
    const Made& m = made(g);
    const std::size_t k = groups[g].cells.size();
    int kept_lo = m.most + 1, kept_hi = m.least - 1;
    std::array<Mask, 32> kept;  // the first k used, cleared below
    std::fill_n(kept.begin(), k, Mask{0});
    for (std::size_t i = 0; i < m.sums.size(); ++i) {
      const int s = m.sums[i];
      // Some total t before g with t + coefficient * s needed after it.
      if (!prefix_[g].meets_shifted(needed_[g + 1], -groups[g].coefficient * s)) continue;
      kept_lo = std::min(kept_lo, s);
      kept_hi = std::max(kept_hi, s);
      if (!m.rough)
        for (std::size_t j = 0; j < k; ++j) kept[j] |= m.support[i * k + j];
    }
    if (kept_lo > kept_hi) return false;
    for (std::size_t j = 0; j < k; ++j) {
      Mask& out = keep[offset + j];
      if (m.rough) {
        // Each cell lies within what the group's kept sums leave it.
        int others_lo = 0, others_hi = 0;
        for (std::size_t i = 0; i < k; ++i)
          if (i != j)
            others_lo += lowest(masks[offset + i]), others_hi += highest(masks[offset + i]);
        const int d_lo = std::max(1, kept_lo - others_hi), d_hi = std::min(32, kept_hi - others_lo);
        Mask range = 0;
        for (int d = d_lo; d <= d_hi; ++d) range |= Mask{1} << (d - 1);
        out &= range;
      } else {
        out &= kept[j];
      }
      if (!out) return false;
    }
    offset += k;
  }
  return true;
}

bool GroupedSum::revise_equal(std::size_t sum, std::span<const Group> groups,
                              std::span<const Mask> masks, std::span<Mask> keep) {
  const std::size_t n = groups.size();
  if (!make_all(sum, groups, masks)) return false;
  const auto made = [this](std::size_t g) -> const Made& { return *current_[g]; };
  // The sums every group can make.
  int lo = 0, hi = 1 << 20;
  for (std::size_t g = 0; g < n; ++g) {
    lo = std::max(lo, made(g).least);
    hi = std::min(hi, made(g).most);
  }
  std::size_t offset = 0;
  if (lo > hi) return false;
  // How many groups can make each sum in [lo, hi]: the common ones, all.
  counts_.assign(static_cast<std::size_t>(hi - lo + 1), 0);
  for (std::size_t g = 0; g < n; ++g)
    for (const int s : made(g).sums)
      if (s >= lo && s <= hi) ++counts_[static_cast<std::size_t>(s - lo)];
  bool any = false;
  for (int& c : counts_) any |= (c = c == static_cast<int>(n));
  if (!any) return false;
  offset = 0;
  for (std::size_t g = 0; g < n; ++g) {
    const Made& m = made(g);
    const std::size_t k = groups[g].cells.size();
    if (!m.rough) {
      std::array<Mask, 32> kept;  // the first k used, cleared below
      std::fill_n(kept.begin(), k, Mask{0});
      for (std::size_t i = 0; i < m.sums.size(); ++i)
        if (m.sums[i] >= lo && m.sums[i] <= hi && counts_[static_cast<std::size_t>(m.sums[i] - lo)])
          for (std::size_t j = 0; j < k; ++j) kept[j] |= m.support[i * k + j];
      for (std::size_t j = 0; j < k; ++j)
        if ((keep[offset + j] &= kept[j]) == 0) return false;
    }
    offset += k;
  }
  return true;
}

}  // namespace nonet::variant
