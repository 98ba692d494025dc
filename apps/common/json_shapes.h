#pragma once
// The JSON shape of every answer, in one place: the CLI's --format json and the
// server's API both build their objects here, so field names never drift apart.

#include <nlohmann/json.hpp>

#include "nonet/format.h"
#include "nonet/solver.h"
#include "nonet/validate.h"

namespace nonet::app {

// {"message": ..., "line": L, "column": C}
nlohmann::json error_json(const ParseError& error);
// {"digit": 5, "house": "row 1", "cells": ["r1c1", "r1c5"]}
nlohmann::json conflict_json(const Conflict& conflict, const Geometry& geometry);
// {"status": "solved"|"incomplete"|"invalid", "valid": bool, "empty_cells": n,
//  "size": "9x9", "conflicts": [...]}
nlohmann::json validation_json(const Validation& validation, const Geometry& geometry);
// {"status": "solved"|..., "count": n, "exact": bool, "guesses": g, "solution": "..."}
nlohmann::json solve_json(const SolveResult& result);
// One line of text naming every conflict: "digit 5 appears 2 times in row 1: r1c1, r1c5; ..."
std::string conflicts_text(const Validation& validation, const Geometry& geometry);

}  // namespace nonet::app
