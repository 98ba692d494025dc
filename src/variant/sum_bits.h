#pragma once
// Sums as the bits of a word (bit s: the sum s can be made), for the few
// cells of one house: what digits, each different, can add up to.

#include <bit>
#include <cstdint>
#include <span>

#include "nonet/grid.h"

namespace nonet::variant {

// The sums `cells` can make, each a digit of its own and none of `used`. The
// caller keeps the greatest sum below 64.
inline std::uint64_t sums_of(std::span<const Mask> cells, Mask used) {
  if (cells.empty()) return 1;
  if (cells.size() == 1) return std::uint64_t{cells.front() & ~used} << 1;
  std::uint64_t out = 0;
  for (Mask rest = cells.front() & ~used; rest; rest &= rest - 1) {
    const Mask d = rest & -rest;
    out |= sums_of(cells.subspan(1), used | d) << (std::countr_zero(d) + 1);
  }
  return out;
}

}  // namespace nonet::variant
