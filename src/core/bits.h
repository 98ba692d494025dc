#pragma once
// Bit counts on digit masks without a library call. A portable x86-64 build has
// no POPCNT instruction, so std::popcount (and libstdc++'s has_single_bit,
// which is popcount(m) == 1) become calls into libgcc: a fifth of the rating
// time, 18 % of the general solver's on 20x20 and 3 % of making 9x9 puzzles
// when they were used on these paths (perf).

#include "nonet/geometry.h"

namespace nonet {

inline int bit_count(Mask m) {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
constexpr bool one_bit(Mask m) { return m && !(m & (m - 1)); }    // exactly one digit
constexpr bool two_bits(Mask m) { return one_bit(m & (m - 1)); }  // exactly two

}  // namespace nonet
