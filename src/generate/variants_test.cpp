// Variant puzzles from the generator: jigsaw regions drawn fresh and sound,
// and for every kind a puzzle that an independent counter finds unique and
// minimal, whose solution keeps every rule as the rules define it, and whose
// rating, taken again, is the one it came with, inside the level asked for.

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <set>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "support/variant_counter.h"
#include "support/variant_rules.h"

namespace nonet {
namespace {

// The puzzle `grid` (on a variant's board) stands for, with `rules`' rules.
VariantPuzzle with_givens(const VariantPuzzle& rules, const Grid& grid) {
  VariantPuzzle p = rules;
  for (int c = 0; c < grid.size(); ++c) p.givens.set(c, grid[c]);
  return p;
}

// Each region number 0..N-1 names N orthogonally connected cells.
void expect_sound_regions(const Geometry& base, const std::vector<int>& regions) {
  const int n = base.side();
  ASSERT_EQ(static_cast<int>(regions.size()), n * n);
  for (int r = 0; r < n; ++r) {
    std::vector<int> cells;
    for (int c = 0; c < n * n; ++c)
      if (regions[static_cast<std::size_t>(c)] == r) cells.push_back(c);
    ASSERT_EQ(static_cast<int>(cells.size()), n) << "region " << r;
    std::set<int> reached{cells[0]};
    std::vector<int> todo{cells[0]};
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      for (int o : cells) {
        const int dr = std::abs(o / n - c / n), dc = std::abs(o % n - c % n);
        if (dr + dc == 1 && reached.insert(o).second) todo.push_back(o);
      }
    }
    EXPECT_EQ(static_cast<int>(reached.size()), n) << "region " << r << " is in pieces";
  }
}

TEST(VariantBoards, JigsawRegionsAreSoundFilledAndDrawnFromTheSeed) {
  for (const auto& [rows, cols] : {std::pair{3, 3}, std::pair{2, 3}, std::pair{3, 4}}) {
    const Geometry& base = *Geometry::get(rows, cols);
    std::set<std::vector<int>> layouts;
    int boxes_kept = 0;
    const int draws = rows * cols == 12 ? 3 : 20;
    for (int seed = 1; seed <= draws; ++seed) {
      Rng rng(static_cast<std::uint64_t>(seed));
      const std::optional<VariantBoard> drawn = variant_board(VariantKind::jigsaw, base, rng);
      ASSERT_TRUE(drawn);
      expect_sound_regions(base, drawn->rules.regions);
      EXPECT_TRUE(drawn->board->jigsaw());
      EXPECT_EQ(drawn->board->layout()->regions, drawn->rules.regions);
      // A full grid of these regions exists.
      Rng fill(7);
      EXPECT_TRUE(random_solution(*drawn->board, fill));
      for (int b = 0; b < base.side(); ++b) {
        bool same = true;
        for (int c : base.house_cells(base.box_house(b)))
          same = same &&
                 drawn->rules.regions[static_cast<std::size_t>(c)] ==
                     drawn->rules
                         .regions[static_cast<std::size_t>(base.house_cells(base.box_house(b))[0])];
        boxes_kept += same;
      }
      layouts.insert(drawn->rules.regions);
      Rng again(static_cast<std::uint64_t>(seed));
      EXPECT_EQ(variant_board(VariantKind::jigsaw, base, again)->rules.regions,
                drawn->rules.regions);
    }
    EXPECT_EQ(static_cast<int>(layouts.size()), draws);
    // Regions are drawn away from the boxes: a box left whole is rare.
    EXPECT_LE(boxes_kept, draws * base.side() / 10) << base.describe();
  }
}

TEST(VariantBoards, KindsAreNamedAndRefusedWhereTheyCannotBeDrawn) {
  EXPECT_EQ(variant_kinds().size(), 11u);
  for (const VariantKindInfo& k : variant_kinds()) {
    EXPECT_EQ(variant_kind_from_string(k.id), k.kind);
    EXPECT_EQ(info(k.kind).id, std::string(k.id));
  }
  EXPECT_EQ(variant_kind_from_string("Anti_Knight"), VariantKind::anti_knight);
  EXPECT_EQ(variant_kind_from_string("Thermo"), VariantKind::thermo);
  EXPECT_EQ(variant_kind_from_string("arrow"), std::nullopt);
  EXPECT_TRUE(variant_fits(VariantKind::windoku, *Geometry::get(3, 3)));
  const auto six = variant_fits(VariantKind::windoku, *Geometry::get(2, 3));
  ASSERT_FALSE(six);
  EXPECT_NE(six.error().message.find("9x9"), std::string::npos) << six.error().message;
  // Too large, or no grid keeps the rule.
  const auto big = variant_fits(VariantKind::x, *Geometry::get(4, 4));
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("up to 12x12"), std::string::npos) << big.error().message;
  const auto king = variant_fits(VariantKind::anti_king, *Geometry::get(2, 2));
  ASSERT_FALSE(king);
  EXPECT_NE(king.error().message.find("no 4x4 grid keeps the anti-king rule"), std::string::npos)
      << king.error().message;
  EXPECT_FALSE(variant_fits(VariantKind::non_consecutive, *Geometry::get(2, 2)));
  EXPECT_TRUE(variant_fits(VariantKind::anti_knight, *Geometry::get(2, 2)));
  EXPECT_TRUE(variant_fits(VariantKind::non_consecutive, *Geometry::get(2, 3)));
  EXPECT_EQ(fewest_clues(VariantKind::x, *Geometry::get(3, 3)), 8);
  // From 8x8 up every kind has grids on every box shape, so the search for
  // one is spared there: each is filled here.
  for (const auto& [rows, cols] :
       {std::pair{2, 4}, std::pair{4, 2}, std::pair{3, 3}, std::pair{2, 5}, std::pair{5, 2},
        std::pair{3, 4}, std::pair{4, 3}, std::pair{2, 6}, std::pair{6, 2}}) {
    const Geometry& base = *Geometry::get(rows, cols);
    for (const VariantKindInfo& k : variant_kinds()) {
      if (!variant_fits(k.kind, base)) continue;  // windoku off 9x9
      Rng draw(3);
      const std::optional<VariantBoard> drawn = variant_board(k.kind, base, draw);
      ASSERT_TRUE(drawn);
      EXPECT_TRUE(random_solution(*drawn->board, draw, Deadline::after(std::chrono::seconds(20))))
          << k.id << " " << base.describe();
    }
  }
  EXPECT_EQ(fewest_clues(VariantKind::non_consecutive, *Geometry::get(3, 3)), 0);
  Rng rng(1);
  const auto x = variant_board(VariantKind::x, *Geometry::get(3, 3), rng);
  ASSERT_TRUE(x);
  EXPECT_EQ(fewest_clues(*x->board), 8);
}

// A killer's cages: drawn from a full grid the board comes back with, each
// cell in one, 1 to 5 cells (alone only where no neighbour could take it),
// no digit twice, its sum the grid's; in reading order of their first cells;
// the same seed, the same cages.
TEST(VariantBoards, KillerCagesAreDrawnFromTheirGrid) {
  for (const Geometry* base : {Geometry::get(3, 3), Geometry::get(2, 3), Geometry::get(2, 2)}) {
    SCOPED_TRACE(base->describe());
    ASSERT_TRUE(variant_fits(VariantKind::killer, *base));
    Rng rng(5);
    const std::optional<VariantBoard> drawn = variant_board(VariantKind::killer, *base, rng);
    ASSERT_TRUE(drawn);
    ASSERT_TRUE(drawn->grid);
    const Grid& grid = *drawn->grid;
    EXPECT_EQ(&grid.geometry(), drawn->board.get());
    EXPECT_EQ(testing::broken_rule(drawn->rules, grid), "");
    std::vector<int> seen(static_cast<std::size_t>(base->cell_count()), 0);
    int first = -1, alone = 0;
    for (const Constraint& cage : drawn->rules.constraints) {
      ASSERT_EQ(cage.kind, ConstraintKind::killer_cage);
      ASSERT_FALSE(cage.cells.empty());
      EXPECT_LE(cage.cells.size(), 5u);
      EXPECT_GT(cage.cells.front(), first);
      first = cage.cells.front();
      alone += cage.cells.size() == 1;
      int sum = 0;
      Mask digits = 0;
      for (int c : cage.cells) {
        ++seen[static_cast<std::size_t>(c)];
        sum += grid[c];
        EXPECT_FALSE(digits & (Mask{1} << (grid[c] - 1))) << "a digit twice in a cage";
        digits |= Mask{1} << (grid[c] - 1);
      }
      EXPECT_EQ(cage.value, sum);
    }
    for (int count : seen) EXPECT_EQ(count, 1);
    EXPECT_LE(alone, 2);
    Rng again(5);
    const std::optional<VariantBoard> redrawn = variant_board(VariantKind::killer, *base, again);
    ASSERT_TRUE(redrawn);
    EXPECT_EQ(redrawn->rules.constraints.size(), drawn->rules.constraints.size());
    EXPECT_EQ(redrawn->rules.constraints.back().cells, drawn->rules.constraints.back().cells);
  }
  EXPECT_EQ(fewest_clues(VariantKind::killer, *Geometry::get(3, 3)), 0);
  EXPECT_EQ(variant_ratings(VariantKind::killer).low, 20);
  EXPECT_EQ(variant_ratings(VariantKind::x).high, RatingBand::kOpen);
  const auto big = variant_fits(VariantKind::killer, *Geometry::get(3, 4));
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("up to 9x9"), std::string::npos) << big.error().message;
}

// Kropki's dots and XV's marks: every one the grid has, and the rules where
// none is drawn; thermo's thermometers rise along the grid, 3 to 6 cells each,
// touching cell to cell, none sharing a cell; the same seed, the same rules.
TEST(VariantBoards, DotsMarksAndThermometersAreDrawnFromTheirGrid) {
  const Geometry& base = *Geometry::get(3, 3);
  for (VariantKind kind : {VariantKind::kropki, VariantKind::xv, VariantKind::thermo}) {
    SCOPED_TRACE(info(kind).id);
    EXPECT_TRUE(drawn_from_grid(kind));
    ASSERT_TRUE(variant_fits(kind, base));
    EXPECT_FALSE(variant_fits(kind, *Geometry::get(3, 4)));
    EXPECT_EQ(fewest_clues(kind, base), 0);
    Rng rng(7);
    const std::optional<VariantBoard> drawn = variant_board(kind, base, rng);
    ASSERT_TRUE(drawn);
    ASSERT_TRUE(drawn->grid);
    const Grid& grid = *drawn->grid;
    EXPECT_EQ(testing::broken_rule(drawn->rules, grid), "");
    EXPECT_TRUE(drawn->board->has_relations());
    int marks = 0, whole = 0;
    std::vector<int> seen(81, 0);
    for (const Constraint& c : drawn->rules.constraints) {
      if (c.cells.empty()) {
        ++whole;
        continue;
      }
      ++marks;
      if (kind != VariantKind::thermo) {
        ASSERT_EQ(c.cells.size(), 2u);
        const int x = grid[c.cells[0]], y = grid[c.cells[1]];
        if (c.kind == ConstraintKind::difference) {
          EXPECT_EQ(std::abs(x - y), 1);
        } else if (c.kind == ConstraintKind::ratio) {
          EXPECT_TRUE(x == 2 * y || y == 2 * x);
        } else {
          EXPECT_EQ(c.kind, ConstraintKind::xv);
          EXPECT_EQ(x + y, c.value);
        }
        continue;
      }
      ASSERT_EQ(c.kind, ConstraintKind::thermometer);
      EXPECT_GE(c.cells.size(), 3u);
      EXPECT_LE(c.cells.size(), 6u);
      for (std::size_t i = 0; i < c.cells.size(); ++i) {
        ++seen[static_cast<std::size_t>(c.cells[i])];
        if (i) {
          EXPECT_LT(grid[c.cells[i - 1]], grid[c.cells[i]]);
        }
      }
    }
    for (int count : seen) EXPECT_LE(count, 1);
    if (kind == VariantKind::thermo) {
      EXPECT_GE(marks, 5);
      EXPECT_LE(marks, 9);
      EXPECT_EQ(whole, 0);
    } else {
      // Every pair of neighbours in the grid's relation has its mark.
      int pairs = 0;
      for (int a = 0; a < 81; ++a) {
        for (int b : {a + 1, a + 9}) {
          if (b >= 81 || (b == a + 1 && b % 9 == 0)) continue;
          const int x = grid[a], y = grid[b];
          pairs += kind == VariantKind::kropki ? std::abs(x - y) == 1 || x == 2 * y || y == 2 * x
                                                : x + y == 5 || x + y == 10;
        }
      }
      EXPECT_EQ(marks, pairs);
      EXPECT_EQ(whole, kind == VariantKind::kropki ? 2 : 1);
    }
    Rng again(7);
    const std::optional<VariantBoard> redrawn = variant_board(kind, base, again);
    ASSERT_TRUE(redrawn);
    ASSERT_EQ(redrawn->rules.constraints.size(), drawn->rules.constraints.size());
    EXPECT_EQ(redrawn->rules.constraints.front().cells, drawn->rules.constraints.front().cells);
  }
}

struct Case {
  VariantKind kind;
  Level level;
};

// One puzzle of each kind and level.
TEST(VariantGenerate, EachKindIsUniqueMinimalAndRatedAtItsLevel) {
  const std::array cases = {
      Case{VariantKind::x, Level::hard},
      Case{VariantKind::windoku, Level::medium},
      Case{VariantKind::disjoint_groups, Level::easy},
      Case{VariantKind::jigsaw, Level::expert},
      Case{VariantKind::anti_knight, Level::hard},
      Case{VariantKind::anti_king, Level::medium},
      Case{VariantKind::non_consecutive, Level::extreme},
      Case{VariantKind::killer, Level::hard},
      Case{VariantKind::kropki, Level::hard},
      Case{VariantKind::xv, Level::medium},
      Case{VariantKind::thermo, Level::expert},
  };
  const Geometry& base = *Geometry::get(3, 3);
  for (const Case& c : cases) {
    SCOPED_TRACE(info(c.kind).id);
    auto make = [&] {
      Rng rng(Rng::derive(11, 0));
      std::optional<VariantBoard> drawn = variant_board(c.kind, base, rng);
      EXPECT_TRUE(drawn);
      Generator generator(*drawn->board);
      GenerateOptions options;
      options.grid = drawn->grid;  // killer, kropki, xv, thermo: the grid drawn from
      options.symmetry = Symmetry::none;
      options.band = level_band(c.level);
      options.deadline = Deadline::after(std::chrono::seconds(120));
      GenerateResult r = generator.generate(rng, options);
      return std::pair{std::move(*drawn), std::move(r)};
    };
    const auto [drawn, r] = make();
    ASSERT_EQ(r.status, GenerateStatus::ok);
    const Grid& puzzle = r.puzzle->puzzle;
    const Grid& solution = r.puzzle->solution;
    EXPECT_EQ(&puzzle.geometry(), drawn.board.get());
    const VariantPuzzle made = with_givens(drawn.rules, puzzle);
    ASSERT_EQ(testing::count_variant_solutions(made), 1u) << to_line(puzzle);
    EXPECT_EQ(testing::broken_rule(drawn.rules, solution), "") << to_line(solution);
    // Dug within the band: minimal only when it says so.
    int removable = 0;
    for (int cell = 0; cell < puzzle.size(); ++cell) {
      if (!puzzle[cell]) continue;
      EXPECT_EQ(puzzle[cell], solution[cell]);
      VariantPuzzle less = made;
      less.givens.set(cell, 0);
      removable += testing::count_variant_solutions(less) == 1;
    }
    EXPECT_EQ(r.puzzle->minimal, removable == 0) << to_line(puzzle);
    ASSERT_TRUE(r.rating);
    EXPECT_EQ(r.rating->level, c.level);
    const Rating again = rate(puzzle, {});
    EXPECT_EQ(again.er, r.rating->er);
    EXPECT_EQ(again.ep, r.rating->ep);
    EXPECT_EQ(again.ed, r.rating->ed);
    EXPECT_EQ(again.level, c.level);
    // The same seed, the same puzzle (and, for jigsaw, the same regions).
    const auto [drawn2, r2] = make();
    EXPECT_EQ(drawn2.rules.regions, drawn.rules.regions);
    EXPECT_EQ(to_line(r2.puzzle->puzzle), to_line(puzzle));
  }
}

}  // namespace
}  // namespace nonet
