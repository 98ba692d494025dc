// The logic on a variant's board: its houses and peers, ratings equal to
// SukakuExplainer's with the variant's switch, and every step sound against the
// solution the variant search finds (written apart from the logic).

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "nonet/format.h"
#include "nonet/logic.h"
#include "nonet/solver.h"
#include "nonet/variant.h"
#include "support/data.h"

namespace nonet {
namespace {

const Geometry& g9() { return *Geometry::get(3, 3); }

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

// A 9x9 puzzle of `kind` ("x", "windoku", "disjoint-groups", "anti-knight",
// "anti-king") with the givens of `line`.
VariantPuzzle puzzle_of(const std::string& kind, const std::string& line) {
  VariantPuzzle p(g9());
  auto add = [&](ConstraintKind k) { p.constraints.push_back({k}); };
  if (kind == "x") {
    add(ConstraintKind::diagonal_down);
    add(ConstraintKind::diagonal_up);
  } else if (kind == "windoku") {
    for (int top : {1, 5}) {
      for (int left : {1, 5}) {
        Constraint window{ConstraintKind::extra_region};
        for (int r = top; r < top + 3; ++r)
          for (int c = left; c < left + 3; ++c) window.cells.push_back(9 * r + c);
        p.constraints.push_back(window);
      }
    }
  } else if (kind == "disjoint-groups") {
    add(ConstraintKind::disjoint_groups);
  } else if (kind == "anti-knight") {
    add(ConstraintKind::anti_knight);
  } else if (kind == "anti-king") {
    add(ConstraintKind::anti_king);
  } else if (kind == "non-consecutive") {
    add(ConstraintKind::non_consecutive);
  } else {
    ADD_FAILURE() << "unknown kind " << kind;
  }
  for (int c = 0; c < 81; ++c) p.givens.set(c, line[c] == '.' ? 0 : line[c] - '0');
  return p;
}

std::shared_ptr<const Geometry> board_of(const VariantPuzzle& p) {
  Result<std::shared_ptr<const Geometry>> board = house_geometry(p);
  EXPECT_TRUE(board.ok()) << board.error().message;
  return board ? *board : nullptr;
}

Grid on(const Grid& grid, const Geometry& board) {
  Grid out(board);
  for (int c = 0; c < out.size(); ++c) out.set(c, grid[c]);
  return out;
}

std::string se_form(const Rating& r) {
  char text[96];
  std::snprintf(text, sizeof text, "%d.%d/%d.%d/%d.%d", r.er / 10, r.er % 10, r.ep / 10, r.ep % 10,
                r.ed / 10, r.ed % 10);
  return text;
}

// Each step removes no digit of the solution and places only its digits.
void expect_sound(const LogicPath& path, const LogicState& start, const Grid& solution,
                  const std::string& what) {
  LogicState s = start;
  for (const Step& step : path.steps) {
    for (const CellDigit& e : step.eliminations)
      ASSERT_NE(solution[e.cell], e.digit) << what << ": " << render_step(step, s.geometry());
    for (const CellDigit& p : step.placements)
      ASSERT_EQ(solution[p.cell], p.digit) << what << ": " << render_step(step, s.geometry());
    s.apply(step);
  }
}

TEST(VariantLogic, HousesAndPeersOfTheBoard) {
  VariantPuzzle x = puzzle_of("x", std::string(81, '.'));
  const auto bx = board_of(x);
  ASSERT_TRUE(bx);
  EXPECT_EQ(bx->house_count(), 29);
  EXPECT_EQ(bx->house_name(27), "diagonal r1c1-r9c9");
  EXPECT_EQ(bx->house_name(28), "diagonal r9c1-r1c9");
  EXPECT_EQ(bx->peers(0).size(), 26u);  // its 20, and r4c4 to r9c9
  EXPECT_EQ(bx->peers(1).size(), 20u);  // off the diagonals
  EXPECT_TRUE(bx->sees(0, 80));
  EXPECT_FALSE(bx->regular());

  // Windoku: the four windows and the five groups they imply, numbered and
  // ordered as SE reads them (windows 7 and 8 down their columns).
  const auto bw = board_of(puzzle_of("windoku", std::string(81, '.')));
  ASSERT_TRUE(bw);
  ASSERT_EQ(bw->extra_count(), 9);
  const std::span<const int> w7 = bw->house_cells(bw->extra_house(6));
  EXPECT_EQ(std::vector<int>(w7.begin(), w7.end()),
            (std::vector<int>{9, 18, 27, 13, 22, 31, 17, 26, 35}));
  EXPECT_EQ(bw->house_name(bw->extra_house(8)), "window 9");

  const auto bk = board_of(puzzle_of("anti-knight", std::string(81, '.')));
  ASSERT_TRUE(bk);
  EXPECT_EQ(bk->extra_count(), 0);
  EXPECT_EQ(bk->peers(40).size(), 28u);
  EXPECT_EQ(bk->move_peers(40).size(), 8u);
  EXPECT_TRUE(bk->sees(40, 40 - 9 - 2));

  // Non-consecutive: a rule between the digits of orthogonal neighbours.
  const auto bn = board_of(puzzle_of("non-consecutive", std::string(81, '.')));
  ASSERT_TRUE(bn);
  EXPECT_EQ(bn->peers(0).size(), 20u);
  EXPECT_EQ(
      std::vector<int>(bn->consecutive_neighbours(0).begin(), bn->consecutive_neighbours(0).end()),
      (std::vector<int>{9, 1}));
  EXPECT_EQ(bn->consecutive_neighbours(40).size(), 4u);
  EXPECT_EQ(bn->consecutive_of(1), Mask{0b10});  // 1 and 9 are not consecutive
  EXPECT_EQ(bn->consecutive_of(5), Mask{0b101000});
  // The teaching solver keeps peers apart and no more: not this board.
  EXPECT_EQ(make_solver(*bn, "basic"), nullptr);
  EXPECT_NE(make_solver(*bn), nullptr);
  EXPECT_NE(make_solver(*bk, "basic"), nullptr);
  Grid placed(*bn);
  placed.set(40, 5);
  LogicState after(placed);
  EXPECT_EQ(after.candidates(31) & Mask{0b101000}, 0u) << "4 and 6 struck above r5c5";
  EXPECT_NE(after.candidates(30) & Mask{0b1000}, 0u) << "a diagonal neighbour keeps them";

  // Jigsaw regions are renumbered in reading order and named as regions.
  VariantPuzzle jigsaw(g9());
  const std::string regions =
      "000000012345505012345555112345511112344466212334666222334466667388887777888887777";
  for (char c : regions) jigsaw.regions.push_back(8 - (c - '0'));
  const auto bj = board_of(jigsaw);
  ASSERT_TRUE(bj);
  EXPECT_TRUE(bj->jigsaw());
  EXPECT_EQ(bj->box_of(0), 0);
  EXPECT_EQ(bj->box_of(7), 1);
  EXPECT_EQ(bj->house_name(bj->box_house(0)), "region 1");

  // What the logic does not read yet is named.
  VariantPuzzle killer(g9());
  killer.constraints.push_back({ConstraintKind::killer_cage, {0, 1}, {}, 3});
  Result<std::shared_ptr<const Geometry>> refused = house_geometry(killer);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("not killer cage 1 (r1c1, r1c2)"), std::string::npos)
      << refused.error().message;
  Layout bad;
  bad.regions.assign(81, 0);
  EXPECT_FALSE(Geometry::with_layout(g9(), bad).ok());
  Layout repeated;
  repeated.extra.push_back({"extra region 1", {0, 0, 1, 2, 3, 4, 5, 6, 7}});
  Result<std::shared_ptr<const Geometry>> r = Geometry::with_layout(g9(), repeated);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "extra region 1 needs 9 different cells of the board");
}

// The committed sample: X, windoku, disjoint groups, anti-king, anti-knight and
// non-consecutive puzzles with SukakuExplainer's ER/EP/ED (tests/data/README.md), every one
// rated alike.
TEST(VariantLogic, AgreesWithSukakuExplainer) {
  const std::string path = testing::test_data("se_variants_sample.txt");
  int total = 0, equal = 0;
  for (const std::string& line : lines_of(path)) {
    std::istringstream in(line);
    std::string kind, givens, se;
    ASSERT_TRUE(in >> kind >> givens >> se) << line;
    const VariantPuzzle p = puzzle_of(kind, givens);
    const auto board = board_of(p);
    ASSERT_TRUE(board);
    const SolveResult solved = solve_variant(p, {});
    ASSERT_EQ(solved.outcome(), Outcome::solved) << line;
    const LogicState start(on(p.givens, *board));
    const LogicPath path_found = solve_path(start);
    ASSERT_TRUE(path_found.solved) << line;
    expect_sound(path_found, start, *solved.solution, line);
    const std::string ours = se_form(rate_path(path_found));
    ++total;
    if (ours == se) {
      ++equal;
    } else {
      std::printf("differs: %s %s: SE %s, nonet %s\n", kind.c_str(), givens.c_str(), se.c_str(),
                  ours.c_str());
    }
  }
  EXPECT_EQ(total, 36) << path;
  EXPECT_EQ(equal, total);
}

// The logic's path through a variant puzzle with one solution, by `options`:
// finished, and every step sound. Returns the path.
LogicPath expect_solved_soundly(const VariantPuzzle& p, const std::string& what,
                                const LogicOptions& options = {}) {
  const auto board = board_of(p);
  if (!board) return {};
  const SolveResult solved = solve_variant(p, {});
  EXPECT_EQ(solved.outcome(), Outcome::solved) << what;
  if (!solved.solution) return {};
  const LogicState start(on(p.givens, *board));
  LogicPath path = solve_path(start, options);
  EXPECT_TRUE(path.solved) << what;
  expect_sound(path, start, *solved.solution, what);
  return path;
}

// An anti-knight puzzle that takes nested chains (SE 10.6; nonet 10.5, the one
// difference measured): chess moves as weak links inside the nested levels'
// cycles, every step sound.
TEST(VariantLogic, NestedChainsAcrossChessMovesAreSound) {
  const VariantPuzzle p = puzzle_of(
      "anti-knight",
      "7................19..3....7..62...................85..1....2..84................4");
  const LogicPath path = expect_solved_soundly(p, "anti-knight");
  EXPECT_GE(rate_path(path).er, 100);
}

// A jigsaw puzzle (regions of any shape; SE has none): every step sound, and
// the puzzle finished, by either profile.
TEST(VariantLogic, JigsawStepsAreSound) {
  VariantPuzzle p(g9());
  const std::string regions =
      "000000012345505012345555112345511112344466212334666222334466667388887777888887777";
  const std::string givens =
      "3.......71.......5....68.....5.19......9.............28....3......235..1.......9.";
  for (char c : regions) p.regions.push_back(c - '0');
  for (int c = 0; c < 81; ++c) p.givens.set(c, givens[c] == '.' ? 0 : givens[c] - '0');
  expect_solved_soundly(p, "jigsaw");
  LogicOptions modern;
  modern.profile = Profile::modern;
  expect_solved_soundly(p, "jigsaw, modern", modern);
}

}  // namespace
}  // namespace nonet
