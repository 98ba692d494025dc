#include "server/metrics.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <type_traits>

namespace nonet::server {
namespace {

const char* const kLaneNames[] = {"direct", "worker", "cache", "refused"};

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

void head(std::string& out, const char* name, const char* type, const char* help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

template <typename T>
void sample(std::string& out, const char* name, T value, const std::string& labels = "") {
  out += name;
  if (!labels.empty()) out += "{" + labels + "}";
  out += ' ';
  if constexpr (std::is_floating_point_v<T>) {
    out += number(value);
  } else {
    out += std::to_string(value);
  }
  out += '\n';
}

// A metric without labels: its head and its one sample.
template <typename T>
void single(std::string& out, const char* name, const char* type, const char* help, T value) {
  head(out, name, type, help);
  sample(out, name, value);
}

}  // namespace

Metrics::Metrics() : start_(std::chrono::steady_clock::now()) {}

void Metrics::record(std::string_view route, int status, double seconds, Lane lane) {
  std::lock_guard lock(mutex_);
  auto it = routes_.find(route);
  if (it == routes_.end()) it = routes_.emplace(std::string(route), RouteStats{}).first;
  RouteStats& r = it->second;
  ++r.statuses[status];
  std::size_t b = 0;
  while (b < kBuckets.size() && seconds > kBuckets[b]) ++b;
  ++r.buckets[b];
  r.sum += seconds;
  ++r.count;
  ++r.lanes[static_cast<std::size_t>(lane)];
}

double Metrics::uptime_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string Metrics::prometheus(const Gauges& g) const {
  std::string out;
  {
    std::lock_guard lock(mutex_);
    head(out, "nonet_http_requests_total", "counter", "Requests answered, by route and status.");
    for (const auto& [route, r] : routes_)
      for (const auto& [status, n] : r.statuses)
        sample(out, "nonet_http_requests_total", n,
               "route=\"" + route + "\",status=\"" + std::to_string(status) + "\"");
    head(out, "nonet_http_requests_by_lane_total", "counter",
         "Requests by where their answer came from: direct (the thread that read it), worker "
         "(a search on the heavy lane), cache (a kept answer), refused (queue full or waited too "
         "long).");
    for (const auto& [route, r] : routes_)
      for (std::size_t l = 0; l < r.lanes.size(); ++l)
        if (r.lanes[l] > 0)
          sample(out, "nonet_http_requests_by_lane_total", r.lanes[l],
                 "route=\"" + route + "\",lane=\"" + kLaneNames[l] + "\"");
    head(out, "nonet_http_request_duration_seconds", "histogram",
         "Time from a request's first byte to its answer, by route.");
    for (const auto& [route, r] : routes_) {
      std::uint64_t cumulative = 0;
      for (std::size_t b = 0; b <= kBuckets.size(); ++b) {
        cumulative += r.buckets[b];
        const std::string le = b < kBuckets.size() ? number(kBuckets[b]) : "+Inf";
        sample(out, "nonet_http_request_duration_seconds_bucket", cumulative,
               "route=\"" + route + "\",le=\"" + le + "\"");
      }
      sample(out, "nonet_http_request_duration_seconds_sum", r.sum, "route=\"" + route + "\"");
      sample(out, "nonet_http_request_duration_seconds_count", r.count, "route=\"" + route + "\"");
    }
  }
  single(out, "nonet_connections_open", "gauge", "Client connections open now.", open_.load());
  single(out, "nonet_connections_accepted_total", "counter", "Client connections accepted.",
         accepted_.load());
  single(out, "nonet_connections_refused_total", "counter",
         "Connections closed at once because the server had its most open.",
         refused_connections_.load());
  single(out, "nonet_requests_timed_out_total", "counter",
         "Requests not received in full within the request timeout (408 or closed).",
         timed_out_.load());
  single(out, "nonet_requests_cancelled_total", "counter",
         "Searches stopped or dropped because their client went away.", cancelled_.load());
  single(out, "nonet_workers", "gauge", "Worker threads for heavy searches.", g.workers);
  single(out, "nonet_workers_busy", "gauge", "Workers searching now.", g.workers_busy);
  single(out, "nonet_queue_depth", "gauge", "Heavy requests waiting for a worker.", g.queue_depth);
  single(out, "nonet_queue_capacity", "gauge",
         "The most heavy requests that may wait; more are refused with 503.", g.queue_capacity);
  single(out, "nonet_cache_hits_total", "counter", "Logic answers served from the cache.",
         g.cache_hits);
  single(out, "nonet_cache_misses_total", "counter", "Logic requests not in the cache.",
         g.cache_misses);
  single(out, "nonet_cache_evictions_total", "counter", "Answers dropped to make room.",
         g.cache_evictions);
  single(out, "nonet_cache_entries", "gauge", "Answers in the cache.", g.cache_entries);
  single(out, "nonet_cache_bytes", "gauge", "Bytes the cache holds.", g.cache_bytes);
  single(out, "nonet_cache_max_bytes", "gauge", "The cache's bound in bytes.", g.cache_max_bytes);
  single(out, "nonet_log_lines_dropped_total", "counter",
         "Access-log lines dropped because standard error could not keep up.", g.log_lines_dropped);
  single(out, "nonet_draining", "gauge",
         "1 while the server is stopping and finishing its requests.", g.draining ? 1 : 0);
  single(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
         resident_bytes());
  single(out, "nonet_uptime_seconds", "gauge", "Seconds since the server started.",
         uptime_seconds());
  return out;
}

std::uint64_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace nonet::server
