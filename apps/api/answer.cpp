// Answering a request that was read: the operation run under the request's
// budget, its answer in the operations' JSON shape; and the route table.

#include <cstdio>

#include "api/call.h"
#include "nonet/format.h"
#include "ops/json.h"
#include "ops/options.h"
#include "ops/values.h"

namespace nonet::api {
namespace {

using nlohmann::json;

constexpr Route kRoutes[] = {
    {"/api/solve", "solve", "solve a puzzle: its solution and status"},
    {"/api/count", "count", "count solutions up to \"limit\""},
    {"/api/validate", "validate", "check a grid against the rules: every conflict"},
    {"/api/candidates", "candidates", "the candidates of every empty cell and the naked singles"},
    {"/api/hint", "hint", "the next logical step, explained"},
    {"/api/explain", "explain", "every logical step from the puzzle to its solution"},
    {"/api/rate", "rate", "the puzzle's difficulty rating"},
    {"/api/generate", "generate", "a new puzzle of a chosen difficulty"},
    {"/api/transform", "transform", "an equivalent puzzle: rotated, mirrored, relabelled"},
    {"/api/canon", "canon",
     "the canonical form: equal for puzzles that are the same up to transformation"},
    {"/api/convert", "convert",
     "the puzzle, classic or variant, as f-puzzles JSON, an f-puzzles link or nonet's JSON"},
};

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

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

int bad_value_status(const ops::Failure& f) {
  // "minimal" without a band is a request that contradicts itself; the
  // others name a value the board cannot have.
  return f.option == "minimal" ? 400 : 422;
}

namespace {

// A failure of the operation as an error reply.
Reply failure_reply(const ops::Failure& f) {
  switch (f.code) {
    case ops::Code::timeout:
    case ops::Code::cancelled:
      // No Retry-After: the same request would most likely run out again.
      return error_reply(503, ops::code_name(f.code), f.message);
    case ops::Code::bad_value:
      return error_reply(bad_value_status(f), "bad_value",
                         f.option.empty() ? f.message : "\"" + f.option + "\": " + f.message);
    default:
      return error_reply(422, ops::code_name(f.code), f.message, f.line, f.column);
  }
}

// Whether an answer is whole: not cut short by the budget or a cancel.
template <class Answer>
bool whole(const Answer& answer) {
  if constexpr (requires { answer.status; }) return !ops::stopped(answer.status);
  return true;
}

// The answer of an operation, its JSON with "elapsed_ms" when the search is
// timed, kept by the server's cache only when whole.
template <class Answer>
Reply answer_reply(const ops::Result<Answer>& r, std::chrono::steady_clock::time_point start,
                   bool timed) {
  if (!r) return failure_reply(r.error());
  Reply reply{200, ops::to_json(*r), whole(*r)};
  if (timed) reply.body["elapsed_ms"] = elapsed_ms(start);
  return reply;
}

}  // namespace

std::span<const Route> routes() { return kRoutes; }

const Route* find_route(std::string_view path) {
  for (const Route& r : kRoutes)
    if (r.path == path) return &r;
  return nullptr;
}

std::vector<std::string_view> route_fields(const Route& route) {
  std::vector<std::string_view> names;
  if (route.operation != "generate") names.push_back("puzzle");
  for (const ops::OptionInfo* o : ops::options_of(route.operation, ops::kApi)) {
    if (std::find(names.begin(), names.end(), o->name) == names.end()) names.push_back(o->name);
  }
  // Kept from before /api/canon: {"canonical": true} asks /api/transform for it.
  if (route.operation == "transform") names.push_back("canonical");
  return names;
}

Reply answer(const Request& request, const Context& context) {
  if (request.refused) return *request.refused;
  const auto start = std::chrono::steady_clock::now();
  ops::Context ops_context;
  ops_context.cancel = context.cancel;
  ops_context.cancel_reason = context.cancel_reason;
  std::chrono::milliseconds budget = context.limits.budget;
  ops_context.deadline = context.deadline;
  if (request.timeout && *request.timeout < budget) {
    budget = *request.timeout;
    ops_context.deadline = Deadline::sooner(context.deadline, Deadline::after(budget));
  }
  ops_context.budget = "the time budget of " + std::to_string(budget.count()) + " ms";
  Reply reply;
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, ops::SolveRequest>) {
          reply = answer_reply(ops::solve(r, ops_context), start, true);
        } else if constexpr (std::is_same_v<T, ValidateCall>) {
          reply = {200,
                   ops::to_json(r.variant ? ops::validate(r.variant) : ops::validate(r.puzzle))};
        } else if constexpr (std::is_same_v<T, CandidatesCall>) {
          reply = {200, ops::to_json(ops::candidates(r.puzzle))};
        } else if constexpr (std::is_same_v<T, ops::HintRequest>) {
          reply = answer_reply(ops::hint(r, ops_context), start, false);
        } else if constexpr (std::is_same_v<T, ops::ExplainRequest>) {
          reply = answer_reply(ops::explain(r, ops_context), start, true);
        } else if constexpr (std::is_same_v<T, ops::RateRequest>) {
          reply = answer_reply(ops::rate(r, ops_context), start, true);
        } else if constexpr (std::is_same_v<T, GenerateCall>) {
          ops::GenerateRequest g = r.request;
          if (!r.seeded) g.seed = context.seed;
          const ops::Result<ops::GenerateAnswer> made = ops::generate(g, ops_context);
          if (made && made->status != ops::Status::ok && made->status != ops::Status::closest) {
            // Nothing to show. Without a band the puzzle is minimal and rated
            // in full: on large boards slower than digging to a level.
            std::string message = made->message;
            if (!g.banded())
              message += "; naming a level is quicker (the levels on " +
                         g.geometry->describe() + " are: " + levels_text(*g.geometry) + ")";
            reply = error_reply(503, ops::status_name(made->status), message);
          } else {
            reply = answer_reply(made, start, true);
          }
        } else if constexpr (std::is_same_v<T, TransformCall>) {
          ops::TransformRequest t = r.request;
          if (!r.seeded) t.seed = context.seed;
          reply = answer_reply(ops::transform(t, ops_context), start, false);
        } else if constexpr (std::is_same_v<T, ops::ConvertRequest>) {
          reply = answer_reply(ops::convert(r), start, false);
        } else if constexpr (std::is_same_v<T, CanonCall>) {
          const ops::Result<ops::CanonAnswer> canon = ops::canon(r.puzzle, ops_context);
          if (canon && r.as_transform) {
            reply = {200,
                     {{"puzzle", to_line(canon->canonical)},
                      {"size", canon->canonical.geometry().describe()},
                      {"canonical", true}}};
          } else {
            reply = answer_reply(canon, start, false);
          }
        }
      },
      request.call->request);
  return reply;
}

Reply handle(const Route& route, std::string_view body, const Context& context) {
  return answer(read(route, body, context.limits), context);
}

json routes_json() {
  json routes = json::array();
  for (const Route& r : kRoutes) {
    json fields = json::array();
    for (const std::string_view name : route_fields(r)) fields.push_back(name);
    routes.push_back(
        {{"path", r.path}, {"method", "POST"}, {"summary", r.summary}, {"fields", fields}});
  }
  routes.push_back({{"path", "/api/levels"},
                    {"method", "GET"},
                    {"summary",
                     "the levels /api/generate offers for each board size, and its variants"}});
  return routes;
}

json levels_json() {
  json sizes = json::array();
  for (const int side : {4, 6, 8, 9, 12, 16, 25}) {
    const Geometry& g = *Geometry::for_side(side);
    json names = json::array();
    for (const Level l : levels_for(g)) names.push_back(level_name(l));
    sizes.push_back({{"size", side}, {"box", ops::box_text(g)}, {"levels", std::move(names)}});
  }
  json variants = json::array();
  for (const VariantKindInfo& k : variant_kinds())
    variants.push_back({{"id", k.id}, {"name", k.name}, {"rule", k.rule}});
  return {{"sizes", std::move(sizes)}, {"variants", std::move(variants)}};
}

Reply error_reply(int status, std::string_view code, std::string message, int line, int column) {
  json error = {{"code", code}, {"message", valid_utf8(message)}};
  if (line > 0) {
    error["position"] = {{"line", line}};
    if (column > 0) error["position"]["column"] = column;
  }
  Reply reply{status, {{"error", std::move(error)}}};
  reply.complete = status == 422;
  return reply;
}

}  // namespace nonet::api
