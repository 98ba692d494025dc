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
  int retry_after = 0;  // seconds, for 503
};

// What a request may ask for; every request also carries a Deadline.
struct ApiLimits {
  std::chrono::milliseconds budget{10000};  // time for one request's work
  std::uint64_t max_count = 1000000;        // the highest "limit" /api/count accepts
  int max_puzzle_chars = 16384;             // "puzzle" text longer than this is refused
  int max_generate_side = 25;               // /api/generate makes boards up to this side
};

// Heavy routes search (solve, count, rate, ...) and run under the server's cap on
// concurrent work; light routes answer in microseconds.
enum class Weight { light, heavy };

struct ApiContext {
  ApiLimits limits;
  Deadline deadline;  // when this request's work must stop
  // Raised when the request's work should stop early (its client went away).
  const std::atomic<bool>* cancel = nullptr;
  std::uint64_t seed = 0;  // for routes that draw random numbers and were given no seed
};

struct Route {
  std::string_view path;
  Weight weight;
  std::string_view summary;
  ApiReply (*handle)(const nlohmann::json& request, const ApiContext& context);
};

// Every API route (all POST), in documentation order.
std::span<const Route> api_routes();
const Route* find_route(std::string_view path);

// Parses `body` as a JSON object and runs the route; malformed JSON and requests
// that are not objects become 400 answers.
ApiReply handle_api(const Route& route, std::string_view body, const ApiContext& context);

// GET /api/levels (also in /api/health): the levels /api/generate offers per
// board size, {"sizes": [{"size": 4, "box": "2x2", "levels": ["easy"]}, ...]},
// for sizes 4, 6, 8, 9, 12, 16 and 25.
nlohmann::json levels_json();

// {"error": {"code": code, "message": message[, "position": {"line", "column"}]}}
ApiReply error_reply(int status, std::string_view code, std::string message, int line = 0,
                     int column = 0);

}  // namespace nonet::server
