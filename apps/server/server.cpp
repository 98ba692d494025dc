#include "server/server.h"

#include <httplib.h>

#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <semaphore>
#include <thread>

#include "server/assets.h"

namespace nonet::server {
namespace {

using nlohmann::json;

// Connections waiting to be accepted (see WebServer::bind).
constexpr int kListenBacklog = 1024;

// The page loads only its own scripts, styles and API: no inline code, no frames.
const char* const kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";

// Security headers on every answer, assets and API alike.
httplib::Headers security_headers() {
  return {{"Content-Security-Policy", kContentSecurityPolicy},
          {"X-Content-Type-Options", "nosniff"},
          {"X-Frame-Options", "DENY"},
          {"Referrer-Policy", "no-referrer"},
          {"Cross-Origin-Opener-Policy", "same-origin"},
          {"Cross-Origin-Resource-Policy", "same-origin"},
          {"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"}};
}

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  // Replace rather than throw on bytes that are not UTF-8 (a puzzle's stray byte
  // quoted in an error message).
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace) + "\n",
                  "application/json");
}

void send_reply(httplib::Response& res, const ApiReply& reply) {
  if (reply.retry_after > 0) res.set_header("Retry-After", std::to_string(reply.retry_after));
  send_json(res, reply.status, reply.body);
}

std::string allowed_methods(std::string_view path) {
  return find_route(path) ? "POST" : "GET, HEAD";
}

}  // namespace

struct WebServer::Impl {
  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        slots(std::max(1, options.heavy_slots > 0
                              ? options.heavy_slots
                              : static_cast<int>(std::thread::hardware_concurrency()))) {}

  ServerOptions options;
  httplib::Server http;
  std::counting_semaphore<1024> slots;
  std::atomic<std::uint64_t> request_count{0};
  int port = -1;
  socket_t listen_socket = -1;  // set while binding
  // How a stop meets the start-up: see WebServer::stop.
  std::atomic<bool> stop_requested{false}, run_entered{false}, run_finished{false};

  void api(const Route& route, const httplib::Request& req, httplib::Response& res) {
    ApiContext context;
    context.limits = options.limits;
    // Seeds stay below 2^53 so that a page's JavaScript can send them back exactly.
    context.seed = (std::random_device{}() ^ (request_count.fetch_add(1) * 0x9E3779B97F4A7C15ull)) &
                   ((std::uint64_t{1} << 53) - 1);
    if (route.weight == Weight::light) {
      context.deadline = Deadline::after(options.limits.budget);
      send_reply(res, handle_api(route, req.body, context));
      return;
    }
    if (!slots.try_acquire_for(options.queue_wait)) {
      ApiReply busy = error_reply(503, "busy",
                                  "the server is busy with other searches; try again in a moment");
      busy.retry_after = 1;
      send_reply(res, busy);
      return;
    }
    // The budget starts once the work does, not while the request waited.
    context.deadline = Deadline::after(options.limits.budget);
    ApiReply reply = handle_api(route, req.body, context);
    slots.release();
    send_reply(res, reply);
  }

  // One handler for every path and method, so that unknown paths answer 404 and
  // known paths with the wrong method 405, both as JSON.
  void dispatch(const httplib::Request& req, httplib::Response& res) {
    const std::string& path = req.path;
    if (path == "/api/health") {
      if (req.method != "GET" && req.method != "HEAD") return wrong_method(res, path, "GET, HEAD");
      send_json(res, 200,
                {{"status", "ok"}, {"routes", route_list()}, {"levels", levels_json()["sizes"]}});
      return;
    }
    if (path == "/api/levels") {
      if (req.method != "GET" && req.method != "HEAD") return wrong_method(res, path, "GET, HEAD");
      send_json(res, 200, levels_json());
      return;
    }
    if (const Route* route = find_route(path)) {
      if (req.method != "POST") return wrong_method(res, path, "POST");
      api(*route, req, res);
      return;
    }
    if (path.starts_with("/api/") || path == "/api") {
      send_reply(res, error_reply(404, "not_found",
                                  "no API route " + path + "; see GET /api/health for the list"));
      return;
    }
    if (const Asset* asset = find_asset(path)) {
      if (req.method != "GET" && req.method != "HEAD") return wrong_method(res, path, "GET, HEAD");
      res.status = 200;
      res.set_header("Cache-Control", "no-cache");
      res.set_content(asset->body.data(), asset->body.size(), std::string(asset->content_type));
      return;
    }
    send_reply(res, error_reply(404, "not_found", "no page " + path));
  }

  static void wrong_method(httplib::Response& res, const std::string& path, const char* allow) {
    res.set_header("Allow", allow);
    send_reply(res, error_reply(405, "method_not_allowed",
                                path + " answers " + std::string(allow) + " only"));
  }

  static json route_list() {
    json list = json::array();
    for (const Route& r : api_routes())
      list.push_back({{"path", r.path}, {"method", "POST"}, {"summary", r.summary}});
    list.push_back({{"path", "/api/levels"},
                    {"method", "GET"},
                    {"summary", "the levels /api/generate offers for each board size"}});
    return list;
  }

  void configure() {
    http.set_default_headers(security_headers());
    // httplib's default adds SO_REUSEPORT, which would let a second server share
    // a port that is already taken; only SO_REUSEADDR is wanted (quick restarts).
    http.set_socket_options([this](socket_t sock) {
      int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
      listen_socket = sock;
    });
    http.set_payload_max_length(options.max_body);
    http.set_read_timeout(options.io_timeout);
    http.set_write_timeout(options.io_timeout);
    // An idle keep-alive connection holds one of the connection threads: it gets
    // no longer than a slow client would.
    http.set_keep_alive_timeout(std::min<time_t>(5, options.io_timeout.count()));
    const int threads = std::max(2, options.connection_threads);
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
    auto handler = [this](const httplib::Request& req, httplib::Response& res) { dispatch(req, res); };
    const std::string all = "/.*";
    http.Get(all, handler);
    http.Post(all, handler);
    http.Put(all, handler);
    http.Patch(all, handler);
    http.Delete(all, handler);
    http.Options(all, handler);
    // Errors that httplib itself raises (body too large, bad request line)
    // arrive here without a body: give them the API's error shape.
    http.set_error_handler(httplib::Server::HandlerWithResponse(
        [this](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
      ApiReply reply;
      switch (res.status) {
        case 413:
          reply = error_reply(413, "too_large",
                              "request body is larger than " + std::to_string(options.max_body) +
                                  " bytes");
          break;
        case 414:
          reply = error_reply(414, "too_large", "request address is too long");
          break;
        case 404:
          reply = error_reply(404, "not_found", "no page " + req.path);
          break;
        case 405:
          reply = error_reply(405, "method_not_allowed",
                              "method " + req.method + " is not allowed; use " +
                                  allowed_methods(req.path));
          break;
        default:
          reply = error_reply(res.status, "bad_request",
                              "the request could not be read (HTTP " + std::to_string(res.status) + ")");
      }
      send_reply(res, reply);
      return httplib::Server::HandlerResponse::Handled;
    }));
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "unknown error";
      try {
        if (ep) std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what = e.what();
      } catch (...) {
      }
      send_reply(res, error_reply(500, "internal", "internal error: " + what));
    });
  }
};

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  impl_->configure();
}

WebServer::~WebServer() = default;

bool WebServer::bind(std::string& error) {
  const ServerOptions& o = impl_->options;
  if (o.port < 0 || o.port > 65535) {
    error = "port " + std::to_string(o.port) + " is outside 0..65535";
    return false;
  }
  if (o.port == 0) {
    impl_->port = impl_->http.bind_to_any_port(o.host);
  } else {
    impl_->port = impl_->http.bind_to_port(o.host, o.port) ? o.port : -1;
  }
  // httplib (as packaged, compiled) listens with a backlog of 5: a burst of more
  // new connections than that overflows the accept queue and the kernel drops
  // SYNs, which clients retry after 1 s, 3 s, 7 s (scripts/load.sh measured a
  // p99 of 1 s at 32 connections). Listening again on the bound socket raises
  // the backlog (the kernel caps it at net.core.somaxconn).
  if (impl_->port > 0 && impl_->listen_socket >= 0) ::listen(impl_->listen_socket, kListenBacklog);
  if (impl_->port <= 0) {
    error = "cannot listen on " + o.host + ":" + std::to_string(o.port) +
            " (address in use, or not an address of this machine)";
    return false;
  }
  return true;
}

int WebServer::port() const { return impl_->port; }

std::string WebServer::url() const {
  const std::string& host = impl_->options.host;
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port) + "/";
}

bool WebServer::run() {
  impl_->run_entered.store(true);
  bool ok = true;
  if (!impl_->stop_requested.load()) ok = impl_->http.listen_after_bind();
  impl_->run_finished.store(true);
  return ok;
}

void WebServer::stop() {
  impl_->stop_requested.store(true);
  // httplib's stop does nothing until its accept loop has started, so a signal
  // right after start-up would be lost and the server would never stop. Either
  // run() sees the request before it listens, or it was entered first: then
  // wait (briefly) until httplib is running, or has ended, before stopping it.
  while (impl_->run_entered.load() && !impl_->run_finished.load() && !impl_->http.is_running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  impl_->http.stop();
}

const Asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  const auto all = assets();
  const auto it = std::lower_bound(all.begin(), all.end(), path,
                                   [](const Asset& a, std::string_view p) { return a.path < p; });
  return it != all.end() && it->path == path ? &*it : nullptr;
}

}  // namespace nonet::server
