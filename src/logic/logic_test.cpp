// Each technique on a hand-made position (exact pattern and eliminations), the
// rendering of steps, and real puzzles whose paths need the rarer techniques.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "logic/finders.h"
#include "nonet/format.h"
#include "nonet/solver.h"
#include "nonet/validate.h"
#include "support/logic_board.h"

namespace nonet {
namespace {

using namespace logic_detail;

const Geometry& g9() { return *Geometry::get(3, 3); }

using testing::Board;
using testing::first_step;
using testing::names;

std::set<std::string> expect(std::initializer_list<std::string> list) { return {list}; }

Grid parse(const char* text) {
  ParsedPuzzle p = parse_puzzle(text);
  EXPECT_TRUE(p.ok()) << p.error().to_string();
  return *p;
}

TEST(Logic, NakedPairAndItsText) {
  Board b;
  b.only(6, 2, {4, 8});
  b.only(6, 7, {4, 8});
  Step st;
  ASSERT_TRUE(first_step(find_naked_pair, b.state(), st));
  EXPECT_EQ(st.technique, Technique::naked_pair);
  EXPECT_EQ(st.rating, 30);
  EXPECT_EQ(st.houses, std::vector<int>{g9().row_house(5)});
  EXPECT_EQ(render_step(st, g9()),
            "Naked Pair 4/8 in row 6 at r6c2, r6c7 => r6c1, r6c3, r6c4, r6c5, r6c6, r6c8, "
            "r6c9 <> 4, 8");
  EXPECT_EQ(st.eliminations.size(), 14u);
}

TEST(Logic, NakedTriple) {
  Board b;
  b.only(1, 1, {1, 2});
  b.only(1, 5, {2, 3});
  b.only(1, 9, {1, 3});
  Step st;
  EXPECT_FALSE(first_step(find_naked_pair, b.state(), st));
  ASSERT_TRUE(first_step(find_naked_triple, b.state(), st));
  EXPECT_EQ(st.technique, Technique::naked_triple);
  EXPECT_EQ(st.rating, 36);
  EXPECT_EQ(st.eliminations.size(), 18u);  // six cells lose 1, 2 and 3
  for (const CellDigit& e : st.eliminations) EXPECT_EQ(g9().row_of(e.cell), 0);
}

TEST(Logic, HiddenPair) {
  Board b;
  b.confine(g9().box_house(0), 4, {{1, 1}, {1, 2}});
  b.confine(g9().box_house(0), 8, {{1, 1}, {1, 2}});
  Step st;
  ASSERT_TRUE(first_step(find_hidden_pair, b.state(), st));
  EXPECT_EQ(st.technique, Technique::hidden_pair);
  EXPECT_EQ(st.rating, 34);
  EXPECT_EQ(render_step(st, g9()),
            "Hidden Pair 4/8 in box 1 at r1c1, r1c2 => r1c1, r1c2 <> 1, 2, 3, 5, 6, 7, 9");
}

TEST(Logic, HiddenTriple) {
  Board b;
  for (int d : {1, 2, 3}) b.confine(g9().column_house(4), d, {{2, 5}, {5, 5}, {8, 5}});
  Step st;
  EXPECT_FALSE(first_step(find_hidden_pair, b.state(), st));
  ASSERT_TRUE(first_step(find_hidden_triple, b.state(), st));
  EXPECT_EQ(st.technique, Technique::hidden_triple);
  EXPECT_EQ(st.eliminations.size(), 18u);
}

TEST(Logic, PointingAndClaiming) {
  {
    Board b;
    b.confine(g9().box_house(0), 7, {{2, 1}, {2, 2}, {2, 3}});
    Step st;
    ASSERT_TRUE(first_step(find_intersections, b.state(), st));
    EXPECT_EQ(st.technique, Technique::pointing);
    EXPECT_EQ(st.rating, 26);
    EXPECT_EQ(names(st.eliminations),
              expect({"r2c4<>7", "r2c5<>7", "r2c6<>7", "r2c7<>7", "r2c8<>7", "r2c9<>7"}));
    EXPECT_EQ(render_step(st, g9()),
              "Pointing: 7 in box 1 lies only in row 2 => r2c4, r2c5, r2c6, r2c7, r2c8, r2c9 <> 7");
  }
  {
    Board b;
    b.confine(g9().row_house(0), 7, {{1, 1}, {1, 2}, {1, 3}});
    Step st;
    ASSERT_TRUE(first_step(find_intersections, b.state(), st));
    EXPECT_EQ(st.technique, Technique::claiming);
    EXPECT_EQ(st.rating, 28);
    EXPECT_EQ(names(st.eliminations),
              expect({"r2c1<>7", "r2c2<>7", "r2c3<>7", "r3c1<>7", "r3c2<>7", "r3c3<>7"}));
  }
}

TEST(Logic, XWingAndSwordfish) {
  {
    Board b;
    b.confine(g9().column_house(1), 5, {{3, 2}, {8, 2}});
    b.confine(g9().column_house(6), 5, {{3, 7}, {8, 7}});
    Step st;
    ASSERT_TRUE(first_step(find_x_wing, b.state(), st));
    EXPECT_EQ(st.technique, Technique::x_wing);
    EXPECT_EQ(st.rating, 32);
    EXPECT_EQ(st.eliminations.size(), 14u);
    for (const CellDigit& e : st.eliminations) {
      EXPECT_TRUE(g9().row_of(e.cell) == 2 || g9().row_of(e.cell) == 7);
      EXPECT_TRUE(g9().col_of(e.cell) != 1 && g9().col_of(e.cell) != 6);
    }
    EXPECT_EQ(render_step(st, g9()).substr(0, 33), "X-Wing 5 in columns 2, 7 (rows 3,");
  }
  {
    Board b;
    b.confine(g9().column_house(0), 5, {{2, 1}, {4, 1}});
    b.confine(g9().column_house(4), 5, {{4, 5}, {8, 5}});
    b.confine(g9().column_house(8), 5, {{2, 9}, {8, 9}});
    Step st;
    EXPECT_FALSE(first_step(find_x_wing, b.state(), st));
    ASSERT_TRUE(first_step(find_swordfish, b.state(), st));
    EXPECT_EQ(st.technique, Technique::swordfish);
    EXPECT_EQ(st.rating, 38);
    EXPECT_EQ(st.eliminations.size(), 18u);
  }
}

TEST(Logic, XYWing) {
  Board b;
  b.only(1, 1, {1, 2});
  b.only(1, 5, {1, 3});
  b.only(5, 1, {2, 3});
  Step st;
  ASSERT_TRUE(first_step(find_xy_wing, b.state(), st));
  EXPECT_EQ(st.technique, Technique::xy_wing);
  EXPECT_EQ(st.rating, 42);
  EXPECT_EQ(names(st.eliminations), expect({"r5c5<>3"}));
  EXPECT_EQ(render_step(st, g9()), "XY-Wing 1/2/3 pivot r1c1, wings r1c5, r5c1 => r5c5 <> 3");
}

TEST(Logic, XYZWing) {
  Board b;
  b.only(1, 1, {1, 2, 3});
  b.only(1, 5, {1, 3});
  b.only(2, 2, {2, 3});
  Step st;
  EXPECT_FALSE(first_step(find_xy_wing, b.state(), st));
  ASSERT_TRUE(first_step(find_xyz_wing, b.state(), st));
  EXPECT_EQ(st.rating, 44);
  EXPECT_EQ(names(st.eliminations), expect({"r1c2<>3", "r1c3<>3"}));
}

TEST(Logic, UniqueRectangleType1) {
  Board b;
  for (int cell = 0; cell < 81; ++cell) b.marks[cell] &= ~(digit_bit(1) | digit_bit(2));
  b.only(1, 1, {1, 2});
  b.only(1, 4, {1, 2});
  b.only(2, 1, {1, 2});
  b.only(2, 4, {1, 2, 5});
  Step st;
  ASSERT_TRUE(first_step(find_unique_loop, b.state(), st));
  EXPECT_EQ(st.technique, Technique::unique_rectangle);
  EXPECT_EQ(st.variant, 1);
  EXPECT_EQ(st.rating, 45);
  EXPECT_EQ(names(st.eliminations), expect({"r2c4<>1", "r2c4<>2"}));
  EXPECT_EQ(step_title(st), "Unique Rectangle type 1");
}

TEST(Logic, UniqueRectangleType2) {
  Board b;
  for (int cell = 0; cell < 81; ++cell) b.marks[cell] &= ~(digit_bit(1) | digit_bit(2));
  b.only(1, 1, {1, 2});
  b.only(1, 4, {1, 2});
  b.only(2, 1, {1, 2, 7});
  b.only(2, 4, {1, 2, 7});
  Step st;
  ASSERT_TRUE(first_step(find_unique_loop, b.state(), st));
  EXPECT_EQ(st.variant, 2);
  // 7 goes from every other cell of row 2 (the only house both extra cells share).
  EXPECT_EQ(st.eliminations.size(), 7u);
  for (const CellDigit& e : st.eliminations) {
    EXPECT_EQ(g9().row_of(e.cell), 1);
    EXPECT_EQ(e.digit, 7);
  }
}

TEST(Logic, NakedSingleAndHiddenSingles) {
  Board b;
  b.only(4, 4, {6});
  Step st;
  ASSERT_TRUE(first_step(find_naked_single, b.state(), st));
  EXPECT_EQ(render_step(st, g9()), "Naked Single: r4c4 can only be 6");
  Board h;
  h.confine(g9().row_house(2), 7, {{3, 5}});
  ASSERT_TRUE(first_step(find_singles, h.state(), st));
  EXPECT_EQ(st.technique, Technique::hidden_single);
  EXPECT_EQ(st.rating, 15);
  EXPECT_EQ(render_step(st, g9()), "Hidden Single: r3c5 is the only place for 7 in row 3");
  Board box;
  box.confine(g9().box_house(1), 7, {{3, 5}});
  ASSERT_TRUE(first_step(find_singles, box.state(), st));
  EXPECT_EQ(st.rating, 12);
  EXPECT_EQ(render_step(st, g9()), "Hidden Single: r3c5 is the only place for 7 in box 2");
}

TEST(Logic, FullHouse) {
  Grid grid =
      parse("12345678.........................................................................");
  LogicState s(grid);
  Step st;
  ASSERT_TRUE(first_step(find_singles, s, st));
  EXPECT_EQ(st.technique, Technique::full_house);
  EXPECT_EQ(st.rating, 10);
  EXPECT_EQ(st.placements, (std::vector<CellDigit>{{8, 9}}));
}

TEST(Logic, Skyscraper) {
  Board b;
  b.confine(g9().row_house(0), 3, {{1, 1}, {1, 5}});
  b.confine(g9().row_house(3), 3, {{4, 1}, {4, 6}});
  Step st;
  ASSERT_TRUE(first_step(find_skyscraper, b.state(), st));
  EXPECT_EQ(names(st.eliminations), expect({"r2c6<>3", "r3c6<>3", "r5c5<>3", "r6c5<>3"}));
}

TEST(Logic, FinnedXWing) {
  Board b;
  b.confine(g9().row_house(1), 4, {{2, 2}, {2, 8}});
  b.confine(g9().row_house(6), 4, {{7, 2}, {7, 8}, {7, 9}});  // fin r7c9 in box 9
  Step st;
  ASSERT_TRUE(first_step(find_finned_x_wing, b.state(), st));
  EXPECT_EQ(st.technique, Technique::finned_x_wing);
  EXPECT_EQ(names(st.eliminations), expect({"r8c8<>4", "r9c8<>4"}));
}

TEST(Logic, WWing) {
  Board b;
  b.only(1, 1, {5, 9});
  b.only(5, 6, {5, 9});
  b.confine(g9().row_house(8), 9, {{9, 1}, {9, 6}});  // strong link on 9 in row 9
  Step st;
  ASSERT_TRUE(first_step(find_w_wing, b.state(), st));
  EXPECT_EQ(st.technique, Technique::w_wing);
  // Cells seeing both r1c1 and r5c6 lose 5.
  EXPECT_EQ(names(st.eliminations), expect({"r1c6<>5", "r5c1<>5"}));
}

TEST(Logic, EliminationTextGroupsCells) {
  std::vector<CellDigit> e = {{0, 4}, {0, 8}, {4, 4}, {4, 8}, {9, 4}};
  EXPECT_EQ(render_eliminations(e, g9()), "r1c1, r1c5 <> 4, 8; r2c1 <> 4");
}

// Real puzzles whose SE path needs a given technique: the path uses it, and every
// step of the path is true to the solution.
struct Case {
  const char* puzzle;
  Technique technique;
  int er;
};

TEST(Logic, RarerTechniquesOnRealPuzzles) {
  const Case cases[] = {
      {"802600009000058000006000401090406005020000040600203090205000900000970000100002804",
       Technique::direct_pointing, 17},
      {"100800570000009210090040000300900050007000300020006008000020040071400000064007003",
       Technique::direct_hidden_pair, 20},
      {"570060003030005060601007000053000001000080000900000270000800402080100030200040019",
       Technique::direct_hidden_triple, 25},
      {"108500406000070900530004007001060008090408070800050600700100069006080000904006205",
       Technique::xy_wing, 42},
      {"900801005000607000870000069490000057080000020000375000040000070008060900109000603",
       Technique::unique_rectangle, 45},
      {"008000500020805090000106000705000203060070080000903000510307028002050300030000010",
       Technique::bug, 56},
      {"400709003070305060020010070010834050000000000600000008500080001038106520100503007",
       Technique::aligned_pair_exclusion, 62},
  };
  for (const Case& c : cases) {
    const Grid grid = parse(c.puzzle);
    auto solver = make_solver(grid.geometry());
    const SolveResult solved = solver->solve(grid, {});
    ASSERT_EQ(solved.outcome(), Outcome::solved);
    const LogicPath path = solve_path(LogicState(grid));
    ASSERT_TRUE(path.solved) << c.puzzle;
    bool used = false;
    for (const Step& st : path.steps) {
      used |= st.technique == c.technique;
      for (const CellDigit& p : st.placements) EXPECT_EQ((*solved.solution)[p.cell], p.digit);
      for (const CellDigit& e : st.eliminations) EXPECT_NE((*solved.solution)[e.cell], e.digit);
      EXPECT_FALSE(render_step(st, grid.geometry()).empty());
    }
    EXPECT_TRUE(used) << technique_name(c.technique) << " in " << c.puzzle;
    EXPECT_EQ(rate_path(path).er, c.er) << c.puzzle;
  }
}

TEST(Logic, RatingOfSolvedAndStuckPositions) {
  const Grid solved =
      parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  Rating r = rate(solved);
  EXPECT_EQ(r.er, 0);
  EXPECT_FALSE(r.stuck);
  EXPECT_EQ(r.level, Level::easy);
  // A puzzle that needs nested forcing chains from the start, with too little
  // time for them: stopped, with lower bounds, and not stuck.
  r = rate(
      parse("000000039000001005003050800008090006070002000100400000009080050020000600400700000"),
      Profile::se, Deadline::after(std::chrono::milliseconds(50)));
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.stuck);
  EXPECT_FALSE(r.er_exact);
  EXPECT_FALSE(r.ep_exact);
  EXPECT_FALSE(r.ed_exact);
  EXPECT_GE(r.er, 10);
  // Its first step, 11.3, takes seconds to find even in an optimised build:
  // the bound is that of a search still under way below it.
  EXPECT_LT(r.er, 113);
  EXPECT_EQ(format_rating(r.er, r.er_exact).substr(0, 2), ">=");
  // A path stopped before its first step knows only the floor of the search
  // it was in.
  LogicPath cut;
  cut.stopped = true;
  cut.floor = 95;
  r = rate_path(cut);
  EXPECT_EQ(r.er, 95);
  EXPECT_EQ(r.ed, 95);
  EXPECT_FALSE(r.stuck);
  EXPECT_EQ(r.level, Level::extreme);
  // A stuck path (the modern profile lacks SE's chains) rates at least 6.5.
  LogicPath stuck;
  r = rate_path(stuck);
  EXPECT_TRUE(r.stuck);
  EXPECT_EQ(r.er, 65);
  EXPECT_FALSE(r.er_exact);
}

TEST(Logic, OtherSizes) {
  // 4x4, 6x6 and 8x8 boards go through the same finders: a minimal puzzle is dug
  // from a solved board, then every step of both profiles' paths is checked.
  for (auto [r, c] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{2, 4}}) {
    const Geometry& g = *Geometry::get(r, c);
    auto solver = make_solver(g);
    const Grid solution = *solver->solve(Grid(g), {}).solution;
    Grid puzzle = solution;
    for (int cell = 0; cell < g.cell_count(); cell += 1) {
      const int keep = puzzle[cell];
      puzzle.set(cell, 0);
      if (solver->solve(puzzle, {}).outcome() != Outcome::solved) puzzle.set(cell, keep);
    }
    for (Profile profile : {Profile::se, Profile::modern}) {
      const LogicPath path = solve_path(LogicState(puzzle), profile);
      EXPECT_FALSE(path.steps.empty());
      for (const Step& st : path.steps) {
        for (const CellDigit& e : st.placements) EXPECT_EQ(solution[e.cell], e.digit);
        for (const CellDigit& e : st.eliminations) EXPECT_NE(solution[e.cell], e.digit);
      }
    }
  }
}

TEST(Logic, ProfilesAndNames) {
  EXPECT_EQ(profile_from_name("modern"), Profile::modern);
  EXPECT_EQ(profile_from_name("se"), Profile::se);
  EXPECT_FALSE(profile_from_name("fancy").has_value());
  EXPECT_FALSE(profile_from_name("").has_value());
  EXPECT_EQ(technique_name(Technique::two_string_kite), "2-String Kite");
  EXPECT_EQ(level_for(15, false), Level::easy);
  EXPECT_EQ(level_for(23, false), Level::medium);
  EXPECT_EQ(level_for(45, false), Level::hard);
  EXPECT_EQ(level_for(62, false), Level::expert);
  EXPECT_EQ(level_for(40, true), Level::extreme);
}

TEST(Logic, ParseCandidates) {
  std::string groups;
  for (int i = 0; i < 81; ++i) groups += i == 0 ? "129 " : "5 ";
  Result<std::vector<Mask>> r = parse_candidates(groups, g9());
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ((*r)[0], digit_bit(1) | digit_bit(2) | digit_bit(9));
  std::string positional(729, '.');
  positional[4] = '5';
  r = parse_candidates(positional, g9());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)[0], digit_bit(5));
  // Malformed: a wrong digit in a slot, too few groups, a letter, oversized text.
  positional[4] = '4';
  r = parse_candidates(positional, g9());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().column, 5);
  r = parse_candidates("1 2 3", g9());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("81 cells"), std::string::npos);
  r = parse_candidates("1x " + groups, g9());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().column, 2);
  EXPECT_FALSE(parse_candidates(std::string(100000, '1'), g9()).ok());
  EXPECT_FALSE(parse_candidates(groups + " 7", g9()).ok());
  EXPECT_FALSE(parse_candidates("", g9()).ok());
}

// Region forcing chains branch from every place of a digit in a house: the
// step names that house, and the vague hint points there, in the plural.
TEST(Logic, RegionForcingChainsNameTheirHouse) {
  const Grid puzzle =
      parse("006000200900000004243000896000591000002080300400203001300000007000907000010408020");
  const LogicPath path = solve_path(LogicState(puzzle), Profile::se);
  const Step* region = nullptr;
  for (const Step& st : path.steps)
    if (step_title(st).find("Region Forcing Chains") != std::string::npos) {
      region = &st;
      break;
    }
  ASSERT_NE(region, nullptr);
  ASSERT_EQ(region->houses.size(), 1u);
  // The chains start at the places of the digit in that house.
  const int house = region->houses[0];
  const auto cells = g9().house_cells(house);
  EXPECT_NE(std::find(cells.begin(), cells.end(), region->cells[0]), cells.end());
  const std::string vague = render_vague(*region, g9());
  EXPECT_EQ(vague.rfind("Look for Region Forcing Chains in ", 0), 0u) << vague;
  EXPECT_NE(vague.find(g9().house_name(house)), std::string::npos) << vague;
}

TEST(Logic, HintGrades) {
  const Grid puzzle =
      parse("600050007030000000080409200015300000008000300000007590009501030000000080200070004");
  Hint h = find_hint(puzzle);
  ASSERT_EQ(h.status, HintStatus::step);
  ASSERT_TRUE(h.step && h.placement);
  auto solver = make_solver(g9());
  const Grid solution = *solver->solve(puzzle, {}).solution;
  EXPECT_EQ(solution[h.placement->cell], h.placement->digit);
  EXPECT_EQ(render_vague(*h.step, g9()).rfind("Look for a", 0), 0u);

  // A wrong entry is named, not built upon.
  Grid wrong = puzzle;
  int cell = 1;
  wrong.set(cell, solution[cell] % 9 + 1);
  if (validate(wrong).state == GridState::invalid) {
    h = find_hint(wrong);
    EXPECT_EQ(h.status, HintStatus::wrong_entries);
  }
  HintOptions with_givens;
  with_givens.givens = &puzzle;
  // Find an empty cell whose wrong digit breaks no rule directly.
  for (int c = 0; c < 81; ++c) {
    if (puzzle[c] != 0) continue;
    Grid w = puzzle;
    for (int d = 1; d <= 9; ++d) {
      if (d == solution[c]) continue;
      w.set(c, d);
      if (validate(w).state != GridState::invalid) break;
    }
    if (validate(w).state == GridState::invalid) continue;
    h = find_hint(w, with_givens);
    EXPECT_EQ(h.status, HintStatus::wrong_entries);
    EXPECT_EQ(h.wrong_cells, std::vector<int>{c});
    h = find_hint(w);  // without the givens: the position has no solution
    EXPECT_EQ(h.status, HintStatus::wrong_entries);
    break;
  }
  // Candidates that lack a correct digit are reported.
  std::vector<Mask> marks(81, 0x1FF);
  int empty = 0;
  while (puzzle[empty] != 0) ++empty;
  marks[empty] &= ~digit_bit(solution[empty]);
  HintOptions with_marks;
  with_marks.candidates = marks;
  h = find_hint(puzzle, with_marks);
  EXPECT_EQ(h.status, HintStatus::wrong_candidates);
  ASSERT_EQ(h.missing_candidates.size(), 1u);
  EXPECT_EQ(h.missing_candidates[0].cell, empty);
  // Solved and broken positions.
  EXPECT_EQ(find_hint(solution).status, HintStatus::solved);
  const std::string clash = "11" + std::string(79, '.');
  EXPECT_EQ(find_hint(parse(clash.c_str())).status, HintStatus::wrong_entries);
  EXPECT_EQ(find_hint(Grid(g9())).status, HintStatus::invalid);  // many solutions
  std::vector<Mask> short_marks(5, 1);
  HintOptions bad;
  bad.candidates = short_marks;
  EXPECT_EQ(find_hint(puzzle, bad).status, HintStatus::invalid);
}

// A caller that knows the solution (from a count of the givens) hands it over:
// the hint is checked against it, and the puzzle is not solved again.
TEST(Logic, HintAgainstAKnownSolution) {
  const Grid puzzle =
      parse("600050007030000000080409200015300000008000300000007590009501030000000080200070004");
  auto solver = make_solver(g9());
  const Grid solution = *solver->solve(puzzle, {}).solution;
  HintOptions known;
  known.solution = &solution;
  const Hint plain = find_hint(puzzle), with = find_hint(puzzle, known);
  ASSERT_EQ(with.status, HintStatus::step);
  EXPECT_EQ(render_step(*with.step, g9()), render_step(*plain.step, g9()));
  EXPECT_EQ(with.placement->cell, plain.placement->cell);
  EXPECT_EQ(with.solution, solution);
  // Wrong entries are named against it, with the givens and without them.
  int cell = 0;
  while (puzzle[cell] != 0) ++cell;
  Grid wrong = puzzle;
  for (int d = 1; d <= 9; ++d) {
    if (d == solution[cell]) continue;
    wrong.set(cell, d);
    if (validate(wrong).state != GridState::invalid) break;
  }
  ASSERT_NE(validate(wrong).state, GridState::invalid);
  HintOptions known_givens = known;
  known_givens.givens = &puzzle;
  for (const HintOptions* o : {&known, &known_givens}) {
    const Hint h = find_hint(wrong, *o);
    EXPECT_EQ(h.status, HintStatus::wrong_entries);
    EXPECT_EQ(h.wrong_cells, std::vector<int>{cell});
  }
  // A solution that breaks the rules, is not filled, or changes a given is refused.
  Grid clash = solution;
  clash.set(0, solution[1]);
  Grid open = solution;
  open.set(40, 0);
  Grid other = solution;  // two digits swapped in every row: rules kept, givens not
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int d = solution[r * 9 + c];
      other.set(r * 9 + c, d == 1 ? 2 : d == 2 ? 1 : d);
    }
  }
  ASSERT_EQ(validate(other).state, GridState::solved);
  for (const auto& [bad, why] : {std::pair{&clash, "breaks the rules"}, {&open, "not filled"},
                                 {&other, "where the givens have"}}) {
    HintOptions o = known_givens;
    o.solution = bad;
    const Hint h = find_hint(puzzle, o);
    EXPECT_EQ(h.status, HintStatus::invalid) << why;
    EXPECT_EQ(h.problem, HintProblem::bad_solution) << why;
    EXPECT_NE(h.message.find(why), std::string::npos) << h.message;
  }
  const Grid small(*Geometry::for_side(4));
  known.solution = &small;
  EXPECT_EQ(find_hint(puzzle, known).problem, HintProblem::bad_solution);
}

}  // namespace
}  // namespace nonet
