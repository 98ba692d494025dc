#pragma once
// The JSON API, apart from HTTP: each route is a function from a request body to
// a status and a JSON answer, so the routes can be tested without a socket and
// the HTTP layer (server.cpp) only moves bytes.
//
//   nonet::server::ApiReply r = nonet::server::handle_api(
//       *nonet::server::find_route("/api/solve"), R"({"puzzle": "4.....8.5..."})", {});
//   // r.status == 200, r.body["solution"] == "417369825..."
//
// Requests are JSON objects with a "puzzle" field (any text form the engine
// parses, or a JSON array of numbers); answers use the field names of the CLI's
// --format json (apps/common/json_shapes.h). Errors are
//   {"error": {"code": "bad_puzzle", "message": "...", "position": {"line": 1, "column": 7}}}

#include <atomic>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nonet/solver.h"

namespace nonet::server {

struct ApiReply {
  int status = 200;
  nlohmann::json body;
  int retry_after = 0;  // seconds, for 503 when the server is busy
  // Set only in triage (ApiContext::triage): the request is well formed and its
  // search belongs on a worker. `cache_key`, when not empty, names the answer
  // by what it depends on (the position in a canonical form and the options),
  // so that an answer the search completed can be kept and served again.
  bool deferred = false;
  std::string cache_key{};
};

// What a request may ask for; every request also carries a Deadline.
struct ApiLimits {
  std::chrono::milliseconds budget{10000};  // time for one request's work
  std::uint64_t max_count = 1000000;        // the highest "limit" /api/count accepts
  int max_puzzle_chars = 16384;             // "puzzle" text longer than this is refused
  int max_generate_side = 25;               // /api/generate makes boards up to this side
};

// Heavy routes may search for long (hint, explain, rate, generate; solve and
// count on large boards or with large limits) and defer that search to the
// server's workers in triage; light routes always answer at once.
enum class Weight { light, heavy };

struct ApiContext {
  ApiLimits limits;
  Deadline deadline;  // when this request's work must stop
  // Raised when the request's work should stop early (its client went away).
  const std::atomic<bool>* cancel = nullptr;
  std::uint64_t seed = 0;  // for routes that draw random numbers and were given no seed
  // Triage, the server's first pass over a request, on the thread that read it:
  // every route reads and checks its fields, so that bad requests are answered
  // at once; a route whose search may take long then returns a `deferred`
  // reply instead of searching, and the server calls it again (triage off) on
  // a worker. Solve and count of boards up to 9x9 search here, within the
  // Deadline the server gives (a short one), and answer "timeout" when it ends.
  bool triage = false;
};

struct Route {
  std::string_view path;
  Weight weight;
  std::string_view summary;
  ApiReply (*handle)(const nlohmann::json& request, const ApiContext& context);
  // The request fields it reads, space-separated; any other is refused
  // (unknown_field), as a misspelt one would otherwise be a silent default.
  std::string_view fields;
};

// Every API route (all POST), in documentation order.
std::span<const Route> api_routes();
const Route* find_route(std::string_view path);

// Parses `body` as a JSON object and runs the route; malformed JSON and requests
// that are not objects become 400 answers.
ApiReply handle_api(const Route& route, std::string_view body, const ApiContext& context);

// The reply of a route in triage whose search belongs on a worker.
ApiReply deferred_reply(std::string cache_key = {});

// GET /api/levels (also in /api/health): the levels /api/generate offers per
// board size, {"sizes": [{"size": 4, "box": "2x2", "levels": ["easy"]}, ...]},
// for sizes 4, 6, 8, 9, 12, 16 and 25.
nlohmann::json levels_json();
// The routes as GET /api/health lists them: path, method, summary and, for the
// POST routes, the fields each takes.
nlohmann::json routes_json();

// {"error": {"code": code, "message": message[, "position": {"line", "column"}]}}
ApiReply error_reply(int status, std::string_view code, std::string message, int line = 0,
                     int column = 0);

}  // namespace nonet::server
