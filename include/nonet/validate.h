#pragma once
// Checking a grid against the rules: every duplicate in a row, column or box.
//
//   nonet::Validation v = nonet::validate(grid);
//   if (v.state == nonet::GridState::invalid)
//     for (auto& c : v.conflicts) std::puts(nonet::describe(c, grid.geometry()).c_str());

#include <string>
#include <vector>

#include "nonet/grid.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

enum class GridState { invalid, incomplete, solved };
const char* to_string(GridState state);  // "invalid", "incomplete", "solved"

// A digit that appears more than once in one house, with every cell holding it.
struct Conflict {
  int digit = 0;
  int house = 0;
  std::vector<int> cells;  // ascending
};

struct Validation {
  GridState state = GridState::incomplete;
  int empty_cells = 0;
  std::vector<Conflict> conflicts;  // by house (rows, columns, boxes), then digit
};

Validation validate(const Grid& grid);

// "digit 5 appears 2 times in row 3: r3c2, r3c7"
std::string describe(const Conflict& conflict, const Geometry& geometry);

}  // namespace nonet
#pragma GCC visibility pop
