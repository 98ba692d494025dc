// Reading a request: the JSON body parsed once, every field checked and turned
// into the operation's typed request, or the error reply that says what is wrong.

#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "api/call.h"
#include "nonet/format.h"
#include "ops/formats.h"
#include "ops/fpuzzles.h"
#include "ops/options.h"
#include "ops/values.h"

namespace nonet::api {
namespace {

using nlohmann::json;

// Deeper nesting than any request needs is refused before parsing, so no body
// can make the parser or the printer recurse without bound.
constexpr int kMaxJsonDepth = 32;

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

// A refusal, thrown from deep inside the readers and caught in read(): the
// fields are read straight down, each check a line.
struct Refusal {
  Reply reply;
};
[[noreturn]] void refuse(int status, std::string_view code, std::string message, int line = 0,
                         int column = 0) {
  throw Refusal{error_reply(status, code, std::move(message), line, column)};
}

// The field, or nullptr when absent or null (a null field is an absent one).
const json* field(const json& request, const char* name) {
  const auto it = request.find(name);
  return it == request.end() || it->is_null() ? nullptr : &*it;
}

std::string string_field(const json& request, const char* name, const char* like) {
  const json* it = field(request, name);
  if (!it) return {};
  if (!it->is_string())
    refuse(400, "wrong_type",
           std::string("\"") + name + "\" must be a string like " + like + ", not " + type_name(*it));
  return it->get<std::string>();
}

// A value read by one of the operations' readers (ops/values.h).
template <class T>
T value_field(const json& request, const char* name, const char* like,
              ops::Result<T> (*read)(std::string_view)) {
  const std::string text = string_field(request, name, like);
  ops::Result<T> r = read(text);
  if (!r) refuse(400, "bad_value", std::string("\"") + name + "\": " + r.error().message);
  return std::move(*r);
}

bool bool_field(const json& request, const char* name, bool fallback) {
  const json* it = field(request, name);
  if (!it) return fallback;
  if (!it->is_boolean())
    refuse(400, "wrong_type",
           std::string("\"") + name + "\" must be true or false, not " + type_name(*it));
  return it->get<bool>();
}

// An optional integer field in [low, high]; `fallback` when absent.
std::int64_t int_field(const json& request, const char* name, std::int64_t low, std::int64_t high,
                       std::int64_t fallback) {
  const json* it = field(request, name);
  if (!it) return fallback;
  // Unsigned numbers above the largest int64 would wrap in get<int64_t>.
  const bool whole = it->is_number_integer() &&
                     !(it->is_number_unsigned() &&
                       it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX));
  if (whole && it->get<std::int64_t>() >= low && it->get<std::int64_t>() <= high)
    return it->get<std::int64_t>();
  // A number is named as it was sent (1e+30, 2.5, -3); anything else by its type.
  refuse(400, it->is_number() ? "bad_value" : "wrong_type",
         std::string("\"") + name + "\" must be a whole number from " + std::to_string(low) +
             " to " + std::to_string(high) + ", not " +
             (it->is_number() ? it->dump() : std::string(type_name(*it))));
}

// The optional "seed", a whole number from 0 to 2^64 - 1.
std::optional<std::uint64_t> seed_field(const json& request) {
  const json* it = field(request, "seed");
  if (!it) return std::nullopt;
  if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
    refuse(400, "wrong_type", "\"seed\" must be a whole number from 0 to 18446744073709551615");
  return it->get<std::uint64_t>();
}

// The optional "timeout", in seconds: at most the server's budget, which 0
// (none) and an absent field leave as it is.
std::optional<std::chrono::milliseconds> timeout_field(const json& request, const Limits& limits) {
  const json* it = field(request, "timeout");
  if (!it) return std::nullopt;
  const double most = static_cast<double>(limits.budget.count()) / 1000;
  if (!it->is_number() || !(it->get<double>() >= 0) || it->get<double>() > most) {
    char text[64];
    std::snprintf(text, sizeof text, "%g", most);
    refuse(400, it->is_number() ? "bad_value" : "wrong_type",
           std::string("\"timeout\" must be a number of seconds from 0 (none) to ") + text +
               " (this server's budget), not " +
               (it->is_number() ? it->dump() : std::string(type_name(*it))));
  }
  if (it->get<double>() == 0) return std::nullopt;
  return std::chrono::milliseconds(
      std::max<std::int64_t>(1, static_cast<std::int64_t>(it->get<double>() * 1000)));
}

ParseOptions box_option(const json& request) {
  const json* box = field(request, "box");
  if (!box) return {};
  const ops::Result<ParseOptions> shaped =
      box->is_string() ? ops::read_parse_options(box->get<std::string>())
                       : ops::Result<ParseOptions>(ops::fail(ops::Code::bad_value, "it is not a string"));
  if (!shaped || box->get<std::string>().empty())
    refuse(400, "bad_value",
           "\"box\" must be a box shape like \"3x2\" (rows x columns, side up to " +
               std::to_string(kMaxSide) + "): " +
               (shaped ? std::string("it is empty") : shaped.error().message));
  return *shaped;
}

// A puzzle field (any text form the engine parses, or a JSON array of numbers
// or of rows of numbers) read into a grid; `name` prefixes its messages.
Grid puzzle_field(const json& request, const char* name, const ParseOptions& options,
                  const Limits& limits) {
  const json* it = field(request, name);
  const std::string prefix = std::string(name) == "puzzle" ? "" : std::string(name) + ": ";
  if (!it)
    refuse(400, "missing_field",
           "the request needs a \"puzzle\" field: the puzzle as text (81 characters, '.' for "
           "blanks) or as an array of numbers");
  std::string text;
  if (it->is_string()) {
    text = it->get<std::string>();
  } else if (it->is_array()) {
    // A JSON array of numbers or of rows of numbers: the parser reads its text.
    for (const json& item : *it) {
      const bool row = item.is_array() && std::all_of(item.begin(), item.end(),
                                                      [](const json& v) { return v.is_number(); });
      if (!item.is_number() && !row)
        refuse(400, "wrong_type",
               prefix + "\"" + name + "\" as an array must hold numbers or rows of numbers, not " +
                   type_name(item));
    }
    text = it->dump();
  } else {
    refuse(400, "wrong_type",
           prefix + "\"" + name + "\" must be a string or an array of numbers" +
               (prefix.empty() ? ", or an f-puzzles object" : "") + ", not " + type_name(*it));
  }
  if (text.size() > static_cast<std::size_t>(limits.max_puzzle_chars))
    refuse(422, "bad_puzzle",
           prefix + "\"" + name + "\" has " + std::to_string(text.size()) +
               " characters; the most accepted is " + std::to_string(limits.max_puzzle_chars));
  ParsedPuzzle parsed = parse_puzzle(text, options);
  if (!parsed.ok())
    refuse(422, "bad_puzzle", prefix + "puzzle: " + parsed.error().to_string(), parsed.error().line,
           parsed.error().column);
  return std::move(*parsed);
}

// A variant puzzle in "puzzle": an f-puzzles object, or a string holding one,
// an f-puzzles or SudokuPad link, or a bare payload; null for a classic one.
// Whether "puzzle" holds another program's file: its text, or an ipuz object.
bool is_document(const json& it) {
  if (it.is_string()) return ops::looks_like_document(it.get<std::string>());
  return it.is_object() && it.contains("kind") && it["kind"].dump().find("ipuz.org") != std::string::npos;
}

// Another program's file in "puzzle" (ops/formats.h), read; null when it holds none.
std::shared_ptr<const ops::Document> document_field(const json& request, const Limits& limits) {
  const json* it = field(request, "puzzle");
  if (!it || !is_document(*it)) return nullptr;
  const std::string text = it->is_string() ? it->get<std::string>() : it->dump();
  if (text.size() > static_cast<std::size_t>(limits.max_puzzle_chars))
    refuse(422, "bad_puzzle",
           "\"puzzle\" has " + std::to_string(text.size()) +
               " characters; the most accepted is " + std::to_string(limits.max_puzzle_chars));
  const Result<ops::OtherPuzzle> read = ops::read_other(text);
  if (!read) refuse(422, "bad_puzzle", "puzzle: " + read.error().to_string(), read.error().line,
                    read.error().column);
  return read->document;
}

std::shared_ptr<const VariantPuzzle> variant_field(const json& request, const Limits& limits) {
  const json* it = field(request, "puzzle");
  if (!it || is_document(*it) ||
      !(it->is_object() || (it->is_string() && ops::looks_like_variant(it->get<std::string>()))))
    return nullptr;
  if (it->is_string() &&
      it->get<std::string>().size() > static_cast<std::size_t>(limits.max_puzzle_chars))
    refuse(422, "bad_puzzle",
           "\"puzzle\" has " + std::to_string(it->get<std::string>().size()) +
               " characters; the most accepted is " + std::to_string(limits.max_puzzle_chars));
  const Result<VariantPuzzle> read =
      it->is_object() ? ops::read_fpuzzles(*it) : ops::read_variant(it->get<std::string>());
  if (!read) refuse(422, "bad_puzzle", "puzzle: " + read.error().to_string());
  return std::make_shared<const VariantPuzzle>(std::move(*read));
}

// The player's candidates: a string in a form parse_candidates reads, or an array
// of one entry per cell, each an array of digits or a string of symbols.
std::vector<Mask> candidates_field(const json& request, const Geometry& g) {
  const json* it = field(request, "candidates");
  if (!it) return {};
  if (it->is_string()) {
    ops::Result<std::vector<Mask>> parsed = ops::read_candidates(it->get<std::string>(), g);
    if (!parsed) {
      const ops::Failure& f = parsed.error();
      refuse(422, "bad_candidates",
             "candidates: " + Error{f.line, f.column, f.message}.to_string(), f.line, f.column);
    }
    return std::move(*parsed);
  }
  if (!it->is_array() || static_cast<int>(it->size()) != g.cell_count())
    refuse(400, "wrong_type",
           "\"candidates\" must be a string or an array of " + std::to_string(g.cell_count()) +
               " entries (one per cell), not " +
               (it->is_array() ? "an array of " + std::to_string(it->size())
                               : std::string(type_name(*it))));
  std::vector<Mask> out(static_cast<std::size_t>(g.cell_count()), 0);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const json& entry = (*it)[static_cast<std::size_t>(cell)];
    auto bad = [&](const std::string& why) {
      refuse(400, "bad_candidates",
             "candidates of " + g.cell_name(cell) + " (entry " + std::to_string(cell) + "): " + why);
    };
    Mask mask = 0;
    if (entry.is_array()) {
      for (const json& d : entry) {
        if (!d.is_number_integer() || d.get<std::int64_t>() < 1 || d.get<std::int64_t>() > g.side())
          bad("each digit must be a whole number from 1 to " + std::to_string(g.side()));
        mask |= Mask{1} << (d.get<int>() - 1);
      }
    } else if (entry.is_string()) {
      for (const char c : entry.get<std::string>()) {
        const int d = Geometry::digit_of_symbol(c);
        if (d < 1 || d > g.side()) bad(std::string("unexpected symbol '") + c + "'");
        mask |= Mask{1} << (d - 1);
      }
    } else {
      bad(std::string("expected an array of digits or a string, not ") + type_name(entry));
    }
    out[static_cast<std::size_t>(cell)] = mask;
  }
  return out;
}

// A cell named by index (0-based) or as "r3c5"; -1 when absent.
int cell_field(const json& request, const Geometry& g) {
  const json* it = field(request, "cell");
  if (!it) return -1;
  if (!it->is_string() && !it->is_number_unsigned())
    refuse(400, "wrong_type",
           std::string("\"cell\" must be a name like \"r3c5\" or an index, not ") + type_name(*it));
  const ops::Result<int> cell =
      ops::read_cell(it->is_string() ? it->get<std::string>() : it->dump(), g);
  if (!cell) refuse(400, "bad_value", "\"cell\": " + cell.error().message);
  return *cell;
}

// A logic request's cache key: the request with its position written as one
// line and its box shape named, so that the same position sent in any text
// form finds the same answer.
// A variant puzzle is keyed by all its rules (nonet's JSON form), never by
// its givens alone, which a classic puzzle may share.
std::string logic_cache_key(const json& request, const Grid& position,
                            const std::shared_ptr<const VariantPuzzle>& variant = nullptr) {
  json key = request;
  key["puzzle"] = to_line(position);
  key["box"] = ops::box_text(position.geometry());
  if (variant) key["variant"] = ops::to_nonet_json(*variant);
  return key.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Solve and count of boards up to this side and limits up to kInlineLimit are
// answered on the thread that read them: microseconds for nearly every
// puzzle; the rest go to a worker.
constexpr int kInlineSide = 9;
constexpr std::uint64_t kInlineLimit = 1000;

void read_call(const Route& route, const json& body, const Limits& limits, Request& out,
               Call& call) {
  const std::string_view op = route.operation;
  out.timeout = timeout_field(body, limits);
  if (op == "generate") {
    GenerateCall g;
    ops::GenerateRequest& r = g.request;
    const int size = static_cast<int>(int_field(body, "size", 4, limits.max_generate_side, 0));
    if (const json* box = field(body, "box"); box && !box->is_string())
      refuse(400, "wrong_type",
             std::string("\"box\" must be a string like \"3x2\", not ") + type_name(*box));
    const ops::Result<const Geometry*> board =
        ops::read_board(size, string_field(body, "box", "\"3x2\""), limits.max_generate_side);
    if (!board)
      refuse(400, "bad_value", "\"" + board.error().option + "\": " + board.error().message);
    r.geometry = *board;
    r.symmetry = r.geometry->side() <= 9 ? Symmetry::rot180 : Symmetry::none;
    if (field(body, "symmetry"))
      r.symmetry = value_field(body, "symmetry", "\"rot180\"", ops::read_symmetry);
    if (field(body, "variant"))
      r.variant = value_field(body, "variant", "\"x\"", ops::read_variant_kind);
    if (field(body, "level")) r.level = value_field(body, "level", "\"hard\"", ops::read_level);
    if (field(body, "rating")) {
      const ops::Range er = value_field<ops::Range>(
          body, "rating", "\"9.0-12\"", [](std::string_view t) { return ops::read_range(t, true); });
      r.rating = RatingBand{er.low, er.high};
    }
    if (field(body, "clues")) {
      const ops::Range clues = value_field<ops::Range>(
          body, "clues", "\"22-26\"", [](std::string_view t) { return ops::read_range(t, false); });
      r.min_clues = clues.low;
      r.max_clues = clues.high;
    }
    if (field(body, "profile")) r.profile = value_field(body, "profile", "\"se\"", ops::read_profile);
    r.rate = bool_field(body, "rate", true);
    if (field(body, "minimal")) r.minimal = bool_field(body, "minimal", false);
    if (const std::optional<std::uint64_t> seed = seed_field(body)) {
      r.seed = *seed;
      g.seeded = true;
    }
    r.seed_is_stream = true;
    if (const ops::Result<void> checked = ops::check(r); !checked)
      refuse(bad_value_status(checked.error()), "bad_value",
             "\"" + checked.error().option + "\": " + checked.error().message);
    out.heavy = true;
    call.request = std::move(g);
    return;
  }
  const ParseOptions parse = box_option(body);
  std::shared_ptr<const VariantPuzzle> variant = variant_field(body, limits);
  if (variant && (op == "candidates" || op == "canon" || op == "transform"))
    refuse(422, "bad_puzzle",
           "\"puzzle\" is a variant puzzle, which " + std::string(route.path) +
               " does not read yet (/api/solve, /api/count, /api/validate, /api/convert, "
               "/api/rate, /api/explain and /api/hint do)");
  std::shared_ptr<const ops::Document> document = document_field(body, limits);
  Grid puzzle = variant    ? variant->givens
                : document ? document->givens
                           : puzzle_field(body, "puzzle", parse, limits);
  const Geometry& g = puzzle.geometry();
  if (op == "solve" || op == "count") {
    ops::SolveRequest r{.puzzle = std::move(puzzle)};
    r.variant = std::move(variant);
    if (field(body, "solver")) r.solver = value_field(body, "solver", "\"auto\"", ops::read_solver);
    r.counting = op == "count";
    r.limit = op == "count" ? static_cast<std::uint64_t>(int_field(
                                  body, "limit", 1, static_cast<std::int64_t>(limits.max_count), 1000))
                            : 2;
    out.heavy = g.side() > kInlineSide || r.limit > kInlineLimit || r.variant;
    call.request = std::move(r);
  } else if (op == "convert") {
    ops::ConvertRequest r{
        .puzzle = std::move(puzzle), .variant = std::move(variant), .document = std::move(document)};
    if (field(body, "to")) r.to = value_field(body, "to", "\"url\"", ops::read_form);
    call.request = std::move(r);
  } else if (op == "validate") {
    call.request = ValidateCall{std::move(puzzle), std::move(variant)};
  } else if (op == "candidates") {
    call.request = CandidatesCall{std::move(puzzle)};
  } else if (op == "canon") {
    call.request = CanonCall{std::move(puzzle)};
  } else if (op == "hint") {
    ops::HintRequest r{.puzzle = std::move(puzzle)};
    r.variant = variant;
    if (field(body, "givens")) r.givens = puzzle_field(body, "givens", parse, limits);
    if (field(body, "solution")) r.solution = puzzle_field(body, "solution", parse, limits);
    r.candidates = candidates_field(body, g);
    r.cell = cell_field(body, g);
    if (field(body, "profile")) r.profile = value_field(body, "profile", "\"se\"", ops::read_profile);
    if (field(body, "level")) r.level = value_field(body, "level", "\"concrete\"", ops::read_hint_level);
    out.heavy = true;
    out.cache_key = logic_cache_key(body, r.puzzle, variant);
    call.request = std::move(r);
  } else if (op == "explain") {
    ops::ExplainRequest r{.puzzle = std::move(puzzle)};
    r.variant = variant;
    r.candidates = candidates_field(body, g);
    if (field(body, "profile")) r.profile = value_field(body, "profile", "\"se\"", ops::read_profile);
    out.heavy = true;
    out.cache_key = logic_cache_key(body, r.puzzle, variant);
    call.request = std::move(r);
  } else if (op == "rate") {
    ops::RateRequest r{.puzzle = std::move(puzzle)};
    r.variant = variant;
    if (field(body, "profile")) r.profile = value_field(body, "profile", "\"se\"", ops::read_profile);
    out.heavy = true;
    out.cache_key = logic_cache_key(body, r.puzzle, variant);
    call.request = std::move(r);
  } else if (op == "transform") {
    if (bool_field(body, "canonical", false)) {
      call.request = CanonCall{std::move(puzzle), true};
      return;
    }
    TransformCall t{{.puzzle = std::move(puzzle)}};
    ops::TransformRequest& r = t.request;
    if (field(body, "ops")) {
      r.ops = value_field(body, "ops", "\"transpose,rows:1:213\"", ops::read_transform_ops);
    }
    // Without ops the transformation is drawn at random.
    r.random = bool_field(body, "random", !field(body, "ops"));
    if (r.random == (field(body, "ops") != nullptr))
      refuse(400, "bad_value", "give either \"ops\" or \"random\": true");
    if (const std::optional<std::uint64_t> seed = seed_field(body)) {
      r.seed = *seed;
      t.seeded = true;
    }
    r.seed_is_stream = true;
    call.request = std::move(t);
  }
}

}  // namespace

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

Request read(const Route& route, std::string_view body, const Limits& limits) {
  Request out;
  out.route = &route;
  const auto refused = [&out](Reply reply) {
    out.refused = std::move(reply);
    return out;
  };
  if (const std::size_t at = too_deep_at(body); at != std::string_view::npos) {
    const auto [line, column] = line_column(body, at);
    return refused(error_reply(400, "malformed_json",
                               "request body nests deeper than " + std::to_string(kMaxJsonDepth) +
                                   " levels",
                               line, column));
  }
  json request;
  // A key named twice in one object is refused rather than read as its last
  // value (nlohmann's way), which a proxy or another parser might read as the
  // first: one body, one meaning.
  struct Duplicate {
    std::string key;
  };
  std::vector<std::unordered_set<std::string>> open_objects;
  const json::parser_callback_t once = [&open_objects](int, json::parse_event_t event,
                                                       json& parsed) {
    if (event == json::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == json::parse_event_t::object_end) {
      open_objects.pop_back();
    } else if (event == json::parse_event_t::key && !open_objects.empty()) {
      std::string key = parsed.get<std::string>();
      if (!open_objects.back().insert(key).second) throw Duplicate{std::move(key)};
    }
    return true;
  };
  try {
    request = json::parse(body, once);
  } catch (const Duplicate& d) {
    return refused(error_reply(400, "malformed_json",
                               "request body names the field \"" + printable(d.key.substr(0, 40)) +
                                   "\" twice in one object"));
  } catch (const json::parse_error& e) {
    // nlohmann's byte is 1-based and points just past the offending character.
    const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
    const auto [line, column] = line_column(body, at);
    std::string what = e.what();
    if (const std::size_t colon = what.rfind(": "); colon != std::string::npos)
      what = what.substr(colon + 2);
    return refused(error_reply(400, "malformed_json",
                               "request body is not valid JSON: line " + std::to_string(line) +
                                   ", column " + std::to_string(column) + ": " + printable(what),
                               line, column));
  } catch (const json::exception& e) {
    // Well-formed text nlohmann still refuses, such as a number too large for a double.
    std::string what = e.what();
    if (const std::size_t colon = what.rfind("] "); colon != std::string::npos)
      what = what.substr(colon + 2);
    return refused(
        error_reply(400, "malformed_json", "request body is not usable JSON: " + printable(what)));
  }
  if (!request.is_object()) {
    return refused(error_reply(400, "wrong_type",
                               std::string("the request body must be a JSON object like "
                                           "{\"puzzle\": \"...\"}, not ") +
                                   type_name(request)));
  }
  const std::vector<std::string_view> fields = route_fields(route);
  for (const auto& [key, value] : request.items()) {
    if (std::find(fields.begin(), fields.end(), key) != fields.end()) continue;
    std::string takes;
    for (const std::string_view name : fields) takes += (takes.empty() ? "" : ", ") + std::string(name);
    return refused(error_reply(400, "unknown_field",
                               "unknown field \"" + printable(key.substr(0, 40)) + "\"; " +
                                   std::string(route.path) + " takes " + takes));
  }
  auto call = std::make_shared<Call>();
  try {
    read_call(route, request, limits, out, *call);
  } catch (Refusal& r) {
    return refused(std::move(r.reply));
  }
  out.call = std::move(call);
  return out;
}

}  // namespace nonet::api
