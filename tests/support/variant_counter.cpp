#include "support/variant_counter.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <functional>
#include <vector>

namespace nonet::testing {
namespace {

using Bits = std::uint32_t;

class Counter {
 public:
  explicit Counter(const VariantPuzzle& p) : n_(p.geometry().side()) {
    const int br = p.geometry().box_rows(), bc = p.geometry().box_cols();
    const int cells = n_ * n_;
    auto house = [&](auto&& in) {
      std::vector<int> h;
      for (int c = 0; c < cells; ++c)
        if (in(c / n_, c % n_)) h.push_back(c);
      houses_.push_back(std::move(h));
    };
    for (int i = 0; i < n_; ++i) {
      house([&](int r, int) { return r == i; });
      house([&](int, int c) { return c == i; });
      if (!p.regions.empty())
        house([&](int r, int c) { return p.regions[static_cast<std::size_t>(r * n_ + c)] == i; });
      else if (!p.no_regions)
        house([&](int r, int c) { return (r / br) * (n_ / bc) + c / bc == i; });
    }
    bool knight = false, king = false;
    for (const Constraint& k : p.constraints) {
      switch (k.kind) {
        case ConstraintKind::diagonal_down:
          house([&](int r, int c) { return r == c; });
          break;
        case ConstraintKind::diagonal_up:
          house([&](int r, int c) { return r + c == n_ - 1; });
          break;
        case ConstraintKind::disjoint_groups:
          for (int i = 0; i < n_; ++i)
            house([&](int r, int c) { return (r % br) * bc + c % bc == i; });
          break;
        case ConstraintKind::extra_region:
          houses_.push_back(k.cells);
          break;
        case ConstraintKind::anti_knight:
          knight = true;
          break;
        case ConstraintKind::anti_king:
          king = true;
          break;
        case ConstraintKind::non_consecutive:
          non_consecutive_ = true;
          break;
        case ConstraintKind::negative_ratio:
          no_black_ = true;
          break;
        case ConstraintKind::negative_xv:
          no_xv_ = true;
          break;
        case ConstraintKind::difference: {
          const int gap = k.value ? k.value : 1;
          rules_.push_back({k.cells[0], k.cells[1], [gap](int x, int y) { return std::abs(x - y) == gap; }});
          white_.push_back({k.cells[0], k.cells[1]});
          break;
        }
        case ConstraintKind::ratio: {
          const int r = k.value ? k.value : 2;
          rules_.push_back({k.cells[0], k.cells[1], [r](int x, int y) { return x == r * y || y == r * x; }});
          black_.push_back({k.cells[0], k.cells[1]});
          ratios_.push_back(r);
          break;
        }
        case ConstraintKind::xv: {
          const int sum = k.value;
          rules_.push_back({k.cells[0], k.cells[1], [sum](int x, int y) { return x + y == sum; }});
          xv_.push_back({k.cells[0], k.cells[1]});
          break;
        }
        case ConstraintKind::thermometer:
          for (std::size_t i = 1; i < k.cells.size(); ++i)
            rules_.push_back({k.cells[i - 1], k.cells[i], [](int x, int y) { return x < y; }});
          break;
        case ConstraintKind::killer_cage:
          // Its cells see each other; its sum is checked by bounds as the
          // search narrows it.
          houses_.push_back(k.cells);
          if (k.value) cages_.push_back({k.cells, k.value});
          break;
        default:
          ADD_FAILURE() << "the test counter reads houses, peers, cages, dots, XV and "
                           "thermometers only";
          usable_ = false;
      }
    }
    // The rules where nothing is drawn, over every pair of orthogonal neighbours.
    if (ratios_.empty()) ratios_.push_back(2);
    auto drawn = [](const std::vector<std::pair<int, int>>& marks, int a, int b) {
      for (const auto& [x, y] : marks)
        if ((x == a && y == b) || (x == b && y == a)) return true;
      return false;
    };
    const bool every_dot = non_consecutive_ && no_black_;
    for (int a = 0; a < cells; ++a) {
      for (int b : {a + 1, a + n_}) {
        if (b >= cells || (b == a + 1 && b % n_ == 0)) continue;
        const bool white = drawn(white_, a, b), black = drawn(black_, a, b);
        if (non_consecutive_ && !white && !(every_dot && black))
          rules_.push_back({a, b, [](int x, int y) { return std::abs(x - y) != 1; }});
        if (no_black_ && !black && !(every_dot && white)) {
          const std::vector<int> ratios = ratios_;
          rules_.push_back({a, b, [ratios](int x, int y) {
                              for (int r : ratios)
                                if (x == r * y || y == r * x) return false;
                              return true;
                            }});
        }
        if (no_xv_ && !drawn(xv_, a, b))
          rules_.push_back({a, b, [](int x, int y) { return x + y != 5 && x + y != 10; }});
      }
    }
    if (!white_.empty() || no_black_) non_consecutive_ = false;  // read pair by pair above
    sees_.assign(static_cast<std::size_t>(cells), {});
    auto link = [&](int a, int b) {
      if (a == b) return;
      auto& s = sees_[static_cast<std::size_t>(a)];
      for (int x : s)
        if (x == b) return;
      s.push_back(b);
    };
    for (const auto& h : houses_)
      for (int a : h)
        for (int b : h) link(a, b);
    for (int a = 0; a < cells; ++a) {
      for (int b = 0; b < cells; ++b) {
        const int dr = std::abs(a / n_ - b / n_), dc = std::abs(a % n_ - b % n_);
        if (knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) link(a, b);
        if (king && dr <= 1 && dc <= 1) link(a, b);
      }
    }
    for (int i = 0; i < cells; ++i) values_.push_back(p.givens[i]);
  }

  std::uint64_t count(std::uint64_t limit) {
    if (!usable_) return 0;
    limit_ = limit;
    std::vector<Bits> cand(values_.size(), (Bits{1} << n_) - 1);
    for (std::size_t c = 0; c < values_.size(); ++c)
      if (values_[c] && !place(cand, static_cast<int>(c), values_[c])) return 0;
    search(cand);
    return found_;
  }

 private:
  // Sets `cell` to `d` and strikes d from whatever sees it (and d +- 1 from
  // its orthogonal neighbours under the non-consecutive rule).
  bool place(std::vector<Bits>& cand, int cell, int d) {
    const Bits bit = Bits{1} << (d - 1);
    if (!(cand[static_cast<std::size_t>(cell)] & bit)) return false;
    cand[static_cast<std::size_t>(cell)] = bit;
    for (int o : sees_[static_cast<std::size_t>(cell)]) {
      Bits& m = cand[static_cast<std::size_t>(o)];
      if (m == bit) return false;
      m &= ~bit;
    }
    // A pair rule: the other cell keeps the digits the rule allows beside d.
    for (const Rule& rule : rules_) {
      if (rule.a != cell && rule.b != cell) continue;
      const int other = rule.a == cell ? rule.b : rule.a;
      Bits& m = cand[static_cast<std::size_t>(other)];
      for (Bits left = m; left; left &= left - 1) {
        const int y = std::countr_zero(left) + 1;
        if (!(rule.a == cell ? rule.holds(d, y) : rule.holds(y, d))) m &= ~(Bits{1} << (y - 1));
      }
      if (!m) return false;
    }
    if (non_consecutive_) {
      Bits near = 0;
      if (d > 1) near |= Bits{1} << (d - 2);
      if (d < n_) near |= Bits{1} << d;
      const int r = cell / n_, c = cell % n_;
      for (const auto& [rr, cc] : {std::pair{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}}) {
        if (rr < 0 || rr >= n_ || cc < 0 || cc >= n_) continue;
        Bits& m = cand[static_cast<std::size_t>(rr * n_ + cc)];
        m &= ~near;
        if (!m) return false;
      }
    }
    return true;
  }

  // Places every naked single and every digit with one place in a house of N
  // cells until none is left; false on a contradiction.
  bool settle(std::vector<Bits>& cand, std::vector<char>& done) {
    for (bool more = true; more;) {
      more = false;
      // A cage's sum lies between what its cells' least and greatest digits make.
      for (const auto& [cells, sum] : cages_) {
        int least = 0, most = 0;
        for (int c : cells) {
          const Bits m = cand[static_cast<std::size_t>(c)];
          if (!m) return false;
          least += std::countr_zero(m) + 1;
          most += std::bit_width(m);
        }
        if (least > sum || most < sum) return false;
      }
      // A pair rule: each cell keeps the digits some digit of the other allows.
      for (const Rule& rule : rules_) {
        Bits& a = cand[static_cast<std::size_t>(rule.a)];
        Bits& b = cand[static_cast<std::size_t>(rule.b)];
        Bits keep_a = 0, keep_b = 0;
        for (Bits x = a; x; x &= x - 1) {
          for (Bits y = b; y; y &= y - 1) {
            if (!rule.holds(std::countr_zero(x) + 1, std::countr_zero(y) + 1)) continue;
            keep_a |= x & (~x + 1);
            keep_b |= y & (~y + 1);
          }
        }
        if (!keep_a || !keep_b) return false;
        more = more || keep_a != a || keep_b != b;
        a = keep_a;
        b = keep_b;
      }
      for (std::size_t c = 0; c < cand.size(); ++c) {
        if (!cand[c]) return false;
        if (done[c] || std::popcount(cand[c]) != 1) continue;
        done[c] = 1;
        if (!place(cand, static_cast<int>(c), std::countr_zero(cand[c]) + 1)) return false;
        more = true;
      }
      for (const auto& h : houses_) {
        if (static_cast<int>(h.size()) != n_) continue;
        for (int d = 0; d < n_; ++d) {
          int at = -1, places = 0;
          for (int c : h)
            if (cand[static_cast<std::size_t>(c)] >> d & 1) {
              at = c;
              ++places;
            }
          if (places == 0) return false;
          if (places == 1 && !done[static_cast<std::size_t>(at)] &&
              std::popcount(cand[static_cast<std::size_t>(at)]) > 1) {
            cand[static_cast<std::size_t>(at)] = Bits{1} << d;
            more = true;
          }
        }
      }
    }
    return true;
  }

  void search(std::vector<Bits> cand) {
    std::vector<char> done(cand.size(), 0);
    for (std::size_t c = 0; c < cand.size(); ++c) done[c] = values_[c] != 0;
    search_from(std::move(cand), std::move(done));
  }

  void search_from(std::vector<Bits> cand, std::vector<char> done) {
    if (found_ >= limit_ || !settle(cand, done)) return;
    int best = -1;
    for (std::size_t c = 0; c < cand.size(); ++c)
      if (!done[c] && (best < 0 || std::popcount(cand[c]) <
                                       std::popcount(cand[static_cast<std::size_t>(best)])))
        best = static_cast<int>(c);
    if (best < 0) {
      ++found_;
      return;
    }
    for (Bits m = cand[static_cast<std::size_t>(best)]; m && found_ < limit_; m &= m - 1) {
      std::vector<Bits> next = cand;
      std::vector<char> next_done = done;
      next_done[static_cast<std::size_t>(best)] = 1;
      if (place(next, best, std::countr_zero(m) + 1))
        search_from(std::move(next), std::move(next_done));
    }
  }

  // A rule between the digits of two cells: holds(digit of a, digit of b).
  struct Rule {
    int a, b;
    std::function<bool(int, int)> holds;
  };

  int n_;
  bool usable_ = true, non_consecutive_ = false, no_black_ = false, no_xv_ = false;
  std::vector<Rule> rules_;
  std::vector<std::pair<int, int>> white_, black_, xv_;  // the drawn marks
  std::vector<int> ratios_;
  std::vector<std::vector<int>> houses_;
  std::vector<std::vector<int>> sees_;
  std::vector<std::pair<std::vector<int>, int>> cages_;  // cells and sum
  std::vector<int> values_;
  std::uint64_t limit_ = 2, found_ = 0;
};

}  // namespace

std::uint64_t count_variant_solutions(const VariantPuzzle& puzzle, std::uint64_t limit) {
  return Counter(puzzle).count(limit);
}

}  // namespace nonet::testing
