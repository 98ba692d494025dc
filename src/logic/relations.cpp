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
#include <vector>

#include "logic/finders.h"
#include "logic/table.h"
#include "nonet/variant.h"

namespace nonet::logic_detail {
namespace {

Technique technique_of(ConstraintKind kind) {
  switch (kind) {
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
    digits_.push_back(s_.value(cell) ? digit_bit(s_.value(cell)) : s_.candidates(cell));
  }
  Mask& digits(int cell) {
    return digits_[static_cast<std::size_t>(std::find(cells_.begin(), cells_.end(), cell) -
                                            cells_.begin())];
  }
  // Narrows by the links until nothing changes.
  void narrow(std::span<const Link> links) {
    for (bool changed = true; changed;) {
      changed = false;
      for (const Link& link : links) {
        Mask& a = digits(link.a);
        Mask& b = digits(link.b);
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

 private:
  const LogicState& s_;
  std::vector<int> cells_;
  std::vector<Mask> digits_;
};

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

void find_relations(const LogicState& s, FindContext& context, StepSink& sink, Technique technique) {
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
    std::vector<CellDigit> gone = r.removals();
    if (gone.empty()) continue;
    if (sink.take(relation_step(technique, rel, rel.cells, rel.value, std::move(gone)))) return;
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

}  // namespace nonet::logic_detail
