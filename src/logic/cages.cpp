// Killer cages: what a sum allows the cells that make it.
//
// Cage combination (2.0): the digit sets of a cage's size that make its sum,
// kept only when its cells' candidates can place every digit of the set; each
// cell keeps the digits it holds in some such placement.
// Cage overlap (2.8): a digit every remaining set of a cage holds is in the
// cage, so a cell outside it that sees all its places there loses it; and a
// digit whose places in a house all lie in one cage is in that cage, so the
// sets without it go.
// Innies and outies (2.8, +0.1 per further house): a house (or 2 or 3 rows
// or columns side by side) holds each digit once per house, so the cells of it
// outside the cages wholly inside it (the innies) sum to what those cages leave,
// and the cells of the cages that reach out of it (the outies), when cages
// cover it, sum to what the cages hold beyond it. Each such group is read as a
// cage of its own.

#include <algorithm>
#include <functional>
#include <numeric>
#include <span>
#include <vector>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// Past this many partial sets at one cell of a group, or nodes of the search
// for a group whose cells may repeat a digit, the group is left alone: a
// sum over a large cage of a large board allows too much to say anything.
constexpr std::size_t kMostSets = 40000;
constexpr int kMostNodes = 20000;
// A group whose cells may repeat a digit is read only up to this size.
constexpr std::size_t kMostLooseCells = 5;
// Innies and outies look at rows or columns side by side up to this many, so
// that none rates above 3.0 (2.8 + 0.1 a further line) and so comes before a
// naked pair or a fish that rates less.
constexpr int kWidestArea = 3;

int mask_sum(Mask m) {
  int total = 0;
  for (; m; m &= m - 1) total += std::countr_zero(m) + 1;
  return total;
}

// What a sum allows a group of cells: per cell, the digits it holds in some
// way of making the sum; for a group with no digit twice, the digit sets
// that make it.
struct Reading {
  std::vector<Mask> allowed;
  std::vector<Mask> sets;
};

}  // namespace

Mask digits_at(const LogicState& s, int cell) {
  return s.value(cell) ? digit_bit(s.value(cell)) : s.candidates(cell);
}

bool all_see(const Geometry& g, std::span<const int> cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    for (std::size_t j = i + 1; j < cells.size(); ++j) {
      if (!g.sees(cells[i], cells[j])) return false;
    }
  }
  return true;
}

bool read_sum(std::span<const Mask> digits, int sum, Mask must, std::vector<Mask>& allowed,
              std::vector<Mask>* sets) {
  const std::size_t k = digits.size();
  std::vector<std::vector<Mask>> level(k + 1);
  level[0] = {0};
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Mask>& next = level[i + 1];
    for (Mask used : level[i]) {
      const int so_far = mask_sum(used);
      for (Mask m = digits[i] & ~used; m; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        // Digits are positive: the cells after this one add at least one each.
        if (so_far + d + static_cast<int>(k - i - 1) > sum) break;
        next.push_back(used | (m & ~(m - 1)));
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    if (next.size() > kMostSets) return false;
  }
  std::vector<Mask> live;
  for (Mask set : level[k]) {
    if (mask_sum(set) == sum && (set & must) == must) live.push_back(set);
  }
  if (sets) *sets = live;
  allowed.assign(k, 0);
  for (std::size_t i = k; i-- > 0;) {
    std::vector<Mask> kept;
    for (Mask used : level[i]) {
      bool keep = false;
      for (Mask m = digits[i] & ~used; m; m &= m - 1) {
        const Mask bit = m & ~(m - 1);
        if (std::binary_search(live.begin(), live.end(), used | bit)) {
          allowed[i] |= bit;
          keep = true;
        }
      }
      if (keep) kept.push_back(used);
    }
    live = std::move(kept);
  }
  return true;
}

namespace {

// A group whose cells all see each other, read on the position.
bool read_distinct(const LogicState& s, std::span<const int> cells, int sum, Mask must,
                   Reading& out) {
  std::vector<Mask> digits;
  digits.reserve(cells.size());
  for (int c : cells) digits.push_back(digits_at(s, c));
  return read_sum(digits, sum, must, out.allowed, &out.sets);
}

// A small group whose cells may repeat a digit where they do not see each
// other: every way of filling it, within a budget.
bool read_loose(const LogicState& s, std::span<const int> cells, int sum, Reading& out) {
  const Geometry& g = s.geometry();
  const std::size_t k = cells.size();
  if (k > kMostLooseCells) return false;
  out.allowed.assign(k, 0);
  out.sets.clear();
  std::vector<int> pick(k, 0);
  int nodes = 0;
  auto fill = [&](auto& self, std::size_t i, int total) -> bool {
    if (++nodes > kMostNodes) return false;
    if (i == k) {
      if (total == sum) {
        for (std::size_t j = 0; j < k; ++j) out.allowed[j] |= digit_bit(pick[j]);
      }
      return true;
    }
    for (Mask m = digits_at(s, cells[i]); m; m &= m - 1) {
      const int d = std::countr_zero(m) + 1;
      if (total + d + static_cast<int>(k - i - 1) > sum) break;
      bool clash = false;
      for (std::size_t j = 0; j < i && !clash; ++j)
        clash = pick[j] == d && g.sees(cells[j], cells[i]);
      if (clash) continue;
      pick[i] = d;
      if (!self(self, i + 1, total + d)) return false;
    }
    return true;
  };
  return fill(fill, 0, 0);
}

bool read_group(const LogicState& s, std::span<const int> cells, int sum, Mask must, Reading& out) {
  if (all_see(s.geometry(), cells)) return read_distinct(s, cells, sum, must, out);
  return must == 0 && read_loose(s, cells, sum, out);
}

// The candidates of the group's empty cells that the reading leaves out.
std::vector<CellDigit> removals(const LogicState& s, std::span<const int> cells, const Reading& r) {
  std::vector<CellDigit> out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (s.value(cells[i])) continue;
    const Mask gone = s.candidates(cells[i]) & ~r.allowed[i];
    for (Mask m = gone; m; m &= m - 1) out.push_back({cells[i], lowest_digit(m)});
  }
  return out;
}

bool all_filled(const LogicState& s, std::span<const int> cells) {
  return std::all_of(cells.begin(), cells.end(), [&](int c) { return s.value(c) != 0; });
}

Step cage_step(Technique technique, const Cage& cage, const Reading& r) {
  Step step;
  step.technique = technique;
  step.rating = rating_of(technique);
  step.cells = cage.cells;
  step.sum = cage.sum;
  step.combinations = r.sets;
  for (Mask set : r.sets) step.digits |= set;
  return step;
}

}  // namespace

void find_cage_combination(const LogicState& s, FindContext& context, StepSink& sink) {
  const Layout* layout = s.geometry().layout();
  if (!layout) return;
  for (const Cage& cage : layout->cages) {
    if (context.stopped()) return;
    if (cage.sum == 0 || all_filled(s, cage.cells)) continue;
    Reading r;
    if (!read_distinct(s, cage.cells, cage.sum, 0, r)) continue;
    std::vector<CellDigit> gone = removals(s, cage.cells, r);
    if (gone.empty()) continue;
    Step step = cage_step(Technique::cage_combination, cage, r);
    step.eliminations = std::move(gone);
    if (sink.take(std::move(step))) return;
  }
}

void find_cage_overlap(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  const Layout* layout = g.layout();
  if (!layout) return;
  // A digit every set of the cage holds, seen from outside.
  for (const Cage& cage : layout->cages) {
    if (context.stopped()) return;
    if (cage.sum == 0 || all_filled(s, cage.cells)) continue;
    Reading r;
    if (!read_distinct(s, cage.cells, cage.sum, 0, r) || r.sets.empty()) continue;
    Mask placed = 0;
    for (int c : cage.cells) placed |= s.value(c) ? digit_bit(s.value(c)) : 0;
    const Mask required =
        std::accumulate(r.sets.begin(), r.sets.end(), g.all_digits(), std::bit_and<>()) & ~placed;
    for (Mask m = required; m; m &= m - 1) {
      const int d = lowest_digit(m);
      std::vector<int> places;
      for (int c : cage.cells) {
        if (s.candidates(c) & digit_bit(d)) places.push_back(c);
      }
      if (places.empty()) continue;  // a position whose candidates break the cage
      Step step = cage_step(Technique::cage_overlap, cage, r);
      step.digits = digit_bit(d);
      for (int p : g.peers(places[0])) {
        if (!(s.candidates(p) & digit_bit(d)) ||
            std::binary_search(cage.cells.begin(), cage.cells.end(), p))
          continue;
        if (std::all_of(places.begin(), places.end(), [&](int q) { return g.sees(p, q); }))
          step.eliminations.push_back({p, d});
      }
      if (step.eliminations.empty()) continue;
      step.secondary_cells = std::move(places);
      if (sink.take(std::move(step))) return;
    }
  }
  // A digit a house holds only inside the cage.
  for (const Cage& cage : layout->cages) {
    if (context.stopped()) return;
    if (cage.sum == 0 || all_filled(s, cage.cells)) continue;
    for (int house = 0; house < g.house_count(); ++house) {
      const std::span<const int> hc = g.house_cells(house);
      Mask inside = 0;
      for (std::size_t i = 0; i < hc.size(); ++i) {
        if (std::binary_search(cage.cells.begin(), cage.cells.end(), hc[i])) inside |= Mask{1} << i;
      }
      if (!inside) continue;
      for (int d = 1; d <= g.side(); ++d) {
        const Mask pos = s.positions(house, d);
        if (!pos || (pos & ~inside)) continue;
        Reading r;
        if (!read_distinct(s, cage.cells, cage.sum, digit_bit(d), r)) continue;
        std::vector<CellDigit> gone = removals(s, cage.cells, r);
        if (gone.empty()) continue;
        Step step = cage_step(Technique::cage_overlap, cage, r);
        step.variant = kHouseIntoCage;
        step.houses = {house};
        step.digits = digit_bit(d);
        step.secondary_cells = cells_of(g, house, pos);
        step.eliminations = std::move(gone);
        if (sink.take(std::move(step))) return;
      }
    }
  }
}

namespace {

// One house, or rows or columns side by side, read against the cages.
struct Area {
  std::vector<int> houses;
  std::vector<char> in;  // per cell
  int cells = 0;
};

// Looks at innies and outies of one area; true when the sink has enough.
bool innies_outies(const LogicState& s, const Area& area, StepSink& sink) {
  const Geometry& g = s.geometry();
  const Layout& layout = *g.layout();
  const int n = g.side();
  const int whole = static_cast<int>(area.houses.size()) * n * (n + 1) / 2;
  // The cages touching the area, each once; a cell in two cages of them
  // leaves the sums unclear.
  std::vector<int> touching;
  for (int c = 0; c < g.cell_count(); ++c) {
    if (!area.in[static_cast<std::size_t>(c)]) continue;
    const std::span<const int> of = g.cages_of(c);
    if (of.size() > 1) return false;
    if (of.size() == 1 && std::find(touching.begin(), touching.end(), of[0]) == touching.end())
      touching.push_back(of[0]);
  }
  int inside_sum = 0, all_sum = 0;
  bool covered = true;
  std::vector<char> in_summed(static_cast<std::size_t>(g.cell_count()), 0);
  std::vector<int> outies;
  for (int k : touching) {
    const Cage& cage = layout.cages[static_cast<std::size_t>(k)];
    const bool inside = std::all_of(cage.cells.begin(), cage.cells.end(),
                                    [&](int c) { return area.in[static_cast<std::size_t>(c)]; });
    if (cage.sum == 0) {
      covered = false;
      continue;
    }
    all_sum += cage.sum;
    for (int c : cage.cells) in_summed[static_cast<std::size_t>(c)] = 1;
    if (inside) {
      inside_sum += cage.sum;
    } else {
      for (int c : cage.cells) {
        if (!area.in[static_cast<std::size_t>(c)]) outies.push_back(c);
      }
    }
  }
  std::vector<int> innies;
  for (int c = 0; c < g.cell_count(); ++c) {
    if (!area.in[static_cast<std::size_t>(c)]) continue;
    if (!in_summed[static_cast<std::size_t>(c)]) covered = false;
    const std::span<const int> of = g.cages_of(c);
    const bool in_inside_cage =
        of.size() == 1 && layout.cages[static_cast<std::size_t>(of[0])].sum != 0 &&
        std::all_of(layout.cages[static_cast<std::size_t>(of[0])].cells.begin(),
                    layout.cages[static_cast<std::size_t>(of[0])].cells.end(),
                    [&](int x) { return area.in[static_cast<std::size_t>(x)]; });
    if (!in_inside_cage) innies.push_back(c);
  }
  // A cell outside the area in two of its cages would count twice.
  std::sort(outies.begin(), outies.end());
  if (std::adjacent_find(outies.begin(), outies.end()) != outies.end()) covered = false;
  auto try_group = [&](std::vector<int> cells, int sum, int variant) {
    if (cells.empty() || all_filled(s, cells) || sum <= 0) return false;
    std::sort(cells.begin(), cells.end());
    Reading r;
    if (!read_group(s, cells, sum, 0, r)) return false;
    std::vector<CellDigit> gone = removals(s, cells, r);
    if (gone.empty()) return false;
    Step step;
    step.technique = Technique::innies_outies;
    step.rating = rating_of(step.technique) + static_cast<int>(area.houses.size()) - 1;
    step.variant = variant;
    step.houses = area.houses;
    step.cells = std::move(cells);
    step.sum = sum;
    step.combinations = std::move(r.sets);
    for (Mask set : step.combinations) step.digits |= set;
    step.eliminations = std::move(gone);
    return sink.take(std::move(step));
  };
  if (static_cast<int>(innies.size()) < area.cells &&
      try_group(innies, whole - inside_sum, kInnies))
    return true;
  return covered && try_group(outies, all_sum - whole, kOuties);
}

}  // namespace

void find_innies_outies(const LogicState& s, FindContext& context, StepSink& sink) {
  const Geometry& g = s.geometry();
  if (!g.summed_cages()) return;
  const int n = g.side();
  auto area_of = [&](std::vector<int> houses) {
    Area a;
    a.in.assign(static_cast<std::size_t>(g.cell_count()), 0);
    for (int h : houses) {
      for (int c : g.house_cells(h)) a.in[static_cast<std::size_t>(c)] = 1;
    }
    a.cells = static_cast<int>(houses.size()) * n;
    a.houses = std::move(houses);
    return a;
  };
  // Single houses: boxes (or regions), rows, columns; then rows and columns
  // side by side, fewest first.
  for (HouseKind kind : {HouseKind::box, HouseKind::row, HouseKind::column}) {
    for (int i = 0; i < n; ++i) {
      if (context.stopped()) return;
      if (innies_outies(s, area_of({house_of_kind(g, kind, i)}), sink)) return;
    }
  }
  for (int width = 2; width <= std::min(kWidestArea, n - 1); ++width) {
    for (HouseKind kind : {HouseKind::row, HouseKind::column}) {
      for (int first = 0; first + width <= n; ++first) {
        if (context.stopped()) return;
        std::vector<int> houses;
        for (int i = first; i < first + width; ++i) houses.push_back(house_of_kind(g, kind, i));
        if (innies_outies(s, area_of(std::move(houses)), sink)) return;
      }
    }
  }
}

}  // namespace nonet::logic_detail
