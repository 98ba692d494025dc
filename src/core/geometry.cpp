#include "nonet/geometry.h"

#include <array>
#include <cassert>
#include <charconv>
#include <cstdlib>
#include <memory>
#include <utility>

namespace nonet {

Geometry::Geometry(int box_rows, int box_cols)
    : box_rows_(box_rows),
      box_cols_(box_cols),
      side_(box_rows * box_cols),
      peer_count_(3 * (box_rows * box_cols) - box_rows - box_cols - 1),
      all_digits_(side_ >= 32 ? ~Mask{0} : static_cast<Mask>((Mask{1} << side_) - 1)) {
  const int n = side_;
  const int cells = n * n;
  row_.resize(cells);
  col_.resize(cells);
  box_.resize(cells);
  for (int c = 0; c < cells; ++c) {
    row_[c] = c / n;
    col_[c] = c % n;
    // Boxes are numbered left to right, top to bottom, N / C of them across.
    box_[c] = (row_[c] / box_rows_) * (n / box_cols_) + col_[c] / box_cols_;
  }
  house_cells_.assign(static_cast<std::size_t>(3 * n * n), 0);
  std::vector<int> fill(static_cast<std::size_t>(3 * n), 0);
  slots_.assign(static_cast<std::size_t>(3 * n * n), 0);
  for (int c = 0; c < cells; ++c) {
    for (int h : houses_of(c)) {
      slots_[static_cast<std::size_t>(c * 3 + h / n)] = fill[h];
      house_cells_[static_cast<std::size_t>(h * n + fill[h]++)] = c;
    }
  }
  const auto houses = static_cast<std::size_t>(3 * n);
  shared_slots_.assign(houses * houses, 0);
  crossing_.assign(3 * houses, 0);
  for (int c = 0; c < cells; ++c) {
    const std::array<int, 3> hs = houses_of(c);
    for (int a : hs) {
      for (int b : hs) {
        shared_slots_[static_cast<std::size_t>(a) * houses + static_cast<std::size_t>(b)] |=
            Mask{1} << slots_[static_cast<std::size_t>(c * 3 + a / n)];
        crossing_[static_cast<std::size_t>(b / n) * houses + static_cast<std::size_t>(a)] |=
            Mask{1} << (b % n);
      }
    }
  }
  peers_.reserve(static_cast<std::size_t>(cells * peer_count_));
  for (int c = 0; c < cells; ++c) {
    for (int o = 0; o < cells; ++o) {
      if (o != c && (row_[o] == row_[c] || col_[o] == col_[c] || box_[o] == box_[c])) {
        peers_.push_back(o);
      }
    }
  }
  assert(static_cast<int>(peers_.size()) == cells * peer_count_);
}

namespace {

// Each shape is an immutable object of its own, built the first time it is
// asked for: the language initialises a function-local static exactly once,
// even when threads race to it, and it never changes afterwards. Building all
// 87 shapes up front instead cost 16-24 ms and 5.5 MB (peers of the 25x25
// shapes, mostly), which a program reading one 9x9 puzzle would pay for
// nothing. The object itself is on the heap, where it always was: kept in
// static storage it made `nonet rate` 1.7-2.5 % slower in CPU time for the
// same instruction count (interleaved runs on top1465's first 200 puzzles).
template <int R, int C>
const Geometry* shape() {
  static const std::unique_ptr<const Geometry> kShape = std::make_unique<const Geometry>(R, C);
  return kShape.get();
}

using ShapeGetter = const Geometry* (*)();
constexpr int kSides = kMaxSide + 1;

template <int R, int C>
constexpr ShapeGetter getter() {
  if constexpr (R >= 1 && C >= 1 && R * C <= kMaxSide) {
    return &shape<R, C>;
  } else {
    return nullptr;
  }
}

template <std::size_t... I>
constexpr std::array<ShapeGetter, sizeof...(I)> getters(std::index_sequence<I...>) {
  return {getter<static_cast<int>(I) / kSides, static_cast<int>(I) % kSides>()...};
}

// The getter of R x C boxes at R * kSides + C (null where R * C is no side).
constexpr auto kShapes = getters(std::make_index_sequence<kSides * kSides>());

}  // namespace

const Geometry* Geometry::get(int box_rows, int box_cols) {
  // Each side is bounded before the product is formed, so huge values cannot overflow.
  if (box_rows < 1 || box_cols < 1 || box_rows > kMaxSide || box_cols > kMaxSide ||
      box_rows * box_cols > kMaxSide) {
    return nullptr;
  }
  return kShapes[static_cast<std::size_t>(box_rows * kSides + box_cols)]();
}

const Geometry* Geometry::for_side(int side) {
  if (side < 1 || side > kMaxSide) return nullptr;
  // Boxes as square as the side allows, with rows <= columns: 6 -> 2x3, 12 -> 3x4.
  int best = 1;
  for (int r = 1; r * r <= side; ++r) {
    if (side % r == 0) best = r;
  }
  return get(best, side / best);
}

namespace {

// A whole decimal number; from_chars reports one too large for int instead of
// wrapping it, so "4294967297" is refused rather than read as 1.
bool whole_number(std::string_view text, int& value) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && ec == std::errc() && stop == end;
}

}  // namespace

Result<const Geometry*> Geometry::from_shape(std::string_view text) {
  const auto x = text.find_first_of("xX");
  int rows = 0, cols = 0;
  std::string shown(text.substr(0, 20));
  if (text.size() > 20) shown += "...";
  if (x == std::string_view::npos || !whole_number(text.substr(0, x), rows) ||
      !whole_number(text.substr(x + 1), cols)) {
    return Error{0, 0,
                 "box shape '" + shown +
                     "' is not of the form RxC (rows x columns of a box), e.g. 3x3 or 2x3"};
  }
  const Geometry* g = get(rows, cols);
  if (!g) {
    return Error{0, 0,
                 "box shape '" + shown +
                     "' names no board: R and C must be 1 or more and R*C at most " +
                     std::to_string(kMaxSide)};
  }
  return g;
}

int Geometry::cell_from_name(std::string_view name) const {
  if (name.size() < 4 || (name[0] != 'r' && name[0] != 'R')) return -1;
  const auto c = name.find_first_of(name[0] == 'r' ? "c" : "C");
  if (c == std::string_view::npos) return -1;
  int row = 0, col = 0;
  if (!whole_number(name.substr(1, c - 1), row) || !whole_number(name.substr(c + 1), col))
    return -1;
  if (row < 1 || row > side_ || col < 1 || col > side_) return -1;
  return cell(row - 1, col - 1);
}

const Geometry* Geometry::for_cell_count(int cells) {
  for (int n = 1; n <= kMaxSide; ++n) {
    if (n * n == cells) return for_side(n);
  }
  return nullptr;
}

std::string Geometry::cell_name(int cell) const {
  return "r" + std::to_string(row_[cell] + 1) + "c" + std::to_string(col_[cell] + 1);
}

std::string Geometry::house_name(int house) const {
  static constexpr const char* kKinds[] = {"row ", "column ", "box "};
  return kKinds[static_cast<int>(house_kind(house))] + std::to_string(house_index(house) + 1);
}

std::string Geometry::describe() const {
  std::string s = std::to_string(side_) + "x" + std::to_string(side_);
  if (for_side(side_) != this) {
    s += " (" + std::to_string(box_rows_) + "x" + std::to_string(box_cols_) + " boxes)";
  }
  return s;
}

int Geometry::digit_of_symbol(char c) {
  if (c >= '1' && c <= '9') return c - '0';
  // Letters stand for 10 and up, as far as the widest board needs (P = 25).
  constexpr char kLast = static_cast<char>('A' + kMaxSide - 10);
  if (c >= 'A' && c <= kLast) return c - 'A' + 10;
  if (c >= 'a' && c <= kLast - 'A' + 'a') return c - 'a' + 10;
  return -1;
}

}  // namespace nonet
