#pragma once
// The JSON API, apart from HTTP: the server (apps/server) and the engine built
// to WebAssembly for the static site (apps/wasm) both answer through it, so a
// request gets the same answer from either.
//
// A request is read once: `read` parses the body and checks every field into
// a typed request of the operations layer (ops/ops.h), or answers at once with
// the error; `answer` runs it. Between the two the server decides where the
// work runs (at once, from its cache, or on a worker).
//
//   nonet::api::Request req = nonet::api::read(*nonet::api::find_route("/api/solve"),
//                                              R"({"puzzle": "4.....8.5..."})", {});
//   nonet::api::Reply r = req.refused ? *req.refused : nonet::api::answer(req, context);
//   // r.status == 200, r.body["solution"] == "417369825..."
//
// Answers are the operations' JSON shapes (ops/json.h) with "elapsed_ms" added;
// errors are
//   {"error": {"code": "bad_puzzle", "message": "...", "position": {"line": 1, "column": 7}}}

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nonet/solver.h"

namespace nonet::api {

struct Reply {
  int status = 200;
  nlohmann::json body;
  // A whole answer, worth keeping in a cache: not one the budget or a cancel
  // cut short.
  bool complete = true;
};

// What a request may ask for.
struct Limits {
  std::chrono::milliseconds budget{10000};  // time for one request's work
  std::uint64_t max_count = 1000000;        // the highest "limit" /api/count accepts
  int max_puzzle_chars = 16384;             // "puzzle" text longer than this is refused
  int max_generate_side = 25;               // /api/generate makes boards up to this side
};

struct Route {
  std::string_view path;  // "/api/solve"
  std::string_view operation;  // "solve": its options come from the operations' table
  std::string_view summary;
};

// Every API route (all POST), in documentation order.
std::span<const Route> routes();
const Route* find_route(std::string_view path);
// The fields a route reads, in the operations' table order ("puzzle" first).
std::vector<std::string_view> route_fields(const Route& route);

struct Call;  // a typed request of the operations layer, with its options

// A request read: either refused (the error reply) or ready to answer.
struct Request {
  const Route* route = nullptr;
  std::optional<Reply> refused;
  std::shared_ptr<const Call> call;
  // Whether its work may take long (hint, explain, rate, generate; solve and
  // count above 9x9 or with a limit above 1000): such requests belong on a
  // worker, the others are answered on the thread that read them.
  bool heavy = false;
  // Names the answer by what it depends on (the position in one text form and
  // the options), for the answers of the logic that are worth keeping; empty
  // for the others.
  std::string cache_key;
  // The request's own "timeout", when it gave one.
  std::optional<std::chrono::milliseconds> timeout;
};

// Parses `body` as a JSON object and reads the route's fields; malformed JSON,
// unknown fields and bad values become the refusal.
Request read(const Route& route, std::string_view body, const Limits& limits);

struct Context {
  Limits limits;
  Deadline deadline;  // when this request's work must stop
  // Raised when the request's work should stop early (its client went away,
  // or the server is stopping).
  const std::atomic<bool>* cancel = nullptr;
  // Why `cancel` may be raised, for the answer's message ("the server is
  // stopping"); empty: the answer just says "cancelled".
  std::string cancel_reason;
  std::uint64_t seed = 0;  // for routes that draw random numbers and were given no seed
};

// Runs a request that was read; the answer carries "elapsed_ms".
Reply answer(const Request& request, const Context& context);

// read, then answer: for callers that run everything where they read it.
Reply handle(const Route& route, std::string_view body, const Context& context);

// GET /api/levels (also in /api/health): the levels /api/generate offers per
// board size, {"sizes": [{"size": 4, "box": "2x2", "levels": ["easy"]}, ...]},
// for sizes 4, 6, 8, 9, 12, 16 and 25, and the variants it makes,
// {"variants": [{"id": "x", "name": "sudoku X", "rule": "..."}, ...]}.
nlohmann::json levels_json();
// The routes as GET /api/health lists them: path, method, summary and, for the
// POST routes, the fields each takes.
nlohmann::json routes_json();

// {"error": {"code": code, "message": message[, "position": {"line", "column"}]}}
Reply error_reply(int status, std::string_view code, std::string message, int line = 0,
                  int column = 0);

}  // namespace nonet::api
