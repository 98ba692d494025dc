#pragma once
// The HTTP server behind `nonet serve`: the JSON API of api.h under /api/, the
// embedded page under /, /api/health and /metrics. Asynchronous (Boost.Beast on
// Boost.Asio): a connection costs memory, not a thread, so slow and idle
// clients cannot take the server.
//
//   nonet::server::WebServer server({.host = "127.0.0.1", .port = 0});
//   std::string error;
//   if (!server.bind(error)) fail(error);
//   std::printf("listening on %s\n", server.url().c_str());
//   server.run();   // until stop() is called from another thread
//
// Defences: loopback by default, and requests whose Host is not this server's
// or whose Origin is another site's refused; a deadline for the whole request
// (headers and body) and one for idle keep-alive connections; caps on the
// request line, the header count and size, and the body (chunked too); no
// ranges. Work runs in two lanes: the threads that read requests answer bad
// requests and cheap routes at once; searches that may take long go to a few
// workers with a short queue, refused at once with 503 and Retry-After when it
// is full, within a time budget from the request's arrival, and stopped when
// their client goes away. Finished logic answers are kept in an LRU cache.
// SIGTERM drains: no new connections, answers in progress finished.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "api/api.h"

namespace nonet::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                   // 0 = any free port
  std::size_t max_body = 64 * 1024;  // bytes
  int io_threads = 0;                // threads reading requests; 0 = one per core, at least 2
  int heavy_slots = 0;               // workers for searches; 0 = one per core
  std::size_t queue = 0;             // searches that may wait for a worker; 0 = 2 per worker
  std::chrono::milliseconds queue_wait{2000};  // how long one may wait before 503
  std::chrono::seconds io_timeout{5};          // to send a whole request, and to read the answer
  std::chrono::seconds idle_timeout{5};        // a keep-alive connection between requests
  std::chrono::seconds drain{5};               // on stop, time for answers in progress
  int max_connections = 4096;                  // open at once; more are answered 503 and closed
  std::size_t cache_bytes = 16u << 20;         // finished logic answers kept
  std::vector<std::string> allowed_hosts;      // Host names served besides the bound address
  bool access_log = true;                      // a line per request on stderr
  api::Limits limits;
};

class WebServer {
 public:
  explicit WebServer(ServerOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the listening socket; false with a message when the address is taken
  // or invalid.
  bool bind(std::string& error);
  int port() const;
  std::string url() const;  // "http://127.0.0.1:8080/"
  // Serves until stop(); false when the server failed.
  bool run();
  // Stops the server, from any thread, before or during run(): no new
  // connections; idle ones closed; requests in progress get their answers
  // within `drain` (then their searches are stopped and answer with what they
  // found). A second call stops the searches at once.
  void stop();

  struct Impl;  // opaque: the connections, lanes and counters of server.cpp

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace nonet::server
