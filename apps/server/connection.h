#pragma once
// What the server's connections (session.cpp) and the server itself
// (server.cpp) share: the limits of a request, the shape of an answer before
// it is HTTP, and the server's state (WebServer::Impl). Internal to
// apps/server.

#include <algorithm>
#include <atomic>
#include <utility>  // before Asio, which uses std::exchange

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/access_log.h"
#include "server/assets.h"
#include "server/cache.h"
#include "server/metrics.h"
#include "server/origin.h"
#include "server/server.h"
#include "server/workers.h"

namespace nonet::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

// Connections waiting to be accepted: a burst of new connections beyond the
// backlog overflows the accept queue, and clients wait for SYN retransmits
// (1 s, 3 s, ...).
constexpr int kListenBacklog = 1024;
// The request line and every header together; a request line alone longer than
// kMaxTargetBytes is refused with 414, more header bytes or fields with 431.
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;
constexpr std::size_t kMaxTargetBytes = 8 * 1024;
constexpr std::size_t kMaxHeaderFields = 100;
// Solve and count of small boards search on the thread that read the request
// for at most this long; the rare puzzle that needs more goes to a worker.
constexpr auto kInlineBudget = std::chrono::milliseconds(50);
// After an answer that ends the connection, what the client still sends is read
// and dropped for a while, so that closing does not reset the connection
// before the client has read the answer.
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kLingerBytes = 1 << 20;
// Free heap memory kept for reuse; more is handed back to the system.
constexpr std::size_t kKeptFreeBytes = std::size_t{8} << 20;
// File descriptors kept free of connections (listening socket, stdio, logs).
constexpr int kSpareDescriptors = 64;

// The page loads only its own scripts, styles and API: no inline code, no frames.
constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";

// Security headers on every answer, assets and API alike.
constexpr std::pair<const char*, const char*> kSecurityHeaders[] = {
    {"Content-Security-Policy", kContentSecurityPolicy},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "no-referrer"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
    {"Cross-Origin-Resource-Policy", "same-origin"},
    {"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"}};

inline std::string dump(const json& body) {
  // Replace rather than throw on bytes that are not UTF-8 (a puzzle's stray byte
  // quoted in an error message).
  return body.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

// One answer, before it becomes an HTTP response.
struct Answer {
  int status = 200;
  std::string body;              // owned: JSON and errors
  std::string_view static_body;  // or an embedded asset's bytes
  std::string_view content_type = "application/json";
  std::string_view cache_control = "no-store";
  int retry_after = 0;  // seconds; 0 = no Retry-After
  std::string allow;    // for 405
  std::string_view accept_encoding;  // for 415
  bool close = false;   // end the connection after it (the request was not read to its end)
  bool cache_hit = false;
  Lane lane = Lane::direct;
};

inline Answer json_answer(int status, const json& body) {
  Answer a;
  a.status = status;
  a.body = dump(body);
  return a;
}

inline Answer reply_answer(const api::Reply& reply) { return json_answer(reply.status, reply.body); }

// A JSON answer's text (an object, as dump() writes it) with "elapsed_ms"
// added as its last field.
inline std::string with_elapsed(std::string_view text, double ms) {
  const std::size_t close = text.rfind('}');
  if (close == std::string_view::npos) return std::string(text);
  const bool empty = text.find_last_not_of(" \n", close - 1) == text.find('{');
  return std::string(text.substr(0, close)) + (empty ? "" : ",") +
         "\"elapsed_ms\":" + json(ms).dump() + std::string(text.substr(close));
}

inline Answer error_answer(int status, std::string_view code, std::string message) {
  return reply_answer(api::error_reply(status, code, std::move(message)));
}

// The path of a request target: origin form ("/x?y") or absolute form
// ("http://host/x"), without the query; empty when it is neither.
inline std::string_view path_of(std::string_view target) {
  if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0) {
    const std::size_t slash = target.find('/', target.find("//") + 2);
    target = slash == std::string_view::npos ? std::string_view("/") : target.substr(slash);
  }
  if (target.empty() || target.front() != '/') return {};
  return target.substr(0, target.find_first_of("?#"));
}

// The metrics label of a path: a small fixed set, whatever clients send.
inline std::string_view route_label(std::string_view path) {
  if (const api::Route* route = api::find_route(path)) return route->path;
  if (path == "/api/health") return "/api/health";
  if (path == "/api/levels") return "/api/levels";
  if (path == "/metrics") return "/metrics";
  if (find_asset(path)) return "asset";
  return "other";
}

// Text from the request for the access log: printable ASCII, at most `max` bytes.
inline std::string loggable(std::string_view text, std::size_t max = 200) {
  std::string out;
  for (const char c : text.substr(0, max)) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      out += c;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      out += buf;
    }
  }
  if (text.size() > max) out += "...";
  return out;
}

inline std::string utc_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms.count()));
  return buf;
}

inline const char* lane_name(Lane lane) {
  switch (lane) {
    case Lane::worker:
      return "worker";
    case Lane::cache:
      return "cache";
    case Lane::refused:
      return "refused";
    default:
      return "direct";
  }
}

// One client connection (session.cpp).
class Session;
// Starts serving a connection just accepted.
void open_session(tcp::socket socket, WebServer::Impl& server);
// The server is stopping: an idle connection closes now, a busy one after its
// answer. From any thread.
void drain_session(Session& session);

struct WebServer::Impl {
  explicit Impl(ServerOptions o);

  ServerOptions options;
  Metrics metrics;
  AnswerCache cache;
  std::unique_ptr<AccessLog> log;        // standard error: access lines (unless quiet) and errors
  std::unique_ptr<OriginPolicy> policy;  // made once the port is known
  std::atomic<std::uint64_t> request_count{0};
  std::atomic<bool> draining{false};
  int port = -1;
  int max_connections = 0;

  std::mutex sessions_mutex;
  std::unordered_map<Session*, std::weak_ptr<Session>> sessions;

  net::io_context ioc;
  // Accepting and draining run on one strand: closing the acceptor on stop
  // must not race an accept finishing on another io thread.
  net::strand<net::io_context::executor_type> control{net::make_strand(ioc)};
  tcp::acceptor acceptor{control};
  net::steady_timer accept_retry{control};
  net::steady_timer drain_timer{control};
  net::steady_timer trim_timer{control};  // hands freed memory back (trim_tick)
  std::size_t kept_after_trim = 0;        // free bytes the last trim could not hand back
  Clock::time_point drain_started;
  bool searches_stopped = false;
  // Destroyed first: its tasks post their answers to the io_context.
  WorkerPool pool;

  static WorkerPool::Options pool_options(const ServerOptions& o);
  void accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
  void begin_drain();
  void trim_tick();
  void drain_tick();
  std::vector<std::shared_ptr<Session>> live_sessions();
  Gauges gauges();
  json health();
};

}  // namespace nonet::server
