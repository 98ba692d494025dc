#include "server/api.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "common/json_shapes.h"
#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/grid.h"
#include "nonet/logic.h"
#include "nonet/transform.h"
#include "nonet/validate.h"

namespace nonet::server {
namespace {

using nlohmann::json;

// Deeper nesting than any request needs is refused before parsing, so no body
// can make the parser or the printer recurse without bound.
constexpr int kMaxJsonDepth = 32;

const char* type_name(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::discarded:
      return "nothing";
    default:
      return "a number";
  }
}

// The parser's message quotes the bytes it last read, which may be any bytes at
// all: those outside printable ASCII are written as \xHH so the answer stays
// valid UTF-8 and readable.
std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      out += buf;
    }
  }
  return out;
}

// `text` with every byte that is not part of a well-formed UTF-8 sequence
// written \xNN, so that a message quoting user input always prints as JSON.
std::string valid_utf8(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = b(0);
    std::size_t len = c < 0x80                 ? 1
                      : c >= 0xC2 && c <= 0xDF ? 2
                      : c >= 0xE0 && c <= 0xEF ? 3
                      : c >= 0xF0 && c <= 0xF4 ? 4
                                               : 0;
    bool ok = len > 0 && i + len <= text.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (b(k) & 0xC0) == 0x80;
    // No overlong forms, surrogates or code points above U+10FFFF.
    if (ok && len == 3) ok = !(c == 0xE0 && b(1) < 0xA0) && !(c == 0xED && b(1) > 0x9F);
    if (ok && len == 4) ok = !(c == 0xF0 && b(1) < 0x90) && !(c == 0xF4 && b(1) > 0x8F);
    if (ok) {
      out.append(text.substr(i, len));
      i += len;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
      ++i;
    }
  }
  return out;
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
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
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
      const bool row = item.is_array() && std::all_of(item.begin(), item.end(),
                                                      [](const json& v) { return v.is_number(); });
      if (!item.is_number() && !row) {
        error = error_reply(400, "wrong_type",
                            std::string("\"puzzle\" as an array must hold numbers or rows of "
                                        "numbers, not ") +
                                type_name(item));
        return std::nullopt;
      }
    }
    text = it->dump();
  } else {
    error = error_reply(
        400, "wrong_type",
        std::string("\"puzzle\" must be a string or an array of numbers, not ") + type_name(*it));
    return std::nullopt;
  }
  if (text.size() > static_cast<std::size_t>(context.limits.max_puzzle_chars)) {
    error = error_reply(422, "bad_puzzle",
                        "\"puzzle\" has " + std::to_string(text.size()) +
                            " characters; the most accepted is " +
                            std::to_string(context.limits.max_puzzle_chars));
    return std::nullopt;
  }
  ParseOptions options;
  if (const auto box = request.find("box"); box != request.end() && !box->is_null()) {
    const Result<const Geometry*> shaped =
        box->is_string() ? Geometry::from_shape(box->get<std::string>())
                         : Result<const Geometry*>(Error{0, 0, "it is not a string"});
    if (!shaped) {
      error = error_reply(400, "bad_value",
                          "\"box\" must be a box shape like \"3x2\" (rows x columns, side up to " +
                              std::to_string(kMaxSide) + "): " + shaped.error().message);
      return std::nullopt;
    }
    options.box_rows = (*shaped)->box_rows();
    options.box_cols = (*shaped)->box_cols();
  }
  ParsedPuzzle parsed = parse_puzzle(text, options);
  if (!parsed.ok()) {
    error = error_reply(422, "bad_puzzle", "puzzle: " + parsed.error().to_string(),
                        parsed.error().line, parsed.error().column);
    return std::nullopt;
  }
  return std::move(*parsed);
}

// An optional integer field in [low, high]; `value` keeps its default when absent.
bool read_int(const json& request, const char* name, std::int64_t low, std::int64_t high,
              std::int64_t& value, ApiReply& error) {
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return true;
  // Unsigned numbers above the largest int64 would wrap in get<int64_t>.
  const bool whole = it->is_number_integer() &&
                     !(it->is_number_unsigned() &&
                       it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX));
  if (whole && it->get<std::int64_t>() >= low && it->get<std::int64_t>() <= high) {
    value = it->get<std::int64_t>();
    return true;
  }
  // A number is named as it was sent (1e+30, 2.5, -3); anything else by its type.
  error = error_reply(400, it->is_number() ? "bad_value" : "wrong_type",
                      std::string("\"") + name + "\" must be a whole number from " +
                          std::to_string(low) + " to " + std::to_string(high) + ", not " +
                          (it->is_number() ? it->dump() : std::string(type_name(*it))));
  return false;
}

// The optional "seed", a whole number from 0 to 2^64 - 1; `seed` keeps its
// default when absent.
bool read_seed(const json& request, std::uint64_t& seed, ApiReply& error) {
  const auto it = request.find("seed");
  if (it == request.end() || it->is_null()) return true;
  if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0)) {
    error = error_reply(400, "wrong_type",
                        "\"seed\" must be a whole number from 0 to 18446744073709551615");
    return false;
  }
  seed = it->get<std::uint64_t>();
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

// Solve and count search in triage, on the thread that read the request, for
// boards up to this side and limits up to kInlineLimit: that is microseconds
// for nearly every puzzle, and the triage Deadline bounds the rest, which go
// to a worker when it ends.
constexpr int kInlineSide = 9;
constexpr std::int64_t kInlineLimit = 1000;

ApiReply search(const json& request, const ApiContext& context, bool counting) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  std::int64_t limit = counting ? 1000 : 2;
  if (counting && !read_int(request, "limit", 1,
                            static_cast<std::int64_t>(context.limits.max_count), limit, error))
    return error;
  const Validation v = validate(*grid);
  if (v.state == GridState::invalid) return invalid_reply(*grid, v);
  std::unique_ptr<Solver> solver = make_solver(grid->geometry());
  if (!solver) {
    return error_reply(422, "unsupported",
                       "no solver handles " + grid->geometry().describe() + " puzzles");
  }
  if (context.triage && (grid->geometry().side() > kInlineSide || limit > kInlineLimit))
    return deferred_reply();
  SolveOptions options;
  options.limit = static_cast<std::uint64_t>(limit);
  options.deadline = context.deadline;
  options.cancel = context.cancel;
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

// {"size": "9x9", "candidates": [[1, 2], [], ...], "singles": [{"cell": "r1c3", "index": 2,
// "digit": 4}]} One list per cell in reading order; a filled cell's list is empty.
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
  return {200,
          {{"size", g.describe()},
           {"candidates", std::move(candidates)},
           {"singles", std::move(singles)}}};
}

// The request's budget and cancel flag, for the logic.
LogicOptions logic_options(const ApiContext& context, Profile profile) {
  LogicOptions options;
  options.profile = profile;
  options.deadline = context.deadline;
  options.cancel = context.cancel;
  return options;
}

// What a search stopped by the budget knows: the least rating of the step it
// was looking for.
std::string stopped_message(const ApiContext& context, int floor) {
  return "the time budget of " + std::to_string(context.limits.budget.count()) +
         " ms ran out before the search ended; the next step rates at least " +
         format_rating(floor, true);
}

// No Retry-After: the same request would most likely run out again.
ApiReply timeout_reply(const ApiContext& context) {
  return error_reply(503, "timeout",
                     "the time budget of " + std::to_string(context.limits.budget.count()) +
                         " ms ran out before the puzzle was solved");
}

// A logic request's cache key: the request with its position written as one
// line and its box shape named, so that the same position sent in any text
// form finds the same answer.
std::string logic_cache_key(const json& request, const Grid& position) {
  const Geometry& g = position.geometry();
  json key = request;
  key["puzzle"] = to_line(position);
  key["box"] = std::to_string(g.box_rows()) + "x" + std::to_string(g.box_cols());
  return key.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool read_profile(const json& request, Profile& profile, ApiReply& error) {
  const auto it = request.find("profile");
  if (it == request.end() || it->is_null()) return true;
  const std::optional<Profile> p =
      it->is_string() ? profile_from_name(it->get<std::string>()) : std::nullopt;
  if (!p) {
    error = error_reply(400, "bad_value", "\"profile\" must be \"se\" or \"modern\"");
    return false;
  }
  profile = *p;
  return true;
}

// The unique solution of `grid` within the deadline, or an answer saying why not.
std::optional<Grid> unique_solution(const Grid& grid, const ApiContext& context, ApiReply& error) {
  const Validation v = validate(grid);
  if (v.state == GridState::invalid) {
    error = error_reply(422, "conflicting_givens",
                        "the puzzle breaks the rules: " + app::conflicts_text(v, grid.geometry()));
    return std::nullopt;
  }
  SolveOptions options;
  options.deadline = context.deadline;
  options.cancel = context.cancel;
  const SolveResult r = make_solver(grid.geometry())->solve(grid, options);
  switch (r.outcome()) {
    case Outcome::solved:
      return r.solution;
    case Outcome::no_solution:
      error = error_reply(422, "no_solution", "the puzzle has no solution");
      return std::nullopt;
    case Outcome::multiple:
    case Outcome::limit:
      error = error_reply(422, "not_unique",
                          "the puzzle has several solutions; this needs exactly one");
      return std::nullopt;
    case Outcome::timeout:
      break;
  }
  error = timeout_reply(context);
  return std::nullopt;
}

// The player's candidates: a string in a form parse_candidates reads, or an array
// of one entry per cell, each an array of digits or a string of symbols.
bool read_candidates(const json& request, const Geometry& g, std::vector<Mask>& out,
                     ApiReply& error) {
  const auto it = request.find("candidates");
  if (it == request.end() || it->is_null()) return true;
  if (it->is_string()) {
    Result<std::vector<Mask>> parsed = parse_candidates(it->get<std::string>(), g);
    if (!parsed) {
      const Error& pe = parsed.error();
      error =
          error_reply(422, "bad_candidates", "candidates: " + pe.to_string(), pe.line, pe.column);
      return false;
    }
    out = std::move(*parsed);
    return true;
  }
  if (!it->is_array() || static_cast<int>(it->size()) != g.cell_count()) {
    error = error_reply(400, "wrong_type",
                        "\"candidates\" must be a string or an array of " +
                            std::to_string(g.cell_count()) + " entries (one per cell), not " +
                            (it->is_array() ? "an array of " + std::to_string(it->size())
                                            : std::string(type_name(*it))));
    return false;
  }
  out.assign(static_cast<std::size_t>(g.cell_count()), 0);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const json& entry = (*it)[static_cast<std::size_t>(cell)];
    auto bad = [&](const std::string& why) {
      error = error_reply(
          400, "bad_candidates",
          "candidates of " + g.cell_name(cell) + " (entry " + std::to_string(cell) + "): " + why);
      return false;
    };
    Mask mask = 0;
    if (entry.is_array()) {
      for (const json& d : entry) {
        if (!d.is_number_integer() || d.get<std::int64_t>() < 1 || d.get<std::int64_t>() > g.side())
          return bad("each digit must be a whole number from 1 to " + std::to_string(g.side()));
        mask |= Mask{1} << (d.get<int>() - 1);
      }
    } else if (entry.is_string()) {
      for (const char c : entry.get<std::string>()) {
        const int d = Geometry::digit_of_symbol(c);
        if (d < 1 || d > g.side()) return bad(std::string("unexpected symbol '") + c + "'");
        mask |= Mask{1} << (d - 1);
      }
    } else {
      return bad(std::string("expected an array of digits or a string, not ") + type_name(entry));
    }
    out[static_cast<std::size_t>(cell)] = mask;
  }
  return true;
}

// A cell named by index (0-based) or as "r3c5".
bool read_cell(const json& request, const Geometry& g, int& cell, ApiReply& error) {
  const auto it = request.find("cell");
  if (it == request.end() || it->is_null()) return true;
  if (it->is_number_integer() && it->get<std::int64_t>() >= 0 &&
      it->get<std::int64_t>() < g.cell_count()) {
    cell = it->get<int>();
    return true;
  }
  if (it->is_string()) {
    if (const int named = g.cell_from_name(it->get<std::string>()); named >= 0) {
      cell = named;
      return true;
    }
  }
  error = error_reply(400, "bad_value",
                      "\"cell\" must be a cell index from 0 to " +
                          std::to_string(g.cell_count() - 1) + " or a name like \"r3c5\"");
  return false;
}

json cell_digit_json(int cell, int digit, const Geometry& g) {
  return {{"row", g.row_of(cell) + 1},
          {"col", g.col_of(cell) + 1},
          {"index", cell},
          {"cell", g.cell_name(cell)},
          {"digit", digit}};
}

// {"puzzle": position, "givens"?: original puzzle, "candidates"?: the player's
//  marks, "cell"?: where the player wants the answer, "level"?: vague | concrete |
//  placement, "profile"?: se | modern}
ApiReply route_hint(const json& request, const ApiContext& context) {
  ApiReply error;
  std::optional<Grid> position = read_puzzle(request, context, error);
  if (!position) return error;
  const Geometry& g = position->geometry();
  std::optional<Grid> givens;
  if (const auto it = request.find("givens"); it != request.end() && !it->is_null()) {
    json sub = {{"puzzle", *it}};
    if (const auto box = request.find("box"); box != request.end()) sub["box"] = *box;
    givens = read_puzzle(sub, context, error);
    if (!givens) {
      error.body["error"]["message"] =
          "givens: " + error.body["error"]["message"].get<std::string>();
      return error;
    }
    if (&givens->geometry() != &g)
      return error_reply(422, "bad_puzzle", "the givens and the puzzle differ in size");
  }
  std::vector<Mask> candidates;
  int cell = -1;
  Profile profile = Profile::se;
  HintLevel level = HintLevel::concrete;
  if (!read_candidates(request, g, candidates, error) || !read_cell(request, g, cell, error) ||
      !read_profile(request, profile, error))
    return error;
  if (const auto it = request.find("level"); it != request.end() && !it->is_null()) {
    const auto l = it->is_string() ? hint_level_from_name(it->get<std::string>()) : std::nullopt;
    if (!l)
      return error_reply(400, "bad_value",
                         "\"level\" must be \"vague\", \"concrete\" or \"placement\"");
    level = *l;
  }
  if (context.triage) return deferred_reply(logic_cache_key(request, *position));
  HintOptions options;
  options.logic = logic_options(context, profile);
  options.candidates = candidates;
  options.givens = givens ? &*givens : nullptr;
  const Hint hint = find_hint(*position, options);
  // Stopped before the solution was known: nothing to say yet.
  if (hint.status == HintStatus::stopped && !hint.solution) return timeout_reply(context);
  json body = app::hint_json(hint, level, g);
  if (hint.status == HintStatus::stopped) {
    body["message"] = stopped_message(context, hint.floor);
    body["floor"] = hint.floor / 10.0;
  }
  if (hint.step && level == HintLevel::concrete) body["vague"] = render_vague(*hint.step, g);
  if (cell >= 0 && hint.solution) body["answer"] = cell_digit_json(cell, (*hint.solution)[cell], g);
  return {200, std::move(body)};
}

// {"puzzle", "candidates"?, "profile"?} -> every step to the end, and the rating.
ApiReply route_explain(const json& request, const ApiContext& context) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  const Geometry& g = grid->geometry();
  std::vector<Mask> candidates;
  Profile profile = Profile::se;
  if (!read_candidates(request, g, candidates, error) || !read_profile(request, profile, error))
    return error;
  if (context.triage) return deferred_reply(logic_cache_key(request, *grid));
  std::optional<Grid> solution = unique_solution(*grid, context, error);
  if (!solution) return error;
  const LogicState start = candidates.empty() ? LogicState(*grid) : LogicState(*grid, candidates);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if ((*grid)[cell] == 0 && !(start.candidates(cell) >> ((*solution)[cell] - 1) & 1u))
      return error_reply(422, "bad_candidates",
                         "the candidates of " + g.cell_name(cell) + " lack its solution digit");
  }
  const auto begin = std::chrono::steady_clock::now();
  const LogicPath path = solve_path(start, logic_options(context, profile));
  json steps = json::array();
  for (const Step& step : path.steps) steps.push_back(app::step_json(step, g));
  json body = {{"status", path.solved    ? "solved"
                          : path.stopped ? "stopped"
                                         : "stuck"},
               {"size", g.describe()},
               {"steps", std::move(steps)},
               {"rating", app::rating_json(rate_path(path))},
               {"solution", to_line(*solution)},
               {"elapsed_ms", elapsed_ms(begin)}};
  if (path.stopped) {
    body["message"] = stopped_message(context, path.floor) + " (after step " +
                      std::to_string(path.steps.size()) + ")";
  } else if (!path.solved) {
    body["message"] = "no technique of this profile applies after step " +
                      std::to_string(path.steps.size()) + "; the rest needs chains";
  }
  return {200, std::move(body)};
}

// {"puzzle", "profile"?} -> {"er", "ep", "ed", "level", ...}
ApiReply route_rate(const json& request, const ApiContext& context) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  const Geometry& g = grid->geometry();
  Profile profile = Profile::se;
  if (!read_profile(request, profile, error)) return error;
  if (context.triage) return deferred_reply(logic_cache_key(request, *grid));
  if (!unique_solution(*grid, context, error)) return error;
  const auto begin = std::chrono::steady_clock::now();
  const LogicPath path = solve_path(LogicState(*grid), logic_options(context, profile));
  const Rating rating = rate_path(path);
  json body = app::rating_json(rating);
  body["status"] = rating.stopped ? "stopped" : "rated";
  if (rating.stopped) {
    body["message"] =
        stopped_message(context, path.floor) + "; each figure with _min is a lower bound";
  }
  body["size"] = g.describe();
  body["elapsed_ms"] = elapsed_ms(begin);
  return {200, std::move(body)};
}

// {"level"?: easy | medium | hard | expert | extreme, "size"?: 4 ... 25 or
//  "box"?: "RxC", "symmetry"?: rot180 | ..., "seed"?: n, "minimal"?: bool}
// Every puzzle comes with its own rating. A level the board cannot have is
// refused at once; when the budget runs out first, the closest rated puzzle is
// offered, described by its own rating.
ApiReply route_generate(const json& request, const ApiContext& context) {
  ApiReply error;
  const std::int64_t max_side = context.limits.max_generate_side;
  std::int64_t side = 9;
  if (!read_int(request, "size", 4, max_side, side, error)) return error;
  const bool sized = request.contains("size") && !request["size"].is_null();
  const Geometry* g = Geometry::for_side(static_cast<int>(side));
  if (const auto box = request.find("box"); box != request.end() && !box->is_null()) {
    if (!box->is_string())
      return error_reply(
          400, "wrong_type",
          std::string("\"box\" must be a string like \"3x2\", not ") + type_name(*box));
    const std::string text = box->get<std::string>();
    const Result<const Geometry*> parsed_shape = Geometry::from_shape(text);
    const Geometry* shaped = parsed_shape ? *parsed_shape : nullptr;
    if (!shaped || shaped->side() > max_side || shaped->side() < 4)
      return error_reply(400, "bad_value",
                         "\"box\" must be a box shape like \"3x2\" for a side from 4 to " +
                             std::to_string(max_side));
    if (shaped->box_rows() < 2 || shaped->box_cols() < 2)
      return error_reply(400, "bad_value",
                         "\"box\" " + text +
                             " has boxes one cell wide, which make no sudoku; boxes need at least "
                             "2 rows and 2 columns");
    if (sized && shaped->side() != side)
      return error_reply(400, "bad_value",
                         "\"size\" " + std::to_string(side) + " and \"box\" " + text +
                             " disagree: " + text + " boxes make a " + shaped->describe() +
                             " board; give one of them");
    g = shaped;
  }
  if (!g || g->box_rows() < 2)
    return error_reply(
        400, "bad_value",
        "no board of side " + std::to_string(side) + " has boxes; try 4, 6, 8, 9, 12, 16 or 25");
  std::optional<Level> level;
  if (const auto it = request.find("level"); it != request.end() && !it->is_null()) {
    const std::string name = it->is_string() ? it->get<std::string>() : std::string();
    for (int l = 0; l <= static_cast<int>(Level::extreme); ++l)
      if (level_name(static_cast<Level>(l)) == name) level = static_cast<Level>(l);
    if (!level)
      return error_reply(400, "bad_value",
                         "\"level\" must be easy, medium, hard, expert or extreme");
    if (!level_exists(*g, *level))
      return error_reply(422, "bad_value",
                         "no " + g->describe() + " puzzle is " + name + "; the levels on " +
                             g->describe() + " are: " + levels_text(*g));
  }
  Symmetry symmetry = g->side() <= 9 ? Symmetry::rot180 : Symmetry::none;
  if (const auto it = request.find("symmetry"); it != request.end() && !it->is_null()) {
    const auto s = it->is_string() ? symmetry_from_string(it->get<std::string>()) : std::nullopt;
    if (!s)
      return error_reply(400, "bad_value",
                         "\"symmetry\" must be none, rot180, rot90, mirror, flip, diagonal or "
                         "antidiagonal");
    symmetry = *s;
  }
  std::uint64_t seed = context.seed;
  if (!read_seed(request, seed, error)) return error;
  GenerateOptions options;
  options.symmetry = symmetry;
  options.deadline = context.deadline;  // bounds every rating too
  options.rate = true;
  if (level) options.band = level_band(*level);
  if (const auto it = request.find("minimal"); it != request.end() && !it->is_null()) {
    if (!it->is_boolean())
      return error_reply(400, "wrong_type",
                         std::string("\"minimal\" must be true or false, not ") + type_name(*it));
    if (!level)
      return error_reply(400, "bad_value",
                         "\"minimal\" applies with a \"level\": without one every puzzle is "
                         "minimal");
    options.method = it->get<bool>() ? Method::minimal : Method::dug;
  }
  Rng rng(seed);
  if (context.triage) return deferred_reply();
  options.cancel = context.cancel;
  Generator generator(*g);
  const auto begin = std::chrono::steady_clock::now();
  GenerateResult result = generator.generate(rng, options);
  const std::string budget = std::to_string(context.limits.budget.count()) + " ms";
  // "16x16 puzzle of level hard"
  const std::string wanted =
      g->describe() + " puzzle" + (level ? " of level " + std::string(level_name(*level)) : "");
  std::optional<Generated> made;
  std::optional<Rating> rating;
  json body;
  if (result.status == GenerateStatus::ok && result.rating) {
    made = std::move(result.puzzle);
    rating = result.rating;
    body["status"] = "ok";
  } else if (result.status != GenerateStatus::ok && result.closest && result.closest_rating) {
    made = std::move(result.closest);
    rating = result.closest_rating;
    body["status"] = "closest";
    body["requested_level"] = level_name(*level);
    body["message"] = "no " + wanted + " turned up within the time budget of " + budget +
                      "; this is the closest found: " + std::string(level_name(rating->level)) +
                      ", ER " + format_rating(rating->er, true);
  } else {
    ApiReply r = timeout_reply(context);
    // Without a level the puzzle is minimal, and rated in full: on large
    // boards, slower than digging to a level.
    const std::string quicker = level ? ""
                                      : "; naming a level is quicker (the levels on " +
                                            g->describe() + " are: " + levels_text(*g) + ")";
    r.body["error"]["message"] =
        (result.status == GenerateStatus::ok
             ? "the time budget of " + budget + " ran out while the " + g->describe() +
                   " puzzle was being rated"
             : "the time budget of " + budget + " ran out before any " + wanted + " was made") +
        quicker;
    return r;
  }
  body["puzzle"] = to_line(made->puzzle);
  body["solution"] = to_line(made->solution);
  body["clues"] = made->puzzle.filled_count();
  body["minimal"] = made->minimal;
  body["size"] = g->describe();
  body["symmetry"] = to_string(symmetry);
  body["seed"] = seed;
  body["attempts"] = result.attempts;
  body["rating"] = app::rating_json(*rating);
  body["elapsed_ms"] = elapsed_ms(begin);
  return {200, std::move(body)};
}

std::string ops_text(const std::vector<TransformOp>& ops) {
  std::string s;
  for (const TransformOp& op : ops) s += (s.empty() ? "" : ",") + to_string(op);
  return s;
}

// {"puzzle", "ops"?: "transpose,relabel:912345678,...", "canonical"?: true,
//  "seed"?: n} -> {"puzzle", "size", "ops"}. Without "ops" or "canonical" the
// transformation is drawn at random (from "seed" when given).
ApiReply route_transform(const json& request, const ApiContext& context) {
  ApiReply error;
  std::optional<Grid> grid = read_puzzle(request, context, error);
  if (!grid) return error;
  const Geometry& g = grid->geometry();
  const auto canonical = request.find("canonical");
  if (canonical != request.end() && !canonical->is_null() && !canonical->is_boolean())
    return error_reply(400, "wrong_type", "\"canonical\" must be true or false");
  if (canonical != request.end() && canonical->is_boolean() && canonical->get<bool>()) {
    if (!Canonicalizer::supports(g))
      return error_reply(
          422, "unsupported",
          "the canonical form is offered for 4x4, 6x6, 8x8 and 9x9, not " + g.describe());
    Canonicalizer canon(g);
    const std::optional<Grid> out = canon.canonical(*grid);
    if (!out) return error_reply(422, "unsupported", "no canonical form for " + g.describe());
    return {200,
            {{"puzzle", to_line(*out)}, {"size", out->geometry().describe()}, {"canonical", true}}};
  }
  std::vector<TransformOp> ops;
  json body;
  if (const auto it = request.find("ops"); it != request.end() && !it->is_null()) {
    if (!it->is_string())
      return error_reply(
          400, "wrong_type",
          std::string("\"ops\" must be a string like \"transpose,rows:1:213\", not ") +
              type_name(*it));
    Result<std::vector<TransformOp>> parsed = parse_transform_ops(it->get<std::string>());
    if (!parsed) return error_reply(400, "bad_value", "ops: " + parsed.error().message);
    ops = std::move(*parsed);
  } else {
    std::uint64_t seed = context.seed;
    if (!read_seed(request, seed, error)) return error;
    Rng rng(seed);
    ops = random_transform_ops(g, rng);
    body["seed"] = seed;
  }
  Transform transform(g);
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (const Result<void> fits = transform.then(ops[i]); !fits)
      return error_reply(422, "bad_value",
                         "ops: operation " + std::to_string(i + 1) + " ('" + to_string(ops[i]) +
                             "'): " + fits.error().message);
  }
  const Grid out = transform.apply(*grid);
  body["puzzle"] = to_line(out);
  body["size"] = out.geometry().describe();
  body["ops"] = ops_text(ops);
  return {200, std::move(body)};
}

constexpr Route kRoutes[] = {
    {"/api/solve", Weight::heavy, "solve a puzzle: its solution and status", route_solve,
     "puzzle box"},
    {"/api/validate", Weight::light, "check a grid against the rules: every conflict",
     route_validate, "puzzle box"},
    {"/api/count", Weight::heavy, "count solutions up to \"limit\"", route_count,
     "puzzle box limit"},
    {"/api/candidates", Weight::light, "the candidates of every empty cell and the naked singles",
     route_candidates, "puzzle box"},
    {"/api/hint", Weight::heavy, "the next logical step, explained", route_hint,
     "puzzle box givens candidates cell profile level"},
    {"/api/explain", Weight::heavy, "every logical step from the puzzle to its solution",
     route_explain, "puzzle box candidates profile"},
    {"/api/rate", Weight::heavy, "the puzzle's difficulty rating", route_rate,
     "puzzle box profile"},
    {"/api/generate", Weight::heavy, "a new puzzle of a chosen difficulty", route_generate,
     "level size box symmetry seed minimal"},
    {"/api/transform", Weight::light, "an equivalent puzzle: rotated, mirrored, relabelled",
     route_transform, "puzzle box ops canonical seed"},
};

// The route's space-separated `fields`, one by one.
std::vector<std::string_view> field_names(const Route& route) {
  std::vector<std::string_view> names;
  for (std::string_view rest = route.fields; !rest.empty();) {
    const std::size_t space = rest.find(' ');
    names.push_back(rest.substr(0, space));
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
  }
  return names;
}

}  // namespace

json routes_json() {
  json routes = json::array();
  for (const Route& r : kRoutes) {
    json fields = json::array();
    for (const std::string_view name : field_names(r)) fields.push_back(name);
    routes.push_back(
        {{"path", r.path}, {"method", "POST"}, {"summary", r.summary}, {"fields", fields}});
  }
  routes.push_back({{"path", "/api/levels"},
                    {"method", "GET"},
                    {"summary", "the levels /api/generate offers for each board size"}});
  return routes;
}

json levels_json() {
  json sizes = json::array();
  for (const int side : {4, 6, 8, 9, 12, 16, 25}) {
    const Geometry& g = *Geometry::for_side(side);
    json names = json::array();
    for (const Level l : levels_for(g)) names.push_back(level_name(l));
    sizes.push_back({{"size", side},
                     {"box", std::to_string(g.box_rows()) + "x" + std::to_string(g.box_cols())},
                     {"levels", std::move(names)}});
  }
  return {{"sizes", std::move(sizes)}};
}

std::span<const Route> api_routes() { return kRoutes; }

const Route* find_route(std::string_view path) {
  for (const Route& r : kRoutes)
    if (r.path == path) return &r;
  return nullptr;
}

ApiReply deferred_reply(std::string cache_key) {
  ApiReply r;
  r.status = 0;
  r.deferred = true;
  r.cache_key = std::move(cache_key);
  return r;
}

ApiReply error_reply(int status, std::string_view code, std::string message, int line, int column) {
  json error = {{"code", code}, {"message", valid_utf8(message)}};
  if (line > 0) {
    error["position"] = {{"line", line}};
    if (column > 0) error["position"]["column"] = column;
  }
  return {status, {{"error", std::move(error)}}};
}

ApiReply handle_api(const Route& route, std::string_view body, const ApiContext& context) {
  if (const std::size_t at = too_deep_at(body); at != std::string_view::npos) {
    const auto [line, column] = line_column(body, at);
    return error_reply(
        400, "malformed_json",
        "request body nests deeper than " + std::to_string(kMaxJsonDepth) + " levels", line,
        column);
  }
  json request;
  try {
    request = json::parse(body);
  } catch (const json::parse_error& e) {
    // nlohmann's byte is 1-based and points just past the offending character.
    const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
    const auto [line, column] = line_column(body, at);
    std::string what = e.what();
    if (const std::size_t colon = what.rfind(": "); colon != std::string::npos)
      what = what.substr(colon + 2);
    what = printable(what);
    return error_reply(400, "malformed_json",
                       "request body is not valid JSON: line " + std::to_string(line) +
                           ", column " + std::to_string(column) + ": " + what,
                       line, column);
  } catch (const json::exception& e) {
    // Well-formed text nlohmann still refuses, such as a number too large for a double.
    std::string what = e.what();
    if (const std::size_t colon = what.rfind("] "); colon != std::string::npos)
      what = what.substr(colon + 2);
    return error_reply(400, "malformed_json",
                       "request body is not usable JSON: " + printable(what));
  }
  if (!request.is_object()) {
    return error_reply(400, "wrong_type",
                       std::string("the request body must be a JSON object like {\"puzzle\": "
                                   "\"...\"}, not ") +
                           type_name(request));
  }
  const std::vector<std::string_view> fields = field_names(route);
  for (const auto& [key, value] : request.items()) {
    if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
      std::string takes;
      for (const std::string_view name : fields)
        takes += (takes.empty() ? "" : ", ") + std::string(name);
      return error_reply(400, "unknown_field",
                         "unknown field \"" + printable(key.substr(0, 40)) + "\"; " +
                             std::string(route.path) + " takes " + takes);
    }
  }
  return route.handle(request, context);
}

}  // namespace nonet::server
