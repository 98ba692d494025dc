// `nonet serve` against an operator's mistakes and clients that bend HTTP: a
// standard error nobody reads, the hang-up signal, an empty --host, a burst of
// large requests, requests whose Host, codings or JSON are ambiguous, and the
// words of answers that were stopped or cached. Each was once wrong.

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/run.h"
#include "support/server.h"

namespace {

using namespace nonet::testing;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

const std::string kEasy =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
// ER 8.5: its rating takes a noticeable while (a tenth of a second in a debug build).
const std::string kHard =
    "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..";
// Counting the solutions of an empty 25x25 board runs until its budget ends.
const json kEndlessCount = {{"puzzle", std::string(625, '.')}, {"limit", 1000000}};

// The resident memory of a process now, in KiB; -1 when unknown.
long rss_kb(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

std::string get_with(int port, const std::string& target, const std::string& headers,
                     const std::string& version = "HTTP/1.1") {
  return raw(port, "GET " + target + " " + version + "\r\n" + headers + "Connection: close\r\n\r\n")
      .head;
}

int status_of(const std::string& head) {
  return head.size() > 12 ? std::atoi(head.c_str() + 9) : 0;
}

// --- An operator's mistakes ---------------------------------------------------------

TEST(ServerMistakes, StopsWhileItsStandardErrorIsBlocked) {
  // As under a paused `| less`: the access log fills the pipe and blocks.
  ServerProcess server({}, ServerProcess::Stderr::stalled_pipe);
  ASSERT_GT(server.port(), 0);
  for (int i = 0; i < 300; ++i)
    ASSERT_EQ(request(server.port(), "GET", "/api/health").status, 200) << "request " << i;
  const auto start = Clock::now();
  EXPECT_EQ(server.stop(15), 0) << "the server did not stop";
  EXPECT_LT(seconds_since(start), 8.0);
}

TEST(ServerMistakes, StopsAtOnceOnASecondSignalWhileItsStandardErrorIsBlocked) {
  ServerProcess server({"--drain", "60", "--budget", "60", "--workers", "1"},
                       ServerProcess::Stderr::stalled_pipe);
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  for (int i = 0; i < 300; ++i) ASSERT_EQ(request(port, "GET", "/api/health").status, 200);
  auto working =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(server.pid(), SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = Clock::now();
  const int code = server.stop(15);  // the second signal
  EXPECT_EQ(code, 0);
  EXPECT_LT(seconds_since(start), 5.0);
  EXPECT_EQ(working.get().json_body["status"], "cancelled");
}

TEST(ServerMistakes, AHangUpDrainsLikeATerminate) {
  ServerProcess server({"--workers", "1", "--budget", "3", "--drain", "10"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  auto working =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(server.pid(), SIGHUP);
  const Response answer = working.get();
  EXPECT_EQ(answer.status, 200) << "the answer in progress was lost";
  EXPECT_EQ(answer.json_body["status"], "timeout") << answer.body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerMistakes, AnEmptyHostIsRefused) {
  // `--host "$HOST"` with HOST unset must not listen on every interface.
  const RunResult r = run_cli("serve --port 0 --host ''");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("nonet: --host"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("serving"), std::string::npos) << r.out;
}

TEST(ServerMistakes, MappedLoopbackIsLoopback) {
  ServerProcess server({"--host", "::ffff:127.0.0.1"});
  ASSERT_NE(server.banner().find("serving on"), std::string::npos) << server.banner();
  EXPECT_EQ(server.log().find("warning"), std::string::npos) << server.log();
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerMistakes, MemoryIsHandedBackAfterABurst) {
  if (built_with_sanitizers()) GTEST_SKIP() << "sanitizers keep freed memory on purpose";
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);
  const int clients = static_cast<int>(std::min<rlim_t>(2000, files.rlim_cur / 2 - 100));
  ASSERT_GE(clients, 500) << "too few descriptors for the test";
  ServerProcess server({"--max-connections", "5000", "--io-timeout", "30"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  ASSERT_EQ(request(port, "GET", "/api/health").status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const long before = rss_kb(server.pid());
  // Each client sends most of a 65,000-byte body and waits.
  const std::string head =
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Content-Length: 65000\r\n\r\n";
  const std::string part(60000, ' ');
  std::vector<int> fds;
  for (int i = 0; i < clients; ++i) {
    const int fd = connect_to(port);
    if (fd < 0) break;
    fds.push_back(fd);
    send_all(fd, head + part);
  }
  long peak = 0;
  for (int i = 0; i < 100 && peak < before + 40 * 1024; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    peak = rss_kb(server.pid());
  }
  for (const int fd : fds) close(fd);
  EXPECT_GT(peak, before + 40 * 1024) << "the burst did not hold memory; the test measures nothing";
  long after = peak;
  for (int i = 0; i < 100 && after > before + 20 * 1024; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    after = rss_kb(server.pid());
  }
  EXPECT_LT(after, before + 20 * 1024) << "KiB resident: " << before << " before, " << peak
                                       << " at the peak, " << after << " after every client left";
  EXPECT_EQ(request(port, "GET", "/api/health").status, 200);
  EXPECT_EQ(server.stop(), 0);
}

// --- HTTP that could be read two ways ------------------------------------------------

TEST(ServerHttp, EveryRequestNamesOneHostThatIsThisServer) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  EXPECT_EQ(status_of(get_with(port, "/api/health", "Host: 127.0.0.1\r\n")), 200);
  EXPECT_EQ(status_of(get_with(port, "/api/health", "", "HTTP/1.0")), 400)
      << "HTTP/1.0 without a Host";
  EXPECT_EQ(status_of(get_with(port, "/api/health", "")), 400) << "HTTP/1.1 without a Host";
  EXPECT_EQ(status_of(get_with(port, "/api/health", "Host: 127.0.0.1\r\nHost: evil.example\r\n")),
            400)
      << "two Hosts";
  EXPECT_EQ(status_of(get_with(port, "/api/health", "Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n")), 400)
      << "two Hosts, even equal";
  // A target in absolute form names the host that counts.
  EXPECT_EQ(status_of(get_with(port, "http://evil.example/api/health", "Host: 127.0.0.1\r\n")),
            421);
  EXPECT_EQ(status_of(get_with(port, "http://127.0.0.1:" + std::to_string(port) + "/api/health",
                               "Host: 127.0.0.1\r\n")),
            200);
  EXPECT_EQ(status_of(get_with(port, "https://127.0.0.1/api/health", "Host: 127.0.0.1\r\n")), 400)
      << "this server speaks http only";
  const Response named = raw(port, "GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n");
  EXPECT_NE(named.body.find("Host"), std::string::npos) << named.body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerHttp, CodingsItCannotReadAreRefused) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const std::string body = json{{"puzzle", kEasy}}.dump();
  auto post_with = [&](const std::string& headers, const std::string& payload) {
    return raw(port, "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
                         headers + "\r\n" + payload);
  };
  const std::string length = "Content-Length: " + std::to_string(body.size()) + "\r\n";
  Response r = post_with("Transfer-Encoding: gzip\r\n", body);
  EXPECT_EQ(r.status, 501) << r.head << r.body;
  r = post_with("Transfer-Encoding: gzip, chunked\r\n", "0\r\n\r\n");
  EXPECT_EQ(r.status, 501) << r.head << r.body;
  r = post_with("Content-Encoding: br\r\n" + length, body);
  EXPECT_EQ(r.status, 415) << r.head << r.body;
  EXPECT_EQ(r.json_body["error"]["code"], "unsupported_encoding") << r.body;
  EXPECT_NE(r.body.find("br"), std::string::npos) << r.body;
  EXPECT_EQ(r.header("Accept-Encoding"), "identity");
  EXPECT_EQ(post_with("Content-Encoding: identity\r\n" + length, body).status, 200);
  EXPECT_EQ(post_with("Transfer-Encoding: chunked\r\n",
                      [&] {
                        char size[16];
                        std::snprintf(size, sizeof size, "%zx", body.size());
                        return std::string(size) + "\r\n" + body + "\r\n0\r\n\r\n";
                      }())
                .status,
            200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerHttp, ChunkExtensionsCountTowardTheBodyCap) {
  ServerProcess server({"--max-body", "64"});
  ASSERT_GT(server.port(), 0);
  const int fd = connect_to(server.port());
  ASSERT_GE(fd, 0);
  // One byte of body per chunk, 8,000 bytes of extension: 40 MB in all for a
  // 5 KB body, unless the extensions count.
  const std::string chunk = "1;x=" + std::string(8000, 'e') + "\r\na\r\n";
  auto sender = std::async(std::launch::async, [&] {
    bool ok = send_all(fd,
                       "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: "
                       "chunked\r\nConnection: close\r\n\r\n");
    std::size_t sent = 0;
    for (int i = 0; ok && i < 5000; ++i, sent += chunk.size()) ok = send_all(fd, chunk);
    return sent;
  });
  std::string data;
  char buffer[4096];
  pollfd p{fd, POLLIN, 0};
  while (data.find("\r\n\r\n") == std::string::npos && poll(&p, 1, 30000) > 0) {
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
  }
  shutdown(fd, SHUT_RDWR);
  const std::size_t sent = sender.get();
  close(fd);
  EXPECT_EQ(status_of(data), 413) << data.substr(0, 300);
  // What the server read before it answered, and then drops while it closes
  // (up to 1 MiB), and what the sockets' buffers hold: far from the 40 MB.
  EXPECT_LT(sent, std::size_t{12} << 20) << "bytes taken before the connection ended";
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerHttp, AnHttpsOriginIsAnotherOrigin) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const std::string body = json{{"puzzle", kEasy}}.dump();
  auto from = [&](const std::string& origin) {
    return raw(port, "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                         "\r\nConnection: close\r\nOrigin: " + origin +
                         "\r\nContent-Type: application/json\r\nContent-Length: " +
                         std::to_string(body.size()) + "\r\n\r\n" + body)
        .status;
  };
  EXPECT_EQ(from("http://127.0.0.1:" + std::to_string(port)), 200);
  EXPECT_EQ(from("https://127.0.0.1:" + std::to_string(port)), 403);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerHttp, DuplicateJsonKeysAreRefused) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  Response r = request(port, "POST", "/api/solve",
                       "{\"puzzle\": \"" + kEasy + "\", \"puzzle\": \"" + kHard + "\"}");
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json_body["error"]["code"], "malformed_json") << r.body;
  EXPECT_NE(r.json_body["error"]["message"].get<std::string>().find("\"puzzle\" twice"),
            std::string::npos)
      << r.body;
  r = request(port, "POST", "/api/transform",
              "{\"puzzle\": \"" + kEasy + "\", \"ops\": \"rot90\", \"ops\": \"flip\"}");
  EXPECT_EQ(r.status, 400) << r.body;
  r = request(port, "POST", "/api/solve", "{\"puzzle\": \"" + kEasy + "\"}");
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(server.stop(), 0);
}

// --- Words ---------------------------------------------------------------------------

TEST(ServerWords, AnAnswerStoppedByShutdownSaysSo) {
  ServerProcess server({"--workers", "1", "--budget", "20", "--drain", "1"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  auto working =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(server.pid(), SIGTERM);
  const Response answer = working.get();
  EXPECT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.json_body["status"], "cancelled") << answer.body;
  const std::string message = answer.json_body.value("message", "");
  EXPECT_EQ(message.find("budget"), std::string::npos) << answer.body;
  EXPECT_NE(message.find("stopping"), std::string::npos) << answer.body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerWords, CachedAnswersCarryTheirOwnTime) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const Response first = post(port, "/api/rate", {{"puzzle", kHard}});
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_GE(first.json_body["elapsed_ms"].get<double>(), 1.0) << first.body;
  const Response again = post(port, "/api/rate", {{"puzzle", kHard}});
  ASSERT_EQ(again.header("X-Nonet-Cache"), "hit");
  EXPECT_LT(again.json_body["elapsed_ms"].get<double>(),
            first.json_body["elapsed_ms"].get<double>())
      << again.body;
  json a = first.json_body, b = again.json_body;
  a.erase("elapsed_ms");
  b.erase("elapsed_ms");
  EXPECT_EQ(a, b);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerWords, AHintNeedsExactlyOneSolution) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const Response r = post(server.port(), "/api/hint", {{"puzzle", std::string(80, '.') + "1"}});
  EXPECT_EQ(r.status, 422) << r.body;
  EXPECT_EQ(r.json_body["error"]["code"], "not_unique") << r.body;
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
