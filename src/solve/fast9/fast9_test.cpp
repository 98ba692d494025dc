// fast9: answers, edge cases, limits, deadlines, agreement with the general
// solver, and agreement of the scalar and SIMD kernels.

#include "solve/fast9/fast9.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/solver.h"
#include "solve/general_solver.h"
#include "support/checker.h"
#include "support/data.h"

namespace nonet {
namespace {

const Geometry& nine() { return *Geometry::get(3, 3); }

Grid from_line(std::string_view line) {
  Grid g(nine());
  for (int i = 0; i < 81; ++i) {
    const char c = line[static_cast<std::size_t>(i)];
    g.set(i, c >= '1' && c <= '9' ? c - '0' : 0);
  }
  return g;
}

std::string to_digits(const Grid& g) {
  std::string s;
  for (int i = 0; i < 81; ++i) s += static_cast<char>('0' + g.get(i));
  return s;
}

// Judged by the independent checker, which shares no code with the solvers.
::testing::AssertionResult is_solution_of(const Grid& puzzle, const Grid& solution) {
  std::string why;
  if (!nonet::testing::check_solution(puzzle, solution, &why))
    return ::testing::AssertionFailure() << why;
  return ::testing::AssertionSuccess();
}

// Every instruction-set path this CPU runs (scalar always).
std::vector<std::unique_ptr<Solver>> both_kernels() {
  std::vector<std::unique_ptr<Solver>> v;
  for (const detail::Fast9Kernel k : detail::fast9_kernels())
    if (detail::fast9_kernel_runs(k)) v.push_back(detail::make_fast9_solver(k));
  return v;
}

constexpr std::string_view kEasy =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr std::string_view kEasySolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
constexpr std::string_view kHard =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
constexpr std::string_view kHardSolution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
// Hard puzzles for the search: a few from the usual "hardest" lists.
constexpr std::array<std::string_view, 3> kHardest = {
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8",
};

TEST(Fast9, IsFirstInRegistryAndOnlyFor9x9) {
  ASSERT_FALSE(solvers().empty());
  EXPECT_EQ(solvers()[0].name, "fast9");
  EXPECT_TRUE(detail::fast9_supports(nine()));
  EXPECT_FALSE(detail::fast9_supports(*Geometry::get(2, 2)));
  EXPECT_FALSE(detail::fast9_supports(*Geometry::get(2, 3)));
  EXPECT_NE(make_solver(nine(), "fast9"), nullptr);
  EXPECT_EQ(make_solver(*Geometry::get(2, 2), "fast9"), nullptr);
}

TEST(Fast9, SolvesKnownPuzzles) {
  for (auto& solver : both_kernels()) {
    for (auto [puzzle, expected] :
         {std::pair{kEasy, kEasySolution}, std::pair{kHard, kHardSolution}}) {
      const Grid grid = from_line(puzzle);
      const SolveResult r = solver->solve(grid, {});
      EXPECT_EQ(r.count, 1u);
      EXPECT_TRUE(r.exhausted);
      EXPECT_FALSE(r.stopped);
      EXPECT_EQ(r.limit, 2u);
      EXPECT_EQ(r.outcome(), Outcome::solved);
      ASSERT_TRUE(r.solution.has_value());
      EXPECT_TRUE(is_solution_of(grid, *r.solution));
      EXPECT_EQ(to_digits(*r.solution), expected);
    }
  }
}

TEST(Fast9, ReportsGuesses) {
  auto solver = detail::make_fast9_solver();
  // Solved by singles alone: no branch point.
  EXPECT_EQ(solver->solve(from_line(kEasy), {}).guesses, 0u);
  std::uint64_t total = 0;
  for (auto line : kHardest) {
    const SolveResult r = solver->solve(from_line(line), {});
    EXPECT_EQ(r.outcome(), Outcome::solved) << line;
    total += r.guesses;
  }
  EXPECT_GT(total, 0u);
}

TEST(Fast9, FullGridAndEmptyGrid) {
  for (auto& solver : both_kernels()) {
    const Grid full = from_line(kEasySolution);
    const SolveResult solved = solver->solve(full, {});
    EXPECT_EQ(solved.count, 1u);
    EXPECT_TRUE(solved.exhausted);
    EXPECT_EQ(solved.guesses, 0u);
    ASSERT_TRUE(solved.solution);
    EXPECT_EQ(*solved.solution, full);

    const Grid empty(nine());
    const SolveResult many = solver->solve(empty, {});
    EXPECT_EQ(many.count, 2u);
    EXPECT_FALSE(many.exhausted);
    EXPECT_EQ(many.outcome(), Outcome::multiple);
    ASSERT_TRUE(many.solution);
    EXPECT_TRUE(is_solution_of(empty, *many.solution));
  }
}

TEST(Fast9, ConflictingGivensHaveNoSolution) {
  for (auto& solver : both_kernels()) {
    for (std::string line : {std::string(kEasy), std::string(kHard)}) {
      // Same digit twice in a row, a column, a box.
      std::string row = line, col = line, box = line;
      row[0] = '7', row[1] = '7';
      col[0] = '4', col[9 * 8] = '4';
      box[0] = '2', box[10] = '2';
      for (const auto& bad : {row, col, box}) {
        const SolveResult r = solver->solve(from_line(bad), {});
        EXPECT_EQ(r.count, 0u) << bad;
        EXPECT_TRUE(r.exhausted) << bad;
        EXPECT_EQ(r.outcome(), Outcome::no_solution) << bad;
        EXPECT_FALSE(r.solution) << bad;
      }
    }
  }
}

TEST(Fast9, NoSolutionWithoutConflictingGivens) {
  // r1c9 can only be 9 (the rest of row 1 is 1..8), but column 9 has a 9.
  std::string line(81, '.');
  for (int c = 0; c < 8; ++c) line[static_cast<std::size_t>(c)] = static_cast<char>('1' + c);
  line[5 * 9 + 8] = '9';
  for (auto& solver : both_kernels()) {
    const SolveResult r = solver->solve(from_line(line), {});
    EXPECT_EQ(r.count, 0u);
    EXPECT_TRUE(r.exhausted);
    EXPECT_EQ(r.outcome(), Outcome::no_solution);
  }
}

// Blanks a "deadly rectangle" of a solved grid: four cells in two rows, two
// columns and two boxes holding a b / b a. Exactly two solutions remain.
bool blank_rectangle(Grid& g) {
  for (int r1 = 0; r1 < 9; ++r1)
    for (int r2 = r1 + 1; r2 < 9; ++r2)
      for (int c1 = 0; c1 < 9; ++c1)
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          const bool two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
          if (!two_boxes) continue;
          const int a = g.get(r1 * 9 + c1), b = g.get(r1 * 9 + c2);
          if (g.get(r2 * 9 + c1) == b && g.get(r2 * 9 + c2) == a) {
            for (int cell : {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}) g.set(cell, 0);
            return true;
          }
        }
  return false;
}

TEST(Fast9, CountsExactlyTwoAndHonoursTheLimit) {
  Grid two(nine());
  bool found = false;
  for (auto line : {kEasySolution, kHardSolution}) {
    two = from_line(line);
    if ((found = blank_rectangle(two))) break;
  }
  ASSERT_TRUE(found);
  for (auto& solver : both_kernels()) {
    SolveOptions opt;
    opt.limit = 10;
    SolveResult r = solver->solve(two, opt);
    EXPECT_EQ(r.count, 2u);
    EXPECT_TRUE(r.exhausted);
    EXPECT_EQ(r.limit, 10u);
    EXPECT_EQ(r.outcome(), Outcome::multiple);

    opt.limit = 1;
    r = solver->solve(two, opt);
    EXPECT_EQ(r.count, 1u);
    EXPECT_FALSE(r.exhausted);
    ASSERT_TRUE(r.solution);
    EXPECT_TRUE(is_solution_of(two, *r.solution));

    opt.limit = 50;
    r = solver->solve(Grid(nine()), opt);
    EXPECT_EQ(r.count, 50u);
    EXPECT_FALSE(r.exhausted);
    EXPECT_FALSE(r.stopped);
    EXPECT_EQ(r.outcome(), Outcome::limit);
  }
}

TEST(Fast9, StopsAtDeadlineAndOnCancel) {
  for (auto& solver : both_kernels()) {
    SolveOptions opt;
    opt.limit = UINT64_MAX;
    opt.deadline = Deadline::after(std::chrono::milliseconds(20));
    const auto start = std::chrono::steady_clock::now();
    SolveResult r = solver->solve(Grid(nine()), opt);
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_TRUE(r.stopped);
    EXPECT_FALSE(r.exhausted);
    EXPECT_EQ(r.outcome(), Outcome::timeout);
    EXPECT_GT(r.count, 0u);
    EXPECT_LT(took, std::chrono::seconds(2));

    std::atomic<bool> cancel{true};
    opt.deadline = Deadline();
    opt.cancel = &cancel;
    r = solver->solve(Grid(nine()), opt);
    EXPECT_TRUE(r.stopped);
    EXPECT_FALSE(r.exhausted);
  }
}

// A random member of the validity-preserving group applied to a solved grid.
Grid shuffle_solution(const Grid& in, std::mt19937& rng) {
  std::array<int, 9> digit{1, 2, 3, 4, 5, 6, 7, 8, 9}, row{}, col{};
  std::shuffle(digit.begin(), digit.end(), rng);
  std::array<int, 3> bands{0, 1, 2}, stacks{0, 1, 2};
  std::shuffle(bands.begin(), bands.end(), rng);
  std::shuffle(stacks.begin(), stacks.end(), rng);
  for (int b = 0; b < 3; ++b) {
    std::array<int, 3> rs{0, 1, 2}, cs{0, 1, 2};
    std::shuffle(rs.begin(), rs.end(), rng);
    std::shuffle(cs.begin(), cs.end(), rng);
    for (int i = 0; i < 3; ++i) {
      row[static_cast<std::size_t>(3 * b + i)] =
          3 * bands[static_cast<std::size_t>(b)] + rs[static_cast<std::size_t>(i)];
      col[static_cast<std::size_t>(3 * b + i)] =
          3 * stacks[static_cast<std::size_t>(b)] + cs[static_cast<std::size_t>(i)];
    }
  }
  const bool transpose = rng() & 1;
  Grid out(nine());
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int src = transpose
                          ? col[static_cast<std::size_t>(c)] * 9 + row[static_cast<std::size_t>(r)]
                          : row[static_cast<std::size_t>(r)] * 9 + col[static_cast<std::size_t>(c)];
      out.set(r * 9 + c, digit[static_cast<std::size_t>(in.get(src) - 1)]);
    }
  return out;
}

// Puzzles with 0, 1 and many solutions: shuffled solutions with 17..40 clues
// kept, some with one clue changed (often making them unsolvable), plus
// shuffled copies of the hard puzzles.
std::vector<Grid> generated_puzzles(int n) {
  std::mt19937 rng(12345);
  std::vector<Grid> out;
  const Grid base = from_line(kHardSolution);
  for (int i = 0; i < n; ++i) {
    Grid g = shuffle_solution(base, rng);
    std::array<int, 81> cells{};
    for (int c = 0; c < 81; ++c) cells[static_cast<std::size_t>(c)] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    const int keep = 17 + static_cast<int>(rng() % 24);
    for (int k = keep; k < 81; ++k) g.set(cells[static_cast<std::size_t>(k)], 0);
    if (i % 5 == 4) g.set(cells[0], 1 + static_cast<int>(rng() % 9));
    out.push_back(g);
  }
  return out;
}

TEST(Fast9, AgreesWithGeneralSolver) {
  auto general = detail::make_general_solver();
  auto puzzles = generated_puzzles(300);
  std::mt19937 rng(7);
  for (auto line : kHardest) {
    // Relabelling digits keeps the puzzle's solution count.
    std::array<int, 10> relabel{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int k = 0; k < 20; ++k) {
      std::shuffle(relabel.begin() + 1, relabel.end(), rng);
      Grid g = from_line(line);
      for (int c = 0; c < 81; ++c) g.set(c, relabel[static_cast<std::size_t>(g.get(c))]);
      puzzles.push_back(g);
    }
  }
  int counts[3] = {0, 0, 0};
  for (auto& solver : both_kernels()) {
    for (const Grid& p : puzzles) {
      const SolveResult want = general->solve(p, {});
      const SolveResult got = solver->solve(p, {});
      ASSERT_EQ(got.count, want.count) << to_digits(p);
      ASSERT_EQ(got.exhausted, want.exhausted) << to_digits(p);
      ASSERT_EQ(got.outcome(), want.outcome()) << to_digits(p);
      if (got.count > 0) {
        ASSERT_TRUE(got.solution);
        ASSERT_TRUE(is_solution_of(p, *got.solution)) << to_digits(p);
      }
      ++counts[std::min<std::uint64_t>(got.count, 2)];
    }
  }
  // The corpus really covers all three outcomes.
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_GT(counts[2], 0);
}

// The generator's question, "is there a solution with this cell not holding
// its digit?", on every path: the answer must be the general solver's, and a
// solution found must solve the puzzle and avoid the struck-out digit. Struck
// digits of clues leave none; a guess budget stops the search.
TEST(Fast9, StruckOutCandidatesAgreeWithGeneralSolver) {
  auto general_solver = detail::make_general_solver();
  auto& general = dynamic_cast<detail::ExcludingSolver&>(*general_solver);
  const Grid solution = from_line(kHardSolution);
  SolveOptions one;
  one.limit = 1;
  int found = 0, none = 0;
  for (auto& path : both_kernels()) {
    auto* solver = dynamic_cast<detail::ExcludingSolver*>(path.get());
    ASSERT_NE(solver, nullptr);
    std::mt19937 draws(3);
    for (int i = 0; i < 60; ++i) {
      Grid puzzle = shuffle_solution(solution, draws);
      const Grid full = puzzle;
      std::array<int, 81> cells{};
      for (int c = 0; c < 81; ++c) cells[static_cast<std::size_t>(c)] = c;
      std::shuffle(cells.begin(), cells.end(), draws);
      for (int k = 24 + static_cast<int>(draws() % 20); k < 81; ++k)
        puzzle.set(cells[static_cast<std::size_t>(k)], 0);
      for (int k = 0; k < 6; ++k) {
        const int cell = cells[static_cast<std::size_t>(draws() % 81)];
        const detail::Exclusion out{cell, full[cell]};
        const SolveResult want = general.solve(puzzle, std::span(&out, 1), &full, 0, one);
        const SolveResult got = solver->solve(puzzle, std::span(&out, 1), nullptr, 0, one);
        SCOPED_TRACE(to_digits(puzzle) + " without " + std::to_string(out.digit) + " at " +
                     std::to_string(cell));
        ASSERT_EQ(got.count, want.count);
        ASSERT_FALSE(got.stopped);
        if (puzzle[cell]) {
          EXPECT_EQ(got.count, 0u);
          EXPECT_TRUE(got.exhausted);
        }
        if (got.count > 0) {
          ASSERT_TRUE(got.solution);
          ASSERT_TRUE(is_solution_of(puzzle, *got.solution));
          EXPECT_NE((*got.solution)[cell], out.digit);
          ++found;
        } else {
          ++none;
        }
      }
    }
    // A budget of one guess stops a search that needs more.
    const Grid hard(nine());  // the empty board: a guess at nearly every cell
    const SolveResult unbounded = solver->solve(hard, {}, nullptr, 0, one);
    ASSERT_GT(unbounded.guesses, 1u);
    const SolveResult capped = solver->solve(hard, {}, nullptr, 1, one);
    EXPECT_TRUE(capped.stopped);
    EXPECT_FALSE(capped.exhausted);
  }
  EXPECT_GT(found, 0);
  EXPECT_GT(none, 0);
}

// Each vector path against the scalar one: same counts, same solutions, same
// guesses (the search is one piece of code, so any difference is a fault in a
// path's vector operations).
TEST(Fast9, EveryPathAgreesWithScalarExactly) {
  auto scalar = detail::make_fast9_solver(detail::Fast9Kernel::scalar);
  ASSERT_TRUE(scalar);
  auto puzzles = generated_puzzles(300);
  for (auto line : kHardest) puzzles.push_back(from_line(line));
  int compared = 0;
  for (const detail::Fast9Kernel k : detail::fast9_kernels()) {
    if (k == detail::Fast9Kernel::scalar) continue;
    auto path = detail::make_fast9_solver(k);
    if (!detail::fast9_kernel_runs(k)) {
      EXPECT_EQ(path, nullptr) << detail::to_string(k);
      std::printf("[ note ] this CPU does not run the %s path; not compared\n",
                  detail::to_string(k));
      continue;
    }
    ASSERT_TRUE(path) << detail::to_string(k);
    ++compared;
    for (const Grid& p : puzzles) {
      for (std::uint64_t limit : {1u, 2u, 7u}) {
        SCOPED_TRACE(std::string(detail::to_string(k)) + " " + to_digits(p));
        SolveOptions opt;
        opt.limit = limit;
        const SolveResult a = scalar->solve(p, opt), b = path->solve(p, opt);
        ASSERT_EQ(a.count, b.count);
        ASSERT_EQ(a.exhausted, b.exhausted);
        ASSERT_EQ(a.guesses, b.guesses);
        ASSERT_EQ(a.solution.has_value(), b.solution.has_value());
        if (a.solution) {
          ASSERT_EQ(*a.solution, *b.solution);
        }
      }
    }
  }
  if (compared == 0) GTEST_SKIP() << "this CPU runs only the scalar path";
}

TEST(Fast9, BestPathRunsHere) {
  const detail::Fast9Kernel best = detail::fast9_best_kernel();
  EXPECT_TRUE(detail::fast9_kernel_runs(best)) << detail::to_string(best);
  EXPECT_TRUE(detail::make_fast9_solver());
  EXPECT_TRUE(detail::fast9_kernel_runs(detail::Fast9Kernel::scalar));
}

// The shared data sets, when present: 200 puzzles of each against the general
// solver, and a full pass of the hardest list.
std::vector<Grid> read_set(const std::string& name, std::size_t max) {
  std::vector<Grid> out;
  std::ifstream in(testing::shared_data_dir() + "/puzzles/" + name);
  std::string line;
  while (out.size() < max && std::getline(in, line))
    if (line.size() >= 81) out.push_back(from_line(line));
  return out;
}

TEST(Fast9, AgreesWithGeneralSolverOnSharedData) {
  const char* sets[] = {"17_clue.txt", "magictour_top1465.txt", "forum_hardest_1905_11plus.txt",
                        "serg_benchmark.txt", "forum_hardest_1106.txt"};
  if (read_set(sets[0], 1).empty())
    GTEST_SKIP() << testing::shared_data_missing(std::string("puzzles/") + sets[0]);
  auto general = detail::make_general_solver();
  auto fast = detail::make_fast9_solver();
  for (const char* set : sets) {
    for (const Grid& p : read_set(set, 200)) {
      SCOPED_TRACE(std::string(set) + " " + to_digits(p));
      const SolveResult want = general->solve(p, {});
      const SolveResult got = fast->solve(p, {});
      ASSERT_EQ(got.count, want.count) << set << " " << to_digits(p);
      ASSERT_EQ(got.exhausted, want.exhausted) << set;
      if (got.count > 0) {
        ASSERT_TRUE(is_solution_of(p, *got.solution)) << set;
      }
    }
  }
}

}  // namespace
}  // namespace nonet
