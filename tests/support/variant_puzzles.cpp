#include "support/variant_puzzles.h"

namespace nonet::testing {

nlohmann::json fpuzzles_of(const std::string& givens) {
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < 9; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < 9; ++c) {
      const char d = givens[static_cast<std::size_t>(r * 9 + c)];
      row.push_back(d == '.' ? nlohmann::json::object()
                             : nlohmann::json{{"value", d - '0'}, {"given", true}});
    }
    grid.push_back(row);
  }
  return {{"size", 9}, {"grid", grid}};
}

nlohmann::json x_puzzle() {
  nlohmann::json x = fpuzzles_of(
      "...2..1...6........21.....68...1...57.......89...5...26.....54........7...7..5...");
  x["diagonal+"] = true;
  x["diagonal-"] = true;
  return x;
}

}  // namespace nonet::testing
