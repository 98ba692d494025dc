#include "support/data.h"

#include <cstdlib>
#include <fstream>

namespace nonet::testing {

std::string test_data(const std::string& name) {
  return std::string(NONET_SOURCE_DIR) + "/tests/data/" + name;
}

std::string shared_data_dir() {
  if (const char* dir = std::getenv("NONET_DATA_DIR"); dir && *dir) return dir;
  return std::string(NONET_SOURCE_DIR) + "/../shared/data";
}

std::string shared_data(const std::string& relative) {
  const std::string path = shared_data_dir() + "/" + relative;
  return std::ifstream(path) ? path : "";
}

std::string shared_data_missing(const std::string& relative) {
  return "shared data set not found: " + shared_data_dir() + "/" + relative +
         " (NONET_DATA_DIR names the folder holding puzzles/ and rated/)";
}

}  // namespace nonet::testing
