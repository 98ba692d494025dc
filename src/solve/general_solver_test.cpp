// The general solver on large boards and against the teaching solver: counts
// compared on random small puzzles (probing and locked candidates must never
// lose a solution), dug 16x16, 20x20 and 25x25 puzzles solved and
// checked by the independent checker, relabelled copies, and the deadline on a
// board too large to finish.

#include "solve/general_solver.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/solver.h"
#include "support/checker.h"

namespace nonet {
namespace {

// Minimal puzzles dug by the generator (bench/general_bench.cpp, seed 7 and 1):
// each has one solution and loses it without any one clue.
constexpr const char* kMinimal16 =
    ".2.A...G.B.CDE....8C.F.....7.A..GE..B.....F2.1...5...E.69....2....2......8......."
    "C..394....G...7.A..E..1.7.6.3D.483E...2.....51.....C.......F...8DB......5....9.5"
    "....GDF1....C.......46.F.7D3.B2..E1...A...B.D..D6....5....94.3B.....BG76.E......"
    "39..8F.A.4..G.C";
constexpr const char* kMinimal20 =
    "..H.B.68...I..4....5.....BE..H58......C....G...C.D......FI1....A.....9BE..C.3.6D"
    "B.....5G........H.J21.85....4..23AG9.7K.IH..4......D.F7...G.3.......67.59..C...."
    "..1......6.GHE....B.2...K..4.87.6..H...9J.EI6.75...F.KD..8.19G...2A.C.1....K.E.."
    ".2.B.J.D.F9.5IE..47A...3E....BCH.D.....6..I.G...8.A...K..B...1.9.A..5...7.3I.D2G"
    ".34D59...E..J..G..........4A71.6..B.J.3.6.J..K....D.2.8E...7..K2.D.....7.3I5.C.H";
// The minimal 25x25 puzzle dug from seed 1 with every 30th blank filled back in
// from its solution (275 clues): unique, and still needs probing and guesses.
constexpr const char* kUnique25 =
    ".7H69.L.1.K.....BEA8..4.O.N.....G.M...F5.1..DE2...O.BL562.....7.G.K.P....N3C.K.P"
    "..7F.L.32..6...D..H9....4A.B5J....EC...F.6.K17C..2PK.G..LB..A..DI..H.M.3.IN..9.."
    ".PH.J....C..K...M....FI721.......O..E..B..5..LJM.8....F...1G3PI.4..6.......4...."
    ".J.5.....C..A2.8H4K.....7OM....9....P7.OM.361.IK.9..2......L4.L.B..2J9.G1.OE...."
    "CK8M.K..GM..O...6...IA.L5.N1......F.G..5AH.C.BP.9...3..EB..G..5.7.K...L.O......2"
    ".4.N7G.K3B.9.5L.....J..F.H.M9..P.2D7E..8....BICN.G.2OP....I.N.F.B.D...9....3.D.."
    "J.A.4.C.P....G...5..2.GO..3.L69.I4.DE.KJ...1...8.1C4..K.MG....N...JP.F.K.M.O..E."
    ".N.H.9FA4...L.....AJ.M...B...3.H.7.5O.2I.HN....P..E.A..1G83L4.97.";

Grid parse_or_die(const std::string& text) {
  ParsedPuzzle p = parse_puzzle(text);
  EXPECT_TRUE(p.ok()) << p.error().to_string();
  return p.ok() ? *p : Grid(*Geometry::get(1, 1));
}

TEST(GeneralSolver, CountsAgreeWithTheTeachingSolverOnRandomBoards) {
  // Random full grids with random cells blanked: many puzzles have several
  // solutions, some hundreds, and counting all of them visits every branch.
  // 15x15 and 16x16 boards probe at every node; their blanks stay few enough
  // for the teaching solver.
  struct Shape {
    int rows, cols, low, spread;  // blanks drawn: low + [0, spread) random cells
  };
  const Shape shapes[] = {{2, 2, 5, 6},   {2, 3, 12, 12},  {3, 2, 12, 12},
                          {2, 4, 32, 21}, {3, 5, 100, 30}, {4, 4, 115, 30}};
  auto general = make_solver(*Geometry::get(2, 2), "general");
  auto basic = make_solver(*Geometry::get(2, 2), "basic");
  int compared = 0, several = 0;
  for (const Shape& shape : shapes) {
    const Geometry& g = *Geometry::get(shape.rows, shape.cols);
    for (std::uint64_t i = 0; i < 30; ++i) {
      Rng rng(Rng::derive(99, i));
      std::optional<Grid> solution = random_solution(g, rng);
      ASSERT_TRUE(solution);
      Grid puzzle = *solution;
      const int cells = g.cell_count();
      const int blanks =
          shape.low + static_cast<int>(rng.below(static_cast<std::uint32_t>(shape.spread)));
      for (int k = 0; k < blanks; ++k) {
        puzzle.set(static_cast<int>(rng.below(static_cast<std::uint32_t>(cells))), 0);
      }
      SolveOptions o;
      o.limit = 5000;
      const SolveResult want = basic->solve(puzzle, o);
      const SolveResult got = general->solve(puzzle, o);
      SCOPED_TRACE(g.describe() + " " + to_line(puzzle));
      ASSERT_TRUE(want.exhausted);
      EXPECT_EQ(got.count, want.count);
      EXPECT_TRUE(got.exhausted);
      ASSERT_TRUE(got.solution);
      std::string why;
      EXPECT_TRUE(testing::check_solution(puzzle, *got.solution, &why)) << why;
      ++compared;
      several += got.count > 1;
    }
  }
  EXPECT_EQ(compared, 180);
  EXPECT_GT(several, 30) << "too few puzzles with several solutions to test counting";
}

TEST(GeneralSolver, SolvesDugPuzzlesOfLargeBoards) {
  auto solver = make_solver(*Geometry::get(4, 4), "general");
  for (const char* text : {kMinimal16, kMinimal20, kUnique25}) {
    const Grid puzzle = parse_or_die(text);
    const SolveResult r = solver->solve(puzzle, {});
    SCOPED_TRACE(puzzle.geometry().describe());
    EXPECT_EQ(r.outcome(), Outcome::solved);
    EXPECT_TRUE(r.exhausted);
    ASSERT_TRUE(r.solution);
    std::string why;
    EXPECT_TRUE(testing::check_solution(puzzle, *r.solution, &why)) << why;
  }
}

TEST(GeneralSolver, MinimalPuzzleWithoutAClueHasSeveralSolutions) {
  // Minimality means every clue is needed: without any one of them the count
  // must reach 2. A solver that pruned a live branch would report 1.
  const Grid puzzle = parse_or_die(kMinimal16);
  auto solver = make_solver(puzzle.geometry(), "general");
  int removed = 0;
  for (int c = 0; c < puzzle.size() && removed < 12; ++c) {
    if (!puzzle[c]) continue;
    Grid less = puzzle;
    less.set(c, 0);
    const SolveResult r = solver->solve(less, {});
    EXPECT_EQ(r.outcome(), Outcome::multiple) << "without " << puzzle.geometry().cell_name(c);
    ++removed;
  }
  EXPECT_EQ(removed, 12);
}

TEST(GeneralSolver, RelabelledPuzzleHasTheRelabelledSolution) {
  const Grid puzzle = parse_or_die(kMinimal20);
  const int n = puzzle.geometry().side();
  auto solver = make_solver(puzzle.geometry(), "general");
  const SolveResult plain = solver->solve(puzzle, {});
  ASSERT_TRUE(plain.solution);
  // Digit d becomes n + 1 - d.
  Grid mirrored = puzzle;
  for (int c = 0; c < puzzle.size(); ++c) {
    if (puzzle[c]) mirrored.set(c, n + 1 - puzzle[c]);
  }
  const SolveResult r = solver->solve(mirrored, {});
  ASSERT_EQ(r.outcome(), Outcome::solved);
  for (int c = 0; c < puzzle.size(); ++c) {
    ASSERT_EQ((*r.solution)[c], n + 1 - (*plain.solution)[c]) << puzzle.geometry().cell_name(c);
  }
}

TEST(GeneralSolver, DigitAboveTheSideHasNoSolution) {
  Grid puzzle(*Geometry::get(2, 2));
  puzzle.set(5, 9);  // no 4x4 board holds a 9
  const SolveResult r = make_solver(puzzle.geometry(), "general")->solve(puzzle, {});
  EXPECT_EQ(r.outcome(), Outcome::no_solution);
  EXPECT_TRUE(r.exhausted);
}

std::unique_ptr<detail::ExcludingSolver> excluding_solver() {
  std::unique_ptr<Solver> solver = detail::make_general_solver();
  auto* excluding = dynamic_cast<detail::ExcludingSolver*>(solver.get());
  EXPECT_NE(excluding, nullptr);
  solver.release();
  return std::unique_ptr<detail::ExcludingSolver>(excluding);
}

TEST(GeneralSolver, StruckOutDigitsAgreeWithCounting) {
  // For random puzzles of several sizes (probing and not), striking a
  // solution's digit out of an empty cell leaves a solution exactly when the
  // puzzle has another one that differs there; the teaching solver's full
  // enumeration says which cells do. Struck-out clues leave none.
  auto solver = excluding_solver();
  int with = 0, without = 0;
  for (auto [r, c, blanks] : {std::tuple{2, 2, 9}, {2, 3, 22}, {3, 3, 52}, {3, 5, 110}}) {
    const Geometry& g = *Geometry::get(r, c);
    for (std::uint64_t i = 0; i < 6; ++i) {
      Rng rng(Rng::derive(41, i));
      const Grid solution = *random_solution(g, rng);
      Grid puzzle = solution;
      for (int k = 0; k < blanks; ++k) {
        puzzle.set(static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cell_count()))), 0);
      }
      // Which (cell, digit) pairs occur in some solution, from all solutions.
      std::vector<Mask> seen(static_cast<std::size_t>(g.cell_count()), 0);
      std::uint64_t count = 0;
      std::function<void(Grid&, int)> enumerate = [&](Grid& p, int from) {
        if (count > 200) return;
        int cell = from;
        while (cell < g.cell_count() && p[cell]) ++cell;
        if (cell == g.cell_count()) {
          ++count;
          for (int k = 0; k < g.cell_count(); ++k) seen[k] |= Mask{1} << (p[k] - 1);
          return;
        }
        for (int d = 1; d <= g.side(); ++d) {
          bool fits = true;
          for (int q : g.peers(cell)) fits = fits && p[q] != d;
          if (!fits) continue;
          p.set(cell, d);
          enumerate(p, cell + 1);
          p.set(cell, 0);
        }
      };
      Grid work = puzzle;
      enumerate(work, 0);
      if (count > 200) continue;  // too many to list: the pairs are not all known
      SolveOptions one;
      one.limit = 1;
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        const int v = solution[cell];
        const detail::Exclusion out{cell, v};
        const SolveResult res = solver->solve(puzzle, std::span(&out, 1), &solution, 0, one);
        SCOPED_TRACE(g.describe() + " " + to_line(puzzle) + " without " + std::to_string(v) +
                     " at " + g.cell_name(cell));
        ASSERT_TRUE(res.count == 1 || res.exhausted);
        const bool other = (seen[cell] & ~(Mask{1} << (v - 1))) != 0;
        EXPECT_EQ(res.count == 1, other);
        if (res.count == 1) {
          ++with;
          EXPECT_NE((*res.solution)[cell], v);
          EXPECT_TRUE(testing::check_solution(puzzle, *res.solution));
        } else {
          ++without;
        }
      }
    }
  }
  EXPECT_GT(with, 50);
  EXPECT_GT(without, 50);
}

TEST(GeneralSolver, GuidedSearchFindsTheGuideFirst) {
  // Probing only ever forces what every solution agrees on, so a search that
  // takes the guide's digit first at every branch reaches the guide when it is
  // a solution: two solutions of one puzzle are each found first when guided.
  auto solver = excluding_solver();
  const Geometry& g = *Geometry::get(4, 4);
  Rng rng(5);
  const Grid a = *random_solution(g, rng);
  // b: a with two digits swapped everywhere, a second solution of any puzzle
  // that has neither digit as a clue.
  Grid b = a, puzzle = a;
  for (int c = 0; c < g.cell_count(); ++c) {
    if (a[c] == 1 || a[c] == 2) {
      b.set(c, 3 - a[c]);
      puzzle.set(c, 0);
    } else if (rng.below(3) == 0) {
      puzzle.set(c, 0);
    }
  }
  SolveOptions one;
  one.limit = 1;
  for (const Grid* guide : {&a, static_cast<const Grid*>(&b)}) {
    const SolveResult r = solver->solve(puzzle, {}, guide, 0, one);
    ASSERT_EQ(r.count, 1u);
    EXPECT_EQ(to_line(*r.solution), to_line(*guide));
  }
}

TEST(GeneralSolver, DeadlineStopsCountingOnTheLargestBoard) {
  // An empty 25x25 board has astronomically many completions; each search node
  // probes many cells, so this checks the clock is read inside the probing too.
  const Grid empty(*Geometry::get(5, 5));
  SolveOptions o;
  o.limit = std::uint64_t{1} << 60;
  o.deadline = Deadline::after(std::chrono::milliseconds(100));
  const auto start = std::chrono::steady_clock::now();
  const SolveResult r = make_solver(empty.geometry(), "general")->solve(empty, o);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.exhausted);
  EXPECT_EQ(r.outcome(), Outcome::timeout);
  EXPECT_LT(took, std::chrono::seconds(3));
}

}  // namespace
}  // namespace nonet
