#include "server/server.h"

#include <malloc.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <thread>

#include "server/connection.h"

namespace nonet::server {

WebServer::Impl::Impl(ServerOptions o)
    : options(std::move(o)),
      cache(options.cache_bytes),
      log(std::make_unique<AccessLog>(STDERR_FILENO)),
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
    open_session(std::move(socket), *this);
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
  trim_timer.cancel();
  for (const auto& session : live_sessions()) drain_session(*session);
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

void WebServer::Impl::trim_tick() {
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  // What closed connections freed (their buffers and bodies) stays with the
  // allocator, and in the process's resident size, until it is handed back:
  // after a burst, free memory beyond a few MiB goes back to the system.
  // Free memory that could not be handed back (fragments between live
  // blocks) is not tried again until more has been freed.
  const std::size_t free_bytes = mallinfo2().fordblks;
  if (free_bytes > kept_after_trim + kKeptFreeBytes) {
    malloc_trim(0);
    kept_after_trim = mallinfo2().fordblks;
  }
#endif
  trim_timer.expires_after(std::chrono::seconds(1));
  trim_timer.async_wait([this](beast::error_code ec) {
    if (!ec) trim_tick();
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
  g.log_lines_dropped = log->dropped();
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
  net::post(s.control, [&s] { s.trim_tick(); });
  const int threads = s.options.io_threads > 0
                          ? s.options.io_threads
                          : std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
  auto loop = [&s] {
    for (;;) {
      try {
        s.ioc.run();
        return;
      } catch (const std::exception& e) {
        s.log->write(std::string("nonet: server error: ") + e.what());
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
