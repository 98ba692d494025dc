#pragma once
// GET /api/levels for the static site: the levels the generator offers at
// each board size, in the shape the page reads:
//   {"sizes": [{"size": 4, "box": "2x2", "levels": ["easy"]}, ...]}

#include <nlohmann/json.hpp>

namespace nonet::site {

nlohmann::json levels_json();

}  // namespace nonet::site
