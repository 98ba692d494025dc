// nonet serve: the JSON API and the web page.

#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <thread>

#include "cli/commands.h"
#include "server/server.h"

namespace nonet::cli {
namespace {

struct ServeCommand {
  server::ServerOptions options;
  double budget_seconds = 10;
  double queue_wait_seconds = 2;
  int max_body_kib = 64;
  int io_timeout_seconds = 5;
};

int serve(ServeCommand& cmd) {
  cmd.options.limits.budget =
      std::chrono::milliseconds(static_cast<long long>(cmd.budget_seconds * 1000));
  cmd.options.max_body = static_cast<std::size_t>(cmd.max_body_kib) * 1024;
  cmd.options.io_timeout = std::chrono::seconds(cmd.io_timeout_seconds);
  cmd.options.queue_wait =
      std::chrono::milliseconds(static_cast<long long>(cmd.queue_wait_seconds * 1000));

  // SIGINT and SIGTERM are taken by one thread with sigwait, so stopping is an
  // ordinary call rather than work inside a signal handler. The mask is set
  // before the server starts its threads, which inherit it.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  server::WebServer web(cmd.options);
  std::string error;
  if (!web.bind(error)) {
    std::fprintf(stderr, "nonet: %s\n", error.c_str());
    return 1;
  }
  std::printf("nonet: serving on %s (Ctrl-C stops)\n", web.url().c_str());
  std::fflush(stdout);

  std::thread waiter([&web, &stop_signals] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    web.stop();
  });
  const bool ok = web.run();
  // When run() ended by itself, wake the waiter so it can be joined.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  return ok ? 0 : 1;
}

}  // namespace

void add_serve_command(CLI::App& app, Action& action) {
  static ServeCommand cmd;
  CLI::App* serve_cmd = app.add_subcommand(
      "serve", "Serve the web page and the JSON API (POST /api/solve, /api/hint, ...)");
  serve_cmd->add_option("--host", cmd.options.host, "Address to listen on (loopback by default)")
      ->capture_default_str();
  serve_cmd->add_option("-p,--port", cmd.options.port, "Port to listen on; 0 picks a free one")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve_cmd->add_option("--budget", cmd.budget_seconds, "Seconds of work allowed per request")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 3600.0));
  serve_cmd->add_option("--max-body", cmd.max_body_kib, "Largest request body, in KiB")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  serve_cmd->add_option("--workers", cmd.options.heavy_slots,
                        "Searches run at once (0 = one per core); more wait, then get 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  serve_cmd->add_option("--queue-wait", cmd.queue_wait_seconds,
                        "Seconds a search waits for a free worker before the answer is 503")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 60.0));
  serve_cmd->add_option("--io-timeout", cmd.io_timeout_seconds,
                        "Seconds a client may take to send its request or read the answer "
                        "before the connection is closed (slow clients)")
      ->capture_default_str()
      ->check(CLI::Range(1, 600));
  serve_cmd->callback([&action] { action = [] { return serve(cmd); }; });
}

}  // namespace nonet::cli
