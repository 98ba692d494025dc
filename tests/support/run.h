#pragma once
// Runs the real nonet binary for tests: feeds standard input from a string and
// captures standard output, standard error and the exit code.

#include <chrono>
#include <string>

namespace nonet::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `args` is passed through the shell after the binary's path: quote as needed.
RunResult run_cli(const std::string& args, const std::string& input = "");
// Any shell command, run the same way.
RunResult run_shell(const std::string& command, const std::string& input = "");

// A file under the test's temporary folder holding `content`; returns its path.
std::string temp_file(const std::string& name, const std::string& content);

// True in the asan and tsan builds, whose memory and timing differ.
bool built_with_sanitizers();

// Seconds from `start` to now, on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace nonet::testing
