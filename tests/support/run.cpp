#include "support/run.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace nonet::testing {
namespace {

std::string temp_dir() {
  static const std::string dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("nonet_tests_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d.string();
  }();
  return dir;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = temp_dir() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

RunResult run_cli(const std::string& args, const std::string& input) {
  return run_shell(std::string("'") + NONET_CLI_PATH + "' " + args, input);
}

RunResult run_shell(const std::string& command, const std::string& input) {
  static int counter = 0;
  const std::string base = temp_dir() + "/run" + std::to_string(++counter);
  const std::string in = temp_file("run" + std::to_string(counter) + ".in", input);
  const std::string cmd =
      "{ " + command + "\n} < '" + in + "' > '" + base + ".out' 2> '" + base + ".err'";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  return r;
}

bool built_with_sanitizers() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

}  // namespace nonet::testing
