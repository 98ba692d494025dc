// The canonical form: the smallest line string over all shape-keeping
// transformations (transposition when boxes are square, bands, rows in bands,
// stacks, columns in stacks), digits renamed in order of first appearance.
//
// Pruned breadth-first search, one output row at a time. A state is a partial
// transformation: orientation, the full column arrangement, the input rows used
// for the output rows so far, and the digit renaming those rows fixed. All
// live states share the smallest prefix found so far; at each level every
// state tries each input row it may place next (another row of its current
// band, or the first row of an unused band), and only the ones giving the
// smallest next output row survive. Comparison stops at the first larger cell.
//
// Row 0 fixes the column arrangement: the smallest first row puts as many
// blanks as possible first, i.e. stacks in order of rising clue count and the
// clues of each stack to its right, and its digits are renamed 1, 2, 3, ... in
// order. So only the rows whose clue pattern reaches the best such pattern
// start states, and only with the column arrangements that realise it, built
// stack by stack instead of filtered from all R! * (C!)^R.
//
// When a sparse or highly symmetric grid makes many states tie, duplicates
// (same orientation, columns, rows used, current band and renaming: the same
// future) are merged, which bounds the work even for an empty grid.

#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>

#include "nonet/transform.h"

namespace nonet {

struct Canonicalizer::State {
  std::uint8_t orient = 0;      // 1: the grid is read transposed
  std::uint8_t band = 0;        // the input band feeding the current output band
  std::uint8_t next_label = 1;  // the name the next new digit gets
  std::uint8_t used_low = 0, used_high = 0;  // input rows used, as a bit set
  std::array<std::uint8_t, 10> label{};      // input digit -> name (0 = none yet)
  std::array<std::uint8_t, 9> col{};         // output column -> input column

  int used() const { return used_low | (used_high << 8); }
  void set_used(int u) {
    used_low = static_cast<std::uint8_t>(u & 0xFF);
    used_high = static_cast<std::uint8_t>(u >> 8);
  }
};

namespace {

constexpr int kMaxCanonSide = 9;
constexpr std::size_t kMergeAbove = 4096;

std::vector<std::vector<int>> permutations(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::vector<int>> all;
  do all.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return all;
}

std::uint64_t factorial(int n) { return n <= 1 ? 1 : static_cast<std::uint64_t>(n) * factorial(n - 1); }

}  // namespace

bool Canonicalizer::supports(const Geometry& g) {
  if (g.side() > kMaxCanonSide || g.box_rows() < 2 || g.box_cols() < 2) return false;
  std::uint64_t arrangements = factorial(g.box_rows());  // stack orders
  for (int s = 0; s < g.box_rows(); ++s) arrangements *= factorial(g.box_cols());
  return arrangements <= 1296;
}

Canonicalizer::Canonicalizer(const Geometry& geometry) : geometry_(&geometry) {
  stack_orders_ = permutations(geometry.box_rows());   // N / C = R stacks
  column_orders_ = permutations(geometry.box_cols());  // C columns per stack
}

Canonicalizer::~Canonicalizer() = default;
Canonicalizer::Canonicalizer(Canonicalizer&&) noexcept = default;
Canonicalizer& Canonicalizer::operator=(Canonicalizer&&) noexcept = default;

std::optional<Grid> Canonicalizer::canonical(const Grid& grid) {
  const Geometry& g = *geometry_;
  if (&grid.geometry() != geometry_ || !supports(g)) return std::nullopt;
  const int n = g.side(), br = g.box_rows(), bc = g.box_cols();
  const int stacks = n / bc;
  const int orientations = br == bc ? 2 : 1;

  // The grid as read in each orientation.
  std::array<std::array<std::uint8_t, 81>, 2> cells{};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      cells[0][r * n + c] = static_cast<std::uint8_t>(grid[r * n + c]);
      cells[1][r * n + c] = static_cast<std::uint8_t>(grid[c * n + r]);
    }

  // Level 0. The best first row of input row r: stacks sorted by clue count,
  // each right-aligned. As a number with output column j at bit n-1-j, smaller
  // is better (a blank sorts first).
  auto stack_count = [&](int o, int r, int s) {
    int k = 0;
    for (int j = 0; j < bc; ++j) k += cells[o][r * n + s * bc + j] != 0;
    return k;
  };
  auto best_pattern = [&](int o, int r) {
    std::array<int, kMaxCanonSide> counts{};
    for (int s = 0; s < stacks; ++s) counts[s] = stack_count(o, r, s);
    std::sort(counts.begin(), counts.begin() + stacks);
    unsigned pattern = 0;
    for (int s = 0; s < stacks; ++s)
      for (int j = 0; j < bc; ++j) pattern = (pattern << 1) | (j >= bc - counts[s] ? 1u : 0u);
    return pattern;
  };
  unsigned best = ~0u;
  for (int o = 0; o < orientations; ++o)
    for (int r = 0; r < n; ++r) best = std::min(best, best_pattern(o, r));

  std::array<std::array<std::uint8_t, kMaxCanonSide>, kMaxCanonSide> rows{};  // the answer
  {
    std::uint8_t next = 1;
    for (int j = 0; j < n; ++j)
      rows[0][j] = (best >> (n - 1 - j)) & 1u ? next++ : 0;
  }
  states_.clear();
  std::vector<std::vector<int>> fits(static_cast<std::size_t>(stacks));
  for (int o = 0; o < orientations; ++o) {
    for (int r = 0; r < n; ++r) {
      if (best_pattern(o, r) != best) continue;
      for (const std::vector<int>& order : stack_orders_) {
        // For each output stack: the column orders of its input stack that
        // put blanks and clues where the best pattern has them.
        bool possible = true;
        for (int k = 0; k < stacks && possible; ++k) {
          fits[k].clear();
          for (int t = 0; t < static_cast<int>(column_orders_.size()); ++t) {
            bool ok = true;
            for (int j = 0; j < bc && ok; ++j) {
              const bool clue = cells[o][r * n + order[k] * bc + column_orders_[t][j]] != 0;
              ok = clue == (((best >> (n - 1 - (k * bc + j))) & 1u) != 0);
            }
            if (ok) fits[k].push_back(t);
          }
          possible = !fits[k].empty();
        }
        if (!possible) continue;
        // Every combination of the fitting column orders.
        std::array<std::size_t, kMaxCanonSide> pick{};
        for (;;) {
          State s;
          s.orient = static_cast<std::uint8_t>(o);
          s.band = static_cast<std::uint8_t>(r / br);
          s.set_used(1 << r);
          for (int k = 0; k < stacks; ++k)
            for (int j = 0; j < bc; ++j)
              s.col[k * bc + j] = static_cast<std::uint8_t>(order[k] * bc + column_orders_[fits[k][pick[k]]][j]);
          for (int j = 0; j < n; ++j) {
            const int v = cells[o][r * n + s.col[j]];
            if (v) s.label[v] = s.next_label++;
          }
          states_.push_back(s);
          int k = 0;
          while (k < stacks && ++pick[k] == fits[k].size()) pick[k++] = 0;
          if (k == stacks) break;
        }
      }
    }
  }

  // Levels 1..n-1.
  for (int level = 1; level < n; ++level) {
    if (states_.size() > kMergeAbove) {
      auto less = [](const State& a, const State& b) { return std::memcmp(&a, &b, sizeof(State)) < 0; };
      auto same = [](const State& a, const State& b) { return std::memcmp(&a, &b, sizeof(State)) == 0; };
      std::sort(states_.begin(), states_.end(), less);
      states_.erase(std::unique(states_.begin(), states_.end(), same), states_.end());
    }
    next_.clear();
    std::array<std::uint8_t, kMaxCanonSide>& out = rows[level];
    bool have = false;
    const bool new_band = level % br == 0;
    for (const State& s : states_) {
      const int used = s.used();
      for (int r = 0; r < n; ++r) {
        if (used & (1 << r)) continue;
        const int band = r / br;
        if (new_band) {
          const int band_rows = ((1 << br) - 1) << (band * br);
          if (used & band_rows) continue;
        } else if (band != s.band) {
          continue;
        }
        State t = s;
        std::array<std::uint8_t, kMaxCanonSide> row{};
        bool smaller = !have, larger = false;
        const std::uint8_t* line = &cells[s.orient][r * n];
        for (int j = 0; j < n; ++j) {
          const int v = line[t.col[j]];
          std::uint8_t name = 0;
          if (v) {
            if (!t.label[v]) t.label[v] = t.next_label++;
            name = t.label[v];
          }
          row[j] = name;
          if (!smaller) {
            if (name > out[j]) { larger = true; break; }
            if (name < out[j]) smaller = true;
          }
        }
        if (larger) continue;
        if (smaller) {
          out = row;
          have = true;
          next_.clear();
        }
        t.band = static_cast<std::uint8_t>(band);
        t.set_used(used | (1 << r));
        next_.push_back(t);
      }
    }
    std::swap(states_, next_);
  }

  Grid result(g);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) result.set(r * n + c, rows[r][c]);
  return result;
}

}  // namespace nonet
