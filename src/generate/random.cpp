// Rng: xoshiro256** (Blackman and Vigna), seeded through splitmix64; bounded
// draws by Lemire's multiply-and-reject. Both are fixed algorithms, so a seed
// means the same numbers everywhere.

#include "nonet/generate.h"

namespace nonet {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (std::uint64_t& s : s_) s = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint32_t Rng::below(std::uint32_t bound) {
  if (bound <= 1) return 0;
  // 32 random bits times the bound: the high half is the draw; the low half
  // tells when the draw fell in the biased sliver, which is redrawn.
  std::uint64_t m = (next() >> 32) * bound;
  auto low = static_cast<std::uint32_t>(m);
  if (low < bound) {
    const std::uint32_t threshold = (0u - bound) % bound;
    while (low < threshold) {
      m = (next() >> 32) * bound;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

std::uint64_t Rng::derive(std::uint64_t seed, std::uint64_t index) {
  // Two rounds of splitmix64 over (seed, index) decorrelate neighbouring indices.
  std::uint64_t x = seed ^ 0x6A09E667F3BCC909ull;
  const std::uint64_t a = splitmix64(x);
  std::uint64_t y = a ^ (index * 0xD1B54A32D192ED03ull);
  return splitmix64(y);
}

}  // namespace nonet
