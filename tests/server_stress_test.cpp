// `nonet serve` under load, slow clients, floods, other sites' pages and
// signals: short forms of what scripts/stress.sh measures in full, against the
// real binary. The bounds are loose (a loaded two-core machine, debug and
// sanitizer builds); each still fails by far on a server that lacks the defence.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
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
// ER 11 and up: a solve takes microseconds, a hint far longer.
const std::string kHard[] = {
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
};
const std::string kGoldenNugget =
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000";
// Counting the solutions of an empty 25x25 board runs until its budget ends:
// the highest limit takes about half a minute in an optimised build (an empty
// 16x16 reaches it in under three seconds).
const json kEndlessCount = {{"puzzle", std::string(625, '.')}, {"limit", 1000000}};

// Reads one answer from a kept-alive connection; `carry` keeps what follows it.
Response read_answer(int fd, std::string& carry, int timeout_ms = 30000) {
  Response r;
  std::string data = std::move(carry);
  carry.clear();
  char buffer[65536];
  pollfd p{fd, POLLIN, 0};
  for (;;) {
    const std::size_t end = data.find("\r\n\r\n");
    if (end != std::string::npos) {
      r.head = data.substr(0, end);
      const std::string length = r.header("Content-Length");
      const std::size_t need = end + 4 + (length.empty() ? 0 : std::stoul(length));
      if (data.size() >= need) {
        r.body = data.substr(end + 4, need - end - 4);
        carry = data.substr(need);
        r.status = std::atoi(r.head.c_str() + 9);
        r.json_body = json::parse(r.body, nullptr, false);
        return r;
      }
    }
    if (poll(&p, 1, timeout_ms) <= 0) return r;
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) return r;
    data.append(buffer, static_cast<std::size_t>(n));
  }
}

std::string post_text(const std::string& path, const std::string& body,
                      const std::string& extra = "Connection: close\r\n") {
  return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra +
         "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\n\r\n" + body;
}

// Whether the server closes `fd` within `seconds` (reading and dropping what it sends).
// True when the server closes `fd` within `seconds`; what it sent before is
// added to `received` when given.
bool closed_within(int fd, double seconds, std::string* received = nullptr) {
  const auto start = Clock::now();
  char buffer[4096];
  while (seconds_since(start) < seconds) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 50) <= 0) continue;
    const ssize_t n = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (n <= 0) return true;
    if (received) received->append(buffer, static_cast<std::size_t>(n));
  }
  return false;
}

// Hundreds of connections at once.
void raise_file_limit() {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
}

// --- Lanes ------------------------------------------------------------------------

TEST(ServerLanes, CheapRequestsNeverWaitForTheWorkers) {
  ServerProcess server({"--workers", "1", "--queue", "1", "--budget", "4", "--queue-wait", "8"});
  ASSERT_GT(server.port(), 0) << server.banner();
  const int port = server.port();
  // The worker busy and its queue full.
  auto first =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  auto second =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  // On a loaded machine the two may take a while to arrive.
  for (int i = 0; i < 100; ++i) {
    const Response health = request(port, "GET", "/api/health");
    if (health.json_body.value("/queue/depth"_json_pointer, 0) == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  // More heavy work is refused at once, with a time to come back.
  auto start = Clock::now();
  const Response refused = post(port, "/api/hint", {{"puzzle", kHard[0]}});
  ASSERT_EQ(refused.status, 503) << refused.body;
  EXPECT_EQ(refused.json_body.value("/error/code"_json_pointer, ""), "busy") << refused.body;
  EXPECT_GE(std::atoi(refused.header("Retry-After").c_str()), 1) << refused.head;
  EXPECT_LT(seconds_since(start), 1.5) << "refused only after waiting";
  // Cheap requests are answered meanwhile, each with its own status.
  std::vector<std::future<std::pair<int, double>>> cheap;
  for (int i = 0; i < 24; ++i) {
    cheap.push_back(std::async(std::launch::async, [port, i] {
      const auto t0 = Clock::now();
      int status = 0;
      switch (i % 4) {
        case 0:
          status = post(port, "/api/solve", {{"puzzle", kHard[i % 3]}}).status;
          break;
        case 1:
          status = post(port, "/api/validate", {{"puzzle", kHard[i % 3]}}).status;
          break;
        case 2:
          status = request(port, "POST", "/api/hint", "{\"puzzle\": [1,").status;
          break;
        default:
          status = post(port, "/api/count", {{"puzzle", kEasy}, {"limit", 10}}).status;
      }
      return std::make_pair(status, seconds_since(t0));
    }));
  }
  for (int i = 0; i < 24; ++i) {
    const auto [status, seconds] = cheap[static_cast<std::size_t>(i)].get();
    EXPECT_EQ(status, i % 4 == 2 ? 400 : 200) << "request " << i;
    EXPECT_LT(seconds, 1.5) << "request " << i << " waited for a worker";
  }
  EXPECT_EQ(first.get().json_body.value("status", ""), "timeout");
  EXPECT_EQ(second.get().status, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLanes, HeavyWorkStopsWhenItsClientLeaves) {
  ServerProcess server({"--workers", "1", "--budget", "30", "--queue-wait", "3"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const int fd = connect_to(port);
  ASSERT_TRUE(send_all(fd, post_text("/api/count", kEndlessCount.dump())));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  close(fd);  // the page was closed, or the player pressed Cancel
  const auto start = Clock::now();
  const Response next = post(port, "/api/count", {{"puzzle", std::string(256, '.')}, {"limit", 5}});
  EXPECT_EQ(next.status, 200) << next.body << " (the worker was still held by the first search)";
  EXPECT_LT(seconds_since(start), 2.5);
  const Response metrics = request(port, "GET", "/metrics");
  EXPECT_NE(metrics.body.find("nonet_requests_cancelled_total 1"), std::string::npos)
      << metrics.body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLanes, AMinimalLargeGenerationStopsWhenItsClientLeaves) {
  // A minimal 25x25 puzzle is seconds of removal checks; they stop with the client.
  ServerProcess server({"--workers", "1", "--budget", "30", "--queue-wait", "5"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const int fd = connect_to(port);
  ASSERT_TRUE(send_all(fd, post_text("/api/generate", json{{"size", 25}, {"seed", 11}}.dump())));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  close(fd);
  const auto start = Clock::now();
  const Response next = post(port, "/api/count", {{"puzzle", std::string(256, '.')}, {"limit", 5}});
  EXPECT_EQ(next.status, 200) << next.body;
  EXPECT_LT(seconds_since(start), 2.5) << "the worker was still held by the generation";
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLanes, TheBudgetRunsFromTheRequestsArrival) {
  ServerProcess server({"--workers", "1", "--budget", "2", "--queue-wait", "5"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  auto first =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto start = Clock::now();
  const Response second = post(port, "/api/count", kEndlessCount);
  // It waited for the first search, then had what was left of its own 2 s.
  EXPECT_EQ(second.status, 200) << second.body;
  EXPECT_LT(seconds_since(start), 3.5) << "the budget started again after the wait";
  EXPECT_EQ(first.get().status, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLanes, RepeatedLogicComesFromTheCache) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const Response a = post(port, "/api/rate", {{"puzzle", kEasy}});
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.header("X-Nonet-Cache"), "");
  // The same position in another text form, and the same request again.
  std::string grid;
  for (int r = 0; r < 9; ++r) grid += kEasy.substr(static_cast<std::size_t>(r * 9), 9) + "\n";
  const Response b = post(port, "/api/rate", {{"puzzle", grid}});
  EXPECT_EQ(b.header("X-Nonet-Cache"), "hit") << b.head;
  EXPECT_EQ(b.json_body["er"], a.json_body["er"]);
  EXPECT_EQ(post(port, "/api/rate", {{"puzzle", kEasy}}).header("X-Nonet-Cache"), "hit");
  // Other options are another answer.
  EXPECT_EQ(
      post(port, "/api/rate", {{"puzzle", kEasy}, {"profile", "modern"}}).header("X-Nonet-Cache"),
      "");
  // An answer the budget cut short is not kept.
  ServerProcess quick({"--budget", "0.3"});
  ASSERT_GT(quick.port(), 0);
  const Response stopped = post(quick.port(), "/api/rate", {{"puzzle", kGoldenNugget}});
  ASSERT_EQ(stopped.json_body["status"], "timeout") << stopped.body;
  EXPECT_EQ(post(quick.port(), "/api/rate", {{"puzzle", kGoldenNugget}}).header("X-Nonet-Cache"),
            "");
  const Response metrics = request(port, "GET", "/metrics");
  EXPECT_NE(metrics.body.find("nonet_cache_hits_total 2"), std::string::npos) << metrics.body;
  EXPECT_EQ(server.stop(), 0);
  EXPECT_EQ(quick.stop(), 0);
}

// The burst of scripts/stress.sh, smaller: cheap requests from many clients
// beside hard hints.
TEST(ServerLanes, BurstOfCheapAndHeavyRequests) {
  ServerProcess server({"--workers", "1", "--queue", "2", "--budget", "5"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  struct Job {
    std::string request;
    bool cheap;
    int want;
  };
  std::vector<Job> jobs;
  for (int i = 0; i < 160; ++i) {
    const std::string& p = kHard[i % 3];
    switch (i % 8) {
      case 0:
        jobs.push_back({post_text("/api/hint", json{{"puzzle", p}}.dump()), false, 200});
        break;
      case 1:
        jobs.push_back({post_text("/api/solve", "{\"puzzle\": 42}"), true, 400});
        break;
      case 2:
        jobs.push_back({post_text("/api/validate", json{{"puzzle", p}}.dump()), true, 200});
        break;
      default:
        jobs.push_back({post_text("/api/solve", json{{"puzzle", p}}.dump()), true, 200});
    }
  }
  std::vector<Response> answers(jobs.size());
  std::vector<double> seconds(jobs.size());
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < 16; ++c) {
    clients.emplace_back([&] {
      for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
        const auto t0 = Clock::now();
        answers[i] = raw(port, jobs[i].request);
        seconds[i] = seconds_since(t0);
      }
    });
  }
  for (auto& t : clients) t.join();
  std::vector<double> cheap;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const Response& r = answers[i];
    ASSERT_NE(r.status, 0) << "request " << i << " got no answer";
    if (jobs[i].cheap) {
      EXPECT_EQ(r.status, jobs[i].want) << i << ": " << r.body;
      cheap.push_back(seconds[i]);
    } else {
      EXPECT_TRUE(r.status == 200 || (r.status == 503 && !r.header("Retry-After").empty()))
          << i << ": " << r.status << " " << r.body;
    }
  }
  std::sort(cheap.begin(), cheap.end());
  EXPECT_LT(cheap[cheap.size() * 99 / 100], nonet::testing::built_with_sanitizers() ? 3.0 : 1.0)
      << "cheap p99";
  EXPECT_EQ(request(port, "GET", "/api/health").status, 200);
  EXPECT_EQ(server.stop(), 0);
}

// --- Slow and idle clients ------------------------------------------------------------

TEST(ServerConnections, SlowAndIdleClientsDoNotStarveOthers) {
  raise_file_limit();
  ServerProcess server({"--io-timeout", "5", "--idle-timeout", "5"});
  ASSERT_GT(server.port(), 0);
  std::vector<int> held;
  const std::string head = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
  for (int i = 0; i < 150; ++i) {
    const int fd = connect_to(server.port());
    ASSERT_GE(fd, 0);
    if (i % 2 == 0) send_all(fd, head);  // half slow-loris, half idle
    held.push_back(fd);
  }
  for (int probe = 0; probe < 5; ++probe) {
    for (std::size_t i = 0; i < held.size(); i += 2) send_all(held[i], "a");
    const auto start = Clock::now();
    const Response r = post(server.port(), "/api/solve", {{"puzzle", kEasy}});
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_LT(seconds_since(start), 1.0) << "probe " << probe << " waited behind slow clients";
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  for (const int fd : held) close(fd);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerConnections, ARequestHasOneDeadlineHoweverSlowlyItComes) {
  ServerProcess server({"--io-timeout", "2"});
  ASSERT_GT(server.port(), 0);
  const int fd = connect_to(server.port());
  ASSERT_GE(fd, 0);
  const auto start = Clock::now();
  ASSERT_TRUE(send_all(fd, "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
  // A byte every 0.2 s: each read is quick, the request never ends.
  bool closed = false;
  std::string received;
  while (!closed && seconds_since(start) < 8) {
    send_all(fd, "a");
    closed = closed_within(fd, 0.2, &received);
  }
  EXPECT_TRUE(closed) << "the server waited on the trickle for 8 s";
  EXPECT_LT(seconds_since(start), 4.0);
  // Told why, before the connection ends.
  EXPECT_EQ(received.rfind("HTTP/1.1 408 ", 0), 0u) << received;
  EXPECT_NE(received.find("\"code\":\"timeout\""), std::string::npos) << received;
  close(fd);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerConnections, KeepAliveIsQuickAndIdleConnectionsClose) {
  ServerProcess server({"--idle-timeout", "1"});
  ASSERT_GT(server.port(), 0);
  const int fd = connect_to(server.port());
  ASSERT_GE(fd, 0);
  std::string carry;
  std::vector<double> ms;
  for (int i = 0; i < 30; ++i) {
    const auto start = Clock::now();
    ASSERT_TRUE(send_all(fd, post_text("/api/validate", json{{"puzzle", kEasy}}.dump(), "")));
    const Response r = read_answer(fd, carry);
    ASSERT_EQ(r.status, 200) << "request " << i << " on the kept-alive connection";
    ms.push_back(seconds_since(start) * 1000);
  }
  // Without TCP_NODELAY, Nagle's algorithm and delayed ACKs held each answer
  // on a kept-alive connection for about 40 ms.
  std::sort(ms.begin() + 1, ms.end());
  EXPECT_LT(ms[15], 20.0) << "median of requests on one connection, ms";
  EXPECT_TRUE(closed_within(fd, 3.0)) << "an idle kept-alive connection stayed open";
  close(fd);
  EXPECT_EQ(server.stop(), 0);
}

// --- Limits that cannot be walked round ---------------------------------------------

TEST(ServerLimitsHold, ChunkedBodiesCountAgainstTheCap) {
  ServerProcess server({"--max-body", "16"});
  ASSERT_GT(server.port(), 0);
  // Valid JSON, 200 KB in chunks.
  std::string request =
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
  auto chunk = [&](const std::string& data) {
    char size[16];
    std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    request += size + data + "\r\n";
  };
  chunk("{\"puzzle\": \"" + kEasy + "\", \"padding\": \"");
  for (int i = 0; i < 200; ++i) chunk(std::string(1000, 'a'));
  chunk("\"}");
  request += "0\r\n\r\n";
  const Response r = raw(server.port(), request);
  EXPECT_EQ(r.status, 413) << r.head;
  EXPECT_EQ(r.json_body["error"]["code"], "too_large") << r.body;
  EXPECT_EQ(post(server.port(), "/api/solve", {{"puzzle", kEasy}}).status, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLimitsHold, HeaderFloodsAndLongRequestLinesAreRefused) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  std::string many = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  for (int i = 0; i < 300; ++i) many += "X-H" + std::to_string(i) + ": v\r\n";
  Response r = raw(server.port(), many + "\r\n");
  EXPECT_EQ(r.status, 431) << r.head;
  r = raw(server.port(), "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " +
                             std::string(100000, 'b') + "\r\n\r\n");
  EXPECT_EQ(r.status, 431) << r.head;
  r = raw(server.port(),
          "GET /" + std::string(200000, 'a') + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_EQ(r.status, 414) << r.head;
  EXPECT_EQ(r.json_body["error"]["code"], "too_large") << r.body;
  EXPECT_EQ(request(server.port(), "GET", "/api/health").status, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLimitsHold, RangesCannotMultiplyAnAnswer) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const Response plain = request(server.port(), "GET", "/js/app.js");
  ASSERT_EQ(plain.status, 200);
  std::string ranges = "Range: bytes=";
  for (int i = 0; i < 500; ++i) ranges += (i ? "," : "") + std::string("0-4999");
  const Response r = request(server.port(), "GET", "/js/app.js", "", ranges + "\r\n");
  EXPECT_TRUE(r.status == 200 || r.status == 206 || r.status == 416) << r.head;
  EXPECT_LE(r.body.size(), plain.body.size()) << "ranges multiplied the answer";
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLimitsHold, FloodsLeaveMemoryBounded) {
  if (nonet::testing::built_with_sanitizers())
    GTEST_SKIP() << "sanitizers change the server's memory";
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  // Four 40 MB chunked bodies and a 40 MB request line, sent as fast as the
  // server reads them.
  auto flood = [port](const std::string& head, const std::string& block, std::size_t total) {
    const int fd = connect_to(port);
    if (fd < 0) return;
    bool ok = send_all(fd, head);
    for (std::size_t sent = 0; ok && sent < total; sent += block.size()) ok = send_all(fd, block);
    close(fd);
  };
  const std::string chunk = "10000\r\n" + std::string(0x10000, 'a') + "\r\n";
  std::vector<std::thread> floods;
  for (int i = 0; i < 4; ++i) {
    floods.emplace_back(flood,
                        "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: "
                        "chunked\r\n\r\n",
                        chunk, std::size_t{40} << 20);
  }
  floods.emplace_back(flood, "GET /", std::string(1 << 20, 'a'), std::size_t{40} << 20);
  for (auto& t : floods) t.join();
  EXPECT_LT(server.peak_rss_kb(), 100 * 1024) << "KiB at the peak";
  EXPECT_EQ(request(port, "GET", "/api/health").status, 200);
  EXPECT_EQ(server.stop(), 0);
}

// --- Other sites ----------------------------------------------------------------------

TEST(ServerOrigins, OnlyThisServersNamesAreServed) {
  ServerProcess server({"--allow-host", "sudoku.example"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  auto with_host = [port](const std::string& host) {
    return raw(port, "GET /api/health HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
  };
  // DNS rebinding: a page of evil.example whose name now points here.
  const Response foreign = with_host("evil.example:" + std::to_string(port));
  EXPECT_EQ(foreign.status, 421) << foreign.head;
  EXPECT_EQ(foreign.json_body["error"]["code"], "wrong_host");
  for (const std::string& host : std::vector<std::string>{
           "127.0.0.1", "localhost:" + std::to_string(port), "[::1]:8080", "sudoku.example"})
    EXPECT_EQ(with_host(host).status, 200) << host;
  EXPECT_EQ(raw(port, "GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n").status, 400)
      << "HTTP/1.1 without a Host";
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerOrigins, PagesOfOtherSitesCannotMakeItWork) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const std::string body = json{{"puzzle", kEasy}}.dump();
  auto send_with = [&](const std::string& headers) {
    return raw(port, "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                         "\r\nConnection: close\r\n" + headers +
                         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  };
  // A form or a no-cors fetch from another site: no preflight, so it arrives.
  Response r = send_with("Origin: http://evil.example\r\nContent-Type: text/plain\r\n");
  EXPECT_EQ(r.status, 403) << r.body;
  EXPECT_EQ(r.json_body["error"]["code"], "cross_origin");
  EXPECT_EQ(send_with("Origin: null\r\nContent-Type: text/plain\r\n").status, 403);
  EXPECT_EQ(send_with("Origin: http://127.0.0.1:1\r\nContent-Type: application/json\r\n").status,
            403)
      << "another port is another origin";
  EXPECT_EQ(send_with("Sec-Fetch-Site: cross-site\r\nContent-Type: text/plain\r\n").status, 403);
  // The board itself, and clients without a page (curl, scripts).
  EXPECT_EQ(send_with("Origin: http://127.0.0.1:" + std::to_string(port) +
                      "\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\n")
                .status,
            200);
  EXPECT_EQ(send_with("Content-Type: application/x-www-form-urlencoded\r\n").status, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerOrigins, ListeningBeyondLoopbackIsWarnedAbout) {
  ServerProcess server({"--host", "0.0.0.0"});
  ASSERT_NE(server.banner().find("0.0.0.0:"), std::string::npos) << server.banner();
  const std::size_t colon = server.banner().find("0.0.0.0:");
  const int port = std::atoi(server.banner().c_str() + colon + 8);
  ASSERT_GT(port, 0);
  // Any address of the machine is a name of the server; a DNS name is not.
  EXPECT_EQ(raw(port, "GET /api/health HTTP/1.1\r\nHost: 10.1.2.3:" + std::to_string(port) +
                          "\r\nConnection: close\r\n\r\n")
                .status,
            200);
  EXPECT_EQ(raw(port, "GET /api/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
                .status,
            421);
  EXPECT_NE(server.log().find("warning: listening on 0.0.0.0"), std::string::npos) << server.log();
  EXPECT_EQ(server.stop(), 0);
  ServerProcess local;
  ASSERT_GT(local.port(), 0);
  EXPECT_EQ(local.log().find("warning"), std::string::npos) << local.log();
  EXPECT_EQ(local.stop(), 0);
}

// --- What operators see -------------------------------------------------------------

TEST(ServerOperations, MetricsInThePrometheusTextFormat) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  ASSERT_EQ(post(port, "/api/solve", {{"puzzle", kEasy}}).status, 200);
  ASSERT_EQ(request(port, "POST", "/api/solve", "{").status, 400);
  ASSERT_EQ(post(port, "/api/hint", {{"puzzle", kEasy}}).status, 200);
  // The worker hands the answer over before it counts itself free: wait for that.
  const auto until = Clock::now() + std::chrono::seconds(10);
  const auto busy = [&] {
    return request(port, "GET", "/api/health").json_body.value("/workers/busy"_json_pointer, -1);
  };
  while (busy() != 0 && Clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const Response r = request(port, "GET", "/metrics");
  ASSERT_EQ(r.status, 200);
  EXPECT_NE(r.header("Content-Type").find("text/plain; version=0.0.4"), std::string::npos);
  const std::regex sample(R"(^[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? -?[0-9.e+]+$)");
  const std::regex comment(R"(^# (HELP|TYPE) [a-z_]+ .+$)");
  std::istringstream lines(r.body);
  int samples = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_TRUE(std::regex_match(line, sample) || std::regex_match(line, comment)) << line;
    samples += line[0] != '#';
  }
  EXPECT_GT(samples, 20);
  for (const char* want :
       {"nonet_http_requests_total{route=\"/api/solve\",status=\"200\"} 1",
        "nonet_http_requests_total{route=\"/api/solve\",status=\"400\"} 1",
        "nonet_http_requests_by_lane_total{route=\"/api/hint\",lane=\"worker\"} 1",
        "nonet_http_request_duration_seconds_bucket{route=\"/api/solve\",le=\"+Inf\"} 2",
        "nonet_http_request_duration_seconds_count{route=\"/api/hint\"} 1", "nonet_queue_depth 0",
        "nonet_workers_busy 0", "nonet_cache_hits_total 0", "nonet_connections_open ",
        "process_resident_memory_bytes "})
    EXPECT_NE(r.body.find(want), std::string::npos) << want << "\n" << r.body;
  // This connection, and maybe the last one still closing.
  const std::size_t open_at = r.body.find("\nnonet_connections_open ");
  ASSERT_NE(open_at, std::string::npos);
  const int open = std::atoi(r.body.c_str() + open_at + 24);
  EXPECT_TRUE(open >= 1 && open <= 2) << open;
  const Response health = request(port, "GET", "/api/health");
  EXPECT_EQ(health.json_body["status"], "ok");
  EXPECT_GE(health.json_body["workers"]["total"].get<int>(), 1) << health.body;
  EXPECT_EQ(health.json_body["workers"]["busy"], 0);
  EXPECT_EQ(health.json_body["queue"]["depth"], 0);
  EXPECT_GE(health.json_body["queue"]["capacity"].get<int>(), 1);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerOperations, AnAccessLogLinePerRequestUnlessQuiet) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  ASSERT_EQ(post(server.port(), "/api/solve", {{"puzzle", kEasy}}).status, 200);
  ASSERT_EQ(request(server.port(), "GET", "/no/such\"page\xFF").status, 404);
  // The log is written by a thread of its own: a moment for it.
  std::string log;
  for (int i = 0; i < 100 && log.find("/no/such") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    log = server.log();
  }
  EXPECT_TRUE(std::regex_search(
      log,
      std::regex(
          R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 "POST /api/solve HTTP/1\.1" 200 \d+ [0-9.]+ms direct)")))
      << log;
  EXPECT_NE(log.find("\"GET /no/such\\x22page\\xFF HTTP/1.1\" 404"), std::string::npos)
      << "quotes and bytes outside ASCII must not reach the log as they are\n"
      << log;
  EXPECT_EQ(server.stop(), 0);
  ServerProcess quiet({"--quiet"});
  ASSERT_GT(quiet.port(), 0);
  ASSERT_EQ(post(quiet.port(), "/api/solve", {{"puzzle", kEasy}}).status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(quiet.log(), "");
  EXPECT_EQ(quiet.stop(), 0);
}

TEST(ServerOperations, StoppingFinishesTheAnswersInProgress) {
  ServerProcess server({"--workers", "1", "--budget", "3", "--drain", "10"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  auto working =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  const int idle = connect_to(port);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(server.pid(), SIGTERM);
  // Idle connections close, new ones are not taken, the search in progress
  // still gets its answer.
  EXPECT_TRUE(closed_within(idle, 2.0));
  close(idle);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(request(port, "GET", "/api/health").status, 0) << "a new connection was served";
  const Response answer = working.get();
  EXPECT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.json_body["status"], "timeout") << answer.body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerOperations, StoppingTwiceStopsTheSearchesAtOnce) {
  ServerProcess server({"--workers", "1", "--budget", "60", "--drain", "60"});
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  auto working =
      std::async(std::launch::async, [port] { return post(port, "/api/count", kEndlessCount); });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(server.pid(), SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = Clock::now();
  kill(server.pid(), SIGTERM);
  const Response answer = working.get();
  // Stopped by the server, not by its budget: it says so.
  EXPECT_EQ(answer.json_body["status"], "cancelled") << answer.body;
  EXPECT_LT(seconds_since(start), 3.0);
  EXPECT_EQ(server.stop(), 0);
}

// --- Small things that were wrong ------------------------------------------------------

TEST(ServerAnswers, NumbersAndLimitsAreNamedAsSent) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  Response r = post(port, "/api/count", {{"puzzle", kEasy}, {"limit", 1e30}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json_body["error"]["code"], "bad_value");
  EXPECT_NE(r.body.find("not 1e+30"), std::string::npos) << r.body;
  r = request(port, "POST", "/api/count",
              "{\"puzzle\": \"" + kEasy + "\", \"limit\": 18446744073709551615}");
  EXPECT_NE(r.body.find("not 18446744073709551615"), std::string::npos) << r.body;
  r = post(port, "/api/count", {{"puzzle", kEasy}, {"limit", 2.5}});
  EXPECT_NE(r.body.find("not 2.5"), std::string::npos) << r.body;
  // The documented answer to a puzzle text that is too long.
  r = post(port, "/api/solve", {{"puzzle", std::string(16385, '.')}});
  EXPECT_EQ(r.status, 422) << r.body;
  EXPECT_EQ(r.json_body["error"]["code"], "bad_puzzle");
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
