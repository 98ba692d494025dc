#pragma once
// nonet's version, written here and nowhere else: CMake reads the three numbers
// below for the project, the shared library's SONAME, the CMake package's
// version file, pkg-config, the man page and the Python module.
//
//   #if NONET_VERSION >= 100    // 0.1.0 or later
//   std::puts(nonet::kVersion);  // "0.1.0"

#define NONET_VERSION_MAJOR 0
#define NONET_VERSION_MINOR 1
#define NONET_VERSION_PATCH 0

// MAJOR * 10000 + MINOR * 100 + PATCH, for preprocessor checks.
#define NONET_VERSION \
  (NONET_VERSION_MAJOR * 10000 + NONET_VERSION_MINOR * 100 + NONET_VERSION_PATCH)

#define NONET_VERSION_TEXT_(major, minor, patch) #major "." #minor "." #patch
#define NONET_VERSION_TEXT(major, minor, patch) NONET_VERSION_TEXT_(major, minor, patch)

#pragma GCC visibility push(default)
namespace nonet {
// "MAJOR.MINOR.PATCH"
inline constexpr const char* kVersion =
    NONET_VERSION_TEXT(NONET_VERSION_MAJOR, NONET_VERSION_MINOR, NONET_VERSION_PATCH);
}  // namespace nonet
#pragma GCC visibility pop
