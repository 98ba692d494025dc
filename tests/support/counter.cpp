#include "support/counter.h"

#include <algorithm>
#include <bit>
#include <vector>

#include "support/checker.h"

namespace nonet::testing {
namespace {

class Counter {
 public:
  Counter(int box_rows, int box_cols) : n_(box_rows * box_cols) {
    // Houses: n rows, n columns, n boxes, each a list of cell indexes.
    for (int r = 0; r < n_; ++r) {
      houses_.emplace_back();
      for (int c = 0; c < n_; ++c) houses_.back().push_back(r * n_ + c);
    }
    for (int c = 0; c < n_; ++c) {
      houses_.emplace_back();
      for (int r = 0; r < n_; ++r) houses_.back().push_back(r * n_ + c);
    }
    for (int top = 0; top < n_; top += box_rows) {
      for (int left = 0; left < n_; left += box_cols) {
        houses_.emplace_back();
        for (int r = top; r < top + box_rows; ++r)
          for (int c = left; c < left + box_cols; ++c) houses_.back().push_back(r * n_ + c);
      }
    }
    // Each box meets box_rows rows and box_cols columns; a meeting is kept as
    // (box, line, the cells they share).
    const int boxes = 2 * n_;
    for (int b = 0; b < n_; ++b) {
      const auto& box = houses_[static_cast<std::size_t>(boxes + b)];
      for (int line = 0; line < 2 * n_; ++line) {
        std::vector<int> shared;
        for (int cell : box) {
          const bool in = line < n_ ? cell / n_ == line : cell % n_ == line - n_;
          if (in) shared.push_back(cell);
        }
        if (!shared.empty()) meetings_.push_back({boxes + b, line, std::move(shared)});
      }
    }
    peers_.resize(static_cast<std::size_t>(n_ * n_));
    for (const auto& house : houses_)
      for (int a : house)
        for (int b : house)
          if (a != b) peers_[a].push_back(b);
  }

  std::uint64_t count(const std::vector<int>& values, std::uint64_t limit) {
    limit_ = limit;
    found_ = 0;
    State s;
    s.value.assign(static_cast<std::size_t>(n_ * n_), 0);
    s.candidates.assign(static_cast<std::size_t>(n_ * n_), (1u << n_) - 1);
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const int v = values[static_cast<std::size_t>(cell)];
      if (v < 0 || v > n_) return 0;
      if (v && !assign(s, cell, v)) return 0;
    }
    search(s);
    return found_;
  }

 private:
  struct State {
    std::vector<int> value;
    std::vector<std::uint32_t> candidates;
  };

  // Places v in cell and strikes it from the peers; false on a contradiction.
  bool assign(State& s, int cell, int v) {
    const std::uint32_t bit = 1u << (v - 1);
    if (!(s.candidates[cell] & bit)) return false;
    s.value[cell] = v;
    s.candidates[cell] = bit;
    for (int p : peers_[cell]) {
      if (s.value[p] == v) return false;
      s.candidates[p] &= ~bit;
      if (!s.value[p] && !s.candidates[p]) return false;
    }
    return true;
  }

  // Naked and hidden singles until nothing changes; false on a contradiction.
  // A house's digits seen once and more than once among its empty cells give
  // its hidden singles (seen once) and its dead ends (not seen, not placed).
  bool propagate(State& s) {
    const std::uint32_t all = (1u << n_) - 1;
    for (bool changed = true; changed;) {
      changed = false;
      for (int cell = 0; cell < n_ * n_; ++cell) {
        if (s.value[cell]) continue;
        if (!s.candidates[cell]) return false;
        if (std::has_single_bit(s.candidates[cell])) {
          if (!assign(s, cell, std::countr_zero(s.candidates[cell]) + 1)) return false;
          changed = true;
        }
      }
      for (const auto& house : houses_) {
        std::uint32_t once = 0, twice = 0, placed = 0;
        for (int cell : house) {
          if (s.value[cell]) {
            placed |= 1u << (s.value[cell] - 1);
          } else {
            twice |= once & s.candidates[cell];
            once |= s.candidates[cell];
          }
        }
        if ((once | placed) != all) return false;
        for (std::uint32_t hidden = once & ~twice & ~placed; hidden; hidden &= hidden - 1) {
          const std::uint32_t bit = hidden & (~hidden + 1);
          for (int cell : house) {
            if (!s.value[cell] && (s.candidates[cell] & bit)) {
              if (!assign(s, cell, std::countr_zero(bit) + 1)) return false;
              changed = true;
              break;
            }
          }
        }
      }
      if (!changed && !lock(s, changed)) return false;
    }
    return true;
  }

  // Locked candidates: a digit that, within a box, can only go where the box
  // meets a line is struck from the rest of that line, and the other way.
  bool lock(State& s, bool& changed) {
    for (const Meeting& m : meetings_) {
      std::uint32_t inside = 0;
      for (int cell : m.shared)
        if (!s.value[cell]) inside |= s.candidates[cell];
      if (!inside) continue;
      const std::uint32_t box_rest = open_outside(s, m.box, m.shared);
      const std::uint32_t line_rest = open_outside(s, m.line, m.shared);
      // (A digit placed in either house is no candidate of its empty cells:
      // assign struck it from them.)
      if (std::uint32_t only = inside & ~box_rest)
        if (!strike(s, m.line, m.shared, only, changed)) return false;
      if (std::uint32_t only = inside & ~line_rest)
        if (!strike(s, m.box, m.shared, only, changed)) return false;
    }
    return true;
  }
  std::uint32_t open_outside(const State& s, int house, const std::vector<int>& shared) const {
    std::uint32_t m = 0;
    for (int cell : houses_[static_cast<std::size_t>(house)])
      if (!s.value[cell] && std::find(shared.begin(), shared.end(), cell) == shared.end())
        m |= s.candidates[cell];
    return m;
  }
  bool strike(State& s, int house, const std::vector<int>& shared, std::uint32_t digits,
              bool& changed) {
    for (int cell : houses_[static_cast<std::size_t>(house)]) {
      if (s.value[cell] || std::find(shared.begin(), shared.end(), cell) != shared.end()) continue;
      if (s.candidates[cell] & digits) {
        s.candidates[cell] &= ~digits;
        if (!s.candidates[cell]) return false;
        changed = true;
      }
    }
    return true;
  }

  void search(State& s) {
    if (found_ >= limit_ || !propagate(s)) return;
    int best = -1, fewest = n_ + 1;
    for (int cell = 0; cell < n_ * n_; ++cell) {
      if (s.value[cell]) continue;
      const int k = std::popcount(s.candidates[cell]);
      if (k < fewest) {
        fewest = k;
        best = cell;
      }
    }
    if (best < 0) {
      ++found_;
      return;
    }
    for (std::uint32_t m = s.candidates[best]; m && found_ < limit_; m &= m - 1) {
      State next = s;
      if (assign(next, best, std::countr_zero(m) + 1)) search(next);
    }
  }

  int n_;
  std::vector<std::vector<int>> houses_;
  std::vector<std::vector<int>> peers_;
  struct Meeting {
    int box, line;
    std::vector<int> shared;
  };
  std::vector<Meeting> meetings_;
  std::uint64_t limit_ = 2, found_ = 0;
};

}  // namespace

std::uint64_t count_solutions(const Grid& puzzle, std::uint64_t limit) {
  std::vector<int> values(puzzle.values().begin(), puzzle.values().end());
  return Counter(puzzle.geometry().box_rows(), puzzle.geometry().box_cols()).count(values, limit);
}

std::uint64_t count_solutions_text(const std::string& puzzle, int box_rows, int box_cols,
                                   std::uint64_t limit) {
  const int n = box_rows * box_cols;
  if (static_cast<int>(puzzle.size()) != n * n) return 0;
  std::vector<int> values;
  for (char c : puzzle) values.push_back(symbol_value(c));
  return Counter(box_rows, box_cols).count(values, limit);
}

}  // namespace nonet::testing
