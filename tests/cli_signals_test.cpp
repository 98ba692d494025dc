// The CLI loses nothing and stops when asked: every write checked (a full disk
// is an error, a closed pipe ends quietly), SIGINT and SIGTERM end every
// command within a second whatever it is doing, keeping the whole answers
// already finished; numbers are read strictly; a byte order mark is accepted;
// an unknown command is named; a long run on a terminal shows its progress.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <pty.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/checker.h"
#include "support/run.h"

namespace {

using Clock = std::chrono::steady_clock;
using nonet::testing::seconds_since;

const std::string kEasy =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const std::string kEasySolution =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const std::string kGoldenNugget =
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000";

std::string temp_path(const std::string& name) {
  static int counter = 0;
  return ::testing::TempDir() + "nonet_signals_" + std::to_string(getpid()) + "_" +
         std::to_string(counter++) + "_" + name;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// `nonet ARGS...` as a child: stdin from a file, stdout to a file (or
// /dev/full, or a pipe the test reads), stderr to a file.
class Nonet {
 public:
  struct Options {
    std::string in = "/dev/null";
    std::string out{};  // empty: a temporary file
    bool out_pipe = false;
    bool ignore_sigpipe = false;
  };
  Nonet(std::vector<std::string> args, Options o)
      : out_(o.out.empty() ? temp_path("out") : o.out), err_(temp_path("err")) {
    owns_out_ = o.out.empty();
    int fds[2] = {-1, -1};
    if (o.out_pipe && pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      if (o.ignore_sigpipe) signal(SIGPIPE, SIG_IGN);
      const int in = open(o.in.c_str(), O_RDONLY);
      dup2(in, STDIN_FILENO);
      if (o.out_pipe) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
      } else {
        dup2(open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), STDOUT_FILENO);
      }
      dup2(open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), STDERR_FILENO);
      args.insert(args.begin(), NONET_CLI_PATH);
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    if (o.out_pipe) {
      close(fds[1]);
      pipe_ = fds[0];
    }
  }
  ~Nonet() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (pipe_ >= 0) close(pipe_);
    if (owns_out_) std::remove(out_.c_str());
    std::remove(err_.c_str());
  }
  void signal_it(int sig) { kill(pid_, sig); }
  // The exit code, 128 + the signal that ended it, or -1 after `limit` seconds.
  int wait(double limit = 60) {
    const auto start = Clock::now();
    while (seconds_since(start) < limit) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return -1;
  }
  int pipe_fd() const { return pipe_; }
  void close_pipe() {
    close(pipe_);
    pipe_ = -1;
  }
  std::string out() const { return read_file(out_); }
  std::string err() const { return read_file(err_); }

 private:
  std::string out_, err_;
  bool owns_out_ = true;
  pid_t pid_ = -1;
  int pipe_ = -1;
};

// run_cli with each argument quoted for the shell.
nonet::testing::RunResult cli(const std::vector<std::string>& args) {
  std::string line;
  for (const std::string& a : args) line += (line.empty() ? "'" : " '") + a + "'";
  return nonet::testing::run_cli(line);
}

std::string repeated(const std::string& line, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += line + "\n";
  return s;
}

// Sends `sig` after `after` seconds; the command must end within `within`
// seconds of it with 128 + sig.
void expect_stops(Nonet& nonet, int sig, double after, double within = 1.0) {
  std::this_thread::sleep_for(std::chrono::duration<double>(after));
  const auto start = Clock::now();
  nonet.signal_it(sig);
  const int code = nonet.wait(10);
  EXPECT_EQ(code, 128 + sig) << nonet.err();
  EXPECT_LT(seconds_since(start), within) << "seconds from the signal to the exit";
}

// --- Nothing lost without a word ------------------------------------------------------

TEST(CliOutput, AFullDiskIsAnError) {
  const std::string input = write_temp("big.txt", repeated(kEasy, 3000));
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve", input},
        {"solve", "-j", "2", input},
        {"generate", "-n", "50", "--box", "2x2", "--seed", "1"},
        {"solvers"},
        {"--help"}}) {
    Nonet nonet(args, {.out = "/dev/full"});
    EXPECT_EQ(nonet.wait(), 1) << args[0];
    EXPECT_NE(nonet.err().find("No space left on device"), std::string::npos)
        << args[0] << ": " << nonet.err();
  }
  std::remove(input.c_str());
}

TEST(CliOutput, AClosedPipeEndsQuietly) {
  const std::string input = write_temp("big.txt", repeated(kEasy, 200000));
  {
    // As `nonet solve big.txt | head -1`: SIGPIPE ends it, with nothing to say.
    Nonet nonet({"solve", input}, {.out_pipe = true});
    char line[82];
    ASSERT_EQ(read(nonet.pipe_fd(), line, sizeof line), 82);
    EXPECT_EQ(std::string(line, 81), kEasySolution);
    nonet.close_pipe();
    EXPECT_EQ(nonet.wait(), 128 + SIGPIPE);
    EXPECT_EQ(nonet.err(), "");
  }
  {
    // With SIGPIPE ignored by whoever started it, the failed write is an error.
    Nonet nonet({"solve", input}, {.out_pipe = true, .ignore_sigpipe = true});
    char line[82];
    ASSERT_EQ(read(nonet.pipe_fd(), line, sizeof line), 82);
    nonet.close_pipe();
    EXPECT_EQ(nonet.wait(), 1);
    EXPECT_NE(nonet.err().find("Broken pipe"), std::string::npos) << nonet.err();
    // The count says what reached the pipe, the line read above at least.
    const std::size_t at = nonet.err().find("(");
    ASSERT_NE(at, std::string::npos) << nonet.err();
    EXPECT_GE(std::atoi(nonet.err().c_str() + at + 1), 1) << nonet.err();
  }
  std::remove(input.c_str());
}

// --- Stopping when asked ---------------------------------------------------------------

TEST(CliSignals, AnEndlessLineStopsOnEitherSignal) {
  for (const int sig : {SIGTERM, SIGINT}) {
    Nonet nonet({"solve", "/dev/zero"}, {});
    expect_stops(nonet, sig, 0.5);
  }
  // --timeout, too, bounds nothing here, but the signal still does.
  Nonet timed({"solve", "--timeout", "1", "/dev/zero"}, {});
  expect_stops(timed, SIGTERM, 0.3);
}

TEST(CliSignals, RateKeepsTheAnswersFinishedBeforeTheSignal) {
  const std::string input =
      write_temp("two.txt", kEasy + "\n" + kGoldenNugget + "\n" + kEasy + "\n");
  Nonet nonet({"rate", input}, {});
  expect_stops(nonet, SIGINT, 1.0);
  const std::vector<std::string> lines = lines_of(nonet.out());
  ASSERT_EQ(lines.size(), 1u) << nonet.out();
  EXPECT_NE(lines[0].find("easy"), std::string::npos) << lines[0];
  EXPECT_NE(nonet.err().find("interrupted after 1 answers"), std::string::npos) << nonet.err();
  std::remove(input.c_str());
}

TEST(CliSignals, LongCountsAndGenerationStopWithWholeLines) {
  const std::string empty25 = write_temp("empty25.txt", std::string(625, '.') + "\n");
  Nonet count({"count", "--limit", "4000000000000", empty25}, {});
  expect_stops(count, SIGTERM, 0.5);
  // Sixteen-by-sixteen puzzles take a while each: some finish before the signal.
  Nonet generate({"generate", "-n", "1000", "--box", "4x4", "--seed", "3", "-j", "2"}, {});
  expect_stops(generate, SIGINT, 3.0);
  const std::string out = generate.out();
  EXPECT_TRUE(out.empty() || out.back() == '\n') << "a line cut in half";
  for (const std::string& line : lines_of(out)) EXPECT_EQ(line.size(), 256u) << line;
  EXPECT_NE(
      generate.err().find("interrupted after " + std::to_string(lines_of(out).size()) + " puzzles"),
      std::string::npos)
      << generate.err();
  std::remove(empty25.c_str());
}

// Each generated puzzle is written as soon as it and those before it are made,
// not when a group of them is: the first line comes while the run goes on.
TEST(CliSignals, GeneratedPuzzlesAreWrittenAsTheyAreMade) {
  Nonet generate({"generate", "-n", "100000", "--seed", "3", "-j", "2"}, {.out_pipe = true});
  std::string out;
  char buffer[4096];
  const auto start = Clock::now();
  while (out.find('\n') == std::string::npos && seconds_since(start) < 60) {
    const ssize_t n = read(generate.pipe_fd(), buffer, sizeof buffer);
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ASSERT_NE(out.find('\n'), std::string::npos) << "no puzzle came";
  generate.signal_it(SIGINT);
  for (ssize_t n; (n = read(generate.pipe_fd(), buffer, sizeof buffer)) > 0;)
    out.append(buffer, static_cast<std::size_t>(n));
  EXPECT_EQ(generate.wait(10), 128 + SIGINT);
  const std::size_t written = lines_of(out).size();
  EXPECT_NE(generate.err().find("interrupted after " + std::to_string(written) + " puzzles"),
            std::string::npos)
      << generate.err();
  // Written a group at a time, the first line would have waited for 64.
  EXPECT_LT(written, 64u) << "the first puzzle came only with a group of others";
}

// A difficulty band rates every candidate: a thousand 16x16 hard puzzles take
// about a minute in an optimised build, far longer in the others.
TEST(CliSignals, GenerationWithADifficultyStopsWhileRating) {
  Nonet generate({"generate", "-n", "1000", "--box", "4x4", "--difficulty", "hard", "--seed", "3"},
                 {});
  expect_stops(generate, SIGINT, 3.0);
  EXPECT_NE(generate.err().find("interrupted after"), std::string::npos) << generate.err();
}

// A minimal 25x25 puzzle is many seconds of removal checks: the signal stops
// them, not only the time budget.
TEST(CliSignals, ALargeMinimalDigStopsMidway) {
  Nonet generate({"generate", "-n", "1", "--box", "5x5", "--seed", "1", "-j", "1"}, {});
  expect_stops(generate, SIGINT, 0.5);
  EXPECT_NE(generate.err().find("interrupted"), std::string::npos) << generate.err();
}

// A library still being written (a pipe with nothing in it yet) is waited
// on until the signal, which is then said, not left unexplained.
TEST(CliSignals, ALibraryWaitedOnStopsOnTheSignal) {
  const std::string fifo = temp_path("library.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Nonet waiting({"generate", "--from", "-", "--timeout", "0"}, {.in = fifo});
  const int writer = open(fifo.c_str(), O_WRONLY);  // held open, never written
  ASSERT_GE(writer, 0);
  expect_stops(waiting, SIGINT, 0.5);
  EXPECT_NE(waiting.err().find("interrupted while reading the library"), std::string::npos)
      << waiting.err();
  close(writer);
  std::remove(fifo.c_str());
}

// --- Numbers, byte order marks and commands -----------------------------------------------

TEST(CliArguments, NumbersAreReadStrictly) {
  const std::string input = write_temp("one.txt", kEasy + "\n");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"solve", "--timeout", "nan", input},
           {"solve", "--timeout", "inf", input},
           {"solve", "--timeout", "-1", input},
           {"generate", "--box", "2x2", "--seed", "-1"},
           {"generate", "--box", "2x2", "--seed", "18446744073709551616"},
           {"generate", "--box", "2x2", "--seed", "1.5"},
           {"generate", "--box", "2x2", "-n", "-1"},
           {"count", "--limit", "-5", input},
           {"transform", "--random", "--seed", "-2", input},
           {"serve", "--budget", "nan"},
       }) {
    const nonet::testing::RunResult r = cli(args);
    EXPECT_EQ(r.exit_code, 2) << args[0] << " " << args[1] << " " << args[2] << "\n" << r.err;
  }
  const nonet::testing::RunResult top =
      cli({"generate", "--box", "2x2", "--seed", "18446744073709551615", "-f", "json"});
  EXPECT_EQ(top.exit_code, 0) << top.err;
  EXPECT_NE(top.out.find("\"seed\":18446744073709551615"), std::string::npos) << top.out;
  std::remove(input.c_str());
}

TEST(CliArguments, AByteOrderMarkStartsTheInputQuietly) {
  const std::string bom = "\xEF\xBB\xBF";
  std::string grid;
  for (int r = 0; r < 9; ++r) grid += kEasy.substr(static_cast<std::size_t>(r * 9), 9) + "\n";
  for (const std::string& text : {bom + kEasy + "\n", bom + grid}) {
    const std::string input = write_temp("bom.txt", text);
    const nonet::testing::RunResult r = cli({"solve", input});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kEasySolution + "\n");
    std::remove(input.c_str());
  }
}

TEST(CliArguments, AnUnknownCommandIsNamed) {
  nonet::testing::RunResult r = cli({"slove", "x.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'slove' is not a command; did you mean 'solve'?"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("solve, count, validate"), std::string::npos) << r.err;
  r = cli({"frobnicate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'frobnicate' is not a command"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;
}

// --- Progress ----------------------------------------------------------------------

// A count that takes about three seconds, on a terminal and on a pipe.
TEST(CliProgress, ShownOnATerminalOnly) {
  const std::string input = write_temp("empty25.txt", std::string(625, '.') + "\n");
  int terminal = -1;
  const pid_t pid = forkpty(&terminal, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    setenv("TERM", "xterm", 1);
    execl(NONET_CLI_PATH, NONET_CLI_PATH, "count", "--limit", "4000000000000", "--timeout", "3",
          input.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::string seen;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(terminal, buffer, sizeof buffer);
    if (n <= 0) break;
    seen.append(buffer, static_cast<std::size_t>(n));
  }
  int status = 0;
  waitpid(pid, &status, 0);
  close(terminal);
  EXPECT_NE(seen.find("\r\033[Knonet: 0 puzzles, 2 s"), std::string::npos) << seen;
  // Cleared before the answer, which is its own line.
  const std::size_t answer = seen.find("+ timeout");
  ASSERT_NE(answer, std::string::npos) << seen;
  EXPECT_NE(seen.rfind("\r\033[K", answer), std::string::npos);
  // On a pipe or a file: no progress line at all.
  Nonet piped({"count", "--limit", "4000000000000", "--timeout", "3", input}, {});
  EXPECT_EQ(piped.wait(), 1);
  EXPECT_EQ(piped.err().find("\033[K"), std::string::npos) << piped.err();
  EXPECT_NE(piped.out().find("+ timeout"), std::string::npos);
  std::remove(input.c_str());
}

}  // namespace
