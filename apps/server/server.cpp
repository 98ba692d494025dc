#include "server/server.h"

#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <unordered_map>

#include "server/access_log.h"
#include "server/assets.h"
#include "server/cache.h"
#include "server/metrics.h"
#include "server/origin.h"
#include "server/workers.h"

namespace nonet::server {
namespace {

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

std::string dump(const json& body) {
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
  bool close = false;   // end the connection after it (the request was not read to its end)
  bool cache_hit = false;
  Lane lane = Lane::direct;
};

Answer json_answer(int status, const json& body) {
  Answer a;
  a.status = status;
  a.body = dump(body);
  return a;
}

Answer reply_answer(const api::Reply& reply) { return json_answer(reply.status, reply.body); }

Answer error_answer(int status, std::string_view code, std::string message) {
  return reply_answer(api::error_reply(status, code, std::move(message)));
}

// The path of a request target: origin form ("/x?y") or absolute form
// ("http://host/x"), without the query; empty when it is neither.
std::string_view path_of(std::string_view target) {
  if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0) {
    const std::size_t slash = target.find('/', target.find("//") + 2);
    target = slash == std::string_view::npos ? std::string_view("/") : target.substr(slash);
  }
  if (target.empty() || target.front() != '/') return {};
  return target.substr(0, target.find_first_of("?#"));
}

// The metrics label of a path: a small fixed set, whatever clients send.
std::string_view route_label(std::string_view path) {
  if (const api::Route* route = api::find_route(path)) return route->path;
  if (path == "/api/health") return "/api/health";
  if (path == "/api/levels") return "/api/levels";
  if (path == "/metrics") return "/metrics";
  if (find_asset(path)) return "asset";
  return "other";
}

// Text from the request for the access log: printable ASCII, at most `max` bytes.
std::string loggable(std::string_view text, std::size_t max = 200) {
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

std::string utc_now() {
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

const char* lane_name(Lane lane) {
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

class Session;

}  // namespace

struct WebServer::Impl {
  explicit Impl(ServerOptions o);

  ServerOptions options;
  Metrics metrics;
  AnswerCache cache;
  std::unique_ptr<AccessLog> log;
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
  Clock::time_point drain_started;
  bool searches_stopped = false;
  // Destroyed first: its tasks post their answers to the io_context.
  WorkerPool pool;

  static WorkerPool::Options pool_options(const ServerOptions& o);
  void accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
  void begin_drain();
  void drain_tick();
  std::vector<std::shared_ptr<Session>> live_sessions();
  Gauges gauges();
  json health();
};

namespace {

// One client connection: reads requests one at a time, answers each (at once,
// from the cache, or through a worker), and ends on error, timeout or close.
// Every handler runs on the connection's strand.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, WebServer::Impl& server)
      : stream_(std::move(socket)),
        buffer_(kMaxHeaderBytes + 64 * 1024),
        server_(server),
        queue_timer_(stream_.get_executor()),
        request_timer_(stream_.get_executor()) {
    beast::error_code ec;
    const tcp::endpoint peer = stream_.socket().remote_endpoint(ec);
    peer_ = ec ? "-" : peer.address().to_string();
    server_.metrics.connection_opened();
  }

  ~Session() {
    server_.metrics.connection_closed();
    std::lock_guard lock(server_.sessions_mutex);
    server_.sessions.erase(this);
  }

  void start() {
    {
      std::lock_guard lock(server_.sessions_mutex);
      server_.sessions.emplace(this, weak_from_this());
    }
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->wait_request(); });
  }

  // The server is stopping: an idle connection closes now, a busy one after
  // its answer. From any thread.
  void request_drain() {
    net::post(stream_.get_executor(), [self = shared_from_this()] {
      if (self->state_ == State::idle) self->close();
    });
  }

  // Ends the connection at once (the server's last resort when stopping).
  void close() {
    beast::error_code ec;
    queue_timer_.cancel();
    request_timer_.cancel();
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
  }

 private:
  enum class State { idle, reading, working, writing, closing };

  // Between requests: waits for the first bytes of the next one for at most the
  // idle timeout; the request's own deadline starts with them.
  void wait_request() {
    state_ = State::idle;
    if (server_.draining.load()) return close();
    if (buffer_.size() > 0) return begin_request();  // pipelined
    stream_.expires_after(server_.options.idle_timeout);
    stream_.async_read_some(buffer_.prepare(8192),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              self->on_first_bytes(ec, n);
                            });
  }

  void on_first_bytes(beast::error_code ec, std::size_t n) {
    if (ec) return close();  // idle too long, closed by the client, or draining
    buffer_.commit(n);
    begin_request();
  }

  void begin_request() {
    state_ = State::reading;
    started_ = Clock::now();
    method_ = "-";
    target_ = "-";
    version_ = 11;
    label_ = "other";
    // One deadline for the whole request, headers and body: a client sending a
    // byte a second is cut off when it passes, however often it sends. A timer
    // of its own rather than the stream's expiry, which would close the socket
    // before the 408 could be sent.
    stream_.expires_never();
    timed_out_ = false;
    request_timer_.expires_after(server_.options.io_timeout);
    request_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->state_ != State::reading) return;
      self->timed_out_ = true;
      beast::error_code ignored;
      self->stream_.socket().cancel(ignored);
    });
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(kMaxHeaderBytes));
    parser_->body_limit(server_.options.max_body);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
  }

  void on_header(beast::error_code ec) {
    if (ec) return read_failed(ec, true);
    const auto& req = parser_->get();
    method_ = loggable(req.method_string(), 20);
    target_ = loggable(req.target());
    version_ = req.version();
    label_ = route_label(path_of(req.target()));
    if (req.target().size() > kMaxTargetBytes) {
      return finish_early(error_answer(
          414, "too_large",
          "the request line is longer than " + std::to_string(kMaxTargetBytes) + " bytes"));
    }
    if (static_cast<std::size_t>(std::distance(req.begin(), req.end())) > kMaxHeaderFields) {
      return finish_early(error_answer(
          431, "too_large",
          "the request has more than " + std::to_string(kMaxHeaderFields) + " header fields"));
    }
    if (beast::iequals(req[http::field::expect], "100-continue")) {
      // The client waits for this before sending its body (curl does, above 1 KiB).
      continue_.emplace(http::status::continue_, req.version());
      http::async_write(stream_, *continue_,
                        [self = shared_from_this()](beast::error_code e, std::size_t) {
                          if (e) return self->close();
                          self->read_body();
                        });
      return;
    }
    read_body();
  }

  void read_body() {
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec) return self->read_failed(ec, false);
                       self->request_timer_.cancel();
                       self->handle();
                     });
  }

  // A request that could not be read: answered when there is something to say,
  // and the connection ends (what follows on it cannot be trusted).
  void read_failed(beast::error_code ec, bool in_header) {
    request_timer_.cancel();
    if (timed_out_) ec = beast::error::timeout;
    if (ec == http::error::end_of_stream || ec == http::error::partial_message ||
        ec == net::error::eof || ec == net::error::connection_reset ||
        ec == net::error::operation_aborted || ec == net::error::broken_pipe) {
      return close();
    }
    if (ec == beast::error::timeout) {
      server_.metrics.request_timed_out();
      return finish_early(error_answer(408, "timeout",
                                       "the request did not arrive in full within " +
                                           std::to_string(server_.options.io_timeout.count()) +
                                           " s"));
    }
    if (ec == http::error::body_limit) {
      return finish_early(error_answer(
          413, "too_large",
          "request body is larger than " + std::to_string(server_.options.max_body) + " bytes"));
    }
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
      if (!in_header) {
        return finish_early(error_answer(413, "too_large", "request body chunks are too large"));
      }
      // The parser sets the target once it has read the request line: without
      // one, it is the request line that is too long.
      if (parser_->get().target().empty()) {
        return finish_early(error_answer(
            414, "too_large",
            "the request line is longer than " + std::to_string(kMaxTargetBytes) + " bytes"));
      }
      return finish_early(error_answer(
          431, "too_large",
          "the request's headers are larger than " + std::to_string(kMaxHeaderBytes) + " bytes"));
    }
    finish_early(
        error_answer(400, "bad_request", "the request could not be read: " + ec.message()));
  }

  // Answers and ends the connection: the request was not read to its end.
  void finish_early(Answer answer) {
    answer.close = true;
    write(std::move(answer));
  }

  // --- A complete request ---------------------------------------------------

  void handle() {
    auto& req = parser_->get();
    const std::string_view path = path_of(req.target());
    if (path.empty()) {
      return write(
          error_answer(400, "bad_request", "the request target must be a path like /api/solve"));
    }
    // HTTP/1.1 needs a Host; HTTP/1.0 clients may leave it out.
    const auto host = req.find(http::field::host);
    if (host == req.end() ? req.version() >= 11 : !server_.policy->host_allowed(host->value())) {
      return write(error_answer(
          421, "wrong_host",
          "this server answers for " + server_.policy->describe() +
              (host == req.end() ? "; the request names no Host"
                                 : ", not for '" + loggable(host->value(), 100) + "'") +
              "; `nonet serve --allow-host NAME` adds a name"));
    }
    dispatch(req, path);
  }

  using Request = http::request<http::string_body>;

  // One place for every path and method, so that unknown paths answer 404 and
  // known paths with the wrong method 405, both as JSON.
  void dispatch(Request& req, std::string_view path) {
    const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
    if (path == "/api/health") {
      if (!get) return wrong_method(path, "GET, HEAD");
      return write(json_answer(200, server_.health()));
    }
    if (path == "/api/levels") {
      if (!get) return wrong_method(path, "GET, HEAD");
      return write(json_answer(200, api::levels_json()));
    }
    if (path == "/metrics") {
      if (!get) return wrong_method(path, "GET, HEAD");
      Answer a;
      a.body = server_.metrics.prometheus(server_.gauges());
      a.content_type = "text/plain; version=0.0.4; charset=utf-8";
      return write(std::move(a));
    }
    if (const api::Route* route = api::find_route(path)) {
      if (req.method() != http::verb::post) return wrong_method(path, "POST");
      return api(*route, req);
    }
    if (path.starts_with("/api/") || path == "/api") {
      return write(
          error_answer(404, "not_found",
                       "no API route " + std::string(path) + "; see GET /api/health for the list"));
    }
    if (const Asset* asset = find_asset(path)) {
      if (!get) return wrong_method(path, "GET, HEAD");
      Answer a;
      a.static_body = asset->body;
      a.content_type = asset->content_type;
      a.cache_control = "no-cache";
      return write(std::move(a));
    }
    write(error_answer(404, "not_found", "no page " + std::string(path)));
  }

  void wrong_method(std::string_view path, const char* allow) {
    Answer a =
        error_answer(405, "method_not_allowed", std::string(path) + " answers " + allow + " only");
    a.allow = allow;
    write(std::move(a));
  }

  // An API route: the request read here, once; answered at once, from the
  // cache, or on a worker.
  void api(const api::Route& route, Request& req) {
    const auto origin = req[http::field::origin];
    if (!server_.policy->same_origin(origin, req[http::field::host], req["Sec-Fetch-Site"])) {
      return write(error_answer(403, "cross_origin",
                                "requests from pages of other sites are refused (Origin: " +
                                    (origin.empty() ? std::string("none") : loggable(origin, 100)) +
                                    ")"));
    }
    api::Context context;
    context.limits = server_.options.limits;
    // Seeds stay below 2^53 so that a page's JavaScript can send them back exactly.
    context.seed =
        (std::random_device{}() ^ (server_.request_count.fetch_add(1) * 0x9E3779B97F4A7C15ull)) &
        ((std::uint64_t{1} << 53) - 1);
    // The budget runs from the request's arrival: time spent waiting for a
    // worker counts, so the answer comes within the budget.
    deadline_at_ = started_ + server_.options.limits.budget;
    api::Request request = read(route, req.body(), context.limits);
    if (request.refused) return write(reply_answer(*request.refused));
    if (!request.heavy) {
      // Light work, and solve and count of small boards: here, within a short
      // deadline; the rare puzzle that needs longer goes to a worker.
      context.deadline = Deadline::after(std::min<Clock::duration>(kInlineBudget, remaining()));
      const api::Reply reply = call(request, context);
      const bool ran_out = reply.status == 200 && !reply.complete;
      if (!ran_out || remaining() <= kInlineBudget) return write(reply_answer(reply));
    }
    std::string key;
    if (!request.cache_key.empty()) {
      key = std::string(route.path) + "\n" + request.cache_key;
      if (std::optional<CachedAnswer> hit = server_.cache.get(key)) {
        Answer a;
        a.status = hit->status;
        a.body = std::move(hit->body);
        a.cache_hit = true;
        a.lane = Lane::cache;
        return write(std::move(a));
      }
    }
    submit(std::move(request), std::move(context), std::move(key));
  }

  static api::Request read(const api::Route& route, std::string_view body,
                           const api::Limits& limits) {
    try {
      return api::read(route, body, limits);
    } catch (const std::exception& e) {
      api::Request r;
      r.refused = api::error_reply(500, "internal", std::string("internal error: ") + e.what());
      return r;
    }
  }

  static api::Reply call(const api::Request& request, const api::Context& context) {
    try {
      return api::answer(request, context);
    } catch (const std::exception& e) {
      return api::error_reply(500, "internal", std::string("internal error: ") + e.what());
    } catch (...) {
      return api::error_reply(500, "internal", "internal error");
    }
  }

  Clock::duration remaining() const {
    return std::max<Clock::duration>(Clock::duration::zero(), deadline_at_ - Clock::now());
  }

  // The heavy lane: a worker searches, within what is left of the budget, and
  // stops if the client goes away; the answer comes back to this strand.
  void submit(api::Request request, api::Context context, std::string key) {
    state_ = State::working;
    auto task = std::make_shared<WorkerPool::Task>();
    context.deadline = Deadline::after(remaining());
    context.cancel = &task->cancel;
    task->run = [self = shared_from_this(), request = std::move(request), context,
                 key = std::move(key)] {
      const api::Reply reply = call(request, context);
      Answer answer = reply_answer(reply);
      answer.lane = Lane::worker;
      // Only whole answers are kept: not one the budget or a cancel cut short.
      if (!key.empty() && reply.complete) self->server_.cache.put(key, {answer.status, answer.body});
      net::post(self->stream_.get_executor(),
                [self, answer = std::move(answer)]() mutable { self->worked(std::move(answer)); });
    };
    if (!server_.pool.submit(task)) {
      state_ = State::reading;
      return write(busy_answer());
    }
    task_ = std::move(task);
    queue_timer_.expires_after(server_.options.queue_wait);
    queue_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->waited_too_long();
    });
    watch_client();
  }

  Answer busy_answer() {
    Answer a =
        error_answer(503, "busy", "the server is busy with other searches; try again in a moment");
    a.retry_after = server_.pool.retry_after_seconds();
    a.lane = Lane::refused;
    return a;
  }

  void waited_too_long() {
    if (!task_ || !server_.pool.withdraw(task_)) return;  // a worker has it
    stop_watching();
    task_.reset();
    write(busy_answer());
  }

  // While the search runs, a readable socket means the client sent more (a
  // pipelined request, left for later) or went away (end of stream or error).
  void watch_client() {
    stream_.socket().async_wait(tcp::socket::wait_read,
                                [self = shared_from_this()](beast::error_code ec) {
                                  if (!ec) self->on_client_readable();
                                });
  }

  void on_client_readable() {
    if (!task_) return;
    char c;
    const ssize_t n = ::recv(stream_.socket().native_handle(), &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n > 0) return;  // the next request: it waits in the socket
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return watch_client();
    // Gone: a search still waiting is dropped, a running one stopped.
    server_.metrics.request_cancelled();
    abandoned_ = true;
    if (server_.pool.withdraw(task_)) {
      task_.reset();
      queue_timer_.cancel();
      return close();
    }
    task_->cancel.store(true);
  }

  void stop_watching() {
    beast::error_code ec;
    stream_.socket().cancel(ec);
    queue_timer_.cancel();
  }

  void worked(Answer answer) {
    stop_watching();
    task_.reset();
    if (abandoned_) return close();
    write(std::move(answer));
  }

  // --- Writing --------------------------------------------------------------

  void write(Answer answer) {
    state_ = State::writing;
    const bool head =
        parser_ && parser_->is_header_done() && parser_->get().method() == http::verb::head;
    res_ = {};
    res_.version(version_ == 10 ? 10 : 11);
    res_.result(static_cast<unsigned>(answer.status));
    for (const auto& [name, value] : kSecurityHeaders) res_.set(name, value);
    res_.set(http::field::content_type, answer.content_type);
    res_.set(http::field::cache_control, answer.cache_control);
    if (answer.static_body.data()) res_.set(http::field::accept_ranges, "none");
    if (answer.retry_after > 0)
      res_.set(http::field::retry_after, std::to_string(answer.retry_after));
    if (!answer.allow.empty()) res_.set(http::field::allow, answer.allow);
    if (answer.cache_hit) res_.set("X-Nonet-Cache", "hit");
    const bool keep = !answer.close && !server_.draining.load() && parser_ &&
                      parser_->is_header_done() && parser_->get().keep_alive();
    res_.keep_alive(keep);
    body_ = std::move(answer.body);
    const std::string_view view =
        answer.static_body.data() ? answer.static_body : std::string_view(body_);
    if (head) {
      res_.content_length(view.size());
    } else {
      res_.body() = {view.data(), view.size()};
      res_.prepare_payload();
    }
    status_ = answer.status;
    lane_ = answer.lane;
    stream_.expires_after(server_.options.io_timeout);
    http::async_write(stream_, res_,
                      [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                        self->written(ec, bytes);
                      });
  }

  void written(beast::error_code ec, std::size_t bytes) {
    const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    server_.metrics.record(label_, status_, seconds, lane_);
    if (server_.log) {
      char tail[64];
      std::snprintf(tail, sizeof tail, " %d %zu %.1fms %s", status_, bytes, seconds * 1000,
                    lane_name(lane_));
      server_.log->write(utc_now() + " " + peer_ + " \"" + method_ + " " + target_ + " HTTP/" +
                         (version_ == 10 ? "1.0" : "1.1") + "\"" + tail +
                         (ec ? " (not delivered: " + ec.message() + ")" : ""));
    }
    body_.clear();
    if (ec) return close();
    if (!res_.keep_alive()) return linger();
    parser_.reset();
    wait_request();
  }

  // Ends the connection after the last answer: the sending side closes, and
  // what the client still sends is read and dropped for a little while.
  void linger() {
    state_ = State::closing;
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (ec) return close();
    buffer_.clear();
    lingered_ = 0;
    stream_.expires_after(kLingerTime);
    read_and_drop();
  }

  void read_and_drop() {
    stream_.async_read_some(net::buffer(drop_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              self->lingered_ += n;
                              if (ec || self->lingered_ > kLingerBytes) return self->close();
                              self->read_and_drop();
                            });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  WebServer::Impl& server_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::empty_body>> continue_;
  http::response<http::span_body<const char>> res_;
  std::string body_;
  net::steady_timer queue_timer_;
  net::steady_timer request_timer_;  // the whole request's deadline while it is read
  bool timed_out_ = false;
  std::shared_ptr<WorkerPool::Task> task_;
  State state_ = State::idle;
  bool abandoned_ = false;
  Clock::time_point started_, deadline_at_;
  std::string peer_, method_, target_;
  unsigned version_ = 11;
  std::string_view label_ = "other";
  int status_ = 0;
  Lane lane_ = Lane::direct;
  std::size_t lingered_ = 0;
  std::array<char, 4096> drop_{};
};

}  // namespace

WebServer::Impl::Impl(ServerOptions o)
    : options(std::move(o)),
      cache(options.cache_bytes),
      log(options.access_log ? std::make_unique<AccessLog>(stderr) : nullptr),
      pool(pool_options(options)) {}

WorkerPool::Options WebServer::Impl::pool_options(const ServerOptions& o) {
  const int workers = std::max(
      1, o.heavy_slots > 0 ? o.heavy_slots : static_cast<int>(std::thread::hardware_concurrency()));
  return {.workers = workers,
          .capacity = o.queue > 0 ? o.queue : 2 * static_cast<std::size_t>(workers),
          .nice = 0};
}

void WebServer::Impl::accept() {
  acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    on_accept(ec, std::move(socket));
  });
}

void WebServer::Impl::on_accept(beast::error_code ec, tcp::socket socket) {
  if (!acceptor.is_open() || ec == net::error::operation_aborted) return;
  if (ec) {
    // Out of descriptors (or another passing error): try again shortly rather
    // than spin.
    accept_retry.expires_after(std::chrono::milliseconds(50));
    accept_retry.async_wait([this](beast::error_code e) {
      if (!e && acceptor.is_open()) accept();
    });
    return;
  }
  if (metrics.open_connections() >= static_cast<std::size_t>(max_connections)) {
    metrics.connection_refused();
    static const std::string kFull = [] {
      const std::string body =
          dump(api::error_reply(503, "busy",
                           "the server has too many connections open; try again in a moment")
                   .body);
      return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
             "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
             std::to_string(body.size()) + "\r\n\r\n" + body;
    }();
    ::send(socket.native_handle(), kFull.data(), kFull.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    beast::error_code ignored;
    socket.close(ignored);
  } else {
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<Session>(std::move(socket), *this)->start();
  }
  accept();
}

std::vector<std::shared_ptr<Session>> WebServer::Impl::live_sessions() {
  std::vector<std::shared_ptr<Session>> out;
  std::lock_guard lock(sessions_mutex);
  for (auto& [raw, weak] : sessions)
    if (auto s = weak.lock()) out.push_back(std::move(s));
  return out;
}

void WebServer::Impl::begin_drain() {
  if (draining.exchange(true)) {
    // Asked again: stop the searches now.
    pool.cancel_all();
    searches_stopped = true;
    return;
  }
  beast::error_code ec;
  acceptor.close(ec);
  accept_retry.cancel();
  for (const auto& session : live_sessions()) session->request_drain();
  drain_started = Clock::now();
  drain_tick();
}

void WebServer::Impl::drain_tick() {
  if (live_sessions().empty()) {
    ioc.stop();
    return;
  }
  const auto waited = Clock::now() - drain_started;
  if (waited > options.drain && !searches_stopped) {
    // Out of patience: the searches stop and answer with what they found.
    pool.cancel_all();
    searches_stopped = true;
  }
  if (waited > options.drain + std::chrono::seconds(3)) {
    ioc.stop();  // whatever is still open is closed with the io_context
    return;
  }
  drain_timer.expires_after(std::chrono::milliseconds(20));
  drain_timer.async_wait([this](beast::error_code ec) {
    if (!ec) drain_tick();
  });
}

Gauges WebServer::Impl::gauges() {
  Gauges g;
  g.open_connections = metrics.open_connections();
  g.queue_depth = pool.depth();
  g.queue_capacity = pool.capacity();
  g.workers = pool.workers();
  g.workers_busy = pool.busy();
  const AnswerCache::Stats c = cache.stats();
  g.cache_entries = c.entries;
  g.cache_bytes = c.bytes;
  g.cache_max_bytes = c.max_bytes;
  g.cache_hits = c.hits;
  g.cache_misses = c.misses;
  g.cache_evictions = c.evictions;
  g.log_lines_dropped = log ? log->dropped() : 0;
  g.draining = draining.load();
  return g;
}

json WebServer::Impl::health() {
  json routes = api::routes_json();
  const Gauges g = gauges();
  return {{"status", g.draining ? "draining" : "ok"},
          {"routes", std::move(routes)},
          {"levels", api::levels_json()["sizes"]},
          {"workers", {{"total", g.workers}, {"busy", g.workers_busy}}},
          {"queue", {{"depth", g.queue_depth}, {"capacity", g.queue_capacity}}},
          {"connections", g.open_connections},
          {"cache",
           {{"entries", g.cache_entries},
            {"bytes", g.cache_bytes},
            {"hits", g.cache_hits},
            {"misses", g.cache_misses}}},
          {"uptime_s", std::round(metrics.uptime_seconds() * 10) / 10}};
}

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

WebServer::~WebServer() = default;

bool WebServer::bind(std::string& error) {
  Impl& s = *impl_;
  const ServerOptions& o = s.options;
  if (o.port < 0 || o.port > 65535) {
    error = "port " + std::to_string(o.port) + " is outside 0..65535";
    return false;
  }
  beast::error_code ec;
  tcp::resolver resolver(s.ioc);
  const auto endpoints = resolver.resolve(
      o.host, std::to_string(o.port), tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || endpoints.empty()) {
    error = "cannot listen on " + o.host + ":" + std::to_string(o.port) +
            " (not an address of this machine: " + ec.message() + ")";
    return false;
  }
  const tcp::endpoint endpoint = endpoints.begin()->endpoint();
  s.acceptor.open(endpoint.protocol(), ec);
  // SO_REUSEADDR for quick restarts; never SO_REUSEPORT, which would let a
  // second server share a port that is taken.
  if (!ec) s.acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) s.acceptor.bind(endpoint, ec);
  if (!ec) s.acceptor.listen(kListenBacklog, ec);
  if (ec) {
    error = "cannot listen on " + o.host + ":" + std::to_string(o.port) +
            " (address in use, or not an address of this machine: " + ec.message() + ")";
    beast::error_code ignored;
    s.acceptor.close(ignored);
    return false;
  }
  s.port = s.acceptor.local_endpoint().port();
  s.policy = std::make_unique<OriginPolicy>(o.host, s.port, o.allowed_hosts);
  // Every connection is a descriptor: take what the system allows, and keep
  // the cap on connections below it.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    getrlimit(RLIMIT_NOFILE, &files);
  }
  const auto usable = static_cast<long long>(files.rlim_cur) - kSpareDescriptors;
  s.max_connections = static_cast<int>(std::clamp<long long>(usable, 16, o.max_connections));
  return true;
}

int WebServer::port() const { return impl_->port; }

std::string WebServer::url() const {
  const std::string& host = impl_->options.host;
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port) + "/";
}

bool WebServer::run() {
  Impl& s = *impl_;
  if (!s.acceptor.is_open()) return false;
  s.accept();
  const int threads = s.options.io_threads > 0
                          ? s.options.io_threads
                          : std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
  auto loop = [&s] {
    for (;;) {
      try {
        s.ioc.run();
        return;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "nonet: server error: %s\n", e.what());
      }
    }
  };
  std::vector<std::thread> extra;
  for (int i = 1; i < threads; ++i) extra.emplace_back(loop);
  loop();
  for (std::thread& t : extra) t.join();
  s.pool.stop();
  return true;
}

void WebServer::stop() {
  // Posted, so that a stop before run() is kept and done when it starts.
  net::post(impl_->control, [s = impl_.get()] { s->begin_drain(); });
}

const Asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  const auto all = assets();
  const auto it = std::lower_bound(all.begin(), all.end(), path,
                                   [](const Asset& a, std::string_view p) { return a.path < p; });
  return it != all.end() && it->path == path ? &*it : nullptr;
}

}  // namespace nonet::server
