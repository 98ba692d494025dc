#include "nonet/geometry.h"

#include <algorithm>
#include <bit>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdlib>
#include <memory>
#include <utility>

namespace nonet {

Geometry::Geometry(int box_rows, int box_cols, std::shared_ptr<const Layout> layout)
    : box_rows_(box_rows),
      box_cols_(box_cols),
      side_(box_rows * box_cols),
      house_count_(3 * side_ + (layout ? static_cast<int>(layout->extra.size()) : 0)),
      all_digits_(side_ >= 32 ? ~Mask{0} : static_cast<Mask>((Mask{1} << side_) - 1)),
      layout_(std::move(layout)) {
  const int n = side_;
  const int cells = n * n;
  row_.resize(cells);
  col_.resize(cells);
  box_.resize(cells);
  for (int c = 0; c < cells; ++c) {
    row_[c] = c / n;
    col_[c] = c % n;
    // Boxes are numbered left to right, top to bottom, N / C of them across.
    box_[c] = jigsaw() ? layout_->regions[static_cast<std::size_t>(c)]
                       : (row_[c] / box_rows_) * (n / box_cols_) + col_[c] / box_cols_;
  }
  const auto houses = static_cast<std::size_t>(house_count_);
  house_cells_.assign(houses * static_cast<std::size_t>(n), 0);
  std::vector<int> fill(houses, 0);
  slots_.assign(static_cast<std::size_t>(3 * n * n), 0);
  for (int c = 0; c < cells; ++c) {
    for (int h : houses_of(c)) {
      slots_[static_cast<std::size_t>(c * 3 + h / n)] = fill[h];
      house_cells_[static_cast<std::size_t>(h * n + fill[h]++)] = c;
    }
  }
  // The extra houses: their cells as given, and each cell's list of them.
  extra_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
  if (layout_) {
    std::vector<std::vector<int>> of(static_cast<std::size_t>(cells));
    for (int e = 0; e < extra_count(); ++e) {
      const std::vector<int>& hc = layout_->extra[static_cast<std::size_t>(e)].cells;
      for (int i = 0; i < n; ++i) {
        house_cells_[static_cast<std::size_t>(extra_house(e) * n + i)] = hc[static_cast<std::size_t>(i)];
        of[static_cast<std::size_t>(hc[static_cast<std::size_t>(i)])].push_back(extra_house(e));
      }
    }
    for (int c = 0; c < cells; ++c) {
      for (int h : of[static_cast<std::size_t>(c)]) {
        const auto hc = std::span<const int>(house_cells_).subspan(static_cast<std::size_t>(h * n),
                                                                   static_cast<std::size_t>(n));
        extra_slot_.push_back(static_cast<int>(std::find(hc.begin(), hc.end(), c) - hc.begin()));
      }
      extra_start_[static_cast<std::size_t>(c) + 1] =
          extra_start_[static_cast<std::size_t>(c)] + static_cast<int>(of[static_cast<std::size_t>(c)].size());
      extra_of_.insert(extra_of_.end(), of[static_cast<std::size_t>(c)].begin(), of[static_cast<std::size_t>(c)].end());
    }
  }
  // The killer cages: each cell's list of them.
  if (layout_ && !layout_->cages.empty()) {
    cage_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
    for (const Cage& cage : layout_->cages) {
      summed_cages_ = summed_cages_ || cage.sum != 0;
      for (int c : cage.cells) ++cage_start_[static_cast<std::size_t>(c) + 1];
    }
    for (int c = 0; c < cells; ++c)
      cage_start_[static_cast<std::size_t>(c) + 1] += cage_start_[static_cast<std::size_t>(c)];
    cage_of_.resize(static_cast<std::size_t>(cage_start_.back()));
    std::vector<int> at(cage_start_.begin(), cage_start_.end() - 1);
    for (std::size_t k = 0; k < layout_->cages.size(); ++k) {
      for (int c : layout_->cages[k].cells)
        cage_of_[static_cast<std::size_t>(at[static_cast<std::size_t>(c)]++)] = static_cast<int>(k);
    }
  }
  // The relations: the cells each touches, and the pairs whose digits differ
  // (every link that allows no digit beside itself, and the cells of a
  // relation marked distinct).
  if (layout_ && !layout_->relations.empty()) {
    related_.assign(static_cast<std::size_t>(cells), false);
    std::vector<std::vector<int>> tied(static_cast<std::size_t>(cells));
    auto tie = [&](int a, int b) {
      if (a == b) return;
      tied[static_cast<std::size_t>(a)].push_back(b);
      tied[static_cast<std::size_t>(b)].push_back(a);
    };
    for (const Relation& rel : layout_->relations) {
      for (int c : rel.cells) related_[static_cast<std::size_t>(c)] = true;
      for (const auto& [c, digits] : rel.only) related_[static_cast<std::size_t>(c)] = true;
      for (const Link& link : rel.links) {
        related_[static_cast<std::size_t>(link.a)] = related_[static_cast<std::size_t>(link.b)] = true;
        bool apart = true;
        for (int x = 1; x <= n && apart; ++x)
          apart = !(link.allowed[static_cast<std::size_t>(x)] & (Mask{1} << (x - 1)));
        if (apart) tie(link.a, link.b);
      }
      if (rel.distinct) {
        for (std::size_t i = 0; i < rel.cells.size(); ++i)
          for (std::size_t j = i + 1; j < rel.cells.size(); ++j) tie(rel.cells[i], rel.cells[j]);
      }
    }
    // Each link read both ways: a's table as given, b's the same transposed.
    const auto width = static_cast<std::size_t>(n) + 1;
    std::vector<std::vector<Tie>> of(static_cast<std::size_t>(cells));
    for (const Relation& rel : layout_->relations) {
      for (const Link& link : rel.links) {
        const std::size_t forward = tables_.size();
        tables_.insert(tables_.end(), link.allowed.begin(), link.allowed.end());
        const std::size_t back = tables_.size();
        tables_.resize(back + width, 0);
        for (int x = 1; x <= n; ++x) {
          for (Mask m = link.allowed[static_cast<std::size_t>(x)]; m; m &= m - 1)
            tables_[back + static_cast<std::size_t>(std::countr_zero(m)) + 1] |= Mask{1} << (x - 1);
        }
        of[static_cast<std::size_t>(link.a)].push_back({link.b, static_cast<int>(forward)});
        of[static_cast<std::size_t>(link.b)].push_back({link.a, static_cast<int>(back)});
      }
    }
    tie_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
    for (int c = 0; c < cells; ++c) {
      ties_.insert(ties_.end(), of[static_cast<std::size_t>(c)].begin(), of[static_cast<std::size_t>(c)].end());
      tie_start_[static_cast<std::size_t>(c) + 1] = static_cast<int>(ties_.size());
    }
    tied_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
    for (int c = 0; c < cells; ++c) {
      std::vector<int>& t = tied[static_cast<std::size_t>(c)];
      std::sort(t.begin(), t.end());
      t.erase(std::unique(t.begin(), t.end()), t.end());
      tied_.insert(tied_.end(), t.begin(), t.end());
      tied_start_[static_cast<std::size_t>(c) + 1] = static_cast<int>(tied_.size());
    }
  }
  shared_slots_.assign(houses * houses, 0);
  crossing_.assign(4 * houses, 0);
  std::vector<int> hs;
  for (int c = 0; c < cells; ++c) {
    const std::array<int, 3> classic = houses_of(c);
    hs.assign(classic.begin(), classic.end());
    for (int e : extra_houses_of(c)) hs.push_back(e);
    for (int a : hs) {
      for (int b : hs) {
        shared_slots_[static_cast<std::size_t>(a) * houses + static_cast<std::size_t>(b)] |=
            Mask{1} << slot_in(a, c);
        crossing_[static_cast<std::size_t>(house_kind(b)) * houses + static_cast<std::size_t>(a)] |=
            Mask{1} << house_index(b);
      }
    }
  }
  // How far a box (or region) reaches across rows and columns.
  for (int b = 0; b < n; ++b) {
    int top = n, bottom = -1, left = n, right = -1;
    for (int c : house_cells(box_house(b))) {
      top = std::min(top, row_[c]);
      bottom = std::max(bottom, row_[c]);
      left = std::min(left, col_[c]);
      right = std::max(right, col_[c]);
    }
    box_height_ = std::max(box_height_, bottom - top + 1);
    box_width_ = std::max(box_width_, right - left + 1);
  }
  peer_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
  move_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
  for (int c = 0; c < cells; ++c) {
    for (int o = 0; o < cells; ++o) {
      if (o == c || !sees(c, o)) continue;
      peers_.push_back(o);
      bool housed = row_[o] == row_[c] || col_[o] == col_[c] || box_[o] == box_[c];
      for (int h : extra_houses_of(c)) housed = housed || slot_in(h, o) >= 0;
      if (!housed) move_.push_back(o);
    }
    move_start_[static_cast<std::size_t>(c) + 1] = static_cast<int>(move_.size());
    peer_start_[static_cast<std::size_t>(c) + 1] = static_cast<int>(peers_.size());
    peer_count_ = std::max(peer_count_, peer_start_[static_cast<std::size_t>(c) + 1] -
                                            peer_start_[static_cast<std::size_t>(c)]);
  }
  orthogonal_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
  if (layout_ && layout_->non_consecutive) {
    for (int c = 0; c < cells; ++c) {
      const int r = row_[c], k = col_[c];
      if (r > 0) orthogonal_.push_back(c - n);
      if (r < n - 1) orthogonal_.push_back(c + n);
      if (k < n - 1) orthogonal_.push_back(c + 1);
      if (k > 0) orthogonal_.push_back(c - 1);
      orthogonal_start_[static_cast<std::size_t>(c) + 1] = static_cast<int>(orthogonal_.size());
    }
  }
  assert(layout_ || peer_count_ == 3 * n - box_rows_ - box_cols_ - 1);
}

int Geometry::slot_in(int house, int cell) const {
  if (house < 3 * side_) {
    const int kind = house / side_;
    return houses_of(cell)[static_cast<std::size_t>(kind)] == house
               ? slots_[static_cast<std::size_t>(cell * 3 + kind)]
               : -1;
  }
  const std::span<const int> hc = house_cells(house);
  for (std::size_t i = 0; i < hc.size(); ++i) {
    if (hc[i] == cell) return static_cast<int>(i);
  }
  return -1;
}

bool Geometry::sees(int a, int b) const {
  if (a == b) return false;
  if (row_[a] == row_[b] || col_[a] == col_[b] || box_[a] == box_[b]) return true;
  if (!layout_) return false;
  for (int h : extra_houses_of(a)) {
    if (slot_in(h, b) >= 0) return true;
  }
  for (int k : cages_of(a)) {
    const std::vector<int>& cc = layout_->cages[static_cast<std::size_t>(k)].cells;
    if (std::binary_search(cc.begin(), cc.end(), b)) return true;
  }
  if (!tied_start_.empty()) {
    const auto from = tied_.begin() + tied_start_[static_cast<std::size_t>(a)];
    const auto to = tied_.begin() + tied_start_[static_cast<std::size_t>(a) + 1];
    if (std::binary_search(from, to, b)) return true;
  }
  const int dr = std::abs(row_[a] - row_[b]), dc = std::abs(col_[a] - col_[b]);
  if (layout_->anti_king && dr <= 1 && dc <= 1) return true;
  return layout_->anti_knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1));
}

Result<std::shared_ptr<const Geometry>> Geometry::with_layout(const Geometry& base, Layout layout) {
  const int n = base.side();
  const int cells = base.cell_count();
  if (!layout.regions.empty()) {
    if (static_cast<int>(layout.regions.size()) != cells)
      return Error{0, 0, "the regions name " + std::to_string(layout.regions.size()) +
                             " cells; the board has " + std::to_string(cells)};
    std::vector<int> size(static_cast<std::size_t>(n), 0);
    for (int c = 0; c < cells; ++c) {
      const int r = layout.regions[static_cast<std::size_t>(c)];
      if (r < 0 || r >= n)
        return Error{0, 0, base.cell_name(c) + " is in region " + std::to_string(r + 1) +
                               "; regions are numbered 1 to " + std::to_string(n)};
      ++size[static_cast<std::size_t>(r)];
    }
    for (int r = 0; r < n; ++r) {
      if (size[static_cast<std::size_t>(r)] != n)
        return Error{0, 0, "region " + std::to_string(r + 1) + " has " +
                               std::to_string(size[static_cast<std::size_t>(r)]) +
                               " cells; each needs " + std::to_string(n)};
    }
    // Regions numbered in the order their first cells come in reading order,
    // whatever the numbers they were given.
    std::vector<int> renumber(static_cast<std::size_t>(n), -1);
    int next = 0;
    for (int& r : layout.regions) {
      if (renumber[static_cast<std::size_t>(r)] < 0) renumber[static_cast<std::size_t>(r)] = next++;
      r = renumber[static_cast<std::size_t>(r)];
    }
  }
  if (layout.extra.size() > 32)
    return Error{0, 0, std::to_string(layout.extra.size()) +
                           " extra houses; a board holds at most 32"};
  // An extra house keeps its cells in the order given: the order the logic
  // looks at them in.
  for (const ExtraHouse& h : layout.extra) {
    std::vector<int> sorted = h.cells;
    std::sort(sorted.begin(), sorted.end());
    const bool distinct = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
    if (static_cast<int>(sorted.size()) != n || !distinct || sorted.front() < 0 ||
        sorted.back() >= cells)
      return Error{0, 0, h.name + " needs " + std::to_string(n) + " different cells of the board"};
  }
  for (std::size_t k = 0; k < layout.cages.size(); ++k) {
    Cage& cage = layout.cages[k];
    std::sort(cage.cells.begin(), cage.cells.end());
    const bool distinct =
        std::adjacent_find(cage.cells.begin(), cage.cells.end()) == cage.cells.end();
    if (cage.cells.empty() || static_cast<int>(cage.cells.size()) > n || !distinct ||
        cage.cells.front() < 0 || cage.cells.back() >= cells || cage.sum < 0 ||
        cage.sum > n * (n + 1) / 2)
      return Error{0, 0, "cage " + std::to_string(k + 1) + " needs 1 to " + std::to_string(n) +
                             " different cells of the board and a sum of 0 to " +
                             std::to_string(n * (n + 1) / 2)};
  }
  for (std::size_t k = 0; k < layout.relations.size(); ++k) {
    const Relation& rel = layout.relations[k];
    auto on_board = [cells](int c) { return c >= 0 && c < cells; };
    bool ok = std::all_of(rel.cells.begin(), rel.cells.end(), on_board);
    for (const Link& link : rel.links)
      ok = ok && on_board(link.a) && on_board(link.b) && link.a != link.b &&
           static_cast<int>(link.allowed.size()) == n + 1;
    for (const auto& [c, digits] : rel.only) ok = ok && on_board(c);
    if (!ok)
      return Error{0, 0, "relation " + std::to_string(k + 1) +
                             " needs cells of the board and a table of " + std::to_string(n) +
                             " digits for each pair"};
  }
  return std::make_shared<const Geometry>(base.box_rows(), base.box_cols(),
                                          std::make_shared<const Layout>(std::move(layout)));
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
  if (house_kind(house) == HouseKind::extra)
    return layout_->extra[static_cast<std::size_t>(house_index(house))].name;
  if (house_kind(house) == HouseKind::box && jigsaw())
    return "region " + std::to_string(house_index(house) + 1);
  return kKinds[static_cast<int>(house_kind(house))] + std::to_string(house_index(house) + 1);
}

std::string Geometry::describe() const {
  std::string s = std::to_string(side_) + "x" + std::to_string(side_);
  if (jigsaw()) return s + " (jigsaw regions)";
  const Geometry* usual = for_side(side_);
  if (usual->box_rows() != box_rows_ || usual->box_cols() != box_cols_) {
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
