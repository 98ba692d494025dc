#include "common/json_shapes.h"

namespace nonet::app {

nlohmann::json error_json(const ParseError& error) {
  nlohmann::json j = {{"message", error.message}};
  if (error.line > 0) j["line"] = error.line;
  if (error.column > 0) j["column"] = error.column;
  return j;
}

nlohmann::json conflict_json(const Conflict& conflict, const Geometry& geometry) {
  nlohmann::json cells = nlohmann::json::array();
  for (int c : conflict.cells) cells.push_back(geometry.cell_name(c));
  return {{"digit", conflict.digit},
          {"house", geometry.house_name(conflict.house)},
          {"cells", std::move(cells)}};
}

nlohmann::json validation_json(const Validation& validation, const Geometry& geometry) {
  nlohmann::json conflicts = nlohmann::json::array();
  for (const Conflict& c : validation.conflicts) conflicts.push_back(conflict_json(c, geometry));
  return {{"status", to_string(validation.state)},
          {"valid", validation.state != GridState::invalid},
          {"size", geometry.describe()},
          {"empty_cells", validation.empty_cells},
          {"conflicts", std::move(conflicts)}};
}

nlohmann::json solve_json(const SolveResult& result) {
  nlohmann::json j = {{"status", to_string(result.outcome())},
                      {"count", result.count},
                      {"exact", result.exhausted},
                      {"guesses", result.guesses}};
  if (result.solution) j["solution"] = to_line(*result.solution);
  return j;
}

std::string conflicts_text(const Validation& validation, const Geometry& geometry) {
  std::string s;
  for (const Conflict& c : validation.conflicts) {
    if (!s.empty()) s += "; ";
    s += describe(c, geometry);
  }
  return s;
}

}  // namespace nonet::app
