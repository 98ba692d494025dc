#pragma once
// An independent solution checker for tests. It shares nothing with the engine's
// solvers, geometry tables or validation: houses are computed here from first
// principles, so a bug in the engine cannot hide itself.

#include <string>

#include "nonet/grid.h"

namespace nonet::testing {

// True when `solution` is a complete, rule-abiding grid of the same shape that
// keeps every given of `puzzle`. Otherwise false, with the reason in *why.
bool check_solution(const Grid& puzzle, const Grid& solution, std::string* why = nullptr);

// The same on line strings with box shape box_rows x box_cols.
bool check_solution_text(const std::string& puzzle, const std::string& solution, int box_rows,
                         int box_cols, std::string* why = nullptr);

// The value of a symbol of a line string: 1-9, then A (10) to Z; 0 for a blank
// or anything else.
int symbol_value(char c);

}  // namespace nonet::testing
