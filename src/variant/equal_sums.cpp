#include "variant/equal_sums.h"

#include <algorithm>
#include <array>
#include <bit>

#include "variant/lowered.h"
#include "variant/sum_bits.h"

namespace nonet::variant {
namespace {

constexpr long kMostWays = 1024;  // ways to fill a piece before it is bounded only

int lowest(Mask m) { return std::countr_zero(m) + 1; }
int highest(Mask m) { return 32 - std::countl_zero(m); }

}  // namespace

void EqualSums::make(std::span<const Mask> cells, Made& out) {
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
  // Depth first over the cells, each a digit no other cell of the piece has.
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

namespace {

constexpr std::size_t kFewCells = 4;  // pieces this small are worked out with sums as bits

}  // namespace

// Every piece small: each piece's sums as bits, the common ones, and for
// each cell the digits that make one of them with the rest of its piece.
bool EqualSums::revise_few(std::span<const Piece> pieces, std::span<const Mask> masks,
                           std::span<Mask> keep) {
  std::uint64_t common = ~std::uint64_t{0};
  std::size_t offset = 0;
  for (const Piece& p : pieces) {
    common &= sums_of(masks.subspan(offset, p.cells.size()), 0);
    if (!common) return false;
    offset += p.cells.size();
  }
  offset = 0;
  std::array<Mask, kFewCells> others{};
  for (const Piece& p : pieces) {
    const std::size_t k = p.cells.size();
    for (std::size_t j = 0; j < k; ++j) {
      // The piece's other cells, in order.
      std::size_t n = 0;
      for (std::size_t i = 0; i < k; ++i)
        if (i != j) others[n++] = masks[offset + i];
      Mask kept = 0;
      for (Mask rest = masks[offset + j]; rest; rest &= rest - 1) {
        const Mask d = rest & -rest;
        if ((sums_of(std::span<const Mask>(others.data(), n), d) << lowest(d)) & common) kept |= d;
      }
      if ((keep[offset + j] &= kept) == 0) return false;
    }
    offset += k;
  }
  return true;
}

bool EqualSums::revise(std::size_t line, std::span<const Piece> pieces, std::span<const Mask> masks,
                       std::span<Mask> keep) {
  const std::size_t n = pieces.size();
  int side = 0;
  for (const Mask m : masks) side = std::max(side, highest(m));
  if (std::all_of(pieces.begin(), pieces.end(), [&](const Piece& p) {
        return p.cells.size() <= kFewCells && side * static_cast<int>(p.cells.size()) < 64;
      }))
    return revise_few(pieces, masks, keep);
  if (line >= made_.size()) made_.resize(line + 1);
  std::vector<Made>& all = made_[line];
  all.resize(n);
  std::size_t offset = 0;
  for (std::size_t g = 0; g < n; ++g) {
    make(masks.subspan(offset, pieces[g].cells.size()), all[g]);
    if (all[g].sums.empty()) return false;
    offset += pieces[g].cells.size();
  }
  const auto made = [&all](std::size_t g) -> const Made& { return all[g]; };
  // The sums every piece can make.
  int lo = 0, hi = 1 << 20;
  for (std::size_t g = 0; g < n; ++g) {
    lo = std::max(lo, made(g).least);
    hi = std::min(hi, made(g).most);
  }
  if (lo > hi) return false;
  // How many pieces can make each sum in [lo, hi]: the common ones, all.
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
    const std::size_t k = pieces[g].cells.size();
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
