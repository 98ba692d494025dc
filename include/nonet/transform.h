#pragma once
// Transformations that keep a puzzle valid (and its solution count, solution
// mapped alike, and difficulty), and the canonical form of a puzzle.
//
//   auto ops = nonet::parse_transform_ops("transpose,relabel:912345678,rows:1:213");
//   nonet::Transform t(*nonet::Geometry::get(3, 3));
//   for (const auto& op : *ops) if (auto ok = t.then(op); !ok) report(ok.error().to_string());
//   nonet::Grid out = t.apply(puzzle);
//
//   nonet::Canonicalizer canon(geometry);            // one per thread
//   std::string key = nonet::to_line(*canon.canonical(puzzle));
//
// Operations, as written in text (indices are 1-based; a permutation lists,
// for each new position, the old one that moves there):
//   relabel:P       digit d becomes P[d] (P = the N symbols in a new order)
//   transpose       rows become columns: R x C boxes become C x R boxes
//   antitranspose   reflect in the other diagonal: also R x C -> C x R
//   rot90 / rot270  quarter turn clockwise / anticlockwise: R x C -> C x R
//   rot180, mirror (left-right), flip (top-bottom): the shape stays
//   rows:B:P        reorder the rows of band B (P has R entries)
//   bands:P         reorder the bands (P has N/R entries)
//   cols:S:P        reorder the columns of stack S (P has C entries)
//   stacks:P        reorder the stacks (P has N/C entries)
// For non-square boxes the turning operations change the box shape (a 6x6 with
// 2x3 boxes becomes a 6x6 with 3x2 boxes); the others keep it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/error.h"
#include "nonet/generate.h"
#include "nonet/grid.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

enum class TransformKind {
  relabel,
  transpose,
  antitranspose,
  rot90,
  rot180,
  rot270,
  mirror,
  flip,
  rows,
  bands,
  columns,
  stacks,
};

// One step, as data. `block` (0-based band or stack) for rows/columns;
// `perm` 0-based: new position i takes old position perm[i]; for relabel,
// digit d (1-based) becomes perm[d - 1] + 1.
struct TransformOp {
  TransformKind kind = TransformKind::transpose;
  int block = 0;
  std::vector<int> perm;
};
// The text form, e.g. "rows:2:312" or "relabel:912345678".
std::string to_string(const TransformOp& op);

// A comma-separated list of operations. Checks the syntax only; whether an
// operation fits a board is checked by Transform::then. An error names the
// operation ("operation 2 ('rows:x'): ...") and its column in `text`.
Result<std::vector<TransformOp>> parse_transform_ops(std::string_view text);

// A composed transformation from boards of one geometry to boards of a
// (possibly transposed) geometry: where each cell's value comes from and how
// digits are renamed.
class Transform {
 public:
  explicit Transform(const Geometry& source);
  const Geometry& source() const { return *source_; }
  const Geometry& target() const { return *target_; }

  // Appends `op` (applied after the steps so far). An error when the operation
  // does not fit the board (block out of range, wrong permutation length, not
  // a permutation); the transform is then unchanged.
  Result<void> then(const TransformOp& op);

  // The transformed grid (empty cells stay empty). `grid` must have the source
  // geometry.
  Grid apply(const Grid& grid) const;

  // Target cell -> source cell, and digit -> digit (index 0 maps 0 to 0).
  const std::vector<int>& source_cell() const { return source_cell_; }
  const std::vector<int>& digit_map() const { return digit_map_; }

 private:
  const Geometry* source_;
  const Geometry* target_;
  std::vector<int> source_cell_;
  std::vector<int> digit_map_;
};

// A transformation drawn uniformly from those that keep the geometry: bands,
// rows in each band, stacks, columns in each stack, digits, and (square boxes
// only) a transposition. For 9x9 that is 2 * 6^8 * 9! choices.
Transform random_transform(const Geometry& geometry, Rng& rng);
// The same as a list of operations (for printing or replaying).
std::vector<TransformOp> random_transform_ops(const Geometry& geometry, Rng& rng);

// The canonical form: the smallest line string (blank below every digit) over
// every shape-keeping transformation, digits renamed in order of first
// appearance, so two puzzles are essentially the same exactly when their
// canonical forms are equal. Supports 9x9 and the smaller boards whose column
// arrangements are few enough to enumerate (4x4, 6x6, 8x8); see supports().
class Canonicalizer {
 public:
  explicit Canonicalizer(const Geometry& geometry);
  ~Canonicalizer();
  Canonicalizer(Canonicalizer&&) noexcept;
  Canonicalizer& operator=(Canonicalizer&&) noexcept;
  static bool supports(const Geometry& geometry);
  // nullopt when the grid's geometry is not supported or differs.
  std::optional<Grid> canonical(const Grid& grid);

 private:
  struct State;
  const Geometry* geometry_;
  std::vector<std::vector<int>> stack_orders_;   // permutations of the stacks
  std::vector<std::vector<int>> column_orders_;  // permutations within one stack
  std::vector<State> states_, next_;
};

}  // namespace nonet
#pragma GCC visibility pop
