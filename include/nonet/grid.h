#pragma once
// A board's values: 0 for an empty cell, 1..N for a digit.
//
//   nonet::Grid grid(*nonet::Geometry::get(3, 3));
//   grid.set(grid.geometry().cell(0, 0), 5);   // r1c1 = 5

#include <cstdint>
#include <span>
#include <vector>

#include "nonet/geometry.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

class Grid {
 public:
  explicit Grid(const Geometry& geometry)
      : geometry_(&geometry), cells_(static_cast<std::size_t>(geometry.cell_count()), 0) {}

  const Geometry& geometry() const { return *geometry_; }
  int size() const { return static_cast<int>(cells_.size()); }
  int operator[](int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  int get(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  void set(int cell, int digit) { cells_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit); }
  std::span<const std::uint8_t> values() const { return cells_; }
  std::span<std::uint8_t> values() { return cells_; }

  int filled_count() const;
  bool complete() const { return filled_count() == size(); }

  friend bool operator==(const Grid& a, const Grid& b) {
    return a.geometry_ == b.geometry_ && a.cells_ == b.cells_;
  }

 private:
  const Geometry* geometry_;
  std::vector<std::uint8_t> cells_;
};

// The digits each cell may still take given its peers' values: a placed cell has
// just its own digit; an empty cell, every digit that no peer holds.
std::vector<Mask> compute_candidates(const Grid& grid);

}  // namespace nonet
#pragma GCC visibility pop
