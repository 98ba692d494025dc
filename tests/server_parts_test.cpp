// The server's parts on their own: the answer cache, the worker pool, the
// Host and Origin checks, the metrics text and the access log.

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <string>
#include <thread>

#include "server/access_log.h"
#include "server/cache.h"
#include "server/metrics.h"
#include "server/origin.h"
#include "server/workers.h"

namespace nonet::server {
namespace {

TEST(AnswerCache, KeepsTheMostRecentlyUsedWithinItsBytes) {
  AnswerCache cache(4096);
  const std::string body(500, 'x');
  for (int i = 0; i < 8; ++i) cache.put("k" + std::to_string(i), {200, body});
  // Each entry costs its key, its body and its bookkeeping: not all fit.
  const AnswerCache::Stats s = cache.stats();
  EXPECT_LE(s.bytes, 4096u);
  EXPECT_LT(s.entries, 8u);
  EXPECT_GT(s.evictions, 0u);
  EXPECT_FALSE(cache.get("k0")) << "the oldest was dropped first";
  ASSERT_TRUE(cache.get("k7"));
  EXPECT_EQ(cache.get("k7")->body, body);
  // Using an entry keeps it: k4 is touched, then two more arrive.
  ASSERT_TRUE(cache.get("k4"));
  cache.put("n1", {200, body});
  cache.put("n2", {200, body});
  EXPECT_TRUE(cache.get("k4"));
  // Replacing a key does not count it twice.
  const std::size_t before = cache.stats().bytes;
  cache.put("k4", {422, body});
  EXPECT_EQ(cache.stats().bytes, before);
  EXPECT_EQ(cache.get("k4")->status, 422);
  // An answer larger than a quarter of the cache is not kept.
  cache.put("huge", {200, std::string(2000, 'y')});
  EXPECT_FALSE(cache.get("huge"));
  AnswerCache none(0);
  none.put("a", {200, "b"});
  EXPECT_FALSE(none.get("a"));
}

TEST(WorkerPool, RefusesWhenItsQueueIsFullAndWithdrawsWaitingTasks) {
  WorkerPool pool({.workers = 1, .capacity = 2});
  std::promise<void> release;
  std::shared_future<void> go = release.get_future().share();
  std::atomic<int> ran{0};
  auto task = [&] {
    auto t = std::make_shared<WorkerPool::Task>();
    t->run = [&, go] {
      go.wait();
      ran.fetch_add(1);
    };
    return t;
  };
  const auto running = task(), waiting1 = task(), waiting2 = task(), refused = task();
  ASSERT_TRUE(pool.submit(running));
  for (int i = 0; i < 200 && pool.busy() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(pool.busy(), 1);
  EXPECT_TRUE(pool.submit(waiting1));
  EXPECT_TRUE(pool.submit(waiting2));
  EXPECT_FALSE(pool.submit(refused)) << "a full queue takes no more";
  EXPECT_EQ(pool.depth(), 2u);
  EXPECT_EQ(pool.refused(), 1u);
  EXPECT_GE(pool.retry_after_seconds(), 1);
  EXPECT_TRUE(pool.withdraw(waiting2));
  EXPECT_FALSE(pool.withdraw(waiting2)) << "withdrawn once";
  EXPECT_FALSE(pool.withdraw(running)) << "a worker has it";
  pool.cancel_all();
  EXPECT_TRUE(running->cancel.load());
  EXPECT_TRUE(waiting1->cancel.load());
  release.set_value();
  pool.stop();
  EXPECT_EQ(ran.load(), 2) << "the running task and the one still queued; not the withdrawn";
}

TEST(OriginPolicy, LoopbackServerAnswersForItsOwnNamesOnly) {
  const OriginPolicy p("127.0.0.1", 8080, {});
  for (const char* host : {"127.0.0.1", "127.0.0.1:8080", "localhost", "LOCALHOST:8080",
                           "localhost.:8080", "[::1]:8080"})
    EXPECT_TRUE(p.host_allowed(host)) << host;
  for (const char* host : {"evil.example", "evil.example:8080", "127.0.0.1.evil.example", "",
                           "10.0.0.1", "localhost:80:80", "[::1", "a b"})
    EXPECT_FALSE(p.host_allowed(host)) << host;
  EXPECT_TRUE(p.same_origin("", "127.0.0.1:8080", ""));
  EXPECT_TRUE(p.same_origin("http://127.0.0.1:8080", "127.0.0.1:8080", "same-origin"));
  EXPECT_FALSE(p.same_origin("http://localhost:8080", "127.0.0.1:8080", "")) << "another origin";
  EXPECT_FALSE(p.same_origin("http://127.0.0.1:3000", "127.0.0.1:8080", ""));
  EXPECT_FALSE(p.same_origin("null", "127.0.0.1:8080", ""));
  // Same origin as far as Origin and Host go; host_allowed refuses the Host.
  EXPECT_TRUE(p.same_origin("http://evil.example", "evil.example", ""));
  EXPECT_FALSE(p.same_origin("", "127.0.0.1:8080", "cross-site"));
  EXPECT_TRUE(p.same_origin("http://127.0.0.1", "127.0.0.1", ""));
  // The server speaks http only: the same name and port under https is another origin.
  EXPECT_FALSE(p.same_origin("https://127.0.0.1:8080", "127.0.0.1:8080", ""));
  EXPECT_FALSE(p.same_origin("https://127.0.0.1", "127.0.0.1", ""));
}

TEST(OriginPolicy, AllowedNamesAndEveryAddress) {
  const OriginPolicy named("127.0.0.1", 8080, {"sudoku.example", "Board.Example:443"});
  EXPECT_TRUE(named.host_allowed("sudoku.example"));
  EXPECT_TRUE(named.host_allowed("board.example"));
  EXPECT_FALSE(named.host_allowed("other.example"));
  // Behind a proxy that rewrites Host, the page's own name is its origin.
  EXPECT_TRUE(named.same_origin("https://sudoku.example", "127.0.0.1:8080", "same-origin"));
  EXPECT_FALSE(named.same_origin("https://other.example", "127.0.0.1:8080", ""));
  const OriginPolicy any_address("0.0.0.0", 8080, {});
  EXPECT_TRUE(any_address.host_allowed("192.168.1.20:8080"));
  EXPECT_TRUE(any_address.host_allowed("[fe80::1]:8080"));
  EXPECT_TRUE(any_address.host_allowed("localhost"));
  EXPECT_FALSE(any_address.host_allowed("evil.example"));
  const OriginPolicy any_name("127.0.0.1", 8080, {"*"});
  EXPECT_TRUE(any_name.host_allowed("whatever.example"));
  EXPECT_FALSE(any_name.same_origin("http://whatever.example", "127.0.0.1:8080", ""))
      << "any Host is not any Origin";
  EXPECT_TRUE(is_loopback_host("127.0.0.2"));
  EXPECT_TRUE(is_loopback_host("::1"));
  EXPECT_TRUE(is_loopback_host("localhost"));
  EXPECT_TRUE(is_loopback_host("::ffff:127.0.0.1"));
  EXPECT_TRUE(is_loopback_host("[::ffff:127.0.0.1]:80"));
  EXPECT_TRUE(is_loopback_host("0:0:0:0:0:0:0:1"));
  EXPECT_FALSE(is_loopback_host("::ffff:10.0.0.1"));
  EXPECT_FALSE(is_loopback_host(""));
  EXPECT_FALSE(is_loopback_host("0.0.0.0"));
  EXPECT_FALSE(is_loopback_host("192.168.1.1"));
}

TEST(Metrics, HistogramsAreCumulativeAndLabelled) {
  Metrics m;
  m.record("/api/solve", 200, 0.0005, Lane::direct);
  m.record("/api/solve", 200, 0.02, Lane::direct);
  m.record("/api/solve", 503, 3.0, Lane::refused);
  m.connection_opened();
  const std::string text = m.prometheus({});
  for (const char* want :
       {"# TYPE nonet_http_request_duration_seconds histogram",
        "nonet_http_request_duration_seconds_bucket{route=\"/api/solve\",le=\"0.001\"} 1\n",
        "nonet_http_request_duration_seconds_bucket{route=\"/api/solve\",le=\"0.025\"} 2\n",
        "nonet_http_request_duration_seconds_bucket{route=\"/api/solve\",le=\"2.5\"} 2\n",
        "nonet_http_request_duration_seconds_bucket{route=\"/api/solve\",le=\"5\"} 3\n",
        "nonet_http_request_duration_seconds_bucket{route=\"/api/solve\",le=\"+Inf\"} 3\n",
        "nonet_http_request_duration_seconds_count{route=\"/api/solve\"} 3\n",
        "nonet_http_requests_total{route=\"/api/solve\",status=\"503\"} 1\n",
        "nonet_http_requests_by_lane_total{route=\"/api/solve\",lane=\"refused\"} 1\n",
        "nonet_connections_open 1\n"})
    EXPECT_NE(text.find(want), std::string::npos) << want << "\n" << text;
}

TEST(AccessLog, DropsLinesRatherThanWaitOnABlockedStream) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::uint64_t dropped = 0;
  {
    AccessLog log(fds[1], 16, std::chrono::milliseconds(300));
    // Nobody reads the pipe: once it and the queue are full, lines are dropped
    // and write() still returns at once.
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 20000; ++i) log.write(std::string(100, 'x'));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    EXPECT_GT(log.dropped(), 0u);
    dropped = log.dropped();
  }
  EXPECT_GT(dropped, 0u);
  close(fds[0]);
  close(fds[1]);
}

TEST(AccessLog, StopsWithinItsPatienceWhenNobodyReads) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const auto start = std::chrono::steady_clock::now();
  {
    AccessLog log(fds[1], 4096, std::chrono::milliseconds(200));
    for (int i = 0; i < 2000; ++i) log.write(std::string(100, 'x'));
  }
  // The lines still waiting are dropped: the log ends however full the pipe.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  close(fds[0]);
  close(fds[1]);
}

TEST(AccessLog, WritesEveryLineToAStreamThatIsRead) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::string got;
  std::thread reader([&got, read_end = fds[0]] {
    char buffer[65536];
    for (ssize_t n; (n = read(read_end, buffer, sizeof buffer)) > 0;)
      got.append(buffer, static_cast<std::size_t>(n));
  });
  {
    AccessLog log(fds[1], 100000);
    for (int i = 0; i < 5000; ++i) log.write("line " + std::to_string(i));
    EXPECT_EQ(log.dropped(), 0u);
  }
  close(fds[1]);
  reader.join();
  close(fds[0]);
  std::string want;
  for (int i = 0; i < 5000; ++i) want += "line " + std::to_string(i) + "\n";
  EXPECT_EQ(got, want);
}

}  // namespace
}  // namespace nonet::server
