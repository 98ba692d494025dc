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
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nonet/error.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// Candidate digits of a cell: bit d-1 stands for digit d. The one place that fixes
// the widest board (kMaxSide); a larger board needs only a wider Mask.
using Mask = std::uint32_t;
inline constexpr int kMaxSide = 25;

// `extra`: a house a variant adds (a diagonal, a window, a disjoint group, an
// extra region), numbered after the boxes.
enum class HouseKind : std::uint8_t { row, column, box, extra };

// What a variant changes in the houses and peers of a board: regions of any
// shape in place of the boxes (jigsaw), extra houses of N cells each, and the
// chess rules that make cells a knight's or a king's move apart peers.
enum class ExtraKind : std::uint8_t { disjoint_group, window, diagonal, region };
struct ExtraHouse {
  std::string name;        // "diagonal r1c1-r9c9", "window 2", "disjoint group 5"
  std::vector<int> cells;  // N different cells, in the order the logic reads them
  ExtraKind kind = ExtraKind::region;
};
// A killer cage: cells that hold different digits and, when `sum` is not 0,
// add up to it. Its cells are peers of each other.
struct Cage {
  std::vector<int> cells;  // ascending
  int sum = 0;             // 0: no sum given
  bool operator==(const Cage&) const = default;
};
// One pair of cells a relation ties: the digits `b` may hold beside each
// digit of `a` (allowed[x] for x = 1..N; allowed[0] is unused).
struct Link {
  int a = 0, b = 0;
  std::vector<Mask> allowed;
  bool operator==(const Link&) const = default;
};
// A rule between the digits of cells that is no house: a dot, a line (a
// thermometer, a whisper, a palindrome), a one-cell rule (odd, even) or a rule
// over every pair of neighbours (no dot, no X or V). The logic reads it through
// its links and the digits each of its cells may hold; `kind`, `cells`,
// `other` and `value` are the variant constraint it stands for.
// A rule's own reading of its cells (a sandwich, an X-sum, a skyscraper, a
// quadruple): narrows `digits`, one mask per cell of the relation in its
// order, to those that take part in some way of keeping the rule; false when
// none does.
class Narrowing {
 public:
  virtual ~Narrowing() = default;
  virtual bool narrow(std::span<Mask> digits, int side) const = 0;
};
struct Relation {
  std::uint8_t kind = 0;    // the nonet::ConstraintKind
  std::vector<int> cells;   // in the constraint's order; empty for a rule on the whole board
  std::vector<int> other;
  int value = 0;
  std::vector<Link> links;
  std::vector<std::pair<int, Mask>> only;  // cells the rule narrows alone, and their digits
  bool distinct = false;  // its cells hold different digits (a thermometer): they are peers
  std::shared_ptr<const Narrowing> narrowing;  // its own reading, when it has one
  bool operator==(const Relation&) const = default;
};
struct Layout {
  std::vector<int> regions;  // a region (0..N-1) per cell; empty: the boxes
  std::vector<ExtraHouse> extra;
  std::vector<Cage> cages;
  std::vector<Relation> relations;
  bool anti_knight = false;
  bool anti_king = false;
  // Orthogonal neighbours never hold consecutive digits (1 and N are not
  // consecutive): a rule between digits, not between cells.
  bool non_consecutive = false;
  bool operator==(const Layout&) const = default;
};
inline bool operator==(const ExtraHouse& a, const ExtraHouse& b) {
  return a.name == b.name && a.cells == b.cells && a.kind == b.kind;
}

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
  // A board of `base`'s side with a variant's houses and peers: the regions
  // (each of N cells) in place of the boxes, the extra houses (at most 32, each of
  // N different cells) after them, and the chess rules. An Error names the region
  // or house that is wrong. The shared geometry lives as long as any holder:
  // grids made on it keep a plain pointer, so their owner holds it too.
  static Result<std::shared_ptr<const Geometry>> with_layout(const Geometry& base, Layout layout);

  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int side() const { return side_; }                // N
  int cell_count() const { return side_ * side_; }  // N*N
  // Rows, then columns, then boxes (or regions), then the extra houses.
  int house_count() const { return house_count_; }
  Mask all_digits() const { return all_digits_; }

  int cell(int row, int col) const { return row * side_ + col; }
  int row_of(int cell) const { return row_[cell]; }
  int col_of(int cell) const { return col_[cell]; }
  int box_of(int cell) const { return box_[cell]; }

  // House numbering: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1, extra houses
  // 3N on.
  int row_house(int row) const { return row; }
  int column_house(int col) const { return side_ + col; }
  int box_house(int box) const { return 2 * side_ + box; }
  int extra_house(int index) const { return 3 * side_ + index; }
  HouseKind house_kind(int house) const {
    return house < 3 * side_ ? static_cast<HouseKind>(house / side_) : HouseKind::extra;
  }
  // 0-based within its kind.
  int house_index(int house) const {
    return house < 3 * side_ ? house % side_ : house - 3 * side_;
  }
  // The row, column and box (or region) of `cell`; extra_houses_of has the rest.
  std::array<int, 3> houses_of(int cell) const {
    return {row_[cell], side_ + col_[cell], 2 * side_ + box_[cell]};
  }
  // The extra houses holding `cell`, ascending: none on a plain board.
  std::span<const int> extra_houses_of(int cell) const {
    return {extra_of_.data() + extra_start_[static_cast<std::size_t>(cell)],
            static_cast<std::size_t>(extra_start_[static_cast<std::size_t>(cell) + 1] -
                                     extra_start_[static_cast<std::size_t>(cell)])};
  }
  // The slot of `cell` in each of extra_houses_of(cell), in the same order.
  std::span<const int> extra_slots_of(int cell) const {
    return {extra_slot_.data() + extra_start_[static_cast<std::size_t>(cell)],
            static_cast<std::size_t>(extra_start_[static_cast<std::size_t>(cell) + 1] -
                                     extra_start_[static_cast<std::size_t>(cell)])};
  }
  // The peers of `cell` that share no house with it (a knight's or king's move
  // away, in the same killer cage, or tied by a relation that keeps their
  // digits apart), ascending: none on a plain board.
  std::span<const int> move_peers(int cell) const {
    return {move_.data() + move_start_[static_cast<std::size_t>(cell)],
            static_cast<std::size_t>(move_start_[static_cast<std::size_t>(cell) + 1] -
                                     move_start_[static_cast<std::size_t>(cell)])};
  }
  int extra_count() const { return house_count_ - 3 * side_; }
  // The killer cages holding `cell` (indexes into layout()->cages), ascending:
  // none on a plain board.
  std::span<const int> cages_of(int cell) const {
    if (cage_start_.empty()) return {};
    return {cage_of_.data() + cage_start_[static_cast<std::size_t>(cell)],
            static_cast<std::size_t>(cage_start_[static_cast<std::size_t>(cell) + 1] -
                                     cage_start_[static_cast<std::size_t>(cell)])};
  }
  // Whether the board has a killer cage with a sum.
  bool summed_cages() const { return summed_cages_; }
  // Whether a relation (a dot, a line, a one-cell rule) touches `cell`: its
  // digit is tied to more than its houses and peers.
  bool related(int cell) const {
    return !related_.empty() && related_[static_cast<std::size_t>(cell)];
  }
  bool has_relations() const { return !related_.empty(); }
  // A cell a relation's link ties to another, and the table of the digits
  // `other` may hold beside each digit of the cell (see beside()).
  struct Tie {
    int other;
    int table;
  };
  // The digits tie.other may hold when the tied cell holds `digit`.
  Mask beside(const Tie& tie, int digit) const {
    return tables_[static_cast<std::size_t>(tie.table + digit)];
  }
  // The ties of `cell`, one per link it is in: a digit placed there leaves
  // `other` only beside(tie, digit). None on a board without relations.
  std::span<const Tie> ties(int cell) const {
    if (tie_start_.empty()) return {};
    return {ties_.data() + tie_start_[static_cast<std::size_t>(cell)],
            static_cast<std::size_t>(tie_start_[static_cast<std::size_t>(cell) + 1] -
                                     tie_start_[static_cast<std::size_t>(cell)])};
  }
  // Under the non-consecutive rule, the orthogonal neighbours of `cell`
  // (above, below, left, right as they exist); none otherwise.
  std::span<const int> consecutive_neighbours(int cell) const {
    if (!layout_ || !layout_->non_consecutive) return {};
    return {orthogonal_.data() + orthogonal_start_[static_cast<std::size_t>(cell)],
            static_cast<std::size_t>(orthogonal_start_[static_cast<std::size_t>(cell) + 1] -
                                     orthogonal_start_[static_cast<std::size_t>(cell)])};
  }
  // The digits a neighbour under the non-consecutive rule may not hold beside `digit`.
  Mask consecutive_of(int digit) const {
    Mask m = 0;
    if (digit > 1) m |= Mask{1} << (digit - 2);
    if (digit < side_) m |= Mask{1} << digit;
    return m;
  }
  // The variant's layout, or nullptr for plain R x C boxes and nothing more.
  const Layout* layout() const { return layout_.get(); }
  bool regular() const { return layout_ == nullptr; }
  // Regions in place of boxes.
  bool jigsaw() const { return layout_ && !layout_->regions.empty(); }
  // The most rows and columns any box (or region) spans.
  int box_height() const { return box_height_; }
  int box_width() const { return box_width_; }

  // Where `cell` sits within its house of `kind`: the i of house_cells(house)[i].
  int slot(int cell, HouseKind kind) const {
    return slots_[static_cast<std::size_t>(cell) * 3 + static_cast<std::size_t>(kind)];
  }
  // Where `cell` sits within any house, or -1 when it is not in it.
  int slot_in(int house, int cell) const;

  // The slots of house `a` (bit i: house_cells(a)[i]) that lie in house `b`.
  Mask shared_slots(int a, int b) const {
    return shared_slots_[static_cast<std::size_t>(a) * static_cast<std::size_t>(house_count_) +
                         static_cast<std::size_t>(b)];
  }
  // The houses of `kind` that share a cell with `house`, as a mask of their
  // indexes within the kind (house_index).
  Mask crossing(HouseKind kind, int house) const {
    return crossing_[static_cast<std::size_t>(kind) * static_cast<std::size_t>(house_count_) +
                     static_cast<std::size_t>(house)];
  }

  std::span<const int> house_cells(int house) const {
    return {house_cells_.data() + static_cast<std::size_t>(house) * side_,
            static_cast<std::size_t>(side_)};
  }
  // Every other cell sharing a house with `cell` (or, under a chess rule, a
  // knight's or king's move away), ascending.
  std::span<const int> peers(int cell) const {
    const auto at = static_cast<std::size_t>(cell);
    return {peers_.data() + peer_start_[at],
            static_cast<std::size_t>(peer_start_[at + 1] - peer_start_[at])};
  }
  // The most peers a cell has (every cell's count on a plain board).
  int peer_count() const { return peer_count_; }
  // Whether two different cells are peers.
  bool sees(int a, int b) const;

  // Names as players read them, 1-based: "r3c4", "row 3", "column 4", "box 5".
  std::string cell_name(int cell) const;
  // The cell a name like "r3c4" (or "R3C4") stands for, or -1 when the text is not
  // such a name or lies off the board.
  int cell_from_name(std::string_view name) const;
  std::string house_name(int house) const;
  // "9x9" or, when the box shape is not the usual one for the side, "6x6 (3x2 boxes)";
  // "9x9 (jigsaw regions)" for regions in place of boxes.
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

  // Use get() or with_layout(), which build them; public only so that they can.
  Geometry(int box_rows, int box_cols, std::shared_ptr<const Layout> layout = nullptr);

 private:
  int box_rows_, box_cols_, side_, house_count_, peer_count_ = 0;
  int box_height_ = 0, box_width_ = 0;
  Mask all_digits_;
  std::shared_ptr<const Layout> layout_;
  std::vector<int> row_, col_, box_, house_cells_, peers_, peer_start_;
  std::vector<int> extra_of_, extra_slot_, extra_start_;  // per cell: its extra houses
  std::vector<int> move_, move_start_;                    // per cell: its move_peers
  std::vector<int> orthogonal_, orthogonal_start_;        // per cell: its neighbours
  std::vector<int> cage_of_, cage_start_;                 // per cell: its cages
  bool summed_cages_ = false;
  std::vector<int> tied_, tied_start_;  // per cell: the cells a relation makes its peers
  std::vector<bool> related_;           // per cell: a relation touches it (empty: none does)
  std::vector<Tie> ties_;               // per cell: see ties()
  std::vector<int> tie_start_;
  std::vector<Mask> tables_;            // the links' tables, each read both ways
  std::vector<int> slots_;  // per cell and house kind: see slot()
  std::vector<Mask> shared_slots_, crossing_;
};

}  // namespace nonet
#pragma GCC visibility pop
