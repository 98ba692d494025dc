#include "common/json_shapes.h"

#include <cctype>

namespace nonet::app {

nlohmann::json error_json(const Error& error) {
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

namespace {

nlohmann::json cell_digits_json(const std::vector<CellDigit>& list, const Geometry& g) {
  nlohmann::json out = nlohmann::json::array();
  for (const CellDigit& cd : list) {
    out.push_back(
        {{"row", g.row_of(cd.cell) + 1}, {"col", g.col_of(cd.cell) + 1}, {"digit", cd.digit}});
  }
  return out;
}

nlohmann::json cells_json(const std::vector<int>& cells, const Geometry& g) {
  nlohmann::json out = nlohmann::json::array();
  for (int c : cells) out.push_back({{"row", g.row_of(c) + 1}, {"col", g.col_of(c) + 1}});
  return out;
}

double tenths(int value) { return value / 10.0; }

}  // namespace

nlohmann::json step_json(const Step& step, const Geometry& geometry) {
  static constexpr const char* kKinds[] = {"row", "column", "box"};
  nlohmann::json houses = nlohmann::json::array();
  for (int h : step.houses) {
    houses.push_back({{"kind", kKinds[static_cast<int>(geometry.house_kind(h))]},
                      {"index", geometry.house_index(h) + 1},
                      {"name", geometry.house_name(h)}});
  }
  nlohmann::json digits = nlohmann::json::array();
  for (int d = 1; d <= geometry.side(); ++d) {
    if (step.digits & (Mask{1} << (d - 1))) digits.push_back(d);
  }
  nlohmann::json j = {{"technique", step_title(step)},
                      {"technique_id", std::string(technique_id(step.technique))},
                      {"rating", tenths(step.rating)},
                      {"explanation", render_step(step, geometry)},
                      {"placements", cell_digits_json(step.placements, geometry)},
                      {"eliminations", cell_digits_json(step.eliminations, geometry)},
                      {"cells", cells_json(step.cells, geometry)},
                      {"houses", std::move(houses)},
                      {"digits", std::move(digits)}};
  if (!step.secondary_cells.empty())
    j["secondary_cells"] = cells_json(step.secondary_cells, geometry);
  if (!step.implied.empty()) j["implied"] = cell_digits_json(step.implied, geometry);
  if (step.variant) j["variant"] = step.variant;
  if (!step.links.empty()) {
    nlohmann::json links = nlohmann::json::array();
    for (const ChainLink& l : step.links) {
      links.push_back({{"from", cell_digits_json({l.from}, geometry)[0]},
                       {"to", cell_digits_json({l.to}, geometry)[0]},
                       {"strong", l.strong}});
    }
    j["links"] = std::move(links);
  }
  return j;
}

nlohmann::json rating_json(const Rating& r) {
  nlohmann::json j;
  auto put = [&](const char* key, int value, bool exact) {
    if (exact) {
      j[key] = tenths(value);
    } else {
      j[key] = nullptr;
      j[std::string(key) + "_min"] = tenths(value);
    }
  };
  put("er", r.er, r.er_exact);
  put("ep", r.ep, r.ep_exact);
  put("ed", r.ed, r.ed_exact);
  j["level"] = std::string(level_name(r.level));
  j["stuck"] = r.stuck;
  j["steps"] = r.steps;
  return j;
}

nlohmann::json hint_json(const Hint& hint, HintLevel level, const Geometry& geometry) {
  nlohmann::json j = {{"status", std::string(hint_status_name(hint.status))}};
  if (!hint.wrong_cells.empty()) j["wrong_cells"] = cells_json(hint.wrong_cells, geometry);
  if (!hint.missing_candidates.empty()) {
    j["missing_candidates"] = cells_json(
        [&] {
          std::vector<int> cells;
          for (const CellDigit& m : hint.missing_candidates) cells.push_back(m.cell);
          return cells;
        }(),
        geometry);
  }
  if (hint.status != HintStatus::step || !hint.step) {
    j["message"] = hint.message;
    return j;
  }
  const Step& step = *hint.step;
  switch (level) {
    case HintLevel::vague: {
      j["message"] = render_vague(step, geometry);
      nlohmann::json houses = nlohmann::json::array();
      if (!step.houses.empty()) houses.push_back(geometry.house_name(step.houses[0]));
      j["step"] = {
          {"technique", step_title(step)}, {"rating", tenths(step.rating)}, {"area", houses}};
      break;
    }
    case HintLevel::concrete:
      j["message"] = hint.message;
      j["step"] = step_json(step, geometry);
      break;
    case HintLevel::placement:
      if (hint.placement) {
        const CellDigit& p = *hint.placement;
        j["message"] =
            geometry.cell_name(p.cell) + " = " + std::string(1, Geometry::symbol(p.digit));
        j["placement"] = cell_digits_json({p}, geometry)[0];
      } else {
        j["message"] = "no placement follows from the techniques of this profile";
      }
      break;
  }
  return j;
}

nlohmann::json generated_json(const Generated& generated, std::uint64_t seed, std::uint64_t index) {
  return {{"index", index},
          {"puzzle", to_line(generated.puzzle)},
          {"solution", to_line(generated.solution)},
          {"clues", generated.clues},
          {"size", generated.puzzle.geometry().describe()},
          {"seed", seed}};
}

nlohmann::json transform_json(const Grid& result, const std::vector<TransformOp>& ops) {
  std::string text;
  for (const TransformOp& op : ops) {
    if (!text.empty()) text += ',';
    text += to_string(op);
  }
  return {{"puzzle", to_line(result)}, {"size", result.geometry().describe()}, {"ops", text}};
}

}  // namespace nonet::app
