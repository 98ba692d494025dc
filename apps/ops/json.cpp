#include "ops/json.h"

#include "nonet/format.h"
#include "ops/fpuzzles.h"
#include "ops/text.h"

namespace nonet::ops {
namespace {

using nlohmann::json;

double tenths(int value) { return value / 10.0; }

json cell_digit_json(const CellDigit& cd, const Geometry& g) {
  return {{"row", g.row_of(cd.cell) + 1}, {"col", g.col_of(cd.cell) + 1}, {"digit", cd.digit}};
}

json cell_digits_json(const std::vector<CellDigit>& list, const Geometry& g) {
  json out = json::array();
  for (const CellDigit& cd : list) out.push_back(cell_digit_json(cd, g));
  return out;
}

json cells_json(const std::vector<int>& cells, const Geometry& g) {
  json out = json::array();
  for (int c : cells) out.push_back({{"row", g.row_of(c) + 1}, {"col", g.col_of(c) + 1}});
  return out;
}

json conflicts_json(const std::vector<Conflict>& conflicts, const Geometry& g) {
  json out = json::array();
  for (const Conflict& c : conflicts) out.push_back(conflict_json(c, g));
  return out;
}

}  // namespace

json error_json(const Error& error) {
  json j = {{"message", error.message}};
  if (error.line > 0) j["line"] = error.line;
  if (error.column > 0) j["column"] = error.column;
  return j;
}

json conflict_json(const Conflict& conflict, const Geometry& geometry) {
  json cells = json::array();
  for (int c : conflict.cells) cells.push_back(geometry.cell_name(c));
  return {{"digit", conflict.digit},
          {"house", geometry.house_name(conflict.house)},
          {"cells", std::move(cells)}};
}

json step_json(const Step& step, const Geometry& geometry) {
  static constexpr const char* kKinds[] = {"row", "column", "box", "extra"};
  json houses = json::array();
  for (int h : step.houses) {
    houses.push_back({{"kind", kKinds[static_cast<int>(geometry.house_kind(h))]},
                      {"index", geometry.house_index(h) + 1},
                      {"name", geometry.house_name(h)}});
  }
  json digits = json::array();
  for (int d = 1; d <= geometry.side(); ++d) {
    if (step.digits & (Mask{1} << (d - 1))) digits.push_back(d);
  }
  json j = {{"technique", step_title(step)},
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
  if (step.sum) j["sum"] = step.sum;
  if (!step.combinations.empty()) {
    json sets = json::array();
    for (Mask set : step.combinations) {
      json one = json::array();
      for (int d = 1; d <= geometry.side(); ++d) {
        if (set & (Mask{1} << (d - 1))) one.push_back(d);
      }
      sets.push_back(std::move(one));
    }
    j["combinations"] = std::move(sets);
  }
  if (step.variant) j["variant"] = step.variant;
  if (!step.links.empty()) {
    json links = json::array();
    for (const ChainLink& l : step.links) {
      links.push_back({{"from", cell_digit_json(l.from, geometry)},
                       {"to", cell_digit_json(l.to, geometry)},
                       {"strong", l.strong}});
    }
    j["links"] = std::move(links);
  }
  return j;
}

json rating_json(const Rating& r) {
  json j;
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

json to_json(const SolveAnswer& a) {
  const Geometry& g = *a.geometry;
  if (a.status == Status::invalid) {
    return {{"status", status_name(a.status)},
            {"size", g.describe()},
            {"message", a.message},
            {"conflicts", conflicts_json(a.conflicts, g)}};
  }
  json j = {{"status", status_name(a.status)},
            {"count", a.count},
            {"exact", a.exact},
            {"guesses", a.guesses},
            {"size", g.describe()}};
  if (a.solution) j["solution"] = to_line(*a.solution);
  if (a.status == Status::cancelled) j["message"] = a.message;
  if (a.variant) j["fpuzzles"] = to_fpuzzles(*a.variant);
  return j;
}

json to_json(const ValidateAnswer& a) {
  const Geometry& g = a.puzzle.geometry();
  json j = {{"status", status_name(a.status())},
            {"valid", a.validation.state != GridState::invalid},
            {"size", g.describe()},
            {"empty_cells", a.validation.empty_cells},
            {"conflicts", conflicts_json(a.validation.conflicts, g)},
            {"puzzle", to_line(a.puzzle)}};
  if (a.variant) {
    // Each rule broken: where, and its cells.
    json violations = json::array();
    for (const Violation& v : a.violations) {
      json cells = json::array();
      for (const int c : v.cells) cells.push_back(g.cell_name(c));
      violations.push_back({{"where", v.where}, {"cells", std::move(cells)}});
    }
    j["violations"] = std::move(violations);
    j["fpuzzles"] = to_fpuzzles(*a.variant);
  }
  return j;
}

json to_json(const CandidatesAnswer& a) {
  const Geometry& g = a.puzzle.geometry();
  json candidates = json::array(), singles = json::array();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    json digits = json::array();
    const Mask m = a.candidates[static_cast<std::size_t>(cell)];
    for (int d = 1; d <= g.side(); ++d)
      if (m >> (d - 1) & 1u) digits.push_back(d);
    if (digits.size() == 1)
      singles.push_back({{"cell", g.cell_name(cell)}, {"index", cell}, {"digit", digits[0]}});
    candidates.push_back(std::move(digits));
  }
  return {{"size", g.describe()},
          {"candidates", std::move(candidates)},
          {"singles", std::move(singles)}};
}

json to_json(const RateAnswer& a) {
  json j = rating_json(a.rating);
  j["status"] = status_name(a.status);
  j["size"] = a.geometry->describe();
  if (!a.message.empty()) j["message"] = a.message;
  return j;
}

json to_json(const ExplainAnswer& a) {
  const Geometry& g = a.puzzle.geometry();
  json steps = json::array();
  for (const Step& step : a.path.steps) steps.push_back(step_json(step, g));
  json j = {{"status", status_name(a.status)},
            {"size", g.describe()},
            {"steps", std::move(steps)},
            {"rating", rating_json(a.rating)},
            {"solution", to_line(a.solution)}};
  if (a.stuck_at) j["stuck_at"] = to_line(*a.stuck_at);
  if (!a.message.empty()) j["message"] = a.message;
  return j;
}

json to_json(const HintAnswer& a) {
  const Geometry& g = *a.geometry;
  const Hint& hint = a.hint;
  json j = {{"status", status_name(a.status)}, {"message", a.message}};
  if (!hint.wrong_cells.empty()) j["wrong_cells"] = cells_json(hint.wrong_cells, g);
  if (!hint.missing_candidates.empty()) {
    std::vector<int> cells;
    for (const CellDigit& m : hint.missing_candidates) cells.push_back(m.cell);
    j["missing_candidates"] = cells_json(cells, g);
  }
  if (stopped(a.status)) j["floor"] = tenths(hint.floor);
  if (a.status == Status::step && hint.step) {
    const Step& step = *hint.step;
    switch (a.level) {
      case HintLevel::vague: {
        json houses = json::array();
        if (!step.houses.empty()) houses.push_back(g.house_name(step.houses[0]));
        j["step"] = {
            {"technique", step_title(step)}, {"rating", tenths(step.rating)}, {"area", houses}};
        break;
      }
      case HintLevel::concrete:
        j["step"] = step_json(step, g);
        j["vague"] = render_vague(step, g);
        break;
      case HintLevel::placement:
        if (hint.placement) j["placement"] = cell_digit_json(*hint.placement, g);
        break;
    }
  }
  if (a.cell >= 0 && hint.solution) {
    j["answer"] = {{"row", g.row_of(a.cell) + 1},
                   {"col", g.col_of(a.cell) + 1},
                   {"index", a.cell},
                   {"cell", g.cell_name(a.cell)},
                   {"digit", (*hint.solution)[a.cell]}};
  }
  return j;
}

json to_json(const GenerateAnswer& a) {
  json j = {{"status", status_name(a.status)},
            {"size", a.geometry->describe()},
            {"symmetry", to_string(a.symmetry)},
            {"seed", a.seed},
            {"index", a.index + 1},
            {"attempts", a.attempts}};
  if (a.puzzle) {
    j["puzzle"] = to_line(a.puzzle->puzzle);
    j["solution"] = to_line(a.puzzle->solution);
    j["clues"] = a.puzzle->clues;
    j["minimal"] = a.puzzle->minimal;
  }
  if (a.variant_kind) j["variant"] = info(*a.variant_kind).id;
  if (a.variant) {
    j["fpuzzles"] = to_fpuzzles(*a.variant);
    j["url"] = fpuzzles_link(*a.variant);
  }
  if (a.rating) j["rating"] = rating_json(*a.rating);
  if (a.status == Status::closest && a.level) j["requested_level"] = level_name(*a.level);
  if (!a.message.empty()) j["message"] = a.message;
  return j;
}

json to_json(const TransformAnswer& a) {
  std::string ops;
  for (const TransformOp& op : a.ops) ops += (ops.empty() ? "" : ",") + to_string(op);
  json j = {{"puzzle", to_line(a.puzzle)}, {"size", a.puzzle.geometry().describe()}, {"ops", ops}};
  if (a.seed) j["seed"] = *a.seed;
  return j;
}

json to_json(const ConvertAnswer& a) {
  // The JSON forms as JSON; a link and other programs' text forms as text.
  const bool json_form = a.to == Form::fpuzzles || a.to == Form::nonet || a.to == Form::ipuz;
  return {{"to", form_name(a.to)}, {"puzzle", json_form ? json::parse(a.text) : json(a.text)}};
}

json to_json(const CanonAnswer& a) {
  return {{"canonical", to_line(a.canonical)},
          {"clues", a.clues},
          {"size", a.canonical.geometry().describe()}};
}

}  // namespace nonet::ops
