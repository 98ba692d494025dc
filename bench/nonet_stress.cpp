// nonet-stress: what `nonet serve` must hold under, measured from outside on
// loopback. Each scenario prints its figures and a verdict per criterion, and
// the exit code is 1 when any criterion failed.
//
//   nonet-stress --port P --pid PID burst      # 32 clients: cheap work beside 100 hard hints
//   nonet-stress --port P --pid PID heavy      # clients looping rate/explain; cheap probes
//   nonet-stress --port P --pid PID slow       # 200 slow-loris + 500 idle connections; probes
//   nonet-stress --port P --pid PID flood      # chunked, header, request-line, range floods
//   nonet-stress --port P --pid PID keepalive  # sequential requests on one connection
//   nonet-stress --port P --pid PID soak       # steady mixed load; memory over time
//
// Options: --seconds S (heavy, slow, soak), --clients C, --puzzles FILE (hard
// 9x9 puzzles, one per line; a few built-in ones otherwise). --pid names the
// server's process so that its memory (VmRSS, VmHWM) can be read from /proc.
// Only 127.0.0.1 is ever contacted.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

int g_port = 8080;
int g_pid = 0;
bool g_failed = false;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

void verdict(bool ok, const std::string& what) {
  std::printf("  %s  %s\n", ok ? "PASS" : "FAIL", what.c_str());
  if (!ok) g_failed = true;
}

// --- The server's memory ------------------------------------------------------

long proc_status_kb(const char* field) {
  if (g_pid <= 0) return -1;
  std::ifstream in("/proc/" + std::to_string(g_pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(field, 0) == 0) return std::atol(line.c_str() + std::strlen(field));
  }
  return -1;
}
long rss_kb() { return proc_status_kb("VmRSS:"); }

// Samples the server's resident memory every 10 ms while alive; keeps the peak.
class RssSampler {
 public:
  RssSampler()
      : thread_([this] {
          while (!stop_) {
            peak_ = std::max(peak_.load(), rss_kb());
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
          }
        }) {}
  ~RssSampler() { finish(); }
  long finish() {
    if (!stop_.exchange(true)) thread_.join();
    return peak_;
  }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<long> peak_{0};
  std::thread thread_;
};

// --- HTTP over raw sockets ------------------------------------------------------

int connect_fd() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(g_port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

bool send_all(int fd, const std::string& data) {
  std::size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

struct Reply {
  int status = 0;  // 0: no complete answer
  std::string head, body;
  std::size_t bytes = 0;  // everything received
  bool closed = false;    // the server closed the connection
  std::string header(const char* name) const {
    std::string lower = head, key = std::string("\r\n") + name + ":";
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::size_t at = lower.find(key);
    if (at == std::string::npos) return "";
    std::size_t begin = at + key.size();
    while (begin < head.size() && head[begin] == ' ') ++begin;
    return head.substr(begin, head.find("\r\n", begin) - begin);
  }
};

// Reads one answer (headers and a Content-Length body) from `fd`; `carry` holds
// bytes read past it (pipelining). Gives up after `timeout_ms` of silence.
Reply read_reply(int fd, int timeout_ms, std::string& carry, bool keep_body = true) {
  Reply r;
  std::string data = std::move(carry);
  carry.clear();
  char buffer[65536];
  std::size_t need = std::string::npos;
  pollfd p{fd, POLLIN, 0};
  for (;;) {
    if (need == std::string::npos) {
      const std::size_t end = data.find("\r\n\r\n");
      if (end != std::string::npos) {
        r.head = data.substr(0, end);
        const std::string length = r.header("Content-Length");
        need = end + 4 + (length.empty() ? 0 : std::strtoull(length.c_str(), nullptr, 10));
      }
    }
    if (need != std::string::npos && data.size() >= need) break;
    if (poll(&p, 1, timeout_ms) <= 0) break;
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      r.closed = true;
      break;
    }
    r.bytes += static_cast<std::size_t>(n);
    if (keep_body || need == std::string::npos) {
      data.append(buffer, static_cast<std::size_t>(n));
    } else {
      data.append(static_cast<std::size_t>(n), ' ');  // counted, not kept
    }
  }
  if (need == std::string::npos || data.size() < need) return r;
  if (r.head.size() > 12) r.status = std::atoi(r.head.c_str() + 9);
  const std::size_t body_at = r.head.size() + 4;
  r.body = data.substr(body_at, need - body_at);
  carry = data.substr(need);
  return r;
}

std::string post_request(const std::string& path, const std::string& body, bool keep_alive) {
  return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
         (keep_alive ? "" : "Connection: close\r\n") +
         "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\n\r\n" + body;
}

// One exchange on a fresh connection.
Reply exchange(const std::string& request, int timeout_ms = 30000) {
  const int fd = connect_fd();
  if (fd < 0) return {};
  Reply r;
  std::string carry;
  if (send_all(fd, request)) r = read_reply(fd, timeout_ms, carry);
  close(fd);
  return r;
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}
double maximum(const std::vector<double>& v) {
  return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

// --- Puzzles --------------------------------------------------------------------

const char* const kEasy =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const char* const kGoldenNugget =
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000";
// Hard 9x9 puzzles (ER 11 and up) for when no file is given.
const char* const kBuiltInHard[] = {
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
    kGoldenNugget,
};

std::vector<std::string> g_hard;

void load_puzzles(const std::string& file) {
  if (!file.empty()) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line) && g_hard.size() < 2000;) {
      if (line.size() >= 81) g_hard.push_back(line.substr(0, 81));
    }
  }
  if (g_hard.empty()) g_hard.assign(std::begin(kBuiltInHard), std::end(kBuiltInHard));
}

std::string puzzle_body(const std::string& puzzle, const std::string& extra = "") {
  return "{\"puzzle\":\"" + puzzle + "\"" + extra + "}";
}

bool server_alive() {
  const Reply r =
      exchange("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 10000);
  return r.status == 200;
}

// --- burst: cheap work beside heavy work -----------------------------------------

struct Job {
  std::string kind;  // solve, malformed, validate, hint
  bool cheap;
  std::string request;
};

int burst(int clients) {
  std::vector<Job> jobs;
  std::mt19937 rng(7);
  const char* const malformed[] = {"{\"puzzle\": [1, 2,", "{\"puzzle\": 42}", "{\"puzle\": \"1\"}",
                                   "[1, 2, 3]"};
  for (int i = 0; i < 400; ++i)
    jobs.push_back({"solve", true,
                    post_request("/api/solve", puzzle_body(g_hard[rng() % g_hard.size()]), false)});
  for (int i = 0; i < 100; ++i)
    jobs.push_back({"malformed", true, post_request("/api/solve", malformed[i % 4], false)});
  for (int i = 0; i < 100; ++i)
    jobs.push_back(
        {"validate", true,
         post_request("/api/validate", puzzle_body(g_hard[rng() % g_hard.size()]), false)});
  for (int i = 0; i < 100; ++i)
    jobs.push_back({"hint", false,
                    post_request("/api/hint", puzzle_body(g_hard[rng() % g_hard.size()]), false)});
  std::shuffle(jobs.begin(), jobs.end(), rng);

  struct Result {
    double ms;
    int status;
    bool retry_after;
  };
  std::vector<Result> results(jobs.size());
  std::atomic<std::size_t> next{0};
  RssSampler rss;
  const auto start = Clock::now();
  std::vector<std::thread> pool;
  for (int c = 0; c < clients; ++c) {
    pool.emplace_back([&] {
      for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
        const auto t0 = Clock::now();
        const Reply r = exchange(jobs[i].request);
        results[i] = {ms_since(t0), r.status, !r.header("Retry-After").empty()};
      }
    });
  }
  for (auto& t : pool) t.join();
  const double seconds = ms_since(start) / 1000;
  const long peak = rss.finish();

  std::printf("burst: %zu requests from %d clients in %.2f s (server peak RSS %ld KiB)\n",
              jobs.size(), clients, seconds, peak);
  std::printf("  %-10s %6s %8s %8s %8s  statuses\n", "kind", "count", "p50 ms", "p99 ms", "max ms");
  std::vector<double> cheap_ms;
  std::size_t cheap_wrong = 0, hint_bad = 0, lost = 0, hint_ok = 0, hint_busy = 0;
  for (const char* kind : {"solve", "malformed", "validate", "hint"}) {
    std::vector<double> ms;
    std::map<int, int> statuses;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (jobs[i].kind != kind) continue;
      const Result& r = results[i];
      ms.push_back(r.ms);
      ++statuses[r.status];
      if (r.status == 0) ++lost;
      if (jobs[i].cheap) {
        cheap_ms.push_back(r.ms);
        const int want = std::string(kind) == "malformed" ? 400 : 200;
        if (r.status != want) ++cheap_wrong;
      } else if (r.status == 200) {
        ++hint_ok;
      } else if (r.status == 503 && r.retry_after) {
        ++hint_busy;
      } else {
        ++hint_bad;
      }
    }
    std::string s;
    for (const auto& [status, n] : statuses)
      s += std::to_string(status) + ":" + std::to_string(n) + " ";
    std::printf("  %-10s %6zu %8.1f %8.1f %8.1f  %s\n", kind, ms.size(), percentile(ms, 0.5),
                percentile(ms, 0.99), maximum(ms), s.c_str());
  }
  std::printf("  hints: %zu answered 200, %zu refused 503 with Retry-After\n", hint_ok, hint_busy);
  verdict(cheap_wrong == 0,
          "every cheap request got its right status (" + std::to_string(cheap_wrong) + " wrong)");
  char p99[64];
  std::snprintf(p99, sizeof p99, "%.1f", percentile(cheap_ms, 0.99));
  verdict(percentile(cheap_ms, 0.99) < 250, std::string("cheap p99 under 250 ms (") + p99 + " ms)");
  verdict(hint_bad == 0, "every hint answered 200, or 503 with Retry-After (" +
                             std::to_string(hint_bad) + " otherwise)");
  verdict(lost == 0, "no connection failed (" + std::to_string(lost) + " without an answer)");
  verdict(server_alive(), "the server lives on");
  return 0;
}

// --- heavy: clients looping logic on the hardest puzzle; cheap probes -------------

int heavy(int clients, double seconds, double budget_s) {
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::vector<double> heavy_ms;
  std::map<int, int> heavy_status;
  std::vector<std::thread> pool;
  for (int c = 0; c < clients; ++c) {
    pool.emplace_back([&, c] {
      for (int n = 0; !stop; ++n) {
        const char* route = (c + n) % 2 ? "/api/explain" : "/api/rate";
        const auto t0 = Clock::now();
        const Reply r = exchange(post_request(route, puzzle_body(kGoldenNugget), false), 60000);
        std::lock_guard lock(mutex);
        heavy_ms.push_back(ms_since(t0));
        ++heavy_status[r.status];
      }
    });
  }
  std::vector<double> probe_ms, health_ms;
  int probe_wrong = 0, probes = 0;
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  while (ms_since(start) < seconds * 1000) {
    auto t0 = Clock::now();
    const Reply r = exchange(post_request("/api/solve", puzzle_body(kEasy), false));
    probe_ms.push_back(ms_since(t0));
    ++probes;
    if (r.status != 200) ++probe_wrong;
    t0 = Clock::now();
    exchange("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    health_ms.push_back(ms_since(t0));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  stop = true;
  for (auto& t : pool) t.join();
  std::string s;
  for (const auto& [status, n] : heavy_status)
    s += std::to_string(status) + ":" + std::to_string(n) + " ";
  std::printf("heavy: %d clients looping rate/explain on the Golden Nugget for %.0f s\n", clients,
              seconds);
  std::printf("  heavy requests: %zu, statuses %s, longest %.0f ms\n", heavy_ms.size(), s.c_str(),
              maximum(heavy_ms));
  std::printf("  solve probes: %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms, not 200: %d\n", probes,
              percentile(probe_ms, 0.5), percentile(probe_ms, 0.99), maximum(probe_ms),
              probe_wrong);
  std::printf("  health probes: p50 %.1f ms, max %.1f ms\n", percentile(health_ms, 0.5),
              maximum(health_ms));
  verdict(probe_wrong == 0, "every cheap probe answered 200");
  verdict(maximum(probe_ms) < 250, "cheap probes under 250 ms");
  verdict(maximum(health_ms) < 250, "/api/health under 250 ms");
  verdict(maximum(heavy_ms) < budget_s * 1000 + 1000, "heavy requests end within the budget");
  return 0;
}

// --- slow: slow-loris and idle connections; an honest request still answered ------

int slow(int loris, int idle, double seconds) {
  // The attackers reconnect when cut off, as a real one would.
  struct Conn {
    int fd = -1;
    bool loris = false;
    int sent = 0;
  };
  std::vector<Conn> conns;
  for (int i = 0; i < loris + idle; ++i) conns.push_back({-1, i < loris, 0});
  std::atomic<bool> stop{false};
  std::atomic<long> reconnects{0}, open_now{0};
  const std::string head = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
  std::thread attacker([&] {
    while (!stop) {
      long open = 0;
      for (Conn& c : conns) {
        if (c.fd >= 0) {
          // Closed by the server? (readable with 0 bytes, or an error)
          pollfd p{c.fd, POLLIN, 0};
          char b[256];
          if (poll(&p, 1, 0) > 0 && recv(c.fd, b, sizeof b, MSG_DONTWAIT) <= 0) {
            close(c.fd);
            c.fd = -1;
            ++reconnects;
          }
        }
        if (c.fd < 0) {
          c.fd = connect_fd();
          c.sent = 0;
          if (c.fd >= 0 && c.loris) send_all(c.fd, head);
        } else if (c.loris) {
          send_all(c.fd, "a");  // one byte a second
        }
        if (c.fd >= 0) ++open;
      }
      open_now = open;
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    for (Conn& c : conns)
      if (c.fd >= 0) close(c.fd);
  });
  RssSampler rss;
  std::this_thread::sleep_for(std::chrono::seconds(2));
  std::vector<double> probe_ms;
  int wrong = 0;
  long least_open = 1 << 30;
  const auto start = Clock::now();
  while (ms_since(start) < seconds * 1000) {
    least_open = std::min(least_open, open_now.load());
    const auto t0 = Clock::now();
    const Reply r = exchange(post_request("/api/solve", puzzle_body(kEasy), false));
    probe_ms.push_back(ms_since(t0));
    if (r.status != 200) ++wrong;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  stop = true;
  attacker.join();
  const long peak = rss.finish();
  std::printf("slow: %d slow-loris (1 byte/s) and %d idle connections for %.0f s\n", loris, idle,
              seconds);
  std::printf(
      "  attacker connections open at the probes: at least %ld; reconnects after the "
      "server cut one off: %ld; server peak RSS %ld KiB\n",
      least_open, reconnects.load(), peak);
  std::printf("  probes: %zu, p50 %.1f ms, p99 %.1f ms, max %.1f ms, not 200: %d\n",
              probe_ms.size(), percentile(probe_ms, 0.5), percentile(probe_ms, 0.99),
              maximum(probe_ms), wrong);
  verdict(wrong == 0, "every honest request answered 200");
  verdict(maximum(probe_ms) < 1000, "every honest request answered within 1 s");
  verdict(server_alive(), "the server lives on");
  return 0;
}

// --- flood: requests that try to walk round the limits ----------------------------

// Sends `total` bytes made by `chunk(i)` after `head`, as fast as the server
// takes them; stops when it closes or answers. Returns the answer and bytes sent.
std::pair<Reply, std::size_t> flood_one(const std::string& head,
                                        const std::function<std::string(std::size_t)>& chunk,
                                        std::size_t total, const std::string& tail) {
  const int fd = connect_fd();
  if (fd < 0) return {};
  std::size_t sent = 0;
  bool ok = send_all(fd, head);
  for (std::size_t i = 0; ok && sent < total; ++i) {
    const std::string c = chunk(i);
    ok = send_all(fd, c);
    if (ok) sent += c.size();
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 0) > 0) break;  // the server has answered
  }
  if (ok) send_all(fd, tail);
  std::string carry;
  Reply r = read_reply(fd, 10000, carry, false);
  close(fd);
  return {r, sent};
}

int flood() {
  const long before = rss_kb();
  std::printf("flood: server RSS before %ld KiB\n", before);
  // `refused`: the flood must be answered with a 4xx, not served.
  auto run = [](const char* name, int parallel, bool refused,
                const std::function<std::pair<Reply, std::size_t>()>& one) {
    RssSampler rss;
    std::vector<std::pair<Reply, std::size_t>> out(static_cast<std::size_t>(parallel));
    std::vector<std::thread> pool;
    const auto t0 = Clock::now();
    for (int i = 0; i < parallel; ++i)
      pool.emplace_back([&, i] { out[static_cast<std::size_t>(i)] = one(); });
    for (auto& t : pool) t.join();
    const long peak = rss.finish();
    std::map<int, int> statuses;
    std::size_t sent = 0, received = 0;
    for (const auto& [r, s] : out) {
      ++statuses[r.status];
      sent += s;
      received += r.bytes;
    }
    std::string s;
    for (const auto& [status, n] : statuses)
      s += std::to_string(status) + ":" + std::to_string(n) + " ";
    std::printf(
        "  %-13s x%d: statuses %s; sent %.1f MB before the server stopped reading, "
        "answers %.1f KB; %.0f ms; server peak RSS %ld KiB\n",
        name, parallel, s.c_str(), static_cast<double>(sent) / 1e6,
        static_cast<double>(received) / 1e3, ms_since(t0), peak);
    verdict(peak < 100 * 1024, std::string(name) + ": server RSS under 100 MB");
    if (refused) {
      bool all_4xx = true;
      for (const auto& [status, n] : statuses) all_4xx = all_4xx && status >= 400 && status < 500;
      verdict(all_4xx, std::string(name) + ": refused with a 4xx, not served");
    }
    return out;
  };
  const std::size_t kHundredMB = 100u << 20;
  run("chunked", 4, true, [&] {
    const std::string chunk = std::string("10000\r\n") + std::string(0x10000, 'a') + "\r\n";
    return flood_one(
        "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        [&](std::size_t) { return chunk; }, kHundredMB, "0\r\n\r\n");
  });
  run("headers", 1, true, [&] {
    std::string block;
    for (int i = 0; i < 10000; ++i) block += "X-H" + std::to_string(i % 100) + ": v\r\n";
    return flood_one(
        "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n",
        [&](std::size_t) { return block; }, 12u << 20, "\r\n");
  });
  run("request-line", 1, true, [&] {
    const std::string block(1 << 20, 'a');
    return flood_one(
        "GET /", [&](std::size_t) { return block; }, kHundredMB,
        " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  });
  auto ranged = run("range", 8, false, [&] {
    std::string ranges = "bytes=";
    for (int i = 0; i < 2500; ++i) ranges += (i ? "," : "") + std::string("0-2999");
    const std::string request =
        "GET /js/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nRange: " + ranges +
        "\r\n\r\n";
    return flood_one(
        request, [](std::size_t) { return std::string(); }, 0, "");
  });
  std::size_t largest = 0;
  for (const auto& [r, s] : ranged) largest = std::max(largest, r.bytes);
  const Reply plain =
      exchange("GET /js/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  std::printf("  range: largest answer %zu bytes; the file itself answers %zu bytes\n", largest,
              plain.bytes);
  verdict(largest <= plain.bytes + 1024, "range: no answer larger than the file");
  std::printf("  server RSS after %ld KiB\n", rss_kb());
  verdict(server_alive(), "the server lives on");
  return 0;
}

// --- keepalive: many requests on one connection -----------------------------------

int keepalive(int clients, double seconds) {
  const int fd = connect_fd();
  if (fd < 0) {
    verdict(false, "connect");
    return 0;
  }
  // Nagle's algorithm on the client side would add its own delay: the probe
  // sends each request in one write, as browsers do.
  std::vector<double> ms;
  std::string carry;
  int wrong = 0;
  for (int i = 0; i < 200; ++i) {
    const auto t0 = Clock::now();
    const bool sent = send_all(fd, post_request("/api/validate", puzzle_body(kEasy), true));
    const Reply r = sent ? read_reply(fd, 10000, carry) : Reply{};
    ms.push_back(ms_since(t0));
    if (r.status != 200) ++wrong;
  }
  close(fd);
  std::vector<double> later(ms.begin() + 1, ms.end());
  std::printf(
      "keepalive: 200 requests on one connection: first %.2f ms, later p50 %.2f ms, "
      "p99 %.2f ms, max %.2f ms; not 200: %d\n",
      ms[0], percentile(later, 0.5), percentile(later, 0.99), maximum(later), wrong);
  verdict(wrong == 0, "every request on the connection answered 200");
  verdict(percentile(later, 0.5) < 2, "keep-alive requests take under 2 ms each (p50)");

  // Throughput: C clients, keep-alive against a fresh connection per request.
  for (const bool reuse : {true, false}) {
    std::atomic<bool> stop{false};
    std::atomic<long> done{0}, bad{0};
    std::vector<std::vector<double>> lat(static_cast<std::size_t>(clients));
    std::vector<std::thread> pool;
    for (int c = 0; c < clients; ++c) {
      pool.emplace_back([&, c] {
        int conn = -1;
        std::string left;
        for (int n = 0; !stop; ++n) {
          const std::string body =
              puzzle_body(g_hard[static_cast<std::size_t>(n + c) % g_hard.size()]);
          const std::string req = post_request(n % 2 ? "/api/validate" : "/api/solve", body, reuse);
          const auto t0 = Clock::now();
          if (conn < 0) conn = connect_fd();
          Reply r;
          if (conn >= 0 && send_all(conn, req)) r = read_reply(conn, 10000, left);
          if (!reuse || r.closed || r.status == 0) {
            if (conn >= 0) close(conn);
            conn = -1;
            left.clear();
          }
          lat[static_cast<std::size_t>(c)].push_back(ms_since(t0));
          ++done;
          if (r.status != 200) ++bad;
        }
        if (conn >= 0) close(conn);
      });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& t : pool) t.join();
    std::vector<double> all;
    for (auto& l : lat) all.insert(all.end(), l.begin(), l.end());
    std::printf("  %d clients, %s: %.0f requests/s, p50 %.2f ms, p99 %.2f ms, not 200: %ld\n",
                clients, reuse ? "keep-alive" : "Connection: close",
                static_cast<double>(done) / seconds, percentile(all, 0.5), percentile(all, 0.99),
                bad.load());
  }
  return 0;
}

// --- soak: steady mixed load, memory over time ------------------------------------

int soak(int clients, double seconds) {
  std::atomic<bool> stop{false};
  std::atomic<long> done{0}, bad{0};
  std::vector<std::thread> pool;
  for (int c = 0; c < clients; ++c) {
    pool.emplace_back([&, c] {
      std::mt19937 rng(static_cast<unsigned>(c));
      int conn = -1;
      std::string left;
      while (!stop) {
        const std::string& p = g_hard[rng() % g_hard.size()];
        std::string req;
        int want = 200;
        switch (rng() % 8) {
          case 0:
            req = post_request("/api/hint", puzzle_body(kEasy), true);
            break;
          case 1:
            req = post_request("/api/validate", puzzle_body(p), true);
            break;
          case 2:
            req = post_request("/api/solve", "{\"puzzle\": [1,", true);
            want = 400;
            break;
          case 3:
            req = post_request("/api/rate", puzzle_body(kEasy), true);
            break;
          case 4:
            req = "GET /js/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            break;
          default:
            req = post_request("/api/solve", puzzle_body(p), true);
            break;
        }
        if (conn < 0) conn = connect_fd();
        Reply r;
        if (conn >= 0 && send_all(conn, req)) r = read_reply(conn, 30000, left);
        if (r.closed || r.status == 0) {
          if (conn >= 0) close(conn);
          conn = -1;
          left.clear();
        }
        ++done;
        if (r.status != want && r.status != 503) ++bad;
        // Every tenth request on a new connection, as pages come and go.
        if (rng() % 10 == 0 && conn >= 0) {
          close(conn);
          conn = -1;
          left.clear();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      if (conn >= 0) close(conn);
    });
  }
  std::printf("soak: %d clients, steady mixed load for %.0f s; server RSS every 10 s:\n", clients,
              seconds);
  std::vector<long> samples;
  const auto start = Clock::now();
  while (ms_since(start) < seconds * 1000) {
    std::this_thread::sleep_for(std::chrono::seconds(10));
    samples.push_back(rss_kb());
    std::printf("  %5.0f s  %ld KiB  (%ld requests so far)\n", ms_since(start) / 1000,
                samples.back(), done.load());
    std::fflush(stdout);
  }
  stop = true;
  for (auto& t : pool) t.join();
  if (samples.size() < 3) {
    verdict(false, "soak: run at least 30 s");
    return 0;
  }
  // Memory after the first minute (or the first third) is the reference: caches
  // and pools fill while the load starts.
  const std::size_t ref_at = std::min<std::size_t>(samples.size() / 3, 6);
  const long ref = samples[ref_at], last = samples.back();
  const long peak = *std::max_element(samples.begin() + static_cast<long>(ref_at), samples.end());
  const double growth = 100.0 * static_cast<double>(peak - ref) / static_cast<double>(ref);
  std::printf(
      "  requests %ld (%.0f/s), wrong status %ld; RSS at %zu0 s %ld KiB, last %ld KiB, "
      "peak after %zu0 s %ld KiB (%+.1f %%)\n",
      done.load(), static_cast<double>(done) / seconds, bad.load(), ref_at + 1, ref, last,
      ref_at + 1, peak, growth);
  verdict(bad == 0, "every answer had its right status");
  verdict(growth <= 10, "memory flat within 10 %");
  verdict(server_alive(), "the server lives on");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string scenario, puzzles;
  double seconds = 0, budget = 10;
  int clients = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--port")
      g_port = std::atoi(v), ++i;
    else if (a == "--pid")
      g_pid = std::atoi(v), ++i;
    else if (a == "--seconds")
      seconds = std::atof(v), ++i;
    else if (a == "--clients")
      clients = std::atoi(v), ++i;
    else if (a == "--budget")
      budget = std::atof(v), ++i;
    else if (a == "--puzzles")
      puzzles = v, ++i;
    else if (a.rfind("--", 0) != 0 && scenario.empty())
      scenario = a;
    else {
      std::fprintf(stderr,
                   "usage: nonet-stress --port P [--pid PID] [--seconds S] [--clients C] "
                   "[--budget S] [--puzzles FILE] burst|heavy|slow|flood|keepalive|soak\n");
      return 2;
    }
  }
  // Hundreds of connections at once.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  load_puzzles(puzzles);
  if (scenario == "burst")
    burst(clients ? clients : 32);
  else if (scenario == "heavy")
    heavy(clients ? clients : 2, seconds ? seconds : 20, budget);
  else if (scenario == "slow")
    slow(200, 500, seconds ? seconds : 15);
  else if (scenario == "flood")
    flood();
  else if (scenario == "keepalive")
    keepalive(clients ? clients : 8, seconds ? seconds : 5);
  else if (scenario == "soak")
    soak(clients ? clients : 8, seconds ? seconds : 600);
  else {
    std::fprintf(stderr, "nonet-stress: unknown scenario '%s'\n", scenario.c_str());
    return 2;
  }
  return g_failed ? 1 : 0;
}
