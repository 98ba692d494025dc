// The engine for the static site: the JSON API of `nonet serve` as one C
// function, built to WebAssembly and called from a Web Worker (web/js/worker.js).
// The routes are the server's own (apps/api), so an answer here is
// the answer `nonet serve` gives to the same request, field for field; this
// file only stands in for the HTTP layer: paths, methods, the body limit, the
// seed and the time budget of each request.
//
//   const char* text = nonet_request("POST", "/api/solve", body, size, 60000, seed);
//   // text: {"count":1,"elapsed_ms":0.01,...,"status":"solved"}; nonet_status() == 200

#include <emscripten/emscripten.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "api/api.h"

namespace {

namespace api = nonet::api;
using nlohmann::json;
using nonet::api::Reply;

// The largest request body, as `nonet serve`'s default --max-body.
constexpr std::size_t kMaxBody = 64 * 1024;

Reply dispatch(std::string_view method, std::string_view path, std::string_view body,
                  double budget_ms, double seed) {
  const bool get = method == "GET" || method == "HEAD";
  if (path == "/api/health" || path == "/api/levels") {
    if (!get) {
      return api::error_reply(405, "method_not_allowed",
                              std::string(path) + " answers GET, HEAD only");
    }
    if (path == "/api/levels") return {200, api::levels_json()};
    json routes = api::routes_json();
    return {
        200,
        {{"status", "ok"}, {"routes", std::move(routes)}, {"levels", api::levels_json()["sizes"]}}};
  }
  const api::Route* route = api::find_route(path);
  if (!route) {
    return api::error_reply(
        404, "not_found",
        "no API route " + std::string(path) + "; see GET /api/health for the list");
  }
  if (method != "POST")
    return api::error_reply(405, "method_not_allowed", std::string(path) + " answers POST only");
  if (body.size() > kMaxBody) {
    return api::error_reply(413, "too_large",
                            "request body is larger than " + std::to_string(kMaxBody) + " bytes");
  }
  api::Context context;
  context.limits.budget =
      std::chrono::milliseconds(static_cast<std::int64_t>(budget_ms > 1 ? budget_ms : 1));
  context.deadline = nonet::Deadline::after(context.limits.budget);
  context.seed = static_cast<std::uint64_t>(seed > 0 ? seed : 0);
  return api::handle(*route, body, context);
}

// The status of the last answer, as HTTP would carry it (200, 400, 422, 503, ...).
int g_status = 200;

}  // namespace

extern "C" {

// Answers one request: `body` holds `size` bytes (not NUL-terminated), the work
// stops after `budget_ms`, and routes that draw random numbers without a "seed"
// use `seed` (a whole number below 2^53). The answer is the JSON text of the
// body, valid until the next call; nonet_status() tells its HTTP status.
EMSCRIPTEN_KEEPALIVE const char* nonet_request(const char* method, const char* path,
                                               const char* body, std::size_t size, double budget_ms,
                                               double seed) {
  static std::string answer;
  Reply reply;
  try {
    reply = dispatch(method, path, std::string_view(body, size), budget_ms, seed);
  } catch (const std::exception& e) {
    // Memory ran out, most likely: the page says so and the board stays as it was.
    reply = nonet::api::error_reply(500, "internal_error",
                                       std::string("the engine failed: ") + e.what());
  }
  g_status = reply.status;
  // As the server writes it: bytes that are not UTF-8 replaced, never thrown on.
  answer = reply.body.dump(-1, ' ', false, json::error_handler_t::replace);
  return answer.c_str();
}

EMSCRIPTEN_KEEPALIVE int nonet_status() { return g_status; }

}  // extern "C"
