#pragma once
// Variant puzzles: a board of any size, its regions (the boxes, jigsaw regions
// of any shape, or none) and a list of constraints (killer cages,
// thermometers, kropki dots, ...), solved and counted by a propagating search.
//
//   nonet::VariantPuzzle p(*nonet::Geometry::get(3, 3));
//   p.constraints.push_back({nonet::ConstraintKind::killer_cage, {0, 1}, {}, 3});
//   p.constraints.push_back({nonet::ConstraintKind::diagonal_down});
//   nonet::SolveResult r = nonet::solve_variant(p, {});   // counts up to 2
//
// Each kind's exact rule is in constraint_kinds() (and docs/variants.md).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "nonet/error.h"
#include "nonet/grid.h"
#include "nonet/solver.h"
#include "nonet/validate.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

enum class ConstraintKind : std::uint8_t {
  // Extra houses (no digit twice; a house of N cells holds every digit).
  diagonal_down,    // the diagonal from r1c1 to rNcN
  diagonal_up,      // the diagonal from rNc1 to r1cN
  disjoint_groups,  // cells at the same place in every box
  extra_region,     // `cells`
  // Cells that must differ from, or relate to, their neighbours.
  anti_knight,      // no digit a knight's move from itself
  anti_king,        // no digit a king's move from itself
  non_consecutive,  // orthogonal neighbours are not consecutive, except across a difference dot
  difference,       // a white dot: `cells` (two, adjacent) differ by `value` (1 when 0)
  ratio,            // a black dot: one of `cells` is `value` (2 when 0) times the other
  xv,               // `cells` (two, adjacent) sum to `value` (10 for X, 5 for V)
  negative_ratio,   // neighbours without a black dot are in no ratio a dot of the puzzle uses
  negative_xv,      // neighbours without an X or V sum to neither 5 nor 10
  // One cell.
  odd,         // `cells`: odd digits
  even,        // `cells`: even digits
  minimum,     // `cells`: a digit below each orthogonal neighbour
  maximum,     // `cells`: a digit above each orthogonal neighbour
  candidates,  // `cells` (one): one of the digits in `other` (f-puzzles' given pencil marks)
  // Lines, `cells` in order along the line.
  thermometer,  // strictly increasing from the bulb (the first cell)
  whispers,     // neighbours on the line differ by at least `value` (0: half the side, rounded up)
  renban,       // a set of consecutive digits, in any order
  palindrome,   // reads the same from either end
  between,      // the cells inside lie strictly between the digits of the two ends
  clone,        // cells[i] equals other[i]
  region_sum_line,  // each piece of the line within one region (box or jigsaw region) has the same
                    // sum
  // Sums.
  killer_cage,    // no digit twice; the digits add up to `value` (0: no sum given)
  arrow,          // cells[0] (the circle) is the sum of the rest (the arrow), repeats allowed
  little_killer,  // the digits of `cells` (a diagonal) add up to `value`, repeats allowed
  pill_arrow,     // the first `value` cells (the pill, read as a number) are the sum of the rest
  quadruple,      // `cells` (a 2x2) hold every digit of `other`, as often as it is listed
  // Clues outside the grid: `cells` are a row or column read from the clue's side.
  sandwich,    // the digits between the 1 and the N sum to `value`
  x_sum,       // the first X digits sum to `value`, X being the first digit
  skyscraper,  // `value` digits are seen: each higher than every digit before it
};

struct Constraint {
  ConstraintKind kind;
  std::vector<int> cells{};  // empty for the kinds that hold on the whole board
  std::vector<int> other{};  // a clone's copies; the digits of a quadruple or of candidates
  int value = 0;
};

struct VariantPuzzle {
  explicit VariantPuzzle(const Geometry& geometry) : givens(geometry) {}
  // The side and, when `regions` is empty, the boxes.
  const Geometry& geometry() const { return givens.geometry(); }
  // A region number (0 to N-1) per cell: jigsaw regions of any shape, each of
  // N cells. Empty: the geometry's boxes. No regions at all: `no_regions`.
  std::vector<int> regions;
  bool no_regions = false;
  Grid givens;
  std::vector<Constraint> constraints;
};

// What the board needs and the constraints say, checked before any search:
// cells on the board, lines of adjacent cells, lengths a line of its kind can
// have, sums digits can make, regions of N cells. The Error names the
// constraint ("killer cage 3 (r1c1, r1c2)") and what is wrong.
Result<void> check(const VariantPuzzle& puzzle);

// Counts the solutions of a checked puzzle up to options.limit, as a Solver
// does for a classic one. A puzzle that fails check() has no solution.
SolveResult solve_variant(const VariantPuzzle& puzzle, const SolveOptions& options);

// One rule the digits on the board break: a row, column or region with a
// digit twice ("row 3"), or a constraint ("killer cage 3 (r1c1, r1c2)") that
// its filled cells cannot satisfy however its empty ones are filled.
struct Violation {
  std::string where;
  std::vector<int> cells;  // the cells at fault, ascending
  int constraint = -1;     // its index in the puzzle's constraints; -1 for a house
};
struct VariantValidation {
  GridState state = GridState::incomplete;
  int empty_cells = 0;
  std::vector<Violation> violations;  // houses first, then the constraints in order
};
// Checks the digits in the puzzle's grid (its `givens`: a partial or filled
// board) against the rows, columns, regions and every constraint. A puzzle
// that fails check() is refused there, not here.
VariantValidation validate_variant(const VariantPuzzle& puzzle);

// The board of a puzzle whose rules the logic reads (houses and peers: jigsaw
// regions, diagonals, disjoint groups, extra regions of N cells, anti-knight,
// anti-king, non-consecutive; killer cages; and relations: dots, XV, their
// negative rules, thermometers, whispers, palindromes, clones, odd, even,
// minimum and maximum cells): the logic and the solvers read a grid on it as
// they read a classic one. The classic board itself when there is nothing to
// add; an Error naming the first rule of another kind.
Result<std::shared_ptr<const Geometry>> house_geometry(const VariantPuzzle& puzzle);
// The variant puzzle a grid on such a board stands for (its givens, regions,
// extra houses as extra regions, chess rules, cages and relations).
VariantPuzzle variant_of(const Grid& grid);

struct ConstraintKindInfo {
  ConstraintKind kind;
  const char* id;    // "killer_cage": its name in nonet's JSON form
  const char* name;  // "killer cage"
  const char* rule;  // the exact rule, one sentence
};
std::span<const ConstraintKindInfo> constraint_kinds();
const ConstraintKindInfo& info(ConstraintKind kind);
// "killer cage 3 (r1c1, r1c2)": the kind, its 1-based place among the puzzle's
// constraints, and its first cells.
std::string describe(const VariantPuzzle& puzzle, std::size_t index);

}  // namespace nonet
#pragma GCC visibility pop
