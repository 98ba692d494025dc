// Reliability of the front ends against the worst inputs: every answer within
// its budget or a clear "limit"/"timeout", never a hang or a crash, the CLI
// going on with the next puzzle, nothing lost when a batch is interrupted, and
// the server shedding slow clients. Each test drives the real binary.

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "nonet/format.h"
#include "nonet/logic.h"
#include "support/checker.h"
#include "support/data.h"
#include "support/run.h"
#include "support/server.h"

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
using nonet::testing::seconds_since;

const std::string kEasy =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const std::string kEasySolution =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
// No duplicate anywhere, yet r1c1 has no candidate: 1-8 in its row, 9 in its column.
const std::string kContradiction = "." + std::string("12345678") + "9" + std::string(71, '.');

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "nonet_reliability_" + std::to_string(getpid()) + "_" + name;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A child `nonet ARGS...` with stdin from a file (or a pipe the test feeds) and
// stdout, stderr to files; its exit status and peak memory once reaped.
class Child {
 public:
  Child(const std::vector<std::string>& args, const std::string& stdin_file,
        bool stdin_pipe = false)
      : out_(temp_path("out" + std::to_string(counter_))),
        err_(temp_path("err" + std::to_string(counter_++))) {
    int fds[2] = {-1, -1};
    if (stdin_pipe && pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      const int in = stdin_pipe ? fds[0] : open(stdin_file.c_str(), O_RDONLY);
      dup2(in, STDIN_FILENO);
      if (stdin_pipe) {
        close(fds[0]);
        close(fds[1]);
      }
      const int o = open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      const int e = open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      dup2(o, STDOUT_FILENO);
      dup2(e, STDERR_FILENO);
      std::vector<std::string> all = {NONET_CLI_PATH};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (std::string& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    if (stdin_pipe) {
      close(fds[0]);
      stdin_ = fds[1];
    }
  }
  ~Child() {
    if (stdin_ >= 0) close(stdin_);
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    std::remove(out_.c_str());
    std::remove(err_.c_str());
  }
  // Writes all of `data` to the child's stdin; false when the child stopped reading.
  bool feed(const char* data, std::size_t size) {
    while (size > 0) {
      const ssize_t n = write(stdin_, data, size);
      if (n <= 0) return false;
      data += n;
      size -= static_cast<std::size_t>(n);
    }
    return true;
  }
  void close_stdin() {
    close(stdin_);
    stdin_ = -1;
  }
  void signal(int sig) { kill(pid_, sig); }
  // Waits up to `limit` seconds; the exit code, 128 + signal if killed, -1 on timeout.
  int wait(double limit = 60) {
    const auto start = Clock::now();
    int status = 0;
    rusage usage{};
    while (seconds_since(start) < limit) {
      const pid_t got = wait4(pid_, &status, WNOHANG, &usage);
      if (got == pid_) {
        pid_ = -1;
        peak_rss_kb_ = usage.ru_maxrss;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return -1;
  }
  std::string out() const { return read_file(out_); }
  std::string err() const { return read_file(err_); }
  long peak_rss_kb() const { return peak_rss_kb_; }

 private:
  static inline int counter_ = 0;
  pid_t pid_ = -1;
  int stdin_ = -1;
  std::string out_, err_;
  long peak_rss_kb_ = 0;
};

// --- Engine: the logic path stops at its deadline ------------------------------

TEST(Reliability, LogicPathStopsAtItsDeadline) {
  const nonet::ParsedPuzzle p = nonet::parse_puzzle(kEasy);
  ASSERT_TRUE(p.ok());
  const nonet::LogicState start(*p);
  const nonet::LogicPath free = nonet::solve_path(start);
  EXPECT_TRUE(free.solved);
  EXPECT_FALSE(free.stopped);
  const nonet::LogicPath cut = nonet::solve_path(
      start, nonet::Profile::se, nonet::Deadline::after(std::chrono::nanoseconds(0)));
  EXPECT_TRUE(cut.stopped);
  EXPECT_FALSE(cut.solved);
  EXPECT_TRUE(cut.steps.empty());
  const nonet::Rating r =
      nonet::rate(*p, nonet::Profile::se, nonet::Deadline::after(std::chrono::nanoseconds(0)));
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(nonet::rate(*p).stopped);
}

// --- CLI: worst inputs ---------------------------------------------------------

TEST(Reliability, HundredMegabyteLineIsRefusedQuicklyInBoundedMemory) {
  // 100 MB without a line break, then two ordinary puzzles: the long line is
  // answered "too long" and the puzzles after it are solved.
  Child nonet({"solve"}, "", true);
  const auto start = Clock::now();
  std::string chunk(1 << 20, '1');
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(nonet.feed(chunk.data(), chunk.size()));
  const std::string rest = "\n" + kEasy + "\n" + kContradiction + "\n";
  ASSERT_TRUE(nonet.feed(rest.data(), rest.size()));
  nonet.close_stdin();
  const int rc = nonet.wait(60);
  const double seconds = seconds_since(start);
  ASSERT_EQ(rc, 1) << nonet.err();
  const std::vector<std::string> lines = lines_of(nonet.out());
  ASSERT_EQ(lines.size(), 3u) << nonet.out();
  EXPECT_NE(lines[0].find("too long"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], kEasySolution);
  EXPECT_EQ(lines[2], "no_solution");
  EXPECT_NE(nonet.err().find("<stdin>: line 1"), std::string::npos) << nonet.err();
  // The reader keeps at most one 1 MiB block and one 1 MiB line.
  const long limit_kb = nonet::testing::built_with_sanitizers() ? 400 * 1024 : 64 * 1024;
  EXPECT_LT(nonet.peak_rss_kb(), limit_kb) << "peak RSS " << nonet.peak_rss_kb() << " KiB";
  EXPECT_LT(seconds, nonet::testing::built_with_sanitizers() ? 30.0 : 10.0);
  std::printf("100 MB line: %.2f s, peak RSS %ld KiB\n", seconds, nonet.peak_rss_kb());
}

TEST(Reliability, LargeAnswersAreHeldAFewAtATime) {
  // 25x25 grids full of conflicts: each answer names hundreds of them (some
  // 20 KiB, on standard output and error both); 2,000 of them must not be
  // held a thousand at a time.
  std::mt19937 rng(20261126);
  std::string input;
  for (int i = 0; i < 2000; ++i) {
    for (int c = 0; c < 625; ++c) input += "123"[rng() % 3];
    input += "\n";
  }
  const std::string file = temp_path("conflicts25.txt");
  { std::ofstream(file) << input; }
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"validate", file}, {"validate", "-j", "2", "-f", "json", file}}) {
    Child nonet(args, "/dev/null");
    ASSERT_EQ(nonet.wait(120), 1) << nonet.err().substr(0, 300);
    EXPECT_EQ(lines_of(nonet.out()).size(), 2000u);
    std::printf("%s: peak RSS %ld KiB\n", args.size() > 2 ? "validate -j 2 -f json" : "validate",
                nonet.peak_rss_kb());
    // Sanitizers keep freed memory in quarantine: the bound means nothing there.
    if (nonet::testing::built_with_sanitizers()) continue;
    EXPECT_LT(nonet.peak_rss_kb(), 64 * 1024) << "peak RSS " << nonet.peak_rss_kb() << " KiB";
  }
  std::remove(file.c_str());
}

TEST(Reliability, LinesMayEndWithACarriageReturnAlone) {
  // Files from old Macs end lines with "\r"; "\r\n" and "\n" too, mixed.
  const std::string file = temp_path("cr.txt");
  {
    std::ofstream(file) << kEasy << "\r" << kEasy << "\r\n"
                        << kContradiction << "\r\r" << kEasy << "\n"
                        << kEasy << "\r";
  }
  Child nonet({"solve", file}, "/dev/null");
  ASSERT_EQ(nonet.wait(60), 1) << nonet.err();
  EXPECT_EQ(nonet.out(), kEasySolution + "\n" + kEasySolution + "\nno_solution\n" + kEasySolution +
                             "\n" + kEasySolution + "\n");
  // A "\r" that ends one read block (1 MiB) and the "\n" that starts the next
  // are one end: a comment line first puts a "\r" on the block's last byte.
  const std::size_t block = std::size_t{1} << 20, line = kEasy.size() + 2;
  std::string big = "#" + std::string((block - 4 - kEasy.size()) % line, '-') + "\r\n";
  for (int i = 0; i < 20000; ++i) big += kEasy + (i < 13000 ? "\r\n" : i % 2 ? "\r" : "\n");
  ASSERT_EQ(big.substr(block - 1, 2), "\r\n");
  { std::ofstream(file) << big; }
  Child many({"solve", file}, "/dev/null");
  ASSERT_EQ(many.wait(60), 0) << many.err();
  EXPECT_EQ(lines_of(many.out()).size(), 20000u);
  std::remove(file.c_str());
}

TEST(Reliability, BinaryGarbageGetsOneAnswerPerLineAndTheBatchGoesOn) {
  std::mt19937 rng(20261122);
  std::string input;
  std::vector<bool> is_puzzle;
  for (int i = 0; i < 40; ++i) {
    if (i % 4 == 3) {
      input += kEasy + "\n";
      is_puzzle.push_back(true);
      continue;
    }
    // Random bytes without line ends ("\n" or "\r"), starting with a byte no
    // puzzle form uses.
    std::string junk(1 + rng() % 300, '\0');
    for (char& c : junk) {
      do c = static_cast<char>(rng() & 0xff);
      while (c == '\n' || c == '\r');
    }
    junk[0] = '\x01';
    input += junk + "\n";
    is_puzzle.push_back(false);
  }
  const std::string path = temp_path("garbage");
  write_file(path, input);
  for (const char* format : {"line", "json"}) {
    Child nonet({"solve", "-f", format, "-j", "2"}, path);
    ASSERT_EQ(nonet.wait(60), 1) << nonet.err();
    const std::vector<std::string> lines = lines_of(nonet.out());
    ASSERT_EQ(lines.size(), is_puzzle.size()) << format;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (std::string(format) == "json") {
        const json j = json::parse(lines[i], nullptr, false);
        ASSERT_TRUE(j.is_object()) << lines[i];
        EXPECT_EQ(j["index"], i + 1);
        EXPECT_EQ(j["status"], is_puzzle[i] ? "solved" : "invalid") << lines[i];
      } else if (is_puzzle[i]) {
        EXPECT_EQ(lines[i], kEasySolution);
      } else {
        EXPECT_EQ(lines[i].rfind("invalid: ", 0), 0u) << lines[i];
      }
    }
  }
  std::remove(path.c_str());
}

TEST(Reliability, EmptyTwentyFiveBoardStopsAtTheLimitOrTheBudget) {
  const std::string path = temp_path("empty25");
  write_file(path, std::string(625, '.') + "\n" + kEasy + "\n");
  {
    // The limit: counting stops at 1000 solutions.
    const auto start = Clock::now();
    Child nonet({"count", "--limit", "1000"}, path);
    ASSERT_EQ(nonet.wait(60), 0) << nonet.err();
    EXPECT_EQ(nonet.out(), "1000+\n1\n");
    EXPECT_LT(seconds_since(start), 20.0);
  }
  {
    // The budget: a limit too high to reach stops at --timeout, says so, and
    // the next puzzle still gets its answer.
    const auto start = Clock::now();
    Child nonet({"count", "--limit", "1000000000000", "--timeout", "0.5"}, path);
    ASSERT_EQ(nonet.wait(60), 1) << nonet.err();
    const std::vector<std::string> lines = lines_of(nonet.out());
    ASSERT_EQ(lines.size(), 2u) << nonet.out();
    EXPECT_NE(lines[0].find("+ timeout"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[1], "1");
    EXPECT_NE(nonet.err().find("time budget ran out"), std::string::npos) << nonet.err();
    EXPECT_LT(seconds_since(start), 10.0);
  }
  std::remove(path.c_str());
}

TEST(Reliability, ContradictoryPuzzlesOfEverySizeAreAnsweredAtOnce) {
  // A cell with no candidate and no duplicate: 4x4, 9x9, 16x16, 25x25.
  std::string input;
  for (int side : {4, 9, 16, 25}) {
    std::string row(static_cast<std::size_t>(side * side), '.');
    const char* symbols = "123456789ABCDEFGHIJKLMNOP";
    for (int c = 1; c < side; ++c) row[static_cast<std::size_t>(c)] = symbols[c - 1];
    row[static_cast<std::size_t>(side)] = symbols[side - 1];  // r2c1 holds the last digit
    input += row + "\n";
  }
  const std::string path = temp_path("contradictions");
  write_file(path, input);
  for (const char* command : {"solve", "count", "rate", "explain", "hint"}) {
    const auto start = Clock::now();
    Child nonet({command, "--timeout", "5"}, path);
    const int rc = nonet.wait(60);
    // A hint names the position as holding a wrong entry: an answer, not a failure.
    EXPECT_EQ(rc, std::string(command) == "hint" ? 0 : 1) << command << ": " << nonet.err();
    const std::vector<std::string> lines = lines_of(nonet.out());
    std::size_t answers = 0;
    for (const std::string& l : lines) answers += l.empty() ? 0 : 1;
    EXPECT_GE(answers, 4u) << command << ":\n" << nonet.out();
    EXPECT_LT(seconds_since(start), 20.0) << command;
  }
  std::remove(path.c_str());
}

TEST(Reliability, HardestNineByNinePuzzlesWithinTheBudget) {
  const std::string path = nonet::testing::shared_data("puzzles/forum_hardest_1106.txt");
  if (path.empty())
    GTEST_SKIP() << nonet::testing::shared_data_missing("puzzles/forum_hardest_1106.txt");
  const auto start = Clock::now();
  Child nonet({"solve", "--timeout", "1", "-j", "2"}, path);
  ASSERT_EQ(nonet.wait(120), 0) << nonet.err();
  const std::vector<std::string> lines = lines_of(nonet.out());
  std::vector<std::string> puzzles;
  for (const std::string& l : lines_of(read_file(path)))
    if (!l.empty() && l[0] != '#') puzzles.push_back(l.substr(0, 81));
  ASSERT_EQ(lines.size(), puzzles.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string why;
    ASSERT_TRUE(nonet::testing::check_solution_text(puzzles[i], lines[i], 3, 3, &why))
        << i << ": " << lines[i] << ": " << why;
  }
  std::printf("%zu hardest puzzles in %.2f s\n", puzzles.size(), seconds_since(start));
}

// --- CLI: nothing lost on interrupt -------------------------------------------

// Puzzles whose answers differ, each slow enough (counting an empty board to
// 3000) that a batch of them runs for seconds.
struct SlowBatch {
  std::string input;
  std::vector<std::string> expected;
  explicit SlowBatch(int count) {
    for (int i = 0; i < count; ++i) {
      switch (i % 3) {
        case 0:
          input += std::string(81, '.') + "\n";
          expected.push_back("3000+");
          break;
        case 1:
          input += kEasy + "\n";
          expected.push_back("1");
          break;
        default:
          input += kContradiction + "\n";
          expected.push_back("0");
          break;
      }
    }
  }
};

void expect_prefix_after_signal(int sig, int threads) {
  SlowBatch batch(6000);
  const std::string path = temp_path("slow" + std::to_string(sig) + "_" + std::to_string(threads));
  write_file(path, batch.input);
  Child nonet({"count", "--limit", "3000", "-j", std::to_string(threads)}, path);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  const auto start = Clock::now();
  nonet.signal(sig);
  const int rc = nonet.wait(30);
  EXPECT_LT(seconds_since(start), 5.0) << "the interrupted batch took long to stop";
  EXPECT_EQ(rc, 128 + sig) << nonet.err();
  const std::string out = nonet.out();
  ASSERT_TRUE(out.empty() || out.back() == '\n') << "a partial line was written";
  const std::vector<std::string> lines = lines_of(out);
  EXPECT_GT(lines.size(), 0u) << "answers completed before the signal were lost";
  EXPECT_LT(lines.size(), batch.expected.size()) << "the signal came after the end";
  for (std::size_t i = 0; i < lines.size() && i < batch.expected.size(); ++i)
    ASSERT_EQ(lines[i], batch.expected[i]) << "answer " << i + 1;
  EXPECT_NE(nonet.err().find("interrupted after " + std::to_string(lines.size()) + " answers"),
            std::string::npos)
      << nonet.err();
  std::remove(path.c_str());
}

TEST(Reliability, InterruptedBatchWritesACompleteInOrderPrefix) {
  expect_prefix_after_signal(SIGINT, 1);
}

TEST(Reliability, InterruptedBatchWritesACompleteInOrderPrefixWithThreads) {
  expect_prefix_after_signal(SIGINT, 2);
  expect_prefix_after_signal(SIGTERM, 2);
}

TEST(Reliability, InterruptWhileWaitingForInputStopsAtOnce) {
  Child nonet({"solve"}, "", true);
  const std::string first = kEasy + "\n";
  ASSERT_TRUE(nonet.feed(first.data(), first.size()));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  nonet.signal(SIGINT);
  EXPECT_EQ(nonet.wait(10), 130) << nonet.err();
  EXPECT_EQ(nonet.out(), kEasySolution + "\n");
}

// --- Server ---------------------------------------------------------------------

using Server = nonet::testing::ServerProcess;
using nonet::testing::connect_to;

// POSTs `body` and returns the status and the body of the answer (0 on failure).
std::pair<int, std::string> post(int port, const std::string& path, const std::string& body) {
  const nonet::testing::Response r = nonet::testing::request(port, "POST", path, body);
  return {r.status, r.body};
}

TEST(ReliabilityServer, EmptyTwentyFiveCountEndsAtTheLimitOrTheBudget) {
  Server server({"--port", "0", "--budget", "2"});
  ASSERT_GT(server.port(), 0);
  const std::string empty25(625, '.');
  auto start = Clock::now();
  auto [status, body] =
      post(server.port(), "/api/count", json{{"puzzle", empty25}, {"limit", 50}}.dump());
  ASSERT_EQ(status, 200) << body;
  json j = json::parse(body);
  EXPECT_EQ(j["status"], "limit") << body;
  EXPECT_EQ(j["count"], 50);
  EXPECT_FALSE(j["exact"].get<bool>());
  start = Clock::now();
  std::tie(status, body) =
      post(server.port(), "/api/count", json{{"puzzle", empty25}, {"limit", 1000000}}.dump());
  ASSERT_EQ(status, 200) << body;
  j = json::parse(body);
  EXPECT_EQ(j["status"], "timeout") << body;
  EXPECT_LT(seconds_since(start), 4.0);
  // A limit above the cap is refused before any work.
  std::tie(status, body) =
      post(server.port(), "/api/count", json{{"puzzle", empty25}, {"limit", 1000001}}.dump());
  EXPECT_EQ(status, 400) << body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ReliabilityServer, MalformedJsonMessagesStayReadableWhateverTheBytes) {
  // Found by fuzz_api: the JSON parser's message quotes the raw bytes it read,
  // which made answers that were not UTF-8.
  Server server({"--port", "0"});
  ASSERT_GT(server.port(), 0);
  const auto [status, body] = post(server.port(), "/api/solve", "{\"puzzle\":\xff [[0]]}");
  ASSERT_EQ(status, 400) << body;
  const json j = json::parse(body, nullptr, false);
  ASSERT_TRUE(j.is_object()) << body;
  EXPECT_EQ(j["error"]["code"], "malformed_json");
  const std::string message = j["error"]["message"];
  EXPECT_NE(message.find("\\xFF"), std::string::npos) << message;
  EXPECT_EQ(body.find("\xEF\xBF\xBD"), std::string::npos) << "bytes were replaced, not named";
  EXPECT_EQ(server.stop(), 0);
}

TEST(ReliabilityServer, SlowClientsAreCutOffAndOthersStillServed) {
  // Slowloris: more half-sent requests than the server has connection threads.
  Server server({"--port", "0", "--io-timeout", "1"});
  ASSERT_GT(server.port(), 0);
  std::vector<int> slow;
  for (int i = 0; i < 12; ++i) {
    const int fd = connect_to(server.port());
    ASSERT_GE(fd, 0);
    const std::string part = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    send(fd, part.data(), part.size(), MSG_NOSIGNAL);
    slow.push_back(fd);
  }
  const auto start = Clock::now();
  const auto [status, body] = post(server.port(), "/api/solve", json{{"puzzle", kEasy}}.dump());
  EXPECT_EQ(status, 200) << body;
  EXPECT_LT(seconds_since(start), 5.0) << "slow clients held the server";
  // Each slow connection is closed by the server once its read timeout passes.
  for (const int fd : slow) {
    char c;
    pollfd p{fd, POLLIN, 0};
    ASSERT_GT(poll(&p, 1, 5000), 0) << "a slow client was never cut off";
    EXPECT_LE(recv(fd, &c, 1, 0), 1);
    close(fd);
  }
  EXPECT_LT(seconds_since(start), 8.0);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ReliabilityServer, StopsWhenSignalledRightAfterStartUp) {
  // A SIGTERM between the banner and the start of the accept loop used to be
  // lost, and the server ran on (seen under ThreadSanitizer, which widens it).
  for (int i = 0; i < 10; ++i) {
    Server server({"--port", "0"});
    ASSERT_GT(server.port(), 0);
    ASSERT_EQ(server.stop(20), 0) << "run " << i;
  }
}

TEST(ReliabilityServer, RestartsOnTheSamePortAtOnce) {
  Server first({"--port", "0"});
  const int port = first.port();
  ASSERT_GT(port, 0);
  // A finished exchange leaves the server's side of the connection in TIME_WAIT.
  ASSERT_EQ(post(port, "/api/solve", json{{"puzzle", kEasy}}.dump()).first, 200);
  ASSERT_EQ(first.stop(), 0);
  Server second({"--port", std::to_string(port)});
  ASSERT_EQ(second.port(), port) << "the port was not free again at once";
  EXPECT_EQ(post(port, "/api/solve", json{{"puzzle", kEasy}}.dump()).first, 200);
  EXPECT_EQ(second.stop(), 0);
}

}  // namespace
