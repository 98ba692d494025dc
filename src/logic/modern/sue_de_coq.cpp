// Sue de Coq: the cells where a box and a line cross, completed from the rest
// of both houses into a set that holds as many digits as cells.

#include <algorithm>

#include "logic/modern/modern.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// Cells C where a box and a line cross, holding digits V with |V| >= |C| + 2,
// plus cells L from the rest of the line and B from the rest of the box, such
// that no digit is a candidate in both L and B and the whole set T holds exactly
// as many digits as it has cells. A digit's places in T then all see each
// other, so each digit of T is placed in T exactly once: a digit absent from B
// lies in the line part and leaves the rest of the line, a digit absent from L
// leaves the rest of the box.
class SueDeCoq {
 public:
  explicit SueDeCoq(const LogicState& s) : s_(s), g_(s.geometry()), n_(g_.side()) {}

  bool run(FindContext& context, Step& step) {
    for (int box = 0; box < n_; ++box) {
      if (context.stopped()) return false;
      const int bh = g_.box_house(box);
      for (int line = 0; line < 2 * n_; ++line) {
        if (houses_cross(g_, bh, line)) crossing(bh, line);
      }
    }
    if (!found_) return false;
    step = std::move(best_);
    return true;
  }

 private:
  // Cells taken from the rest of a house: fewer on large boards, where the
  // subsets of a 20-cell line run into the thousands.
  int max_part() const { return n_ <= 9 ? 4 : (n_ <= 16 ? 3 : 2); }

  struct Part {
    Mask cells;  // positions among the candidates of the part
    Mask digits;
    int size;
  };

  std::vector<Part> parts(const std::vector<int>& pool, Mask wanted) const {
    std::vector<Part> out;
    const int m = static_cast<int>(pool.size());
    for (int k = 1; k <= std::min(m, max_part()); ++k) {
      for_each_combination(m, k, [&](Mask pick) {
        Mask digits = 0;
        for (Mask p = pick; p; p &= p - 1) {
          const Mask c = s_.candidates(pool[static_cast<std::size_t>(std::countr_zero(p))]);
          if (!(c & wanted)) return false;  // every cell shares a digit with the crossing
          digits |= c;
        }
        out.push_back({pick, digits, k});
        return false;
      });
    }
    return out;
  }

  void crossing(int bh, int line) {
    std::vector<int> both, line_rest, box_rest;
    for (int c : g_.house_cells(line)) {
      if (!s_.candidates(c)) continue;
      (g_.box_house(g_.box_of(c)) == bh ? both : line_rest).push_back(c);
    }
    for (int c : g_.house_cells(bh)) {
      if (s_.candidates(c) && std::find(both.begin(), both.end(), c) == both.end()) {
        box_rest.push_back(c);
      }
    }
    const int m = static_cast<int>(both.size());
    for (int k = 2; k <= m; ++k) {
      for_each_combination(m, k, [&](Mask pick) {
        Mask v = 0;
        for (Mask p = pick; p; p &= p - 1)
          v |= s_.candidates(both[static_cast<std::size_t>(std::countr_zero(p))]);
        if (popcount(v) < k + 2) return false;
        const std::vector<Part> ls = parts(line_rest, v), bs = parts(box_rest, v);
        // With no digit in both parts, |V + L + B| = |V + L| + |B - V|, which must
        // equal k + |L| + |B|: so |B - V| - |B| = k + |L| - |V + L|. Box parts are
        // bucketed by the left side, and each line part meets only its bucket.
        std::vector<std::vector<int>> by_excess(static_cast<std::size_t>(n_ + max_part() + 1));
        for (int i = 0; i < static_cast<int>(bs.size()); ++i) {
          const Part& b = bs[static_cast<std::size_t>(i)];
          by_excess[static_cast<std::size_t>(popcount(b.digits & ~v) - b.size + max_part())]
              .push_back(i);
        }
        for (const Part& l : ls) {
          const int excess = k + l.size - popcount(v | l.digits) + max_part();
          if (excess < 0 || excess >= static_cast<int>(by_excess.size())) continue;
          for (int i : by_excess[static_cast<std::size_t>(excess)]) {
            const Part& b = bs[static_cast<std::size_t>(i)];
            const int size = k + l.size + b.size;
            if ((l.digits & b.digits) || popcount(v | l.digits | b.digits) != size) continue;
            if (found_ && size >= best_size_) continue;
            conclude(bh, line, both, pick, line_rest, l, box_rest, b, v | l.digits | b.digits,
                     size);
          }
        }
        return false;
      });
    }
  }

  void conclude(int bh, int line, const std::vector<int>& both, Mask pick,
                const std::vector<int>& line_rest, const Part& l, const std::vector<int>& box_rest,
                const Part& b, Mask all, int size) {
    std::vector<int> core, line_cells, box_cells;
    for (Mask p = pick; p; p &= p - 1)
      core.push_back(both[static_cast<std::size_t>(std::countr_zero(p))]);
    for (Mask p = l.cells; p; p &= p - 1)
      line_cells.push_back(line_rest[static_cast<std::size_t>(std::countr_zero(p))]);
    for (Mask p = b.cells; p; p &= p - 1)
      box_cells.push_back(box_rest[static_cast<std::size_t>(std::countr_zero(p))]);
    auto in_set = [&](int c) {
      return std::find(core.begin(), core.end(), c) != core.end() ||
             std::find(line_cells.begin(), line_cells.end(), c) != line_cells.end() ||
             std::find(box_cells.begin(), box_cells.end(), c) != box_cells.end();
    };
    Step st;
    for (Mask r = all; r; r &= r - 1) {
      const Mask bit = r & (~r + 1);
      const int digit = std::countr_zero(r) + 1;
      for (int h : {line, bh}) {
        if ((h == line ? b.digits : l.digits) & bit) continue;
        for (int c : g_.house_cells(h)) {
          if ((s_.candidates(c) & bit) && !in_set(c)) st.eliminations.push_back({c, digit});
        }
      }
    }
    if (st.eliminations.empty()) return;
    sort_unique(st.eliminations);
    st.technique = Technique::sue_de_coq;
    st.rating = rating_of(st.technique);
    st.houses = {bh, line};
    st.cells = core;
    st.secondary_cells = line_cells;
    st.secondary_cells.insert(st.secondary_cells.end(), box_cells.begin(), box_cells.end());
    st.digits = all;
    best_ = std::move(st);
    best_size_ = size;
    found_ = true;
  }

  const LogicState& s_;
  const Geometry& g_;
  int n_;
  bool found_ = false;
  int best_size_ = 0;
  Step best_;
};

}  // namespace

void find_sue_de_coq(const LogicState& s, FindContext& context, StepSink& sink) {
  SueDeCoq search(s);
  Step step;
  if (search.run(context, step)) sink.take(std::move(step));
}

}  // namespace nonet::logic_detail
