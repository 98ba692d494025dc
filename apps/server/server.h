#pragma once
// The HTTP server behind `nonet serve`: the JSON API of api.h under /api/ and the
// embedded page under /.
//
//   nonet::server::WebServer server({.host = "127.0.0.1", .port = 0});
//   std::string error;
//   if (!server.bind(error)) fail(error);
//   std::printf("listening on %s\n", server.url().c_str());
//   server.run();   // until stop() is called from another thread
//
// Defences: loopback by default; a cap on the request body (413); read and write
// timeouts; a time budget (Deadline) for each request's work; at most
// `heavy_slots` searches at once, and a request that cannot get a slot within
// `queue_wait` is answered 503 with Retry-After; security headers on every answer.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "server/api.h"

namespace nonet::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 = any free port
  std::size_t max_body = 64 * 1024;            // bytes
  int connection_threads = 8;                  // requests read and answered at once
  int heavy_slots = 0;                         // searches at once; 0 = one per core
  std::chrono::milliseconds queue_wait{2000};  // how long a search waits for a slot
  std::chrono::seconds io_timeout{5};          // read and write timeouts
  ApiLimits limits;
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
  // Stops the server; safe from any thread, and also when run() has not yet
  // started listening (run() then returns at once).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nonet::server
