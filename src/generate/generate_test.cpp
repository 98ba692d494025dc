// The generator: full grids of every size, unique and minimal puzzles with each
// symmetry, reproducibility from the seed, filters. Uniqueness and minimality
// are re-checked here with a different solver (or a different method) from the
// one the generator used, by removing each clue or symmetric group.

#include "nonet/generate.h"

#include <gtest/gtest.h>

#include <set>

#include "generate/removal_check.h"
#include "nonet/format.h"
#include "nonet/validate.h"
#include "support/checker.h"

namespace nonet {
namespace {

// The generator checks 9x9 with fast9 (counting to 2) and other sizes by
// searching for a solution with another digit in the removed cell; here:
// "general" (9x9) and a plain count-to-2 search.
std::unique_ptr<Solver> checking_solver(const Geometry& g) {
  return make_solver(g, g.side() == 9 ? "general" : (g.side() <= 6 ? "basic" : "general"));
}

std::uint64_t count_solutions(Solver& solver, const Grid& puzzle) {
  SolveOptions o;
  o.limit = 2;
  const SolveResult r = solver.solve(puzzle, o);
  EXPECT_TRUE(r.exhausted || r.count == 2);
  return r.count;
}

// Unique, and no orbit's clues can go without a second solution.
void expect_unique_and_minimal(const Generated& made, Symmetry symmetry) {
  const Grid& p = made.puzzle;
  const Geometry& g = p.geometry();
  auto solver = checking_solver(g);
  ASSERT_EQ(count_solutions(*solver, p), 1u) << to_line(p);
  std::string why;
  EXPECT_TRUE(testing::check_solution(p, made.solution, &why)) << why;
  EXPECT_TRUE(has_symmetry(p, symmetry)) << to_string(symmetry) << " " << to_line(p);
  EXPECT_EQ(made.clues, p.filled_count());
  for (const auto& orbit : symmetry_orbits(g, symmetry)) {
    if (!p[orbit[0]]) continue;
    Grid q = p;
    for (int c : orbit) q.set(c, 0);
    EXPECT_EQ(count_solutions(*solver, q), 2u)
        << "clues at " << g.cell_name(orbit[0]) << " can go: " << to_line(p);
  }
}

TEST(Rng, ReproducibleAndBounded) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs = differs || x != c.next();
  }
  EXPECT_TRUE(differs);
  std::vector<int> hits(7, 0);
  for (int i = 0; i < 7000; ++i) ++hits[a.below(7)];
  for (int h : hits) EXPECT_GT(h, 800);
  EXPECT_EQ(a.below(1), 0u);
  EXPECT_EQ(a.below(0), 0u);
  EXPECT_NE(Rng::derive(1, 0), Rng::derive(1, 1));
  EXPECT_NE(Rng::derive(1, 0), Rng::derive(2, 0));
}

TEST(Symmetry, NamesAndOrbits) {
  for (Symmetry s : all_symmetries()) {
    EXPECT_EQ(symmetry_from_string(to_string(s)), s);
    for (auto [r, c] : {std::pair{3, 3}, {2, 3}, {4, 4}}) {
      const Geometry& g = *Geometry::get(r, c);
      std::vector<int> seen(g.cell_count(), 0);
      for (const auto& orbit : symmetry_orbits(g, s)) {
        EXPECT_LE(orbit.size(), s == Symmetry::rot90 ? 4u : (s == Symmetry::none ? 1u : 2u));
        for (int cell : orbit) ++seen[cell];
      }
      for (int k : seen) EXPECT_EQ(k, 1);
    }
  }
  EXPECT_FALSE(symmetry_from_string("rot45"));
  EXPECT_FALSE(symmetry_from_string(""));
  Grid p(*Geometry::get(3, 3));
  p.set(0, 1);
  EXPECT_TRUE(has_symmetry(p, Symmetry::none));
  EXPECT_FALSE(has_symmetry(p, Symmetry::rot180));
  EXPECT_TRUE(has_symmetry(p, Symmetry::diagonal));
  p.set(80, 2);
  EXPECT_TRUE(has_symmetry(p, Symmetry::rot180));
  EXPECT_TRUE(has_symmetry(p, Symmetry::antidiagonal));
  EXPECT_FALSE(has_symmetry(p, Symmetry::rot90));
}

TEST(Generate, FullGridsOfEverySize) {
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4},
                                        {4, 3}, {4, 4}, {4, 5}, {5, 4}, {5, 5}};
  for (auto [r, c] : shapes) {
    const Geometry& g = *Geometry::get(r, c);
    for (int seed = 0; seed < (g.side() > 16 ? 1 : 3); ++seed) {
      Rng rng(static_cast<std::uint64_t>(seed));
      const std::optional<Grid> grid = random_solution(g, rng);
      ASSERT_TRUE(grid) << g.describe();
      std::string why;
      EXPECT_TRUE(testing::check_solution(Grid(g), *grid, &why)) << g.describe() << ": " << why;
    }
  }
}

TEST(Generate, FullGridsVary) {
  const Geometry& g = *Geometry::get(3, 3);
  std::set<std::string> seen;
  std::vector<int> first_cell(10, 0);
  for (int i = 0; i < 300; ++i) {
    Rng rng(Rng::derive(9, static_cast<std::uint64_t>(i)));
    const Grid grid = *random_solution(g, rng);
    seen.insert(to_line(grid));
    ++first_cell[grid[0]];
  }
  EXPECT_EQ(seen.size(), 300u);
  for (int d = 1; d <= 9; ++d) EXPECT_GT(first_cell[d], 10) << "digit " << d << " rarely in r1c1";
}

TEST(Generate, NineByNineEverySymmetryUniqueAndMinimal) {
  const Geometry& g = *Geometry::get(3, 3);
  Generator gen(g);
  for (Symmetry s : all_symmetries()) {
    for (int i = 0; i < 6; ++i) {
      Rng rng(Rng::derive(100 + static_cast<std::uint64_t>(s), static_cast<std::uint64_t>(i)));
      GenerateOptions opt;
      opt.symmetry = s;
      const GenerateResult r = gen.generate(rng, opt);
      ASSERT_EQ(r.status, GenerateStatus::ok);
      expect_unique_and_minimal(*r.puzzle, s);
      EXPECT_TRUE(is_minimal(r.puzzle->puzzle, s, *make_solver(g, "general")).value_or(false));
    }
  }
}

TEST(Generate, EverySizeUniqueAndMinimal) {
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 4}};
  for (auto [r, c] : shapes) {
    const Geometry& g = *Geometry::get(r, c);
    Generator gen(g);
    for (Symmetry s : {Symmetry::none, Symmetry::rot180, Symmetry::rot90, Symmetry::diagonal}) {
      Rng rng(Rng::derive(7, static_cast<std::uint64_t>(s)));
      GenerateOptions opt;
      opt.symmetry = s;
      const GenerateResult res = gen.generate(rng, opt);
      ASSERT_EQ(res.status, GenerateStatus::ok) << g.describe();
      expect_unique_and_minimal(*res.puzzle, s);
    }
  }
}

TEST(Generate, SixteenBySixteen) {
  // Quarter-turn symmetry: 64 groups instead of 256 checks keeps this test quick.
  const Geometry& g = *Geometry::get(4, 4);
  Generator gen(g);
  Rng rng(3);
  GenerateOptions opt;
  opt.symmetry = Symmetry::rot90;
  const GenerateResult r = gen.generate(rng, opt);
  ASSERT_EQ(r.status, GenerateStatus::ok);
  expect_unique_and_minimal(*r.puzzle, Symmetry::rot90);
}

// Hides the general solver's search with struck-out digits, so that dig()
// falls back to counting up to 2.
class CountingOnly final : public Solver {
 public:
  explicit CountingOnly(const Geometry& g) : inner_(make_solver(g, "general")) {}
  SolveResult solve(const Grid& puzzle, const SolveOptions& options) override {
    return inner_->solve(puzzle, options);
  }

 private:
  std::unique_ptr<Solver> inner_;
};

TEST(Generate, RefutingAndCountingDigTheSamePuzzle) {
  // Both ways of checking a removal are exact, so from the same random order
  // they keep and restore the same clues: the same puzzle, whatever the
  // symmetry (orbits of 1, 2 and 4 cells).
  const std::pair<int, int> shapes[] = {{2, 3}, {3, 4}, {4, 4}};
  for (auto [r, c] : shapes) {
    const Geometry& g = *Geometry::get(r, c);
    auto refuting = make_solver(g);
    CountingOnly counting(g);
    for (Symmetry s : {Symmetry::none, Symmetry::rot180, Symmetry::rot90}) {
      Rng grid_rng(Rng::derive(23, static_cast<std::uint64_t>(s)));
      const Grid solution = *random_solution(g, grid_rng);
      Rng a(31), b(31);
      const DigResult x = dig(solution, s, a, *refuting);
      const DigResult y = dig(solution, s, b, counting);
      ASSERT_EQ(x.status, DigStatus::ok);
      ASSERT_EQ(y.status, DigStatus::ok);
      EXPECT_EQ(to_line(*x.puzzle), to_line(*y.puzzle)) << g.describe() << " " << to_string(s);
    }
  }
}

TEST(Generate, DigGivesUpPastTheGuessBudget) {
  // A 16x16 dig has checks that branch; with a budget of one guess it stops
  // with too_hard instead of returning a puzzle, and without one it finishes.
  const Geometry& g = *Geometry::get(4, 4);
  auto solver = make_solver(g);
  Rng grid_rng(8);
  const Grid solution = *random_solution(g, grid_rng);
  Rng a(9), b(9);
  const DigResult tight = dig(solution, Symmetry::rot90, a, *solver, {}, 1);
  EXPECT_EQ(tight.status, DigStatus::too_hard);
  EXPECT_FALSE(tight.puzzle);
  const DigResult free = dig(solution, Symmetry::rot90, b, *solver);
  EXPECT_EQ(free.status, DigStatus::ok);
  EXPECT_TRUE(free.puzzle);
}

TEST(Generate, ScreenedCheckAgreesOrDefers) {
  // Within a budget of one guess a search, the check of a removal gives the
  // full check's verdict or too_hard, and leaves the puzzle as it came: a
  // 16x16 dig (full checks deciding) meets both kinds of removal.
  const Geometry& g = *Geometry::get(4, 4);
  auto solver = make_solver(g);
  Rng grid_rng(8);
  const Grid solution = *random_solution(g, grid_rng);
  const Deadline none;
  detail::RemovalCheck removal(*solver, none, 0);
  Grid puzzle = solution;
  int deferred = 0, agreed = 0, agreed_several = 0;  // several: a search ran
  for (const auto& orbit : symmetry_orbits(g, Symmetry::rot90)) {
    for (int c : orbit) puzzle.set(c, 0);
    const Grid before = puzzle;
    const detail::Check screened = removal.check(puzzle, solution, orbit, 1);
    EXPECT_EQ(puzzle, before);
    const detail::Check full = removal.check(puzzle, solution, orbit);
    ASSERT_TRUE(full == detail::Check::unique || full == detail::Check::several);
    if (screened == detail::Check::too_hard) {
      ++deferred;
    } else {
      EXPECT_EQ(screened, full) << g.cell_name(orbit[0]);
      ++agreed;
      if (full == detail::Check::several) ++agreed_several;
    }
    if (full != detail::Check::unique)
      for (int c : orbit) puzzle.set(c, solution[c]);
  }
  EXPECT_GT(deferred, 0);
  EXPECT_GT(agreed, 0);
  EXPECT_GT(agreed_several, 0);
}

TEST(Generate, SameSeedSamePuzzle) {
  const Geometry& g = *Geometry::get(3, 3);
  Generator a(g), b(g);
  for (std::uint64_t i = 0; i < 5; ++i) {
    Rng r1(Rng::derive(5, i)), r2(Rng::derive(5, i)), r3(Rng::derive(6, i));
    const std::string p1 = to_line(a.generate(r1, {}).puzzle->puzzle);
    EXPECT_EQ(p1, to_line(b.generate(r2, {}).puzzle->puzzle));
    EXPECT_NE(p1, to_line(b.generate(r3, {}).puzzle->puzzle));
  }
}

TEST(Generate, CluesFilterAndCallback) {
  const Geometry& g = *Geometry::get(3, 3);
  Generator gen(g);
  Rng rng(11);
  GenerateOptions opt;
  opt.min_clues = 26;
  opt.max_clues = 27;
  int calls = 0;
  opt.accept = [&](const Grid& p, const Grid& s) {
    ++calls;
    EXPECT_TRUE(testing::check_solution(p, s));
    return calls >= 3;  // reject the first two that pass the clue filter
  };
  const GenerateResult r = gen.generate(rng, opt);
  ASSERT_EQ(r.status, GenerateStatus::ok);
  EXPECT_GE(r.puzzle->clues, 26);
  EXPECT_LE(r.puzzle->clues, 27);
  EXPECT_EQ(calls, 3);
  EXPECT_GE(r.attempts, 3u);
}

TEST(Generate, OutOfReachStopsCleanly) {
  const Geometry& g = *Geometry::get(3, 3);
  Generator gen(g);
  Rng rng(1);
  GenerateOptions opt;
  opt.max_clues = 18;  // possible, but random minimal puzzles almost never have so few
  opt.deadline = Deadline::after(std::chrono::milliseconds(100));
  EXPECT_EQ(gen.generate(rng, opt).status, GenerateStatus::timeout);
  opt.deadline = {};
  opt.max_attempts = 20;
  const GenerateResult r = gen.generate(rng, opt);
  EXPECT_EQ(r.status, GenerateStatus::attempts);
  EXPECT_EQ(r.attempts, 20u);
  std::atomic<bool> cancel{true};
  opt.max_attempts = 0;
  opt.cancel = &cancel;
  EXPECT_EQ(gen.generate(rng, opt).status, GenerateStatus::timeout);
  // An empty range, more clues than cells, and bounds no proper puzzle meets:
  // every cell given, fewer than 17 clues on 9x9.
  for (auto [low, high] : {std::pair{30, 20}, {82, 90}, {81, 81}, {0, 16}}) {
    GenerateOptions bad;
    bad.min_clues = low;
    bad.max_clues = high;
    EXPECT_EQ(gen.generate(rng, bad).status, GenerateStatus::bad_options) << low << "-" << high;
  }
  GenerateOptions below;
  below.band = RatingBand{0, 9};
  EXPECT_EQ(gen.generate(rng, below).status, GenerateStatus::bad_options);
}

TEST(Generate, FewestCluesAsKnown) {
  EXPECT_EQ(fewest_clues(*Geometry::get(2, 2)), 4);
  EXPECT_EQ(fewest_clues(*Geometry::get(2, 3)), 8);
  EXPECT_EQ(fewest_clues(*Geometry::get(2, 4)), 14);
  EXPECT_EQ(fewest_clues(*Geometry::get(3, 3)), 17);
  EXPECT_EQ(fewest_clues(*Geometry::get(4, 4)), 15);
  EXPECT_EQ(fewest_clues(*Geometry::get(5, 5)), 24);
}

TEST(Generate, DigRejectsABrokenGrid) {
  // A "solution" that breaks the rules has no solution once dug: reported, not hung.
  const Geometry& g = *Geometry::get(2, 2);
  Grid bad(g);
  for (int c = 0; c < 16; ++c) bad.set(c, 1 + c % 4);
  Rng rng(2);
  auto solver = make_solver(g);
  const DigResult d = dig(bad, Symmetry::none, rng, *solver);
  EXPECT_EQ(d.status, DigStatus::not_unique);
}

TEST(Generate, IsMinimalSeesARemovableClue) {
  const Geometry& g = *Geometry::get(3, 3);
  Generator gen(g);
  Rng rng(4);
  const GenerateResult r = gen.generate(rng, {});
  auto solver = make_solver(g, "general");
  EXPECT_EQ(is_minimal(r.puzzle->puzzle, Symmetry::none, *solver), true);
  Grid more = r.puzzle->puzzle;
  for (int c = 0; c < 81; ++c) {
    if (!more[c]) {
      more.set(c, r.puzzle->solution[c]);
      break;
    }
  }
  EXPECT_EQ(is_minimal(more, Symmetry::none, *solver), false);
  EXPECT_EQ(is_unique(Grid(g), *solver), false);
}

}  // namespace
}  // namespace nonet
