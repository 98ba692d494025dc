// Writes the golden corpus (tests/data/golden.txt): puzzles of every size with
// their solution counts and, when unique, their solutions. Run once by hand; the
// corpus is checked in so tests do not depend on this program's randomness.
//
//   build/dev/tests/nonet_make_golden > tests/data/golden.txt
//
// Unique puzzles are dug from shuffled full grids; puzzles with no solution or
// several are made from them by changing or removing clues. Counts are taken
// with the general solver and confirmed with the teaching solver, which shares
// no code with it.

#include <algorithm>
#include <cstdio>
#include <random>

#include "nonet/nonet.h"

using namespace nonet;

namespace {

std::mt19937_64 rng(20261122);

int randint(int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); }

// A full grid: the solver's first solution of the empty grid, then shuffled by
// validity-preserving moves.
Grid full_grid(const Geometry& g) {
  auto solver = make_solver(g, "general");
  SolveOptions o;
  o.limit = 1;
  Grid solution = *solver->solve(Grid(g), o).solution;
  const int n = g.side(), br = g.box_rows(), bc = g.box_cols();
  std::vector<int> relabel(n), rows(n), cols(n);
  for (int i = 0; i < n; ++i) relabel[i] = i + 1;
  std::shuffle(relabel.begin(), relabel.end(), rng);
  // Rows: permute bands, then rows within each band; likewise columns.
  std::vector<int> bands(n / br), stacks(n / bc);
  for (int i = 0; i < n / br; ++i) bands[i] = i;
  for (int i = 0; i < n / bc; ++i) stacks[i] = i;
  std::shuffle(bands.begin(), bands.end(), rng);
  std::shuffle(stacks.begin(), stacks.end(), rng);
  for (int b = 0; b < n / br; ++b) {
    std::vector<int> in(br);
    for (int i = 0; i < br; ++i) in[i] = bands[b] * br + i;
    std::shuffle(in.begin(), in.end(), rng);
    for (int i = 0; i < br; ++i) rows[b * br + i] = in[i];
  }
  for (int s = 0; s < n / bc; ++s) {
    std::vector<int> in(bc);
    for (int i = 0; i < bc; ++i) in[i] = stacks[s] * bc + i;
    std::shuffle(in.begin(), in.end(), rng);
    for (int i = 0; i < bc; ++i) cols[s * bc + i] = in[i];
  }
  Grid out(g);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) out.set(g.cell(r, c), relabel[solution[g.cell(rows[r], cols[c])] - 1]);
  }
  return out;
}

// The number of solutions up to `limit`, or -1 when it takes over `seconds`.
long long count(const Grid& puzzle, const char* solver, std::uint64_t limit, int seconds = 10) {
  SolveOptions o;
  o.limit = limit;
  o.deadline = Deadline::after(std::chrono::seconds(seconds));
  const SolveResult r = make_solver(puzzle.geometry(), solver)->solve(puzzle, o);
  return r.stopped ? -1 : static_cast<long long>(r.count);
}

// Removes clues in random order while the solution stays unique; stops early
// after `max_removed` removals.
Grid dig(const Grid& full, int max_removed) {
  const Geometry& g = full.geometry();
  Grid puzzle = full;
  std::vector<int> order(g.cell_count());
  for (int i = 0; i < g.cell_count(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  int removed = 0;
  for (int c : order) {
    if (removed >= max_removed) break;
    const int keep = puzzle[c];
    puzzle.set(c, 0);
    if (count(puzzle, "general", 2) == 1) {
      ++removed;
    } else {
      puzzle.set(c, keep);
    }
  }
  return puzzle;
}

void emit(const Grid& puzzle, std::uint64_t limit, bool confirm_with_basic) {
  SolveOptions o;
  o.limit = limit;
  SolveResult r = make_solver(puzzle.geometry(), "general")->solve(puzzle, o);
  if (confirm_with_basic) {
    const long long b = count(puzzle, "basic", limit);
    if (b != static_cast<long long>(r.count)) {
      std::fprintf(stderr, "solvers disagree on %s: general %llu, basic %lld\n",
                   to_line(puzzle).c_str(), static_cast<unsigned long long>(r.count), b);
      std::exit(1);
    }
  }
  std::printf("%s:%llu", to_line(puzzle).c_str(), static_cast<unsigned long long>(r.count));
  if (r.count == 1) std::printf(":%s", to_line(*r.solution).c_str());
  std::printf("\n");
}

}  // namespace

int main() {
  std::printf("# nonet golden corpus: puzzle:solution_count[:solution]\n");
  std::printf("# made by tests/tools/make_golden.cpp; counts confirmed by two solvers\n");
  std::printf("# '# box RxC' starts the puzzles of that box shape\n");
  struct Shape {
    int r, c, unique, max_removed;
    bool basic;
  };
  const Shape shapes[] = {{2, 2, 4, 1000, true},  {2, 3, 4, 1000, true},  {3, 2, 3, 1000, true},
                          {2, 4, 4, 1000, true},  {3, 3, 6, 1000, true},  {3, 4, 4, 1000, false},
                          {4, 3, 2, 1000, false}, {4, 4, 4, 1000, false}, {4, 5, 3, 150, false},
                          {5, 5, 3, 250, false}};
  for (const Shape& s : shapes) {
    const Geometry& g = *Geometry::get(s.r, s.c);
    std::printf("# box %dx%d\n", g.box_rows(), g.box_cols());
    for (int i = 0; i < s.unique; ++i) {
      const Grid full = full_grid(g);
      const Grid puzzle = dig(full, s.max_removed);
      emit(puzzle, 2, s.basic);
      if (i == 0) {
        // Several solutions: drop clues one by one until there is more than
        // one solution, so the count stays small and exact.
        Grid loose = puzzle;
        for (int k = 0, c; k < 5; ++k) {
          do c = randint(g.cell_count()); while (!loose[c]);
          loose.set(c, 0);
          if (count(loose, "general", 2) == 2) break;
        }
        emit(loose, 100000, s.basic && g.side() <= 9);
        // No solution though no house repeats a digit: change one clue to a
        // digit its peers do not hold, until the grid has no completion.
        // Proving that no completion exists can take long on big boards: give
        // each try a short budget.
        for (int tries = 0; tries < 40; ++tries) {
          Grid bad = puzzle;
          const int c = randint(g.cell_count());
          if (!bad[c]) continue;
          bad.set(c, 0);
          const int d = 1 + randint(g.side());
          bad.set(c, d);
          if (d == puzzle[c] || validate(bad).state == GridState::invalid) continue;
          if (count(bad, "general", 1, 1) == 0) {
            emit(bad, 2, s.basic);
            break;
          }
        }
      }
    }
  }
  // The empty 4x4 board has 288 completions (a known count).
  std::printf("# box 2x2\n");
  emit(Grid(*Geometry::get(2, 2)), 1000, true);
  return 0;
}
