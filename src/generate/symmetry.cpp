// Symmetries of the clue pattern: each maps a cell to its partner; the orbits
// (cells reached by applying it repeatedly) are kept or removed together.

#include <algorithm>
#include <array>

#include "nonet/generate.h"

namespace nonet {
namespace {

constexpr std::array kSymmetries = {Symmetry::none,   Symmetry::rot180,   Symmetry::rot90,
                                    Symmetry::mirror, Symmetry::flip,     Symmetry::diagonal,
                                    Symmetry::antidiagonal};

int partner(const Geometry& g, Symmetry symmetry, int cell) {
  const int n = g.side() - 1;
  const int r = g.row_of(cell), c = g.col_of(cell);
  switch (symmetry) {
    case Symmetry::none: return cell;
    case Symmetry::rot180: return g.cell(n - r, n - c);
    case Symmetry::rot90: return g.cell(c, n - r);
    case Symmetry::mirror: return g.cell(r, n - c);
    case Symmetry::flip: return g.cell(n - r, c);
    case Symmetry::diagonal: return g.cell(c, r);
    case Symmetry::antidiagonal: return g.cell(n - c, n - r);
  }
  return cell;
}

}  // namespace

const char* to_string(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none: return "none";
    case Symmetry::rot180: return "rot180";
    case Symmetry::rot90: return "rot90";
    case Symmetry::mirror: return "mirror";
    case Symmetry::flip: return "flip";
    case Symmetry::diagonal: return "diagonal";
    case Symmetry::antidiagonal: return "antidiagonal";
  }
  return "none";
}

std::optional<Symmetry> symmetry_from_string(std::string_view name) {
  for (Symmetry s : kSymmetries) {
    if (name == to_string(s)) return s;
  }
  return std::nullopt;
}

std::span<const Symmetry> all_symmetries() { return kSymmetries; }

std::vector<std::vector<int>> symmetry_orbits(const Geometry& geometry, Symmetry symmetry) {
  std::vector<std::vector<int>> orbits;
  std::vector<char> seen(static_cast<std::size_t>(geometry.cell_count()), 0);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (seen[cell]) continue;
    std::vector<int> orbit;
    for (int c = cell; !seen[c]; c = partner(geometry, symmetry, c)) {
      seen[c] = 1;
      orbit.push_back(c);
    }
    std::sort(orbit.begin(), orbit.end());
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

bool has_symmetry(const Grid& puzzle, Symmetry symmetry) {
  const Geometry& g = puzzle.geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if ((puzzle[cell] != 0) != (puzzle[partner(g, symmetry, cell)] != 0)) return false;
  }
  return true;
}

}  // namespace nonet
