#pragma once
// What the server counts, for GET /metrics in the Prometheus text format
// (version 0.0.4): requests by route and status, latency histograms by route,
// the lanes requests took, and gauges read when scraped (connections, queue,
// workers, cache, memory). Safe to use from any thread.
//
//   metrics.record("/api/hint", 200, 0.012, Lane::worker);
//   std::string text = metrics.prometheus(gauges);

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace nonet::server {

// Where a request's answer came from.
enum class Lane {
  direct,  // answered by the thread that read it: errors, pages, cheap routes
  worker,  // searched on a worker
  cache,   // a finished answer kept from before
  refused  // the workers' queue was full, or the request waited too long
};

// Read when /metrics is scraped.
struct Gauges {
  std::size_t open_connections = 0;
  std::size_t queue_depth = 0, queue_capacity = 0;
  int workers = 0, workers_busy = 0;
  std::size_t cache_entries = 0, cache_bytes = 0, cache_max_bytes = 0;
  std::uint64_t cache_hits = 0, cache_misses = 0, cache_evictions = 0;
  std::uint64_t log_lines_dropped = 0;
  bool draining = false;
};

class Metrics {
 public:
  Metrics();
  // One answered request: `route` is a label from a small fixed set (an API
  // path, "asset", "other", ...), `seconds` from its first byte to its answer.
  void record(std::string_view route, int status, double seconds, Lane lane);
  void connection_opened() {
    open_.fetch_add(1);
    accepted_.fetch_add(1);
  }
  void connection_closed() { open_.fetch_sub(1); }
  void connection_refused() { refused_connections_.fetch_add(1); }  // over the cap
  void request_cancelled() { cancelled_.fetch_add(1); }             // its client left
  void request_timed_out() { timed_out_.fetch_add(1); }             // too slow to arrive
  std::size_t open_connections() const { return static_cast<std::size_t>(open_.load()); }
  double uptime_seconds() const;

  std::string prometheus(const Gauges& gauges) const;

 private:
  static constexpr std::array<double, 14> kBuckets = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                      0.25,  0.5,    1,     2.5,  5,     10,   30};
  struct RouteStats {
    std::map<int, std::uint64_t> statuses;
    std::array<std::uint64_t, kBuckets.size() + 1> buckets{};  // the last one is +Inf
    double sum = 0;
    std::uint64_t count = 0;
    std::array<std::uint64_t, 4> lanes{};
  };
  mutable std::mutex mutex_;
  std::map<std::string, RouteStats, std::less<>> routes_;
  std::atomic<std::int64_t> open_{0};
  std::atomic<std::uint64_t> accepted_{0}, refused_connections_{0}, cancelled_{0}, timed_out_{0};
  const std::chrono::steady_clock::time_point start_;
};

// The process's resident memory in bytes (from /proc/self/statm), or 0.
std::uint64_t resident_bytes();

}  // namespace nonet::server
