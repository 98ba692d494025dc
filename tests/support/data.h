#pragma once
// Where the tests find their data. The files under tests/data are committed and
// always there. The larger shared puzzle sets live outside the repository, in
// the folder named by the environment variable NONET_DATA_DIR, by default
// ../shared/data next to the checkout; that is looked up when the tests run,
// never when they are built, and a test that needs a shared set it cannot find
// skips with a message naming the path.

#include <string>

namespace nonet::testing {

// tests/data/<name> in the source tree.
std::string test_data(const std::string& name);

// The folder of the shared sets, holding puzzles/ and rated/.
std::string shared_data_dir();

// shared_data_dir()/<relative> when that file can be read, else "".
std::string shared_data(const std::string& relative);

// The reason to give when shared_data(relative) is "": the path looked at and
// how to point the tests elsewhere.
std::string shared_data_missing(const std::string& relative);

}  // namespace nonet::testing
