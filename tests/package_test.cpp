// What the installed package promises: every public header exports what it
// declares from the shared library, and every artefact carries the one version
// written in include/nonet/version.h.

#include <gtest/gtest.h>

#include <cstdio>
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

// The first group of `pattern` in `text`, or "" when it does not match.
std::string first_match(const std::string& text, const std::string& pattern) {
  std::smatch m;
  return std::regex_search(text, m, std::regex(pattern)) ? m[1].str() : "";
}

// The version is written once, in version.h; CMakeLists.txt reads it from
// there for the project, and from the project it reaches the CMake package's
// version file, nonet.pc and the man page, while the library, the CLI and the
// Python module compile it in. Each artefact is read here as its users see it,
// so a second place that spells the version, or a step that stops passing it
// on, shows up as a disagreement.
TEST(Package, VersionIsWrittenOnce) {
  const std::filesystem::path source(NONET_SOURCE_DIR), build(NONET_BINARY_DIR);
  // The header's text, as CMake reads it, not the macros compiled in here.
  const std::string header = read_file(source / "include" / "nonet" / "version.h");
  std::string version;
  for (const char* part : {"MAJOR", "MINOR", "PATCH"}) {
    const std::string number =
        first_match(header, std::string("\n#define NONET_VERSION_") + part + " ([0-9]+)\n");
    ASSERT_FALSE(number.empty()) << "no NONET_VERSION_" << part << " in version.h";
    version += (version.empty() ? "" : ".") + number;
  }
  EXPECT_EQ(kVersion, version) << "the library";
  EXPECT_EQ(NONET_VERSION,
            NONET_VERSION_MAJOR * 10000 + NONET_VERSION_MINOR * 100 + NONET_VERSION_PATCH);

  const std::string config_version = read_file(build / "nonet-config-version.cmake");
  ASSERT_FALSE(config_version.empty()) << build / "nonet-config-version.cmake";
  EXPECT_EQ(first_match(config_version, R"re(set\(PACKAGE_VERSION "([^"]*)"\))re"), version)
      << "the CMake package (find_package(nonet))";
  const std::string pc = read_file(build / "nonet.pc");
  ASSERT_FALSE(pc.empty()) << build / "nonet.pc";
  EXPECT_EQ(first_match(pc, R"(\nVersion: *([^\n]*))"), version) << "nonet.pc";
  const std::string man = read_file(build / "apps" / "cli" / "nonet.1");
  EXPECT_EQ(first_match(man, R"re(\n\.TH NONET 1 "[^"]*" "nonet ([^"]*)")re"), version)
      << "nonet.1";

  const RunResult cli = run_cli("--version");
  EXPECT_EQ(cli.exit_code, 0);
  EXPECT_EQ(cli.out, "nonet " + version + "\n") << "nonet --version";

#ifdef NONET_PYTHON
  const RunResult python =
      run_shell(std::string("PYTHONPATH='") + NONET_PYTHON_PATH + "' '" + NONET_PYTHON +
                "' -c 'import nonet; print(nonet.__version__)'");
  EXPECT_EQ(python.exit_code, 0) << python.err;
  EXPECT_EQ(python.out, version + "\n") << "the Python module's __version__";
#else
  std::printf("the Python module is not in this build: its __version__ is not checked\n");
#endif
}

}  // namespace
}  // namespace nonet::testing
