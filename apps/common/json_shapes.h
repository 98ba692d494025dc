#pragma once
// The JSON shape of every answer, in one place: the CLI's --format json and the
// server's API both build their objects here, so field names never drift apart.

#include <nlohmann/json.hpp>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "nonet/solver.h"
#include "nonet/transform.h"
#include "nonet/validate.h"

namespace nonet::app {

// {"message": ..., "line": L, "column": C}
nlohmann::json error_json(const Error& error);
// {"digit": 5, "house": "row 1", "cells": ["r1c1", "r1c5"]}
nlohmann::json conflict_json(const Conflict& conflict, const Geometry& geometry);
// {"status": "solved"|"incomplete"|"invalid", "valid": bool, "empty_cells": n,
//  "size": "9x9", "conflicts": [...]}
nlohmann::json validation_json(const Validation& validation, const Geometry& geometry);
// {"status": "solved"|..., "count": n, "exact": bool, "guesses": g, "solution": "..."}
nlohmann::json solve_json(const SolveResult& result);
// One line of text naming every conflict: "digit 5 appears 2 times in row 1: r1c1, r1c5; ..."
std::string conflicts_text(const Validation& validation, const Geometry& geometry);

// A logical step: {"technique": "Naked Pair", "technique_id": "naked_pair",
//  "rating": 3.0, "explanation": "...", "placements": [{"row","col","digit"}],
//  "eliminations": [...], "implied": [...], "cells": [{"row","col"}],
//  "secondary_cells": [...], "houses": [{"kind","index","name"}], "digits": [4, 8]}
// (rows, columns, indexes and digits 1-based).
nlohmann::json step_json(const Step& step, const Geometry& geometry);
// {"er": 2.6, "ep": 1.2, "ed": 1.2, "level": "hard", "stuck": false, "steps": n};
// a figure known only as a lower bound (stuck, or stopped) is null, with "er_min" (etc.) beside it.
nlohmann::json rating_json(const Rating& rating);
// {"status": "step"|..., "message": ..., "step": {...}} shaped by the grade:
// vague gives technique and area only, placement just the next digit.
nlohmann::json hint_json(const Hint& hint, HintLevel level, const Geometry& geometry);
// A generated puzzle: {"index": i, "puzzle": "...", "solution": "...", "clues": n,
//  "size": "9x9", "seed": s} (index 1-based; the same seed and index give it again).
nlohmann::json generated_json(const Generated& generated, std::uint64_t seed, std::uint64_t index);
// A transformed grid: {"puzzle": "...", "size": "6x6 (3x2 boxes)", "ops": "transpose,..."}.
nlohmann::json transform_json(const Grid& result, const std::vector<TransformOp>& ops);

}  // namespace nonet::app
