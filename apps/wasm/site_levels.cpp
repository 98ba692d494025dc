#include "site_levels.h"

#include <string>
#include <vector>

#include "nonet/generate.h"
#include "nonet/geometry.h"
#include "nonet/logic.h"
#include "server/api.h"

namespace nonet::site {
namespace {

// The sizes of the page's size menu.
constexpr int kSides[] = {4, 6, 8, 9, 12, 16, 25};

// The levels /api/generate reaches on each board within the static site's
// budget (engine.js: 60 s), as measured with the same search
// (`nonet generate --box RxC --difficulty LEVEL --timeout 15`, and 60 on
// 16x16): every level from 6x6 to 9x9 in well under a second; every 4x4 puzzle
// is easy; random minimal 12x12 puzzles are never easy; 16x16 ones reach
// extreme (ER 9 and up) in about 20 s and nothing easier in a minute.
std::vector<Level> measured_levels(const Geometry& g) {
  const std::vector<Level> all = {Level::easy, Level::medium, Level::hard, Level::expert,
                                  Level::extreme};
  switch (g.side()) {
    case 4:
      return {Level::easy};
    case 12:
      return {all.begin() + 1, all.end()};
    case 16:
      return {Level::extreme};
    default:
      return g.side() <= 9 ? all : std::vector<Level>{};
  }
}

}  // namespace

nlohmann::json levels_json() {
  nlohmann::json sizes = nlohmann::json::array();
  for (const int side : kSides) {
    // Only the sizes the route makes (its default limit, as the server's).
    if (side > server::ApiLimits{}.max_generate_side) continue;
    const Geometry& g = *Geometry::for_side(side);
    nlohmann::json names = nlohmann::json::array();
    for (const Level l : measured_levels(g)) names.push_back(level_name(l));
    sizes.push_back({{"size", side},
                     {"box", std::to_string(g.box_rows()) + "x" + std::to_string(g.box_cols())},
                     {"levels", std::move(names)}});
  }
  return {{"sizes", std::move(sizes)}};
}

}  // namespace nonet::site
