// Uniqueness: unique rectangles and loops, types 1-4 (4.5 and up), and the
// bivalue universal grave (BUG), types 1-4 (5.6 / 5.7 and up). Both assume the
// puzzle has exactly one solution, as SE does.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// Families of houses in the order SE walks a loop: boxes, rows, columns, then a
// variant's extra families (disjoint groups, windows, diagonals).
std::vector<HouseFamily> loop_families(const Geometry& g) {
  std::vector<HouseFamily> out = {classic_family(g, HouseKind::box),
                                  classic_family(g, HouseKind::row),
                                  classic_family(g, HouseKind::column)};
  for (const HouseFamily& f : extra_families(g)) out.push_back(f);
  return out;
}

// The house of `family` holding `cell`, or -1.
int family_house(const Geometry& g, const HouseFamily& family, int cell) {
  if (family.house_kind != HouseKind::extra) return house_through(g, family.house_kind, cell);
  return house_through(g, family, cell);
}

// Under a chess rule, whether a cell a move away from one of `cells` (and
// sharing no house with it) may hold v1 or v2: swapping them might then break
// the rule, and the pattern proves nothing (SE's test).
// Under the non-consecutive rule, the same for a neighbour that may hold a
// digit beside v1 or v2. A cell in a cage with a sum, or tied by a relation:
// always.
bool moves_restrict(const LogicState& s, std::span<const int> cells, Mask pair) {
  const Geometry& g = s.geometry();
  // Swapping the digits of a cell a dot or a line ties might break its rule.
  if (g.has_relations()) {
    for (int cell : cells) {
      if (g.related(cell)) return true;
    }
  }
  // Swapping the digits of a cell in a cage with a sum would change the sum.
  if (g.summed_cages()) {
    for (int cell : cells) {
      for (int k : g.cages_of(cell)) {
        if (g.layout()->cages[static_cast<std::size_t>(k)].sum != 0) return true;
      }
    }
  }
  Mask beside = 0;
  for (Mask m = pair; m; m &= m - 1) beside |= g.consecutive_of(lowest_digit(m));
  for (int cell : cells) {
    for (int p : g.move_peers(cell)) {
      if (s.candidates(p) & pair) return true;
    }
    for (int p : g.consecutive_neighbours(cell)) {
      if (s.candidates(p) & beside) return true;
    }
  }
  return false;
}

// --- loop search -------------------------------------------------------------

struct LoopSearch {
  explicit LoopSearch(const LogicState& state)
      : s(state), g(state.geometry()), families(loop_families(g)) {
    holders.assign(static_cast<std::size_t>(g.house_count()), 0);
    in_loop.assign(static_cast<std::size_t>(g.cell_count()), 0);
  }

  // Starts a search for loops of `pair_digits`, keeping the buffers of the
  // last one (a search leaves `loop` empty and `in_loop` clear).
  void start(Mask pair_digits) {
    found.clear();
    budget = 200000;
    if (pair_digits == pair) return;
    pair = pair_digits;
    // Only cells holding both loop digits can join the loop: per house, where
    // they are (bit i: the house's i-th cell). The start cell is one of them.
    const int n = g.side();
    for (int house = 0; house < g.house_count(); ++house) {
      const std::span<const int> cells = g.house_cells(house);
      Mask m = 0;
      for (int i = 0; i < n; ++i)
        if ((s.candidates(cells[i]) & pair) == pair) m |= Mask{1} << i;
      holders[house] = m;
    }
  }

  const LogicState& s;
  const Geometry& g;
  std::vector<HouseFamily> families;
  Mask pair = 0;  // v1 | v2
  std::vector<int> loop;
  std::vector<std::vector<int>> found;
  std::vector<Mask> holders;          // per house, the cells holding both digits
  std::vector<std::uint8_t> in_loop;  // per cell, whether `loop` holds it
  int budget = 200000;                // guards against pathological boards; SE has none

  // Extends the loop from `cell` (already appended by the caller's caller) the
  // way SE does: through each house kind but the one just used, to any cell
  // holding both loop digits. Cells with extra digits are allowed while
  // `allowed_extra` lasts or while all extra digits seen agree on one digit.
  // As in SE, `extra` also gathers the extra digits of siblings examined
  // before; this decides which loops are found, so it is kept. The cells of a
  // house are visited in its order; those without both digits change nothing.
  void extend(int cell, int allowed_extra, Mask extra, int last_kind) {
    if (--budget < 0) return;
    loop.push_back(cell);
    in_loop[cell] = 1;
    for (int k = 0; k < static_cast<int>(families.size()); ++k) {
      if (k == last_kind) continue;
      const int house = family_house(g, families[static_cast<std::size_t>(k)], cell);
      if (house < 0) continue;
      const std::span<const int> cells = g.house_cells(house);
      for (Mask h = holders[house]; h; h &= h - 1) {
        const int next = cells[std::countr_zero(h)];
        if (next == loop[0] && loop.size() >= 4) {
          found.push_back(loop);
        } else if (!in_loop[next]) {
          const Mask m = s.candidates(next);
          extra = (extra | m) & ~pair;
          const int count = popcount(m);
          if (count == 2 || popcount(extra) == 1 || allowed_extra > 0) {
            extend(next, count > 2 ? allowed_extra - 1 : allowed_extra, extra, k);
          }
        }
      }
    }
    in_loop[cell] = 0;
    loop.pop_back();
  }
};

// Every house met by the cells at even positions is met exactly once by them,
// the same for odd positions, and both sets of houses agree.
bool valid_loop(const Geometry& g, const std::vector<int>& loop) {
  std::vector<int> odd, even;
  bool is_odd = false;
  auto& seen_odd = odd;
  auto& seen_even = even;
  for (int cell : loop) {
    auto& seen = is_odd ? seen_odd : seen_even;
    auto meet = [&](int house) {
      if (std::find(seen.begin(), seen.end(), house) != seen.end()) return false;
      seen.push_back(house);
      return true;
    };
    for (int house : g.houses_of(cell)) {
      if (!meet(house)) return false;
    }
    for (int house : g.extra_houses_of(cell)) {
      if (!meet(house)) return false;
    }
    is_odd = !is_odd;
  }
  std::sort(odd.begin(), odd.end());
  std::sort(even.begin(), even.end());
  return odd == even;
}

int loop_rating(std::size_t size) {
  int r = rating_of(Technique::unique_rectangle);
  if (size >= 10) r += 3;
  if (size >= 8) {
    r += 2;
  } else if (size >= 6) {
    r += 1;
  }
  return r;
}

struct Candidate {
  Step step;
  int type = 0;
};

Step loop_step(const std::vector<int>& loop, Mask pair, int type, int rating) {
  Step out;
  out.technique = Technique::unique_rectangle;
  out.variant = type;
  out.rating = rating;
  out.cells = loop;
  out.digits = pair;
  return out;
}

// Cells seeing every cell of `cells` (none of them).
std::vector<int> common_peers(const Geometry& g, const std::vector<int>& cells) {
  std::vector<int> out;
  for (int p : g.peers(cells[0])) {
    bool all = true;
    for (std::size_t i = 1; i < cells.size() && all; ++i) all = sees(g, p, cells[i]);
    if (all && std::find(cells.begin(), cells.end(), p) == cells.end()) out.push_back(p);
  }
  return out;
}

void type3(const LogicState& s, std::span<const HouseFamily> families,
           const std::vector<int>& loop, int c1, int c2, int v1, int v2,
           std::vector<Candidate>& out) {
  const Geometry& g = s.geometry();
  const int n = g.side();
  const Mask pair = digit_bit(v1) | digit_bit(v2);
  const Mask extra = (s.candidates(c1) | s.candidates(c2)) & ~pair;
  const int base = loop_rating(loop.size());
  // SE tries sets of up to 7 cells (9x9: all that can leave room); larger boards
  // keep the same bound so the search stays small.
  for (int degree = popcount(extra); degree <= std::min(n - 2, 7); ++degree) {
    for (const HouseFamily& family : families) {
      const int house = family_house(g, family, c1);
      if (house < 0 || house != family_house(g, family, c2)) continue;
      const int empty = s.empty_in_house(house);
      auto cells = g.house_cells(house);
      int index1 = 0, index2 = 0;
      for (int i = 0; i < n; ++i) {
        if (cells[i] == c1) index1 = i;
        if (cells[i] == c2) index2 = i;
      }
      // Naked set: c1 (standing for both, with the extra digits) and degree-1
      // other cells.
      // Every set holds c1 and not c2, in increasing order of the cells' bits;
      // a cell of fewer than 2 or more than `degree` candidates never fits,
      // so the sets are drawn from the others (same sets, same order).
      Mask fitting = 0;
      for (int i = 0; i < n; ++i) {
        const int count = popcount(s.candidates(cells[i]));
        if (i != index1 && i != index2 && count >= 2 && count <= degree) fitting |= Mask{1} << i;
      }
      if (degree * 2 <= empty) {
        std::array<Mask, 32> held{};
        for (int i = 0; i < n; ++i) held[i] = s.candidates(cells[i]);
        for_each_subset_within(fitting, degree - 1, held, extra, degree, [&](Mask others_places) {
          const Mask places = others_places | Mask{1} << index1;
          Mask naked = extra & s.candidates(c1) & s.candidates(c2);
          Mask all = 0;
          std::vector<int> others;
          for (Mask p = places; p; p &= p - 1) {
            const int i = std::countr_zero(p);
            const Mask m = i == index1 ? extra : s.candidates(cells[i]);
            if (popcount(m) < 2) return false;
            all |= m;
            if (i != index1) {
              naked |= m;
              others.push_back(cells[i]);
            }
          }
          if (popcount(naked) != degree || popcount(all) != degree) return false;
          Step st = loop_step(loop, pair, 3, base + (degree - 1));
          for (int i = 0; i < n; ++i) {
            const int cell = cells[i];
            if (cell == c1 || cell == c2 || (places & (Mask{1} << i))) continue;
            eliminate_digits(st, cell, s.candidates(cell) & all);
          }
          if (st.eliminations.empty()) return false;
          st.houses = {house};
          st.secondary_cells = {c1, c2};
          st.secondary_cells.insert(st.secondary_cells.end(), others.begin(), others.end());
          out.push_back({std::move(st), 3});
          return false;
        });
      }
      // Hidden set: v1, v2 and degree-2 other digits confined, with c2 left
      // out, to exactly `degree` cells.
      if (degree * 2 < empty) {
        std::vector<int> rest;
        for (int d = 1; d <= n; ++d) {
          if (d != v1 && d != v2 && !(extra & digit_bit(d))) rest.push_back(d);
        }
        const int k = degree - 2;
        if (k > static_cast<int>(rest.size())) continue;
        // Each digit's places without c2; a digit with none, or with more
        // than `degree`, never fits, so the sets of the rest are drawn from
        // the others (same sets, same order).
        std::array<Mask, 32> places{};
        for (int d = 1; d <= n; ++d) places[d - 1] = s.positions(house, d) & ~(Mask{1} << index2);
        const Mask pair_places = places[v1 - 1] | places[v2 - 1];
        if (!places[v1 - 1] || !places[v2 - 1] || popcount(pair_places) > degree) continue;
        Mask fitting_rest = 0;
        std::array<Mask, 32> rest_places{};
        for (std::size_t r = 0; r < rest.size(); ++r) {
          rest_places[r] = places[rest[r] - 1];
          const int count = popcount(rest_places[r]);
          if (count >= 1 && count <= degree) fitting_rest |= Mask{1} << r;
        }
        auto try_values = [&](Mask pick) {
          Mask values = pair;
          for (Mask p = pick; p; p &= p - 1) values |= digit_bit(rest[std::countr_zero(p)]);
          Mask common = 0;
          for (Mask v = values; v; v &= v - 1) common |= places[std::countr_zero(v)];
          if (popcount(common) != degree) return false;
          common &= ~(Mask{1} << index1);
          common &= ~(Mask{1} << index2);
          Step st = loop_step(loop, pair, 3, base + (popcount(common) - 1));
          for (int i = 0; i < n; ++i) {
            if (!(common & (Mask{1} << i))) continue;
            eliminate_digits(st, cells[i], s.candidates(cells[i]) & ~values);
          }
          if (st.eliminations.empty()) return false;
          st.houses = {house};
          st.secondary_cells = {c1, c2};
          for (int c : cells_of(g, house, common)) st.secondary_cells.push_back(c);
          out.push_back({std::move(st), 3});
          return false;
        };
        if (k == 0) {
          try_values(0);
        } else {
          for_each_subset_within(fitting_rest, k, rest_places, pair_places, degree, try_values);
        }
      }
    }
  }
}

void classify(const LogicState& s, std::span<const HouseFamily> families,
              const std::vector<int>& loop, int v1, int v2, std::vector<Candidate>& out) {
  const Geometry& g = s.geometry();
  const Mask pair = digit_bit(v1) | digit_bit(v2);
  const int base = loop_rating(loop.size());
  std::vector<int> extra_cells;
  for (int c : loop) {
    if (popcount(s.candidates(c)) > 2) extra_cells.push_back(c);
  }
  if (extra_cells.size() == 1) {
    Step st = loop_step(loop, pair, 1, base);
    eliminate_digits(st, extra_cells[0], pair);
    st.secondary_cells = extra_cells;
    out.push_back({std::move(st), 1});
    return;
  }
  auto type2 = [&] {
    const int value = lowest_digit(s.candidates(extra_cells[0]) & ~pair);
    Step st = loop_step(loop, pair, 2, base);
    for (int c : common_peers(g, extra_cells)) {
      if (s.candidates(c) & digit_bit(value)) st.eliminations.push_back({c, value});
    }
    st.secondary_cells = extra_cells;
    if (!st.eliminations.empty()) out.push_back({std::move(st), 2});
  };
  if (extra_cells.size() > 2) {
    type2();
    return;
  }
  if (extra_cells.size() != 2) return;
  const int c1 = extra_cells[0], c2 = extra_cells[1];
  const Mask extra = (s.candidates(c1) | s.candidates(c2)) & ~pair;
  if (popcount(extra) == 1) {
    type2();
  } else if (popcount(extra) >= 2) {
    type3(s, families, loop, c1, c2, v1, v2, out);
  }
  // Type 4: one loop digit confined to c1 and c2 in a house they share.
  int lock1 = -1, lock2 = -1;
  for (const HouseFamily& family : families) {
    const int house = family_house(g, family, c1);
    if (house < 0 || house != family_house(g, family, c2)) continue;
    bool has1 = false, has2 = false;
    for (int c : g.house_cells(house)) {
      if (c == c1 || c == c2) continue;
      has1 |= (s.candidates(c) & digit_bit(v1)) != 0;
      has2 |= (s.candidates(c) & digit_bit(v2)) != 0;
    }
    if (!has1) lock1 = house;
    if (!has2) lock2 = house;
  }
  if (lock1 >= 0 || lock2 >= 0) {
    const bool first = lock1 >= 0;
    const int remove = first ? v2 : v1;
    Step st = loop_step(loop, pair, 4, base);
    st.eliminations = {{c1, remove}, {c2, remove}};
    st.houses = {first ? lock1 : lock2};
    st.secondary_cells = {c1, c2};
    out.push_back({std::move(st), 4});
  }
}

}  // namespace

// SE gathers every unique loop hint and takes the easiest (then the lowest
// type, then the first found).
void find_unique_loop(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  std::vector<Candidate> all;
  LoopSearch search(s);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const Mask m = s.candidates(cell);
    if (popcount(m) != 2) continue;
    if (context.stopped()) return;
    const int v1 = lowest_digit(m), v2 = lowest_digit(m & (m - 1));
    search.start(m);
    search.extend(cell, 2, 0, -1);
    for (const auto& loop : search.found) {
      if (valid_loop(g, loop) && !moves_restrict(s, loop, m))
        classify(s, search.families, loop, v1, v2, all);
    }
  }
  if (all.empty()) return;
  auto best = std::min_element(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
    if (a.step.rating != b.step.rating) return a.step.rating < b.step.rating;
    return a.type < b.type;
  });
  sink.take(std::move(best->step));
}

// --- BUG ---------------------------------------------------------------------

namespace {

bool bug(const LogicState& s, Step& step) {
  const Geometry& g = s.geometry();
  // Cages make cells peers that share no house, and their sums are not
  // counted: a grave of houses alone proves nothing there.
  if (g.layout() && (!g.layout()->cages.empty() || g.has_relations())) return false;
  const int n = g.side();
  std::vector<Mask> rest(static_cast<std::size_t>(g.cell_count()));
  for (int c = 0; c < g.cell_count(); ++c) rest[c] = s.candidates(c);
  std::vector<int> bug_cells;
  std::vector<Mask> bug_values(static_cast<std::size_t>(g.cell_count()), 0);
  Mask all_bug_values = 0;
  std::vector<int> common;  // cells seeing every BUG cell
  bool common_set = false;

  // Each digit must have 0 or 2 places in every house once the BUG digits are
  // removed; a house where it has more singles out the one cell with 3+
  // candidates among its places as a BUG cell. Boxes, rows, then columns.
  const std::vector<HouseFamily> families = loop_families(g);
  for (const HouseFamily& family : families) {
    for (int i = 0; i < family.count; ++i) {
      const int house = family.first + i;
      for (int digit = 1; digit <= n; ++digit) {
        const Mask pos = s.positions(house, digit);
        const int count = popcount(pos);
        if (count == 0 || count == 2) continue;
        std::vector<int> fat;
        for (int c : cells_of(g, house, pos)) {
          if (popcount(s.candidates(c)) >= 3) fat.push_back(c);
        }
        if (fat.empty()) return false;
        if (fat.size() != 1) continue;
        const int cell = fat[0];
        if (std::find(bug_cells.begin(), bug_cells.end(), cell) == bug_cells.end()) {
          bug_cells.push_back(cell);
        }
        bug_values[cell] |= digit_bit(digit);
        all_bug_values |= digit_bit(digit);
        rest[cell] &= ~digit_bit(digit);
        if (!common_set) {
          common.assign(g.peers(cell).begin(), g.peers(cell).end());
          common_set = true;
        } else {
          std::erase_if(common, [&](int c) { return !sees(g, c, cell); });
        }
        std::erase_if(common, [&](int c) {
          return std::find(bug_cells.begin(), bug_cells.end(), c) != bug_cells.end();
        });
        if (bug_cells.size() > 1 && popcount(all_bug_values) > 1 && common.empty()) return false;
      }
    }
  }
  for (int c = 0; c < g.cell_count(); ++c) {
    if (s.value(c) == 0 && popcount(rest[c]) != 2) return false;
  }
  // Under a chess rule, a bivalue cell whose digits a cell a move away may
  // hold: the grave may not be deadly (SE's test).
  for (int c = 0; c < g.cell_count(); ++c) {
    if (s.value(c) == 0 && moves_restrict(s, {&c, 1}, rest[c])) return false;
  }
  for (int house = 0; house < g.house_count(); ++house) {
    for (int digit = 1; digit <= n; ++digit) {
      int count = 0;
      for (int c : g.house_cells(house)) count += (rest[c] & digit_bit(digit)) != 0;
      if (count != 0 && count != 2) return false;
    }
  }
  std::sort(common.begin(), common.end());

  // Types 2 to 4 rate a tenth above type 1 (type 3 more with a larger set).
  const int kBugPlus = rating_of(Technique::bug) + 1;
  auto start = [&](int type, int rating) {
    step = Step{};
    step.technique = Technique::bug;
    step.variant = type;
    step.rating = rating;
    step.cells = bug_cells;
    step.digits = all_bug_values;
  };
  auto type4 = [&]() {
    const int c1 = bug_cells[0], c2 = bug_cells[1];
    const Mask shared = s.candidates(c1) & s.candidates(c2) & ~all_bug_values;
    if (popcount(shared) != 1) return false;
    for (const HouseFamily& family : families) {
      const int house = family_house(g, family, c1);
      if (house < 0 || house != family_house(g, family, c2)) continue;
      start(4, kBugPlus);
      step.houses = {house};
      eliminate_digits(step, c1, s.candidates(c1) & ~bug_values[c1] & ~shared);
      eliminate_digits(step, c2, s.candidates(c2) & ~bug_values[c2] & ~shared);
      return true;
    }
    return false;
  };

  if (bug_cells.size() == 1) {
    start(1, rating_of(Technique::bug));
    eliminate_digits(step, bug_cells[0], s.candidates(bug_cells[0]) & ~all_bug_values);
    return true;
  }
  if (bug_cells.empty()) return false;
  if (popcount(all_bug_values) == 1) {
    const int value = lowest_digit(all_bug_values);
    if (!common.empty()) {
      Step out;
      for (int c : common) {
        if (s.candidates(c) & all_bug_values) out.eliminations.push_back({c, value});
      }
      if (!out.eliminations.empty()) {
        start(2, kBugPlus);
        step.eliminations = std::move(out.eliminations);
        return true;
      }
    }
    return bug_cells.size() == 2 && type4();
  }
  if (common.empty()) return false;
  if (bug_cells.size() == 2 && type4()) return true;
  // Type 3: the BUG digits act as one cell of a naked set with other cells of a
  // house that holds every BUG cell.
  for (const HouseFamily& family : families) {
    const int house = family_house(g, family, bug_cells[0]);
    if (house < 0) continue;
    bool shared = true;
    for (int c : bug_cells) shared &= family_house(g, family, c) == house;
    if (!shared) continue;
    std::vector<int> region_cells;
    for (int c : common) {
      if (family_house(g, family, c) == house) region_cells.push_back(c);
    }
    const int size = static_cast<int>(region_cells.size());
    for (int degree = 2; degree <= std::min(6, n - 1); ++degree) {
      if (size < degree) continue;
      const bool found = for_each_combination(size, degree - 1, [&](Mask pick) {
        Mask others = 0;
        std::vector<int> naked_cells;
        for (Mask p = pick; p; p &= p - 1) {
          const int c = region_cells[std::countr_zero(p)];
          const Mask m = s.candidates(c);
          if (popcount(m) < 2) return false;
          others |= m;
          naked_cells.push_back(c);
        }
        if (popcount(others) != degree || popcount(all_bug_values) < 2) return false;
        const Mask naked = others | all_bug_values;
        if (popcount(naked) != degree) return false;
        Step out;
        for (int c : region_cells) {
          if (std::find(naked_cells.begin(), naked_cells.end(), c) != naked_cells.end()) continue;
          eliminate_digits(out, c, s.candidates(c) & naked);
        }
        if (out.eliminations.empty()) return false;
        start(3, kBugPlus + (popcount(naked) - 1));
        step.houses = {house};
        step.secondary_cells = naked_cells;
        step.eliminations = std::move(out.eliminations);
        return true;
      });
      if (found) return true;
    }
  }
  return false;
}

}  // namespace

void find_bug(const LogicState& s, FindContext&, StepSink& sink) {
  Step step;
  if (bug(s, step)) sink.take(std::move(step));
}

}  // namespace nonet::logic_detail
