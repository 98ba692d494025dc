// Relations: what a dot, a line or a one-cell rule allows its cells.
//
// Each relation is read alone: a kropki dot, an X or a V, a thermometer, a
// German whisper, a palindrome or clone, an odd or even cell, a minimum or
// maximum cell, and the rules that hold wherever no dot (or no X or V) is
// drawn. Every cell it ties keeps only the digits it may hold beside some digit
// of each cell tied to it, again and again until nothing changes. A line ties
// each cell to its neighbours on it only, and so read it leaves each cell
// exactly the digits it holds in some filling of the line: a thermometer's
// ranges, a whisper's high and low digits. A rule over the whole board is read
// a pair of neighbours at a time, as a player reads it.
//
// Every relation is a row of the technique table, rated 2.0 as Cage
// Combination is (the player reads what a rule allows its cells), except the
// odd and even cells, which say so outright (1.0).

#include <algorithm>
#include <bit>
#include <cstddef>
#include <vector>

#include "logic/finders.h"
#include "logic/table.h"
#include "nonet/variant.h"

namespace nonet::logic_detail {
namespace {

Technique technique_of(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::renban:
      return Technique::renban;
    case ConstraintKind::between:
      return Technique::between_line;
    case ConstraintKind::arrow:
    case ConstraintKind::pill_arrow:
      return Technique::arrow;
    case ConstraintKind::little_killer:
      return Technique::little_killer;
    case ConstraintKind::sandwich:
      return Technique::sandwich;
    case ConstraintKind::x_sum:
      return Technique::x_sum;
    case ConstraintKind::skyscraper:
      return Technique::skyscraper_clue;
    case ConstraintKind::quadruple:
      return Technique::quadruple;
    case ConstraintKind::thermometer:
      return Technique::thermometer;
    case ConstraintKind::difference:
    case ConstraintKind::ratio:
    case ConstraintKind::non_consecutive:
    case ConstraintKind::negative_ratio:
      return Technique::kropki;
    case ConstraintKind::xv:
    case ConstraintKind::negative_xv:
      return Technique::xv;
    case ConstraintKind::whispers:
      return Technique::german_whispers;
    case ConstraintKind::palindrome:
    case ConstraintKind::clone:
      return Technique::palindrome;
    case ConstraintKind::odd:
    case ConstraintKind::even:
      return Technique::odd_even;
    default:
      return Technique::minimum_maximum;
  }
}

// The one ratio the black dots of a board use (the value a negative rule
// names), or 0 when they use several.
int dot_ratio(const Layout& layout) {
  int ratio = 0;
  bool any = false;
  for (const Relation& rel : layout.relations) {
    if (static_cast<ConstraintKind>(rel.kind) != ConstraintKind::ratio) continue;
    const int r = rel.value ? rel.value : 2;
    if (any && r != ratio) return 0;
    ratio = r;
    any = true;
  }
  return any ? ratio : 2;
}

// The cells a relation ties, and the digits each may still hold.
class Reading {
 public:
  explicit Reading(const LogicState& s) : s_(s) {}

  void add(int cell) {
    if (std::find(cells_.begin(), cells_.end(), cell) != cells_.end()) return;
    cells_.push_back(cell);
    digits_.push_back(digits_at(s_, cell));
  }
  // The digits `cell` may still hold; a cell not read yet is added first.
  Mask& digits(int cell) {
    add(cell);
    return digits_[index(cell)];
  }
  // Narrows by the links until nothing changes.
  void narrow(std::span<const Link> links) {
    for (bool changed = true; changed;) {
      changed = false;
      for (const Link& link : links) {
        add(link.a);
        add(link.b);
        Mask& a = digits_[index(link.a)];
        Mask& b = digits_[index(link.b)];
        Mask beside_a = 0, keep_a = 0;
        for (Mask m = a; m; m &= m - 1) {
          const Mask allowed = link.allowed[static_cast<std::size_t>(lowest_digit(m))];
          beside_a |= allowed;
          if (allowed & b) keep_a |= m & ~(m - 1);
        }
        const Mask keep_b = b & beside_a;
        changed = changed || keep_a != a || keep_b != b;
        a = keep_a;
        b = keep_b;
      }
    }
  }
  // The candidates of the empty cells the reading leaves out.
  std::vector<CellDigit> removals() const {
    std::vector<CellDigit> out;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (s_.value(cells_[i])) continue;
      for (Mask m = s_.candidates(cells_[i]) & ~digits_[i]; m; m &= m - 1)
        out.push_back({cells_[i], lowest_digit(m)});
    }
    std::sort(out.begin(), out.end(), [](const CellDigit& x, const CellDigit& y) {
      return x.cell != y.cell ? x.cell < y.cell : x.digit < y.digit;
    });
    return out;
  }
  const std::vector<int>& cells() const { return cells_; }
  // The digits of the relation's own cells, in its order.
  std::vector<Mask> of(const std::vector<int>& cells) {
    std::vector<Mask> out;
    for (int c : cells) out.push_back(digits(c));
    return out;
  }
  void keep(const std::vector<int>& cells, const std::vector<Mask>& digits) {
    for (std::size_t i = 0; i < cells.size(); ++i) this->digits(cells[i]) &= digits[i];
  }

 private:
  std::size_t index(int cell) const {
    return static_cast<std::size_t>(std::find(cells_.begin(), cells_.end(), cell) - cells_.begin());
  }

  const LogicState& s_;
  std::vector<int> cells_;
  std::vector<Mask> digits_;
};

// --- Rules over a whole group of cells -------------------------------------------

// Whether the cells can take different digits, each from its mask (a matching
// of cells to digits, by augmenting paths).
bool matched(const std::vector<Mask>& masks) {
  std::vector<int> owner(32, -1);
  for (std::size_t c = 0; c < masks.size(); ++c) {
    std::vector<char> seen(32, 0);
    auto augment = [&](auto& self, std::size_t cell) -> bool {
      for (Mask m = masks[cell]; m; m &= m - 1) {
        const auto d = static_cast<std::size_t>(std::countr_zero(m));
        if (seen[d]) continue;
        seen[d] = 1;
        if (owner[d] < 0 || self(self, static_cast<std::size_t>(owner[d]))) {
          owner[d] = static_cast<int>(cell);
          return true;
        }
      }
      return false;
    };
    if (!augment(augment, c)) return false;
  }
  return true;
}

// Renban: the digits are a run of consecutive ones, all different. A cell keeps
// a digit when some run holding it lets every cell take a different digit of
// the run with that digit there.
std::vector<Mask> read_renban(const std::vector<Mask>& masks, int side) {
  const int k = static_cast<int>(masks.size());
  std::vector<Mask> allowed(masks.size(), 0);
  for (int low = 1; low + k - 1 <= side; ++low) {
    const Mask run = ((Mask{1} << k) - 1) << (low - 1);
    std::vector<Mask> in(masks.size());
    for (std::size_t i = 0; i < masks.size(); ++i) in[i] = masks[i] & run;
    if (!matched(in)) continue;
    for (std::size_t i = 0; i < masks.size(); ++i) {
      for (Mask m = in[i] & ~allowed[i]; m; m &= m - 1) {
        std::vector<Mask> fixed = in;
        fixed[i] = m & ~(m - 1);
        for (std::size_t j = 0; j < masks.size(); ++j)
          if (j != i) fixed[j] &= ~fixed[i];
        if (matched(fixed)) allowed[i] |= fixed[i];
      }
    }
  }
  return allowed;
}

// A between line: the inner cells lie strictly between the two ends. Each pair
// of end digits that leaves every inner cell a digit between them is kept.
std::vector<Mask> read_between(const std::vector<Mask>& masks) {
  const std::size_t last = masks.size() - 1;
  std::vector<Mask> allowed(masks.size(), 0);
  for (Mask a = masks[0]; a; a &= a - 1) {
    for (Mask b = masks[last]; b; b &= b - 1) {
      const int x = std::countr_zero(a) + 1, y = std::countr_zero(b) + 1;
      const int lo = std::min(x, y), hi = std::max(x, y);
      if (hi - lo < 2) continue;
      const Mask inside = ((Mask{1} << (hi - lo - 1)) - 1) << lo;
      bool fits = true;
      for (std::size_t i = 1; i < last && fits; ++i) fits = (masks[i] & inside) != 0;
      if (!fits) continue;
      allowed[0] |= a & ~(a - 1);
      allowed[last] |= b & ~(b - 1);
      for (std::size_t i = 1; i < last; ++i) allowed[i] |= masks[i] & inside;
    }
  }
  return allowed;
}

// The totals a run of cells can make, each from its mask (digits may repeat):
// sums[t] set when some choice adds up to t.
using Sums = std::vector<char>;
Sums add(const Sums& sums, Mask m) {
  Sums out(sums.size() + 32, 0);
  for (std::size_t t = 0; t < sums.size(); ++t) {
    if (!sums[t]) continue;
    for (Mask r = m; r; r &= r - 1) out[t + static_cast<std::size_t>(std::countr_zero(r)) + 1] = 1;
  }
  return out;
}

// Cells that add up to a total in `targets` (digits may repeat): each keeps
// the digits some choice of the others completes to a target. A digit's
// partners are every total the cells before it and after it can make.
std::vector<Mask> read_addends(const std::vector<Mask>& masks, const Sums& targets) {
  const std::size_t k = masks.size();
  std::vector<Sums> before(k + 1), after(k + 1);
  before[0] = Sums{1};
  for (std::size_t i = 0; i < k; ++i) before[i + 1] = add(before[i], masks[i]);
  after[k] = Sums{1};
  for (std::size_t i = k; i-- > 0;) after[i] = add(after[i + 1], masks[i]);
  std::vector<Mask> allowed(k, 0);
  for (std::size_t i = 0; i < k; ++i) {
    Sums others(before[i].size() + after[i + 1].size(), 0);
    for (std::size_t p = 0; p < before[i].size(); ++p) {
      if (!before[i][p]) continue;
      for (std::size_t q = 0; q < after[i + 1].size(); ++q)
        if (after[i + 1][q]) others[p + q] = 1;
    }
    for (Mask m = masks[i]; m; m &= m - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(m)) + 1;
      for (std::size_t t = d; t < targets.size() && !(allowed[i] & (m & ~(m - 1))); ++t)
        if (targets[t] && t - d < others.size() && others[t - d]) allowed[i] |= m & ~(m - 1);
    }
  }
  return allowed;
}

// Cells that all see each other and add up to a total in `targets`: the
// digits of the ways of making each with different digits. False when a total
// allows too much to read (the repeating reading stands then).
bool read_distinct_addends(const std::vector<Mask>& masks, const Sums& targets,
                           std::vector<Mask>& allowed, Sums* made) {
  allowed.assign(masks.size(), 0);
  std::vector<Mask> one;
  for (std::size_t t = 1; t < targets.size(); ++t) {
    if (!targets[t]) continue;
    if (!read_sum(masks, static_cast<int>(t), 0, one, nullptr)) return false;
    if (std::any_of(one.begin(), one.end(), [](Mask m) { return m == 0; })) continue;
    if (made) (*made)[t] = 1;
    for (std::size_t i = 0; i < masks.size(); ++i) allowed[i] |= one[i];
  }
  return true;
}

// Cells adding up to a total in `targets`: with different digits where they
// all see each other, else digits may repeat.
std::vector<Mask> read_total(const std::vector<Mask>& masks, const Sums& targets, bool distinct,
                             Sums* made) {
  std::vector<Mask> allowed;
  if (distinct && read_distinct_addends(masks, targets, allowed, made)) return allowed;
  allowed = read_addends(masks, targets);
  if (made) {
    Sums can(1, 1);
    for (Mask m : masks) can = add(can, m);
    for (std::size_t t = 0; t < targets.size() && t < can.size(); ++t)
      (*made)[t] = targets[t] && can[t];
  }
  return allowed;
}

// An arrow: the pill's first `pill` cells, read as a decimal number (a circle:
// one cell), are the sum of the rest. Each pill reading the arrow can make is
// kept, and the arrow's cells keep what makes a kept reading.
std::vector<Mask> read_arrow(const std::vector<Mask>& masks, std::size_t pill, bool distinct) {
  const std::vector<Mask> arrow(masks.begin() + static_cast<std::ptrdiff_t>(pill), masks.end());
  Sums any(1, 1);
  for (Mask m : arrow) any = add(any, m);
  Sums can(any.size(), 0);
  read_total(arrow, any, distinct, &can);
  std::vector<Mask> allowed(masks.size(), 0);
  Sums kept(can.size(), 0);
  // Every reading of the pill, digit by digit.
  std::vector<int> digits(pill, 0);
  auto walk = [&](auto& self, std::size_t i, std::size_t number) -> void {
    if (i == pill) {
      if (number >= can.size() || !can[number]) return;
      kept[number] = 1;
      for (std::size_t j = 0; j < pill; ++j) allowed[j] |= digit_bit(digits[j]);
      return;
    }
    for (Mask m = masks[i]; m; m &= m - 1) {
      digits[i] = std::countr_zero(m) + 1;
      // Past 9 only the first digit of a pill may be more than one decimal digit.
      const std::size_t next = i == 0 ? static_cast<std::size_t>(digits[i])
                                      : number * 10 + static_cast<std::size_t>(digits[i]);
      if (next < can.size()) self(self, i + 1, next);
    }
  };
  walk(walk, 0, 0);
  const std::vector<Mask> rest = read_total(arrow, kept, distinct, nullptr);
  std::copy(rest.begin(), rest.end(), allowed.begin() + static_cast<std::ptrdiff_t>(pill));
  return allowed;
}

}  // namespace

bool read_group(const Relation& rel, const Geometry& g, std::vector<Mask>& masks) {
  if (rel.narrowing) {
    std::vector<Mask> narrowed = masks;
    if (!rel.narrowing->narrow(narrowed, g.side())) return false;  // a broken position
    masks = std::move(narrowed);
    return true;
  }
  switch (static_cast<ConstraintKind>(rel.kind)) {
    case ConstraintKind::renban:
      masks = read_renban(masks, g.side());
      break;
    case ConstraintKind::between:
      if (rel.cells.size() < 3) return false;
      masks = read_between(masks);
      break;
    case ConstraintKind::arrow:
    case ConstraintKind::pill_arrow: {
      const std::size_t pill = rel.kind == static_cast<std::uint8_t>(ConstraintKind::arrow)
                                   ? 1
                                   : static_cast<std::size_t>(rel.value);
      const std::vector<int> shaft(rel.cells.begin() + static_cast<std::ptrdiff_t>(pill),
                                   rel.cells.end());
      masks = read_arrow(masks, pill, all_see(g, shaft));
      break;
    }
    case ConstraintKind::little_killer: {
      Sums target(static_cast<std::size_t>(rel.value) + 1, 0);
      target.back() = 1;
      masks = read_total(masks, target, all_see(g, rel.cells), nullptr);
      break;
    }
    default:
      return false;
  }
  return true;
}

namespace {

Step relation_step(Technique technique, const Relation& rel, std::vector<int> cells, int value,
                   std::vector<CellDigit> eliminations) {
  Step step;
  step.technique = technique;
  step.rating = rating_of(technique);
  step.variant = rel.kind;
  step.sum = value;
  step.cells = std::move(cells);
  step.eliminations = std::move(eliminations);
  for (const CellDigit& e : step.eliminations) step.digits |= digit_bit(e.digit);
  return step;
}

void find_relations(const LogicState& s, FindContext& context, StepSink& sink,
                    Technique technique) {
  const Layout* layout = s.geometry().layout();
  if (!layout) return;
  for (const Relation& rel : layout->relations) {
    if (context.stopped()) return;
    const auto kind = static_cast<ConstraintKind>(rel.kind);
    if (technique_of(kind) != technique) continue;
    if (rel.cells.empty()) {
      // A rule on the whole board: each pair of neighbours it covers alone.
      const int value = kind == ConstraintKind::negative_ratio ? dot_ratio(*layout) : rel.value;
      for (const Link& link : rel.links) {
        if (s.value(link.a) && s.value(link.b)) continue;
        Reading r(s);
        r.add(link.a);
        r.add(link.b);
        r.narrow({&link, 1});
        std::vector<CellDigit> gone = r.removals();
        if (gone.empty()) continue;
        if (sink.take(relation_step(technique, rel, r.cells(), value, std::move(gone)))) return;
      }
      continue;
    }
    Reading r(s);
    for (int c : rel.cells) r.add(c);
    for (const Link& link : rel.links) {
      r.add(link.a);
      r.add(link.b);
    }
    for (const auto& [cell, digits] : rel.only) r.digits(cell) &= digits;
    r.narrow(rel.links);
    if (std::vector<Mask> masks = r.of(rel.cells); read_group(rel, s.geometry(), masks))
      r.keep(rel.cells, masks);
    std::vector<CellDigit> gone = r.removals();
    if (gone.empty()) continue;
    Step step = relation_step(technique, rel, rel.cells, rel.value, std::move(gone));
    if (kind == ConstraintKind::quadruple) {
      Mask listed = 0;  // the digits the quadruple names, for its sentence
      for (int d : rel.other) listed |= digit_bit(d);
      step.combinations = {listed};
    }
    if (sink.take(std::move(step))) return;
  }
}

}  // namespace

void find_thermometer(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::thermometer);
}
void find_kropki(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::kropki);
}
void find_xv(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::xv);
}
void find_german_whispers(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::german_whispers);
}
void find_palindrome(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::palindrome);
}
void find_odd_even(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::odd_even);
}
void find_minimum_maximum(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::minimum_maximum);
}
void find_renban(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::renban);
}
void find_between_line(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::between_line);
}
void find_arrow(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::arrow);
}
void find_little_killer(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::little_killer);
}
void find_sandwich(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::sandwich);
}
void find_x_sum(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::x_sum);
}
void find_skyscraper_clue(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::skyscraper_clue);
}
void find_quadruple(const LogicState& s, FindContext& c, StepSink& sink) {
  find_relations(s, c, sink, Technique::quadruple);
}

}  // namespace nonet::logic_detail
