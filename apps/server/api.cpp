#include "server/api.h"

#include <algorithm>
#include <cstdio>

#include "common/json_shapes.h"
#include "nonet/format.h"
#include "nonet/grid.h"
#include "nonet/validate.h"

namespace nonet::server {
namespace {

using nlohmann::json;

// Deeper nesting than any request needs is refused before parsing, so no body
// can make the parser or the printer recurse without bound.
constexpr int kMaxJsonDepth = 32;

const char* type_name(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

// 1-based line and column of byte offset `offset` in `text`.
std::pair<int, int> line_column(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  int line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

// The offset where nesting first exceeds kMaxJsonDepth, or npos. Brackets inside
// strings do not count.
std::size_t too_deep_at(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string_view::npos;
}

// Reads the request's "puzzle" (and optional "box") into a grid, or sets `error`.
std::optional<Grid> read_puzzle(const json& request, const ApiContext& context, ApiReply& error) {
  const auto it = request.find("puzzle");
  if (it == request.end()) {
    error = error_reply(400, "missing_field",
                        "the request needs a \"puzzle\" field: the puzzle as text (81 "
                        "characters, '.' for blanks) or as an array of numbers");
    return std::nullopt;
  }
  std::string text;
  if (it->is_string()) {
    text = it->get<std::string>();
  } else if (it->is_array()) {
    // A JSON array of numbers or of rows of numbers: the parser reads its text.
    for (const json& item : *it) {
      const bool row = item.is_array() &&
                       std::all_of(item.begin(), item.end(), [](const json& v) { return v.is_number(); });
      if (!item.is_number() && !row) {
        error = error_reply(400, "wrong_type",
                            std::string("\"puzzle\" as an array must hold numbers or rows of "
                                        "numbers, not ") + type_name(item));
        return std::nullopt;
      }
    }
    text = it->dump();
  } else {
    error = error_reply(400, "wrong_type",
                        std::string("\"puzzle\" must be a string or an array of numbers, not ") +
                            type_name(*it));
    return std::nullopt;
  }
  if (text.size() > static_cast<std::size_t>(context.limits.max_puzzle_chars)) {
    error = error_reply(413, "too_large",
                        "\"puzzle\" has " + std::to_string(text.size()) +
                            " characters; the most accepted is " +
                            std::to_string(context.limits.max_puzzle_chars));
    return std::nullopt;
  }
  ParseOptions options;
  if (const auto box = request.find("box"); box != request.end() && !box->is_null()) {
    int rows = 0, cols = 0;
    char x = 0, extra = 0;
    const std::string s = box->is_string() ? box->get<std::string>() : std::string();
    if (!box->is_string() ||
        std::sscanf(s.c_str(), "%d%c%d%c", &rows, &x, &cols, &extra) != 3 || (x != 'x' && x != 'X') ||
        !Geometry::get(rows, cols)) {
      error = error_reply(400, "bad_value",
                          "\"box\" must be a box shape like \"3x2\" (rows x columns, side up to " +
                              std::to_string(kMaxSide) + ")");
      return std::nullopt;
    }
    options.box_rows = rows;
    options.box_cols = cols;
  }
  ParsedPuzzle parsed = parse_puzzle(text, options);
  if (!parsed.ok()) {
    error = error_reply(422, "bad_puzzle", "puzzle: " + parsed.error.to_string(),
                        parsed.error.line, parsed.error.column);
    return std::nullopt;
  }
  return std::move(parsed.grid);
}

// An optional integer field in [low, high]; `value` keeps its default when absent.
bool read_int(const json& request, const char* name, std::int64_t low, std::int64_t high,
              std::int64_t& value, ApiReply& error) {
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return true;
  if (!it->is_number_integer() || it->get<std::int64_t>() < low || it->get<std::int64_t>() > high) {
    error = error_reply(400, it->is_number_integer() ? "bad_value" : "wrong_type",
                        std::string("\"") + name + "\" must be a whole number from " +
                            std::to_string(low) + " to " + std::to_string(high) + ", not " +
                            (it->is_number_integer() ? std::to_string(it->get<std::int64_t>())
                                                     : std::string(type_name(*it))));
    return false;
  }
  value = it->get<std::int64_t>();
  return true;
}

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Conflicting givens need no search: the answer names every conflict, as the CLI's does.
ApiReply invalid_reply(const Grid& grid, const Validation& v) {
  json body = {{"status", "invalid"},
               {"size", grid.geometry().describe()},
               {"message", app::conflicts_text(v, grid.geometry())},
               {"conflicts", app::validation_json(v, grid.geometry())["conflicts"]}};
  return {200, std::move(body)};
}

ApiReply search(const json& request, const ApiContext& context, bool counting) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  std::int64_t limit = counting ? 1000 : 2;
  if (counting &&
      !read_int(request, "limit", 1, static_cast<std::int64_t>(context.limits.max_count), limit, error))
    return error;
  const Validation v = validate(*grid);
  if (v.state == GridState::invalid) return invalid_reply(*grid, v);
  std::unique_ptr<Solver> solver = make_solver(grid->geometry());
  if (!solver) {
    return error_reply(422, "unsupported", "no solver handles " + grid->geometry().describe() +
                                               " puzzles");
  }
  SolveOptions options;
  options.limit = static_cast<std::uint64_t>(limit);
  options.deadline = context.deadline;
  const auto start = std::chrono::steady_clock::now();
  const SolveResult r = solver->solve(*grid, options);
  json body = app::solve_json(r);
  body["elapsed_ms"] = elapsed_ms(start);
  body["size"] = grid->geometry().describe();
  if (!counting && r.outcome() != Outcome::solved) body.erase("solution");
  if (r.outcome() == Outcome::timeout) {
    body["message"] = "the time budget of " + std::to_string(context.limits.budget.count()) +
                      " ms ran out" + (counting ? "; count is a lower bound" : "");
  }
  return {200, std::move(body)};
}

ApiReply route_solve(const json& request, const ApiContext& context) {
  return search(request, context, false);
}

ApiReply route_count(const json& request, const ApiContext& context) {
  return search(request, context, true);
}

ApiReply route_validate(const json& request, const ApiContext& context) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  json body = app::validation_json(validate(*grid), grid->geometry());
  body["puzzle"] = to_line(*grid);
  return {200, std::move(body)};
}

// {"size": "9x9", "candidates": [[1, 2], [], ...], "singles": [{"cell": "r1c3", "index": 2, "digit": 4}]}
// One list per cell in reading order; a filled cell's list is empty.
ApiReply route_candidates(const json& request, const ApiContext& context) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  const Geometry& g = grid->geometry();
  const std::vector<Mask> masks = compute_candidates(*grid);
  json candidates = json::array(), singles = json::array();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    json digits = json::array();
    if (grid->get(cell) == 0) {
      for (int d = 1; d <= g.side(); ++d)
        if (masks[cell] >> (d - 1) & 1u) digits.push_back(d);
      if (digits.size() == 1)
        singles.push_back({{"cell", g.cell_name(cell)}, {"index", cell}, {"digit", digits[0]}});
    }
    candidates.push_back(std::move(digits));
  }
  return {200, {{"size", g.describe()}, {"candidates", std::move(candidates)},
                {"singles", std::move(singles)}}};
}

ApiReply not_built(std::string_view what) {
  return error_reply(501, "not_available",
                     std::string(what) + " is not part of this build of nonet yet");
}

ApiReply route_hint(const json&, const ApiContext&) { return not_built("the logical solver (hints)"); }
ApiReply route_explain(const json&, const ApiContext&) { return not_built("the logical solver (explanations)"); }
ApiReply route_rate(const json&, const ApiContext&) { return not_built("the logical solver (ratings)"); }
ApiReply route_generate(const json&, const ApiContext&) { return not_built("the generator"); }
ApiReply route_transform(const json&, const ApiContext&) { return not_built("the generator (transformations)"); }

constexpr Route kRoutes[] = {
    {"/api/solve", Weight::heavy, "solve a puzzle: its solution and status", route_solve},
    {"/api/validate", Weight::light, "check a grid against the rules: every conflict", route_validate},
    {"/api/count", Weight::heavy, "count solutions up to \"limit\"", route_count},
    {"/api/candidates", Weight::light, "the candidates of every empty cell and the naked singles", route_candidates},
    {"/api/hint", Weight::heavy, "the next logical step, explained", route_hint},
    {"/api/explain", Weight::heavy, "every logical step from the puzzle to its solution", route_explain},
    {"/api/rate", Weight::heavy, "the puzzle's difficulty rating", route_rate},
    {"/api/generate", Weight::heavy, "a new puzzle of a chosen difficulty", route_generate},
    {"/api/transform", Weight::light, "an equivalent puzzle: rotated, mirrored, relabelled", route_transform},
};

}  // namespace

std::span<const Route> api_routes() { return kRoutes; }

const Route* find_route(std::string_view path) {
  for (const Route& r : kRoutes)
    if (r.path == path) return &r;
  return nullptr;
}

ApiReply error_reply(int status, std::string_view code, std::string message, int line, int column) {
  json error = {{"code", code}, {"message", std::move(message)}};
  if (line > 0) error["position"] = {{"line", line}, {"column", column}};
  return {status, {{"error", std::move(error)}}};
}

ApiReply handle_api(const Route& route, std::string_view body, const ApiContext& context) {
  if (const std::size_t at = too_deep_at(body); at != std::string_view::npos) {
    const auto [line, column] = line_column(body, at);
    return error_reply(400, "malformed_json",
                       "request body nests deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                       line, column);
  }
  json request;
  try {
    request = json::parse(body);
  } catch (const json::parse_error& e) {
    // nlohmann's byte is 1-based and points just past the offending character.
    const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
    const auto [line, column] = line_column(body, at);
    std::string what = e.what();
    if (const std::size_t colon = what.rfind(": "); colon != std::string::npos) what = what.substr(colon + 2);
    return error_reply(400, "malformed_json",
                       "request body is not valid JSON: line " + std::to_string(line) +
                           ", column " + std::to_string(column) + ": " + what,
                       line, column);
  }
  if (!request.is_object()) {
    return error_reply(400, "wrong_type",
                       std::string("the request body must be a JSON object like {\"puzzle\": "
                                   "\"...\"}, not ") + type_name(request));
  }
  return route.handle(request, context);
}

}  // namespace nonet::server
