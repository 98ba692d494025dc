// nonet serve: the JSON API and the web page.

#include <pthread.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "cli/options.h"
#include "server/origin.h"
#include "server/server.h"

namespace nonet::cli {
namespace {

struct ServeCommand {
  server::ServerOptions options;
  double budget_seconds = 10;
  double queue_wait_seconds = 2;
  int max_body_kib = 64;
  int io_timeout_seconds = 5;
  int idle_timeout_seconds = 5;
  int drain_seconds = 5;
  int cache_mib = 16;
  int queue = 0;
  bool quiet = false;
};

int serve(ServeCommand& cmd) {
  cmd.options.limits.budget =
      std::chrono::milliseconds(static_cast<long long>(cmd.budget_seconds * 1000));
  cmd.options.max_body = static_cast<std::size_t>(cmd.max_body_kib) * 1024;
  cmd.options.io_timeout = std::chrono::seconds(cmd.io_timeout_seconds);
  cmd.options.idle_timeout = std::chrono::seconds(cmd.idle_timeout_seconds);
  cmd.options.drain = std::chrono::seconds(cmd.drain_seconds);
  cmd.options.queue_wait =
      std::chrono::milliseconds(static_cast<long long>(cmd.queue_wait_seconds * 1000));
  cmd.options.cache_bytes = static_cast<std::size_t>(cmd.cache_mib) << 20;
  cmd.options.queue = static_cast<std::size_t>(cmd.queue);
  cmd.options.access_log = !cmd.quiet;

  // SIGINT, SIGTERM and SIGHUP are taken by one thread with sigwait, so
  // stopping is an ordinary call rather than work inside a signal handler. The
  // mask is set before the server starts its threads, which inherit it. SIGHUP
  // (the terminal closed, or an operator's "reload") drains as SIGTERM does:
  // the server has no configuration file to read again, and a hang-up must not
  // lose the answers in progress. A closed standard error (the access log)
  // must not end the server: SIGPIPE is ignored and the write fails instead.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  server::WebServer web(cmd.options);
  std::string error;
  if (!web.bind(error)) {
    std::fprintf(stderr, "nonet: %s\n", error.c_str());
    return 1;
  }
  if (!server::is_loopback_host(cmd.options.host)) {
    std::fprintf(stderr,
                 "nonet: warning: listening on %s, which other machines can reach; the server "
                 "has no login, and anyone who reaches it can make it work (for this machine "
                 "alone, leave out --host)\n",
                 cmd.options.host.c_str());
  }
  std::printf("nonet: serving on %s (Ctrl-C stops)\n", web.url().c_str());
  if (std::fflush(stdout) != 0) {
    std::fprintf(stderr, "nonet: cannot write to standard output\n");
    return 1;
  }

  // The first signal drains (answers in progress are finished), a second stops
  // the searches at once.
  std::atomic<bool> finished{false};
  std::thread waiter([&web, &stop_signals, &finished] {
    for (;;) {
      int signal = 0;
      sigwait(&stop_signals, &signal);
      if (finished.load()) return;
      web.stop();
    }
  });
  const bool ok = web.run();
  // Wake the waiter so that it can be joined.
  finished.store(true);
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
      ->capture_default_str()
      ->check([](const std::string& host) -> std::string {
        // An unset shell variable must not mean every interface.
        if (host.empty())
          return "an empty address; give one (0.0.0.0 for every interface, on purpose)";
        return "";
      });
  serve_cmd->add_option("-p,--port", cmd.options.port, "Port to listen on; 0 picks a free one")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve_cmd
      ->add_option("--allow-host", cmd.options.allowed_hosts,
                   "A Host name to answer for besides the address (a name in DNS, or behind a "
                   "proxy); may be repeated; * allows any")
      ->type_name("NAME");
  serve_cmd
      ->add_option("--budget", cmd.budget_seconds,
                   "Seconds a request may take, from its arrival to its answer")
      ->capture_default_str()
      ->check(finite_range(0.01, 3600.0));
  serve_cmd->add_option("--max-body", cmd.max_body_kib, "Largest request body, in KiB")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  serve_cmd
      ->add_option("--workers", cmd.options.heavy_slots,
                   "Searches run at once (0 = one per core); more wait, then get 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  serve_cmd
      ->add_option("--queue", cmd.queue,
                   "Searches that may wait for a worker (0 = two per worker); more are "
                   "refused at once with 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  serve_cmd
      ->add_option("--queue-wait", cmd.queue_wait_seconds,
                   "Seconds a search waits for a free worker before the answer is 503")
      ->capture_default_str()
      ->check(finite_range(0.0, 60.0));
  serve_cmd
      ->add_option("--io-timeout", cmd.io_timeout_seconds,
                   "Seconds a client has to send a whole request (headers and body), and to "
                   "read the answer, before the connection is closed")
      ->capture_default_str()
      ->check(CLI::Range(1, 600));
  serve_cmd
      ->add_option("--idle-timeout", cmd.idle_timeout_seconds,
                   "Seconds a kept-alive connection may wait for its next request")
      ->capture_default_str()
      ->check(CLI::Range(1, 600));
  serve_cmd
      ->add_option("--max-connections", cmd.options.max_connections,
                   "Connections open at once; more are answered 503 and closed")
      ->capture_default_str()
      ->check(CLI::Range(16, 1000000));
  serve_cmd
      ->add_option("--cache-mb", cmd.cache_mib,
                   "MiB of finished hints, explanations and ratings kept to answer again "
                   "(0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65536));
  serve_cmd
      ->add_option("--drain", cmd.drain_seconds,
                   "On SIGINT, SIGTERM or SIGHUP, seconds for answers in progress before "
                   "their searches are stopped (a second signal stops them at once)")
      ->capture_default_str()
      ->check(CLI::Range(0, 600));
  serve_cmd->add_flag("-q,--quiet", cmd.quiet, "No access log (a line per request on stderr)");
  serve_cmd->callback([&action] { action = [] { return serve(cmd); }; });
}

}  // namespace nonet::cli
