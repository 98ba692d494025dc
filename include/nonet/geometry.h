#pragma once
// Board geometry for every size: boxes of R rows by C columns, side N = R*C.
//
//   const nonet::Geometry* g = nonet::Geometry::get(3, 3);   // classic 9x9
//   for (int cell : g->peers(g->cell(0, 4))) { ... }            // the 20 peers of r1c5
//
// A Geometry is immutable and shared: `get` builds each shape once and hands out
// the same pointer to every caller and thread.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/error.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// Candidate digits of a cell: bit d-1 stands for digit d. The one place that fixes
// the widest board (kMaxSide); a larger board needs only a wider Mask.
using Mask = std::uint32_t;
inline constexpr int kMaxSide = 25;

enum class HouseKind : std::uint8_t { row, column, box };

class Geometry {
 public:
  // The geometry with boxes of box_rows x box_cols, or nullptr when the side
  // R*C is outside 1..kMaxSide.
  static const Geometry* get(int box_rows, int box_cols);
  // The usual shape for a board of `cells` cells (16, 36, 64, 81, 144, 256, 400,
  // 625, and any other square of a side that factors as R x C with R <= C closest
  // together), or nullptr.
  static const Geometry* for_cell_count(int cells);
  // The usual shape for a side of N, or nullptr.
  static const Geometry* for_side(int side);
  // The shape written "RxC" (or "RXC"): two decimal numbers and nothing else, as
  // "3x3" or "2x3"; an Error when the text is not of that form or names no board.
  static Result<const Geometry*> from_shape(std::string_view text);

  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int side() const { return side_; }                // N
  int cell_count() const { return side_ * side_; }  // N*N
  int house_count() const { return 3 * side_; }     // rows, then columns, then boxes
  Mask all_digits() const { return all_digits_; }

  int cell(int row, int col) const { return row * side_ + col; }
  int row_of(int cell) const { return row_[cell]; }
  int col_of(int cell) const { return col_[cell]; }
  int box_of(int cell) const { return box_[cell]; }

  // House numbering: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1.
  int row_house(int row) const { return row; }
  int column_house(int col) const { return side_ + col; }
  int box_house(int box) const { return 2 * side_ + box; }
  HouseKind house_kind(int house) const { return static_cast<HouseKind>(house / side_); }
  int house_index(int house) const { return house % side_; }  // 0-based within its kind
  std::array<int, 3> houses_of(int cell) const {
    return {row_[cell], side_ + col_[cell], 2 * side_ + box_[cell]};
  }

  // Where `cell` sits within its house of `kind`: the i of house_cells(house)[i].
  int slot(int cell, HouseKind kind) const {
    return slots_[static_cast<std::size_t>(cell) * 3 + static_cast<std::size_t>(kind)];
  }

  // The slots of house `a` (bit i: house_cells(a)[i]) that lie in house `b`.
  Mask shared_slots(int a, int b) const {
    return shared_slots_[static_cast<std::size_t>(a) * static_cast<std::size_t>(3 * side_) +
                         static_cast<std::size_t>(b)];
  }
  // The houses of `kind` that share a cell with `house`, as a mask of their
  // indexes within the kind (house_index).
  Mask crossing(HouseKind kind, int house) const {
    return crossing_[static_cast<std::size_t>(kind) * static_cast<std::size_t>(3 * side_) +
                     static_cast<std::size_t>(house)];
  }

  std::span<const int> house_cells(int house) const {
    return {house_cells_.data() + static_cast<std::size_t>(house) * side_,
            static_cast<std::size_t>(side_)};
  }
  // Every other cell sharing a row, column or box with `cell`.
  std::span<const int> peers(int cell) const {
    return {peers_.data() + static_cast<std::size_t>(cell) * peer_count_,
            static_cast<std::size_t>(peer_count_)};
  }
  int peer_count() const { return peer_count_; }

  // Names as players read them, 1-based: "r3c4", "row 3", "column 4", "box 5".
  std::string cell_name(int cell) const;
  // The cell a name like "r3c4" (or "R3C4") stands for, or -1 when the text is not
  // such a name or lies off the board.
  int cell_from_name(std::string_view name) const;
  std::string house_name(int house) const;
  // "9x9" or, when the box shape is not the usual one for the side, "6x6 (3x2 boxes)".
  std::string describe() const;

  // The symbol for digit 1..N: '1'..'9', then 'A', 'B', ... ; 0 -> '.'.
  static char symbol(int digit) {
    return digit <= 0 ? '.' : static_cast<char>(digit <= 9 ? '0' + digit : 'A' + digit - 10);
  }
  // The digit a symbol stands for: '1'..'9' -> 1..9, 'A'/'a'.. -> 10.., else -1.
  // Blank symbols are not digits: see is_blank_symbol.
  static int digit_of_symbol(char c);
  // '.', '0', '*', '_', 'x', 'X': the characters that mark an empty cell.
  static bool is_blank_symbol(char c) {
    return c == '.' || c == '0' || c == '*' || c == '_' || c == 'x' || c == 'X';
  }

  // Use get(), which builds each shape once; public only so that it can.
  Geometry(int box_rows, int box_cols);

 private:
  int box_rows_, box_cols_, side_, peer_count_;
  Mask all_digits_;
  std::vector<int> row_, col_, box_, house_cells_, peers_;
  std::vector<int> slots_;  // per cell and house kind: see slot()
  std::vector<Mask> shared_slots_, crossing_;
};

}  // namespace nonet
#pragma GCC visibility pop
