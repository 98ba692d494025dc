// What the installed package promises: every public header exports what it
// declares from the shared library, and the version is written in one place.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "nonet/version.h"
#include "support/run.h"

namespace nonet::testing {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// libnonet is compiled with hidden visibility; a header whose declarations are
// not inside `#pragma GCC visibility push(default)` ... `pop` would leave them
// out of a shared build, and programs using them would fail to link.
TEST(Package, EveryPublicHeaderExportsItsDeclarations) {
  const std::filesystem::path dir = std::filesystem::path(NONET_SOURCE_DIR) / "include" / "nonet";
  int headers = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string text = read_file(entry.path());
    const std::size_t open = text.find("\nnamespace nonet");
    if (open == std::string::npos) continue;  // only includes others
    ++headers;
    const std::size_t push = text.find("\n#pragma GCC visibility push(default)");
    const std::size_t pop = text.rfind("\n#pragma GCC visibility pop");
    const std::size_t close = text.rfind("}  // namespace nonet");
    EXPECT_TRUE(push != std::string::npos && push < open) << entry.path();
    EXPECT_TRUE(pop != std::string::npos && close != std::string::npos && close < pop)
        << entry.path();
  }
  EXPECT_GE(headers, 8);
}

// The project's version (CMakeLists.txt reads version.h) reaches the CLI.
TEST(Package, VersionIsWrittenOnce) {
  EXPECT_STREQ(kVersion,
               NONET_VERSION_TEXT(NONET_VERSION_MAJOR, NONET_VERSION_MINOR, NONET_VERSION_PATCH));
  EXPECT_EQ(NONET_VERSION,
            NONET_VERSION_MAJOR * 10000 + NONET_VERSION_MINOR * 100 + NONET_VERSION_PATCH);
  const std::string cmake = read_file(std::filesystem::path(NONET_SOURCE_DIR) / "CMakeLists.txt");
  EXPECT_FALSE(std::regex_search(cmake, std::regex(R"(project\([^)]*VERSION [0-9])")))
      << "the version belongs in include/nonet/version.h alone";
  const RunResult r = run_cli("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, std::string("nonet ") + kVersion + "\n");
}

}  // namespace
}  // namespace nonet::testing
