// One client connection of `nonet serve`: reads requests one at a time,
// answers each (at once, from the cache, or through a worker), and ends on
// error, timeout or close.

#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <functional>
#include <optional>
#include <random>

#include "server/connection.h"

namespace nonet::server {

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
    // A chunked body's extensions (";name=value" after each size) are bytes the
    // server reads too: they count toward the cap with the chunks' data.
    chunked_bytes_ = 0;
    parser_->on_chunk_header(count_chunk_);
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
    if (std::optional<Answer> refused = refuse_header(req))
      return finish_early(std::move(*refused));
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

  // What the head of a request already says cannot be served: no Host, or more
  // than one (RFC 9112 asks for 400 on both, HTTP/1.0 included: without one a
  // DNS-rebound page could not be told from this server's own); a Host, or a
  // target in absolute form, that names another server (421); a transfer
  // coding other than chunked, which would leave the body unread (501); a
  // content coding, which the API does not decode (415).
  std::optional<Answer> refuse_header(
      const http::request_parser<http::string_body>::value_type& req) {
    const auto hosts = req.equal_range(http::field::host);
    const auto host_count = std::distance(hosts.first, hosts.second);
    if (host_count != 1) {
      return error_answer(400, "bad_request",
                          host_count == 0 ? "the request names no Host; every request must name one"
                                          : "the request names more than one Host");
    }
    const std::string_view host = hosts.first->value();
    std::string_view named = host;
    const std::string_view target = req.target();
    if (target.rfind("https://", 0) == 0) {
      return error_answer(400, "bad_request",
                          "this server speaks http, not https (the request's target is " +
                              loggable(target, 100) + ")");
    }
    if (target.rfind("http://", 0) == 0) {
      // The target's authority is the host the request is for.
      const std::string_view rest = target.substr(7);
      named = rest.substr(0, rest.find_first_of("/?#"));
    }
    for (const std::string_view name : {host, named}) {
      if (!server_.policy->host_allowed(name)) {
        return error_answer(421, "wrong_host",
                            "this server answers for " + server_.policy->describe() +
                                ", not for '" + loggable(name, 100) +
                                "'; `nonet serve --allow-host NAME` adds a name");
      }
    }
    if (const auto coding = req.find(http::field::transfer_encoding); coding != req.end()) {
      if (!beast::iequals(trimmed(coding->value()), "chunked") ||
          std::distance(req.equal_range(http::field::transfer_encoding).first,
                        req.equal_range(http::field::transfer_encoding).second) != 1) {
        return error_answer(501, "not_implemented",
                            "the transfer coding '" + loggable(coding->value(), 100) +
                                "' is not understood; send the body as it is, or chunked");
      }
    }
    for (auto [it, end] = req.equal_range(http::field::content_encoding); it != end; ++it) {
      if (!beast::iequals(trimmed(it->value()), "identity")) {
        Answer a = error_answer(415, "unsupported_encoding",
                                "the content coding '" + loggable(it->value(), 100) +
                                    "' is not understood; send the body uncompressed");
        a.accept_encoding = "identity";
        return a;
      }
    }
    return std::nullopt;
  }

  static std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
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
    api::Request request = read(route, req.body(), context.limits);
    if (request.refused) return write(reply_answer(*request.refused));
    // A request's own "timeout" shortens the budget, from its arrival too.
    deadline_at_ = started_ + std::min<Clock::duration>(server_.options.limits.budget,
                                                       request.timeout.value_or(
                                                           server_.options.limits.budget));
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
        a.body =
            hit->timed
                ? with_elapsed(
                      hit->body,
                      std::chrono::duration<double, std::milli>(Clock::now() - started_).count())
                : std::move(hit->body);
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
    // A client that leaves gets no answer: a cancelled one that is delivered
    // was stopped by the server's shutdown.
    context.cancel_reason = "the server is stopping";
    task->run = [self = shared_from_this(), request = std::move(request), context,
                 key = std::move(key)] {
      api::Reply reply = call(request, context);
      Answer answer;
      // Only whole answers are kept: not one the budget or a cancel cut short.
      if (!key.empty() && reply.complete) {
        CachedAnswer kept{reply.status, {}, false};
        double elapsed = 0;
        if (const auto it = reply.body.find("elapsed_ms"); it != reply.body.end()) {
          elapsed = it->get<double>();
          reply.body.erase(it);
          kept.timed = true;
        }
        kept.body = dump(reply.body);
        answer.status = reply.status;
        answer.body = kept.timed ? with_elapsed(kept.body, elapsed) : kept.body;
        self->server_.cache.put(key, std::move(kept));
      } else {
        answer = reply_answer(reply);
      }
      answer.lane = Lane::worker;
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
    if (!answer.accept_encoding.empty())
      res_.set(http::field::accept_encoding, answer.accept_encoding);
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
    if (server_.options.access_log) {
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
  std::uint64_t chunked_bytes_ = 0;  // data and extensions of a chunked body so far
  std::function<void(std::uint64_t, beast::string_view, beast::error_code&)> count_chunk_ =
      [this](std::uint64_t size, beast::string_view extensions, beast::error_code& ec) {
        chunked_bytes_ += size + extensions.size();
        if (chunked_bytes_ > server_.options.max_body) ec = http::error::body_limit;
      };
};

void open_session(tcp::socket socket, WebServer::Impl& server) {
  std::make_shared<Session>(std::move(socket), server)->start();
}

void drain_session(Session& session) { session.request_drain(); }

}  // namespace nonet::server
