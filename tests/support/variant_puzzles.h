#pragma once
// Variant puzzles in f-puzzles form that several tests read.

#include <nlohmann/json.hpp>
#include <string>

namespace nonet::testing {

// A 9x9 f-puzzles object with the givens of an 81-character line ('.' blank)
// and no rules beyond sudoku's.
nlohmann::json fpuzzles_of(const std::string& givens);

// An X puzzle (both diagonals): SukakuExplainer rates it 2.6/1.2/1.2 with its
// X switch; without the diagonals its givens have several solutions.
nlohmann::json x_puzzle();

}  // namespace nonet::testing
