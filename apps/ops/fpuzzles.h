#pragma once
// Variant puzzles in the forms players share them: f-puzzles JSON, plain or
// compressed in an f-puzzles link (`?load=`), a SudokuPad link that carries
// one (`sudokupad.app/fpuzzles...`) or SudokuPad's own JSON (`scl`, `ctc`:
// ops/sudokupad.h), or the bare compressed payload.
//
//   nonet::Result<nonet::VariantPuzzle> p =
//       nonet::ops::read_variant("https://www.f-puzzles.com/?load=N4Ig...");
//
// Every key that changes the rules is read or refused by name ("'sandwichsum'
// is not read yet"); only drawings, colours, the player's marks and metadata
// are passed over (docs/variants.md lists which).

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "nonet/variant.h"

namespace nonet::ops {

// A link's query value as it was before it was written into the link: each
// %XX its byte, and a space (a '+' some programs turn into one) a '+'.
std::string percent_decoded(std::string_view text);

// Whether a line of input is a variant puzzle rather than a classic one: a
// JSON object, a link, or a compressed payload.
bool looks_like_variant(std::string_view line);

// The puzzle a line holds, checked (check()).
nonet::Result<VariantPuzzle> read_variant(std::string_view text);
// The puzzle an f-puzzles object (or one in nonet's own form, or SudokuPad's
// JSON) describes, checked.
nonet::Result<VariantPuzzle> read_fpuzzles(const nlohmann::json& object);

// A player's progress on a puzzle, for f-puzzles' cells: the entries (a
// grid of the puzzle's geometry, givens included) and the candidates of open
// cells (empty: none), written as "value" with no "given" and as
// "centerPencilMarks", as f-puzzles keeps a game in progress.
struct FpuzzlesProgress {
  const Grid* values = nullptr;
  const std::vector<Mask>* marks = nullptr;
};

// The puzzle as f-puzzles JSON, and as an f-puzzles link; with the player's
// progress where one is given.
nlohmann::json to_fpuzzles(const VariantPuzzle& puzzle, FpuzzlesProgress progress = {});
std::string fpuzzles_link(const VariantPuzzle& puzzle, FpuzzlesProgress progress = {});

// nonet's own JSON form (docs/variants.md): the engine's model as it is,
//   {"size": 9, "givens": "..3.", "regions": "boxes",
//    "constraints": [{"kind": "killer_cage", "cells": ["r1c1", "r1c2"], "value": 3}, ...]}
nlohmann::json to_nonet_json(const VariantPuzzle& puzzle);

}  // namespace nonet::ops
