#pragma once
// A variant puzzle lowered to the few shapes the search propagates: houses
// (no digit twice), pair tables (which digits two cells may hold together),
// sums, consecutive sets and between-lines, and each cell's starting
// candidates. Each constraint kind lowers itself into these (kinds.cpp); the
// search (solver.cpp) knows only them.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "nonet/geometry.h"
#include "nonet/variant.h"

namespace nonet::variant {

// How many digits a mask holds (without the popcount instruction, which the
// engine's baseline build cannot assume).
inline int count(Mask m) {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

struct House {
  std::vector<int> cells;  // no digit twice; with N cells, every digit once
  bool region = false;     // one of the board's regions (a box or a jigsaw region)
};

// allowed[x] (x = 1..N): the digits b may hold when a holds x.
struct Pair {
  int a = 0, b = 0;
  std::vector<Mask> allowed;
};

// sum(coefficient[i] * digit of cells[i]) == target; any non-zero coefficients
// (-1 for an arrow's circle, 10 for the first digit of a two-cell pill).
struct Sum {
  std::vector<int> cells;
  std::vector<int> coefficients;
  int target = 0;
  bool distinct = false;  // no digit twice (a killer cage): digit sets narrow it further
};

// The digits of `cells` are consecutive (and, from a house, distinct).
struct Span {
  std::vector<int> cells;
};

// Each inner cell lies strictly between the digits of the two ends.
struct Between {
  int first = 0, last = 0;
  std::vector<int> inner;
};

// A constraint that narrows its cells by its own reasoning (a sandwich, an
// X-sum, a skyscraper, a quadruple): `revise` gets the candidates of `cells`
// in order, narrows them, and returns false when no digits can satisfy it.
struct Rule {
  std::vector<int> cells;
  int value = 0;
  std::vector<int> digits;  // what the kind needs besides (a quadruple's digits)
  std::vector<Mask> sets;   // digit sets worked out once (a sandwich's fillings)
  bool listed = true;       // false: too many sets to list; revise waits for the cells to fill
  bool (*revise)(const Rule&, std::span<Mask> masks, int side) = nullptr;
};

struct Lowered {
  int side = 0;
  Mask all = 0;
  std::vector<Mask> start;  // per cell
  std::vector<House> houses;
  std::vector<Pair> pairs;
  std::vector<Sum> sums;
  std::vector<Span> spans;
  std::vector<Between> betweens;
  std::vector<Rule> rules;
  // Lines cut into pieces (each in one region, so its digits differ) whose
  // sums are all equal: region sum lines.
  std::vector<std::vector<std::vector<int>>> equal_sums;

  // A pair whose relation holds for (x, y) when `holds(x, y)`; added in both
  // directions' tables at once.
  template <class Relation>
  void relate(int a, int b, Relation holds) {
    Pair p{a, b, std::vector<Mask>(static_cast<std::size_t>(side) + 1, 0)};
    for (int x = 1; x <= side; ++x)
      for (int y = 1; y <= side; ++y)
        if (holds(x, y)) p.allowed[static_cast<std::size_t>(x)] |= Mask{1} << (y - 1);
    pairs.push_back(std::move(p));
  }
};

// What constraint `c` lacks on this board ("joins cells that are not
// neighbours"), or "" (kinds.cpp; cells are known to be on the board).
std::string check_kind(const Constraint& c, const VariantPuzzle& puzzle);

// The puzzle's houses, pairs, sums, ... (the puzzle must have passed check()).
Lowered lower(const VariantPuzzle& puzzle);
// One constraint alone, over the puzzle's givens: no rows, columns or regions.
Lowered lower_alone(const VariantPuzzle& puzzle, const Constraint& c);

// Counts the solutions of what was lowered (solver.cpp).
SolveResult search(const Lowered& lowered, const Geometry& geometry, const SolveOptions& options);

// Orthogonally adjacent pairs of cells (each once, the smaller first).
std::vector<std::pair<int, int>> orthogonal_pairs(const Geometry& g);

// The sums that regions and killer cages imply (derived.cpp), added to `out`.
void add_implied_sums(const Geometry& g, Lowered& out);

// The kinds that narrow by rules of their own (clues.cpp): what each needs of
// its cells, and its lowering.
std::string needs_outside_clue(const Constraint& c, const VariantPuzzle& p);
std::string needs_quadruple(const Constraint& c, const VariantPuzzle& p);
void lower_sandwich(const Constraint& c, const VariantPuzzle& p, Lowered& out);
void lower_x_sum(const Constraint& c, const VariantPuzzle& p, Lowered& out);
void lower_skyscraper(const Constraint& c, const VariantPuzzle& p, Lowered& out);
void lower_quadruple(const Constraint& c, const VariantPuzzle& p, Lowered& out);

}  // namespace nonet::variant
