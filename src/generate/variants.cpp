// The variants the generator makes, and their boards: a fixed board for each
// kind but jigsaw, whose regions are drawn afresh for every puzzle, and
// killer, kropki, XV and thermo, whose cages, dots, marks or thermometers are
// drawn from a full grid for every puzzle.

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "generate/scratch.h"
#include "nonet/generate.h"

namespace nonet {
namespace {

constexpr std::array kKinds = {
    VariantKindInfo{VariantKind::x, "x", "sudoku X", "each main diagonal holds every digit once"},
    VariantKindInfo{VariantKind::windoku, "windoku", "windoku",
                    "the four shaded 3x3 windows (top-left cells r2c2, r2c6, r6c2, r6c6) hold "
                    "every digit once"},
    VariantKindInfo{VariantKind::disjoint_groups, "disjoint-groups", "disjoint groups",
                    "the cells at the same place in every box hold every digit once"},
    VariantKindInfo{VariantKind::jigsaw, "jigsaw", "jigsaw sudoku",
                    "irregular regions of N cells take the place of the boxes"},
    VariantKindInfo{VariantKind::anti_knight, "anti-knight", "anti-knight sudoku",
                    "no digit is a chess knight's move from itself"},
    VariantKindInfo{VariantKind::anti_king, "anti-king", "anti-king sudoku",
                    "no digit is a chess king's move (diagonally adjacent) from itself"},
    VariantKindInfo{VariantKind::non_consecutive, "non-consecutive", "non-consecutive sudoku",
                    "orthogonal neighbours never hold consecutive digits (1 and N are not "
                    "consecutive)"},
    VariantKindInfo{VariantKind::killer, "killer", "killer sudoku",
                    "the digits of each cage differ and add up to its sum"},
    VariantKindInfo{VariantKind::kropki, "kropki", "kropki sudoku",
                    "a white dot joins consecutive digits, a black dot a digit and its double; "
                    "every dot is given"},
    VariantKindInfo{VariantKind::xv, "xv", "XV sudoku",
                    "an X joins digits that add up to 10, a V digits that add up to 5; every X "
                    "and V is given"},
    VariantKindInfo{VariantKind::thermo, "thermo", "thermo sudoku",
                    "digits rise along each thermometer from its bulb"},
};

// Exchanges tried per cell of the board when growing jigsaw regions out of
// the boxes: enough that a box left whole is rare (variants_test counts them).
constexpr int kExchangeRounds = 8;
// Search nodes spent looking for a full grid of a drawn layout before it is
// dropped for another: most layouts are filled in under a thousand nodes,
// and one that has no grid at all is recognised only this way.
constexpr std::uint64_t kFillNodesPerCell = 200;
// The largest side variants are made on: on 12x12 every kind makes a hard
// puzzle in a second or less (jigsaw's regions take most of it); on 16x16
// jigsaw rarely finds a layout with a grid within a minute, and disjoint
// groups and non-consecutive make no puzzle within 30 s.
constexpr int kLargestVariant = 12;
// The smallest side where every kind has a full grid on every box shape.
constexpr int kEveryKindFrom = 8;

// Killer cages are grown to sizes from 2 to this.
constexpr int kMostCageCells = 5;
// The largest side the kinds drawn from a grid (killer, kropki, XV, thermo)
// are made on.
constexpr int kLargestDrawn = 9;
// Thermometers are grown to sizes from kFewestThermoCells to this; a board
// gets one per row of it, as many as can be grown.
constexpr int kFewestThermoCells = 3;
constexpr int kMostThermoCells = 6;

// Calls fn(neighbour) for each orthogonal neighbour of `c` on the board.
template <class Fn>
void for_each_orthogonal(const Geometry& g, int c, Fn&& fn) {
  const int n = g.side(), row = g.row_of(c), col = g.col_of(c);
  const std::array<std::array<int, 2>, 4> steps = {{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};
  for (const auto& [dr, dc] : steps) {
    const int rr = row + dr, cc = col + dc;
    if (rr >= 0 && rr < n && cc >= 0 && cc < n) fn(g.cell(rr, cc));
  }
}

// Whether the cells of region `r` form one orthogonally connected piece.
bool connected(const Geometry& g, const std::vector<int>& region_of, int r, std::vector<int>& stack,
               std::vector<char>& seen) {
  int first = -1, size = 0;
  for (int c = 0; c < g.cell_count(); ++c) {
    if (region_of[static_cast<std::size_t>(c)] != r) continue;
    if (first < 0) first = c;
    ++size;
  }
  if (first < 0) return false;
  std::fill(seen.begin(), seen.end(), 0);
  stack.assign(1, first);
  seen[static_cast<std::size_t>(first)] = 1;
  int reached = 0;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    ++reached;
    for_each_orthogonal(g, c, [&](int next) {
      if (seen[static_cast<std::size_t>(next)] || region_of[static_cast<std::size_t>(next)] != r)
        return;
      seen[static_cast<std::size_t>(next)] = 1;
      stack.push_back(next);
    });
  }
  return reached == size;
}

// The regions of `c`'s orthogonal neighbours other than `own`, each once.
std::vector<int> neighbour_regions(const Geometry& g, const std::vector<int>& region_of, int c) {
  const int own = region_of[static_cast<std::size_t>(c)];
  std::vector<int> out;
  for_each_orthogonal(g, c, [&](int next) {
    const int r = region_of[static_cast<std::size_t>(next)];
    if (r != own && std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  });
  return out;
}

// Random jigsaw regions: starting from the boxes, a cell passes from its
// region A to a neighbouring region B and a cell of B touching A passes back,
// kept when both regions stay connected.
std::vector<int> random_regions(const Geometry& g, Rng& rng) {
  const int cells = g.cell_count();
  std::vector<int> region_of(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) region_of[static_cast<std::size_t>(c)] = g.box_of(c);
  std::vector<int> stack, back;
  std::vector<char> seen(static_cast<std::size_t>(cells));
  const int tries = kExchangeRounds * cells;
  for (int t = 0; t < tries; ++t) {
    const int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(cells)));
    const int from = region_of[static_cast<std::size_t>(a)];
    const std::vector<int> near = neighbour_regions(g, region_of, a);
    if (near.empty()) continue;
    const int to = near[rng.below(static_cast<std::uint32_t>(near.size()))];
    // The cells of `to` (other than those next to nothing of `from`) that could come back.
    region_of[static_cast<std::size_t>(a)] = to;
    back.clear();
    for (int c = 0; c < cells; ++c) {
      if (region_of[static_cast<std::size_t>(c)] != to || c == a) continue;
      const std::vector<int> touching = neighbour_regions(g, region_of, c);
      if (std::find(touching.begin(), touching.end(), from) != touching.end()) back.push_back(c);
    }
    if (back.empty()) {
      region_of[static_cast<std::size_t>(a)] = from;
      continue;
    }
    const int b = back[rng.below(static_cast<std::uint32_t>(back.size()))];
    region_of[static_cast<std::size_t>(b)] = from;
    if (!connected(g, region_of, from, stack, seen) || !connected(g, region_of, to, stack, seen)) {
      region_of[static_cast<std::size_t>(a)] = from;
      region_of[static_cast<std::size_t>(b)] = to;
    }
  }
  return region_of;
}

// Killer cages over a full grid: each grown from the first cell not yet in
// one (in an order drawn from `rng`) to a size drawn from 2 to kMostCageCells,
// by orthogonal neighbours whose digits it lacks. A cell with no room left
// joins the smallest neighbouring cage that lacks its digit and has room, or
// else stays alone.
std::vector<Constraint> random_cages(const Grid& grid, Rng& rng) {
  const Geometry& g = grid.geometry();
  const int cells = g.cell_count();
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) order[static_cast<std::size_t>(c)] = c;
  for (int i = cells - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)],
              order[rng.below(static_cast<std::uint32_t>(i + 1))]);
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  std::vector<std::vector<int>> cages;
  std::vector<Mask> digits;
  std::vector<int> edge;
  for (int start : order) {
    if (cage_of[static_cast<std::size_t>(start)] >= 0) continue;
    const int k = static_cast<int>(cages.size());
    const int size = 2 + static_cast<int>(rng.below(kMostCageCells - 1));
    cages.push_back({start});
    digits.push_back(Mask{1} << (grid[start] - 1));
    cage_of[static_cast<std::size_t>(start)] = k;
    while (static_cast<int>(cages[static_cast<std::size_t>(k)].size()) < size) {
      edge.clear();
      for (int c : cages[static_cast<std::size_t>(k)]) {
        for_each_orthogonal(g, c, [&](int next) {
          if (cage_of[static_cast<std::size_t>(next)] < 0 &&
              !(digits[static_cast<std::size_t>(k)] & (Mask{1} << (grid[next] - 1))) &&
              std::find(edge.begin(), edge.end(), next) == edge.end())
            edge.push_back(next);
        });
      }
      if (edge.empty()) break;
      const int next = edge[rng.below(static_cast<std::uint32_t>(edge.size()))];
      cages[static_cast<std::size_t>(k)].push_back(next);
      digits[static_cast<std::size_t>(k)] |= Mask{1} << (grid[next] - 1);
      cage_of[static_cast<std::size_t>(next)] = k;
    }
    if (cages[static_cast<std::size_t>(k)].size() > 1) continue;
    // Alone: into a neighbouring cage, the smallest that lacks the digit.
    int best = -1;
    for_each_orthogonal(g, start, [&](int next) {
      const int other = cage_of[static_cast<std::size_t>(next)];
      if (other < 0 || other == k ||
          static_cast<int>(cages[static_cast<std::size_t>(other)].size()) >= kMostCageCells ||
          (digits[static_cast<std::size_t>(other)] & digits[static_cast<std::size_t>(k)]))
        return;
      if (best < 0 || cages[static_cast<std::size_t>(other)].size() <
                          cages[static_cast<std::size_t>(best)].size())
        best = other;
    });
    if (best < 0) continue;
    cages[static_cast<std::size_t>(best)].push_back(start);
    digits[static_cast<std::size_t>(best)] |= digits[static_cast<std::size_t>(k)];
    cage_of[static_cast<std::size_t>(start)] = best;
    cages.pop_back();
    digits.pop_back();
  }
  // In reading order of their first cells, as a player numbers them.
  for (std::vector<int>& cage : cages) std::sort(cage.begin(), cage.end());
  std::sort(cages.begin(), cages.end());
  std::vector<Constraint> out;
  for (std::vector<int>& cage : cages) {
    int sum = 0;
    for (int c : cage) sum += grid[c];
    out.push_back({ConstraintKind::killer_cage, std::move(cage), {}, sum});
  }
  return out;
}

bool cross(int a, int b, int c, int d) {  // whether steps a-b and c-d are the same pair
  return (a == c && b == d) || (a == d && b == c);
}

// Thermometers over a full grid: grown from cells in an order drawn from `rng`,
// each step to a free neighbour (orthogonal or diagonal, never crossing
// another thermometer's diagonal step) holding a greater digit, to a length
// drawn from kFewestThermoCells to kMostThermoCells; one shorter than that
// gives its cells back. At most one per row of the board.
std::vector<Constraint> random_thermometers(const Grid& grid, Rng& rng) {
  const Geometry& g = grid.geometry();
  const int n = g.side(), cells = g.cell_count();
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) order[static_cast<std::size_t>(c)] = c;
  for (int i = cells - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)],
              order[rng.below(static_cast<std::uint32_t>(i + 1))]);
  std::vector<char> used(static_cast<std::size_t>(cells), 0);
  std::vector<std::pair<int, int>> diagonals;  // the diagonal steps taken
  std::vector<Constraint> out;
  std::vector<int> next;
  for (int start : order) {
    if (static_cast<int>(out.size()) == n) break;
    if (used[static_cast<std::size_t>(start)]) continue;
    const int length =
        kFewestThermoCells +
        static_cast<int>(rng.below(static_cast<std::uint32_t>(kMostThermoCells - kFewestThermoCells + 1)));
    std::vector<int> line{start};
    used[static_cast<std::size_t>(start)] = 1;
    std::vector<std::pair<int, int>> steps;
    while (static_cast<int>(line.size()) < length) {
      const int at = line.back(), r = g.row_of(at), c = g.col_of(at);
      next.clear();
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
          const int rr = r + dr, cc = c + dc;
          if ((dr == 0 && dc == 0) || rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
          const int to = g.cell(rr, cc);
          if (used[static_cast<std::size_t>(to)] || grid[to] <= grid[at]) continue;
          if (dr != 0 && dc != 0) {
            const int p = g.cell(r, cc), q = g.cell(rr, c);
            const auto crossing = [&](const std::pair<int, int>& s) { return cross(s.first, s.second, p, q); };
            if (std::any_of(diagonals.begin(), diagonals.end(), crossing) ||
                std::any_of(steps.begin(), steps.end(), crossing))
              continue;
          }
          next.push_back(to);
        }
      }
      if (next.empty()) break;
      const int to = next[rng.below(static_cast<std::uint32_t>(next.size()))];
      if (g.row_of(to) != r && g.col_of(to) != c) steps.push_back({at, to});
      line.push_back(to);
      used[static_cast<std::size_t>(to)] = 1;
    }
    if (static_cast<int>(line.size()) < kFewestThermoCells) {
      for (int cell : line) used[static_cast<std::size_t>(cell)] = 0;
      continue;
    }
    diagonals.insert(diagonals.end(), steps.begin(), steps.end());
    out.push_back({ConstraintKind::thermometer, std::move(line)});
  }
  // In reading order of their bulbs.
  std::sort(out.begin(), out.end(),
            [](const Constraint& a, const Constraint& b) { return a.cells[0] < b.cells[0]; });
  return out;
}

// Every dot (kropki) or every X and V (xv) the grid has between orthogonal
// neighbours, and the rules that hold where none is drawn. A pair of 1 and 2
// (consecutive and double) gets a white dot.
std::vector<Constraint> marks_of(const Grid& grid, VariantKind kind) {
  const Geometry& g = grid.geometry();
  std::vector<Constraint> out;
  for (int a = 0; a < g.cell_count(); ++a) {
    for_each_orthogonal(g, a, [&](int b) {
      if (b < a) return;
      const int x = grid[a], y = grid[b];
      if (kind == VariantKind::kropki) {
        if (x - y == 1 || y - x == 1)
          out.push_back({ConstraintKind::difference, {a, b}});
        else if (x == 2 * y || y == 2 * x)
          out.push_back({ConstraintKind::ratio, {a, b}});
      } else if (x + y == 10 || x + y == 5) {
        out.push_back({ConstraintKind::xv, {a, b}, {}, x + y});
      }
    });
  }
  if (kind == VariantKind::kropki) {
    out.push_back({ConstraintKind::non_consecutive});
    out.push_back({ConstraintKind::negative_ratio});
  } else {
    out.push_back({ConstraintKind::negative_xv});
  }
  return out;
}

// The cells of windoku's window whose top-left cell is (top, left).
std::vector<int> window(const Geometry& g, int top, int left) {
  std::vector<int> cells;
  for (int r = top; r < top + 3; ++r)
    for (int c = left; c < left + 3; ++c) cells.push_back(g.cell(r, c));
  return cells;
}

}  // namespace

std::span<const VariantKindInfo> variant_kinds() { return kKinds; }

const VariantKindInfo& info(VariantKind kind) { return kKinds[static_cast<std::size_t>(kind)]; }

std::optional<VariantKind> variant_kind_from_string(std::string_view id) {
  std::string name(id);
  std::replace(name.begin(), name.end(), '_', '-');
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  for (const VariantKindInfo& k : kKinds)
    if (name == k.id) return k.kind;
  return std::nullopt;
}

Result<void> variant_fits(VariantKind kind, const Geometry& base) {
  const VariantKindInfo& k = info(kind);
  if (kind == VariantKind::windoku && (base.box_rows() != 3 || base.box_cols() != 3))
    return Error{0, 0, "windoku's windows are drawn on 9x9 boards, not on " + base.describe()};
  if (base.side() > kLargestVariant)
    return Error{0, 0,
                 "variant puzzles are made on boards up to " + std::to_string(kLargestVariant) +
                     "x" + std::to_string(kLargestVariant) + " so far, not " + base.describe()};
  // Past 9x9 a killer with few givens is mostly left to chains that take
  // minutes to rate (12x12: most need ER 9 and up).
  if (drawn_from_grid(kind) && base.side() > kLargestDrawn)
    return Error{0, 0,
                 std::string(k.id) + " puzzles are made on boards up to " +
                     std::to_string(kLargestDrawn) + "x" + std::to_string(kLargestDrawn) +
                     " so far, not " + base.describe() +
                     ": past that their rules leave most of them to chains"};
  if (kind == VariantKind::jigsaw || drawn_from_grid(kind)) return {};
  // Whether any full grid keeps the rules (none keeps anti-king or
  // non-consecutive on 4x4): a search that ends inside its budget has tried
  // every grid. From 8x8 up every kind has made puzzles on every box shape
  // (variants_test), so the search, 40 ms for non-consecutive 9x9, is spared.
  bool none = false;
  Rng rng(1);
  if (base.side() >= kEveryKindFrom) return {};
  if (const std::optional<VariantBoard> drawn = variant_board(kind, base, rng)) {
    detail::FillBuffers buffers;
    detail::fill_grid(*drawn->board, rng, {}, buffers,
                      kFillNodesPerCell * static_cast<std::uint64_t>(base.cell_count()), &none);
  }
  if (none)
    return Error{0, 0, "no " + base.describe() + " grid keeps the " + k.id + " rule: " + k.rule};
  return {};
}

bool drawn_from_grid(VariantKind kind) {
  return kind == VariantKind::killer || kind == VariantKind::kropki || kind == VariantKind::xv ||
         kind == VariantKind::thermo;
}

RatingBand variant_ratings(VariantKind kind) {
  if (kind == VariantKind::killer) return {20, 45};
  return {};
}

std::optional<VariantBoard> variant_board(VariantKind kind, const Geometry& base, Rng& rng,
                                          const Deadline& deadline) {
  VariantPuzzle rules(base);
  if (drawn_from_grid(kind)) {
    detail::FillBuffers buffers;
    const std::optional<Grid> grid = detail::fill_grid(base, rng, deadline, buffers);
    if (!grid) return std::nullopt;
    if (kind == VariantKind::killer)
      rules.constraints = random_cages(*grid, rng);
    else if (kind == VariantKind::thermo)
      rules.constraints = random_thermometers(*grid, rng);
    else
      rules.constraints = marks_of(*grid, kind);
    Result<std::shared_ptr<const Geometry>> board = house_geometry(rules);
    if (!board) return std::nullopt;
    Grid on_board(**board);
    for (int c = 0; c < on_board.size(); ++c) on_board.set(c, (*grid)[c]);
    return VariantBoard{std::move(rules), std::move(*board), std::move(on_board)};
  }
  switch (kind) {
    case VariantKind::x:
      rules.constraints.push_back({ConstraintKind::diagonal_down});
      rules.constraints.push_back({ConstraintKind::diagonal_up});
      break;
    case VariantKind::windoku:
      for (int top : {1, 5})
        for (int left : {1, 5})
          rules.constraints.push_back({ConstraintKind::extra_region, window(base, top, left)});
      break;
    case VariantKind::disjoint_groups:
      rules.constraints.push_back({ConstraintKind::disjoint_groups});
      break;
    case VariantKind::jigsaw:
      break;
    case VariantKind::anti_knight:
      rules.constraints.push_back({ConstraintKind::anti_knight});
      break;
    case VariantKind::anti_king:
      rules.constraints.push_back({ConstraintKind::anti_king});
      break;
    case VariantKind::non_consecutive:
      rules.constraints.push_back({ConstraintKind::non_consecutive});
      break;
    case VariantKind::killer:
    case VariantKind::kropki:
    case VariantKind::xv:
    case VariantKind::thermo:
      break;  // drawn above
  }
  if (kind != VariantKind::jigsaw) {
    Result<std::shared_ptr<const Geometry>> board = house_geometry(rules);
    if (!board) return std::nullopt;  // the kinds above are all houses and peers
    return VariantBoard{std::move(rules), std::move(*board), std::nullopt};
  }
  // A drawn layout is kept once a full grid is found on it.
  detail::FillBuffers buffers;
  const std::uint64_t budget = kFillNodesPerCell * static_cast<std::uint64_t>(base.cell_count());
  while (!deadline.expired()) {
    rules.regions = random_regions(base, rng);
    Result<std::shared_ptr<const Geometry>> board = house_geometry(rules);
    if (!board) continue;
    if (!detail::fill_grid(**board, rng, deadline, buffers, budget)) continue;
    rules.regions = (*board)->layout()->regions;  // numbered as the board numbers them
    return VariantBoard{std::move(rules), std::move(*board), std::nullopt};
  }
  return std::nullopt;
}

}  // namespace nonet
