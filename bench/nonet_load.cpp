// nonet-load: a bounded load test of `nonet serve` on loopback. C connections
// (threads) send a mix of good and bad requests, each on a fresh connection
// (as browsers and probes do), and every answer is checked for the status it
// must have. Reports requests/s, p50/p99 latency per kind, errors (a wrong
// status or a broken exchange) and lost answers (a request with no answer).
//
//   nonet-load --port 8080 --connections 32 --requests 20000 --seconds 30
//
// Only 127.0.0.1 is ever contacted. Exit code 0 when there were no errors and
// no lost answers, 1 otherwise.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Kind {
  const char* name;
  int weight;           // share of the mix
  int expected_status;  // what a correct server answers
};

// The mix: mostly the routes the board calls, and a fifth that a prober sends.
constexpr Kind kKinds[] = {
    {"solve", 40, 200},     {"hint", 25, 200},       {"validate", 10, 200},
    {"bad_json", 10, 400},  {"bad_puzzle", 5, 422},  {"wrong_type", 5, 400},
    {"unknown_route", 5, 404},
};
constexpr int kKindCount = static_cast<int>(std::size(kKinds));

// Ordinary puzzles (unique solutions, everyday difficulty).
const char* const kPuzzles[] = {
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003",
    "000000907000420180000705026100904000050000040000507009920108000034059000507000000",
    "030050040008010500460000012070502080000603000040109030250000098001020600080060020",
    "020810740700003100090002805009040087400208003160030200302700060005600008076051090",
    "100920000524010000000000070050008102000000000402700090060000000000030945000071006",
    "043080250600000000000001094900004070000608000010200003820500000000000005034090710",
    "480006902002008001900370060840010200003704100001060049020085007700900600609200018",
};

struct Result {
  int kind;
  double ms;
  int status;  // 0 = no answer
};

std::string request_for(int kind, std::size_t n) {
  const std::string puzzle = kPuzzles[n % std::size(kPuzzles)];
  std::string path = "/api/solve", body;
  switch (kind) {
    case 0: body = "{\"puzzle\":\"" + puzzle + "\"}"; break;
    case 1: path = "/api/hint"; body = "{\"puzzle\":\"" + puzzle + "\",\"level\":\"concrete\"}"; break;
    case 2: path = "/api/validate"; body = "{\"puzzle\":\"" + puzzle + "\"}"; break;
    case 3: body = "{\"puzzle\": [1, 2,"; break;
    case 4: body = "{\"puzzle\":\"" + puzzle.substr(0, 40) + "?" + puzzle.substr(41) + "\"}"; break;
    case 5: body = "{\"puzzle\": 42}"; break;
    default: path = "/api/nothing"; body = "{}"; break;
  }
  return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
         "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\n\r\n" + body;
}

// One exchange on a fresh connection; the answer's status or 0.
int exchange(int port, const std::string& request, int timeout_ms) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return 0;
  }
  std::size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string data;
  char buffer[16384];
  pollfd p{fd, POLLIN, 0};
  std::size_t need = std::string::npos;
  while (poll(&p, 1, timeout_ms) > 0) {
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
    if (need == std::string::npos) {
      const std::size_t end = data.find("\r\n\r\n");
      if (end != std::string::npos) {
        const char* cl = strcasestr(data.c_str(), "\r\nContent-Length:");
        if (cl && cl < data.c_str() + end) need = end + 4 + std::strtoul(cl + 17, nullptr, 10);
      }
    }
    if (need != std::string::npos && data.size() >= need) break;
  }
  close(fd);
  if (need == std::string::npos || data.size() < need || data.size() < 12) return 0;
  return std::atoi(data.c_str() + 9);
}

double percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t at = std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())));
  return v[at];
}

}  // namespace

int main(int argc, char** argv) {
  int port = 8080, connections = 32, timeout_ms = 10000;
  std::size_t total = 20000;
  double seconds = 30;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const char* v = argv[i + 1];
    if (a == "--port") port = std::atoi(v);
    else if (a == "--connections") connections = std::max(1, std::atoi(v));
    else if (a == "--requests") total = std::strtoull(v, nullptr, 10);
    else if (a == "--seconds") seconds = std::atof(v);
    else if (a == "--timeout-ms") timeout_ms = std::atoi(v);
    else {
      std::fprintf(stderr, "usage: nonet-load [--port P] [--connections C] [--requests N] "
                           "[--seconds S] [--timeout-ms T]\n");
      return 2;
    }
  }
  // The mix as a table of kinds, walked with a stride so every kind is spread out.
  std::vector<int> mix;
  for (int k = 0; k < kKindCount; ++k)
    for (int w = 0; w < kKinds[k].weight; ++w) mix.push_back(k);

  std::atomic<std::size_t> next{0};
  const auto start = Clock::now();
  const auto stop_at = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<std::vector<Result>> per_thread(static_cast<std::size_t>(connections));
  std::vector<std::thread> pool;
  for (int t = 0; t < connections; ++t) {
    pool.emplace_back([&, t] {
      auto& results = per_thread[static_cast<std::size_t>(t)];
      for (std::size_t n; (n = next.fetch_add(1)) < total && Clock::now() < stop_at;) {
        const int kind = mix[(n * 37) % mix.size()];
        const std::string req = request_for(kind, n);
        const auto t0 = Clock::now();
        const int status = exchange(port, req, timeout_ms);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        results.push_back({kind, ms, status});
      }
    });
  }
  for (auto& th : pool) th.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();

  std::vector<std::vector<double>> latency(kKindCount);
  std::vector<double> all;
  std::size_t done = 0, errors = 0, lost = 0, busy = 0;
  for (const auto& results : per_thread) {
    for (const Result& r : results) {
      ++done;
      if (r.status == 0) ++lost;
      else if (r.status == 503) ++busy;
      if (r.status != kKinds[r.kind].expected_status) ++errors;
      latency[static_cast<std::size_t>(r.kind)].push_back(r.ms);
      all.push_back(r.ms);
    }
  }
  std::printf("%zu requests from %d connections in %.2f s: %.0f requests/s\n", done, connections,
              elapsed, static_cast<double>(done) / elapsed);
  std::printf("errors (wrong status or no answer): %zu, lost answers: %zu, 503 busy: %zu\n",
              errors, lost, busy);
  std::printf("%-14s %8s %9s %9s %9s\n", "kind", "requests", "p50 ms", "p99 ms", "max ms");
  for (int k = 0; k < kKindCount; ++k) {
    auto& v = latency[static_cast<std::size_t>(k)];
    const std::size_t count = v.size();
    const double p50 = percentile(v, 0.50), p99 = percentile(v, 0.99);
    std::printf("%-14s %8zu %9.2f %9.2f %9.2f\n", kKinds[k].name, count, p50, p99,
                v.empty() ? 0.0 : v.back());
  }
  const double p50 = percentile(all, 0.50), p99 = percentile(all, 0.99);
  std::printf("%-14s %8zu %9.2f %9.2f %9.2f\n", "all", all.size(), p50, p99,
              all.empty() ? 0.0 : all.back());
  return errors == 0 && lost == 0 ? 0 : 1;
}
