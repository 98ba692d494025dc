#pragma once
// The JSON shape of every answer, in one place: the CLI's --format json line
// is this object with "index" and "line" added, and the API's body is this
// object with "elapsed_ms" added, so the field names never drift apart.

#include <nlohmann/json.hpp>

#include "nonet/error.h"
#include "ops/ops.h"

namespace nonet::ops {

nlohmann::json to_json(const SolveAnswer& answer);
nlohmann::json to_json(const ValidateAnswer& answer);
nlohmann::json to_json(const CandidatesAnswer& answer);
nlohmann::json to_json(const RateAnswer& answer);
nlohmann::json to_json(const ExplainAnswer& answer);
nlohmann::json to_json(const HintAnswer& answer);
nlohmann::json to_json(const GenerateAnswer& answer);
nlohmann::json to_json(const TransformAnswer& answer);
nlohmann::json to_json(const CanonAnswer& answer);
nlohmann::json to_json(const ConvertAnswer& answer);

// {"message": ..., "line": L, "column": C}
nlohmann::json error_json(const Error& error);
// {"digit": 5, "house": "row 1", "cells": ["r1c1", "r1c5"]}
nlohmann::json conflict_json(const Conflict& conflict, const Geometry& geometry);
// A logical step: {"technique": "Naked Pair", "technique_id": "naked_pair",
//  "rating": 3.0, "explanation": "...", "placements": [{"row","col","digit"}],
//  "eliminations": [...], "implied": [...], "cells": [{"row","col"}],
//  "secondary_cells": [...], "houses": [{"kind","index","name"}], "digits": [4, 8]}
// (rows, columns, indexes and digits 1-based).
nlohmann::json step_json(const Step& step, const Geometry& geometry);
// {"er": 2.6, "ep": 1.2, "ed": 1.2, "level": "hard", "stuck": false, "steps": n};
// a figure known only as a lower bound (stuck, or stopped) is null, with
// "er_min" (etc.) beside it.
nlohmann::json rating_json(const Rating& rating);

}  // namespace nonet::ops
