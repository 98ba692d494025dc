// The modern chain family: each technique on a position with known eliminations
// (hand-made patterns and positions met on real puzzles), the text of the steps,
// every board size, and soundness against known solutions.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "logic/modern/modern.h"
#include "logic/table.h"
#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "nonet/solver.h"
#include "support/data.h"
#include "support/logic_board.h"

namespace nonet {
namespace {

using namespace logic_detail;

const Geometry& g9() { return *Geometry::get(3, 3); }

using testing::Board;
using testing::first_step;

// The two halves of find_aic, as finders.
void find_plain_aic(const LogicState& s, FindContext& context, StepSink& sink) {
  Step step;
  if (plain_aic(s, context, step)) sink.take(std::move(step));
}
void find_grouped_aic(const LogicState& s, FindContext& context, StepSink& sink) {
  Step step;
  if (grouped_aic(s, context, step)) sink.take(std::move(step));
}
using testing::names;

// A position met on a real puzzle: its values and its candidates (729
// characters), checked against the puzzle's solution.
struct Position {
  Grid values;
  std::vector<Mask> marks;
  LogicState state() const { return LogicState(values, marks); }
};

Position position(const char* values, const char* candidates) {
  ParsedPuzzle p = parse_puzzle(values);
  EXPECT_TRUE(p.ok());
  Position out{*p, {}};
  Result<std::vector<Mask>> marks = parse_candidates(candidates, g9());
  EXPECT_TRUE(marks.ok()) << marks.error().to_string();
  if (marks) out.marks = std::move(*marks);
  return out;
}

// The step is sound: the position's own solution keeps every true candidate.
void expect_sound(const Position& pos, const Step& step) {
  auto solver = make_solver(g9());
  const SolveResult r = solver->solve(pos.values, {});
  ASSERT_EQ(r.outcome(), Outcome::solved);
  for (const CellDigit& e : step.eliminations) EXPECT_NE((*r.solution)[e.cell], e.digit);
  for (const CellDigit& p : step.placements) EXPECT_EQ((*r.solution)[p.cell], p.digit);
}

TEST(ModernChains, XChainOnEveryBoardSize) {
  // Digit 1 has two places in rows 1, 6 and 9: r1c1 = r1c5 - r6c5 = r6c9 - r9c9 =
  // r9c2, so r1c1 or r9c2 holds 1 and the cells seeing both lose it.
  for (auto [rows, cols] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{3, 4}}) {
    const Geometry& g = *Geometry::get(rows, cols);
    Board b(g);
    b.confine(g.row_house(0), 1, {{1, 1}, {1, 5}});
    b.confine(g.row_house(5), 1, {{6, 5}, {6, 9}});
    b.confine(g.row_house(8), 1, {{9, 9}, {9, 2}});
    Step st;
    ASSERT_TRUE(first_step(find_x_chain, b.state(), st)) << g.describe();
    EXPECT_EQ(st.technique, Technique::x_chain);
    EXPECT_EQ(st.variant, kUngrouped);
    EXPECT_EQ(st.rating, 66);  // six nodes: no length bonus yet
    if (rows == 3 && cols == 3) {
      EXPECT_EQ(names(st.eliminations, g),
                (std::set<std::string>{"r2c2<>1", "r3c2<>1", "r7c1<>1", "r8c1<>1"}));
      EXPECT_EQ(render_step(st, g),
                "X-Chain: -1[r1c1] +1[r1c5] -1[r6c5] +1[r6c9] -1[r9c9] +1[r9c2] => r2c2, r3c2, "
                "r7c1, r8c1 <> 1");
    } else if (rows == 4 && cols == 4) {
      // 4x4 boxes: box 1 holds rows 1-4, the box of r9c2 rows 9-12.
      EXPECT_EQ(names(st.eliminations, g),
                (std::set<std::string>{"r2c2<>1", "r3c2<>1", "r4c2<>1", "r10c1<>1", "r11c1<>1",
                                       "r12c1<>1"}));
    } else {
      // 3x4 boxes: rows 1-3 and 7-9.
      EXPECT_EQ(names(st.eliminations, g),
                (std::set<std::string>{"r2c2<>1", "r3c2<>1", "r7c1<>1", "r8c1<>1"}));
    }
    ASSERT_EQ(st.links.size(), 5u);
    EXPECT_TRUE(st.links[0].strong);
    EXPECT_FALSE(st.links[1].strong);
  }
}

TEST(ModernChains, XYChain) {
  // 1/2 - 2/3 - 3/4 - 4/1 around a rectangle: r1c1 or r5c9 is 1.
  Board b(g9());
  b.only(1, 1, {1, 2});
  b.only(1, 5, {2, 3});
  b.only(5, 5, {3, 4});
  b.only(5, 9, {4, 1});
  Step st;
  ASSERT_TRUE(first_step(find_xy_chain, b.state(), st));
  EXPECT_EQ(st.technique, Technique::xy_chain);
  EXPECT_EQ(st.rating, 67);  // eight nodes
  EXPECT_EQ(names(st.eliminations), (std::set<std::string>{"r1c9<>1", "r5c1<>1"}));
  EXPECT_EQ(render_step(st, g9()),
            "XY-Chain: -1[r1c1] +2[r1c1] -2[r1c5] +3[r1c5] -3[r5c5] +4[r5c5] -4[r5c9] +1[r5c9] "
            "=> r1c9, r5c1 <> 1");
}

TEST(ModernChains, RemotePair) {
  // Four 1/2 cells in a chain: the first and the last hold 1 and 2 between them.
  Board b(g9());
  for (auto [r, c] : {std::pair{1, 1}, {1, 5}, {5, 5}, {5, 9}}) b.only(r, c, {1, 2});
  Step st;
  ASSERT_TRUE(first_step(find_remote_pair, b.state(), st));
  EXPECT_EQ(st.technique, Technique::remote_pair);
  EXPECT_EQ(st.rating, 66);
  EXPECT_EQ(st.cells, (std::vector<int>{b.at(1, 1), b.at(1, 5), b.at(5, 5), b.at(5, 9)}));
  EXPECT_EQ(names(st.eliminations),
            (std::set<std::string>{"r1c9<>1", "r1c9<>2", "r5c1<>1", "r5c1<>2"}));
  // Without a fourth cell there is no remote pair.
  b.only(5, 9, {1, 2, 3});
  EXPECT_FALSE(first_step(find_remote_pair, b.state(), st));
}

TEST(ModernChains, ContinuousNiceLoop) {
  // 1 in row 1 only at c1 and c5, 2 in column 5 only at r1 and r5, r5c1 = 1/2:
  // 1r1c1 = 1r1c5 - 2r1c5 = 2r5c5 - 2r5c1 = 1r5c1 - 1r1c1 closes. Each weak link
  // then holds exactly one truth: r1c5 is 1 or 2, row 5 has its 2 in c1 or c5,
  // column 1 its 1 in r1 or r5.
  Board b(g9());
  b.confine(g9().row_house(0), 1, {{1, 1}, {1, 5}});
  b.confine(g9().column_house(4), 2, {{1, 5}, {5, 5}});
  b.only(5, 1, {1, 2});
  Step st;
  ASSERT_TRUE(first_step(find_aic, b.state(), st));
  EXPECT_EQ(st.technique, Technique::continuous_nice_loop);
  EXPECT_EQ(st.rating, 70);
  std::set<std::string> want;
  for (int d = 3; d <= 9; ++d) want.insert("r1c5<>" + std::to_string(d));
  for (int c : {2, 3, 4, 6, 7, 8, 9}) want.insert("r5c" + std::to_string(c) + "<>2");
  for (int r : {2, 3, 4, 6, 7, 8, 9}) want.insert("r" + std::to_string(r) + "c1<>1");
  EXPECT_EQ(names(st.eliminations), want);
  EXPECT_EQ(render_step(st, g9()).substr(0, 80),
            "Continuous Nice Loop: -1[r1c1] +1[r1c5] -2[r1c5] +2[r5c5] -2[r5c1] +1[r5c1] -1[r");
}

TEST(ModernChains, AicOnARealPosition) {
  const Position pos = position(
      "003205800020080400078904032284000001619020043735000280000000020052090178897002364",
      "1..4....9...4.6.....................1....67....................1.......9.....67.91..."
      "5...9.........1....6...1.3..67...........1.3...7...........1...5...9....5.7.91...5..."
      "............................1....6................56................................."
      ".................3.567....3.567....3..67.9....567.9....5...9........................."
      "...............5.78................78.....5.7........................................"
      ".......1..4.6...1..4.....1....6..9.......................6..91.34........4.6...1....6"
      ".....34..78...34..7....3...78.....5...9.............5...9..34........................"
      ".34.6..............3..6.........................................................1...5"
      "....1...5........................................");
  Step st;
  ASSERT_TRUE(first_step(find_aic, pos.state(), st));
  EXPECT_EQ(st.technique, Technique::aic);
  EXPECT_EQ(st.rating, 70);
  EXPECT_EQ(render_step(st, g9()),
            "AIC: -7[r1c5] +7[r1c9] -6[r1c9] +6[r3c7] -6[r3c5] +1[r3c5] => r1c5 <> 1");
  expect_sound(pos, st);
}

TEST(ModernChains, GroupedChainsOnRealPositions) {
  {
    // 5 in column 1 only at r4c1 and r8c1/r9c1 (one box): a grouped node.
    const Position pos = position(
        "200000048630000029904020607003902400000547000400000000306871204020000060040260080",
        ".........1...5.7..1...5.7..1.3..67..1.3.5...9..3.56..91.3.5.........................."
        "..............1...5.78.1..4..7..1...5..8....45..8.1...5.............................."
        ".1...5..8..........1.3.................3.5..8..........1.3.5.............1...5.78.1.."
        ".5678...................1......8...................1...5.7..1...56...1......8.1....6."
        "8912.....89...........................1.3....891.3.....9123..6............1...5.78912"
        "..5.7891.3..6...1.3....8...3..6.8.1...5..891...5.7.912..5.................5...9......"
        "...........................................5...9.........1...5.78..........1...5.789."
        ".34.......3.5...9..345...91.3.5.7.9.........1.3.5....1...5.7...........1...5.7.9....."
        "...............3.5...91.3.5.7.9.........1.3.5....");
    Step st;
    EXPECT_FALSE(first_step(find_x_chain, pos.state(), st));
    ASSERT_TRUE(first_step(find_grouped_aic, pos.state(), st));
    EXPECT_EQ(st.technique, Technique::x_chain);
    EXPECT_EQ(st.variant, kGrouped);
    EXPECT_EQ(st.rating, 67);
    EXPECT_EQ(render_step(st, g9()),
              "Grouped X-Chain: -5[r4c1] +5[r8c1,r9c1] -5[r7c2] +5[r7c8] => r4c8 <> 5");
    // A group's link is stored once per cell of the group.
    ASSERT_EQ(st.links.size(), 5u);
    EXPECT_EQ(st.links[0].to.cell, g9().cell(7, 0));
    EXPECT_EQ(st.links[1].to.cell, g9().cell(8, 0));
    expect_sound(pos, st);
  }
  {
    const Position pos = position(
        "091000760070010000560709108740080013006030400000070000000000001015000890637198254",
        ".234...8.....................34...8..2.45......34........................2..5.....234"
        "...8...........234...8..2..56.8...........23456.....3.5...9.234.........5...9........"
        "...........234...............2.4........................234.........................."
        ".......2......9.2..56..9..........2..56.......56..9..................12.....89.2..5.."
        "8...........2..5...9.........12..5..............2....78..2....7..123....89.2..5..8..2"
        "3....89.2.456..9.........12.456.......56..9.2.....8.....56..9.2.4...89.2.....8..2.4.."
        ".89.2.45........56....2.45.7....3..6.....3...7............2.4........................"
        "23.......2.4.6....234..7.........................67.................................."
        ".................................................");
    Step st;
    EXPECT_FALSE(first_step(find_plain_aic, pos.state(), st));
    ASSERT_TRUE(first_step(find_grouped_aic, pos.state(), st));
    EXPECT_EQ(st.technique, Technique::aic);
    EXPECT_EQ(st.variant, kGrouped);
    EXPECT_EQ(st.rating, 71);
    EXPECT_EQ(render_step(st, g9()),
              "Grouped AIC: -2[r3c5] +4[r3c5] -4[r1c4,r1c5,r1c6] +4[r1c1] -4[r8c1] +2[r8c1] => "
              "r8c5 <> 2");
    expect_sound(pos, st);
  }
  {
    const Position pos = position(
        "064700200007000040080450706040020050809500170050010030403089560015070400008045020",
        "..3.5...9.............................3.....91......8..........1......8...3.5....123."
        "5...9.23.....9..........2...6.8...3..6..912...6.8...3....89...........3.5..8.123....."
        "9.........12.........................123...............1.......9.........1.3...7....."
        "......1....6.....3....89...........3...7.......6.89................89..........23...."
        "......................3..6......4.6......................2.4......2....7............2"
        "...6..........89............4..78......6.89..........2.4...............2....7........"
        "...12...........................................1.....7...2...6..9..................."
        "23..6.............23..6...................89..3....89.....6..9......7.9.........1.3.."
        "6.......................3.....9.........1.....7..");
    Step st;
    ASSERT_TRUE(first_step(find_grouped_aic, pos.state(), st));
    EXPECT_EQ(st.technique, Technique::continuous_nice_loop);
    EXPECT_EQ(st.variant, kGrouped);
    EXPECT_EQ(render_step(st, g9()),
              "Grouped Continuous Nice Loop: -3[r2c2] +3[r5c2] -3[r5c5] +3[r1c5,r2c5] -3[r3c6] "
              "+3[r3c1] -3[r2c2] => r1c1, r2c1 <> 3");
    expect_sound(pos, st);
  }
}

TEST(ModernChains, AlsXz) {
  {
    const Position pos = position(
        "850000031000073000000809000023700610970301052000020003100437526245006387000080100",
        "........................7.9.2...6......4.6....2.4...........7.9.....................4"
        ".6...1....6..912.4.6..91...5.......................2.4...89...4.6..9...45..8...3...7."
        ".1.3..6...12.4.67...........1...5..............2.4..7.....4.67.....45.......45......."
        "............................5...9...45..8..........................89................"
        ".....4.6.8.............4.6...............4...8......................456...1....6.8.1."
        ".4.6.8.....56..9............45..8....4..789...4..7.9.........................89......"
        ".89.................................................................................1"
        ".......91.......9......................................3...7....3..6........67...2..5"
        "..............2..5................4....9...4....9");
    Step st;
    ASSERT_TRUE(first_step(find_als_xz, pos.state(), st));
    EXPECT_EQ(st.technique, Technique::als_xz);
    EXPECT_EQ(st.variant, kSinglyLinked);
    EXPECT_EQ(st.rating, 56);
    EXPECT_EQ(render_step(st, g9()),
              "ALS-XZ r5c7 (row 5) and r4c1, r4c5, r4c9 (row 4), restricted common 8 => r5c3 <> 4");
    expect_sound(pos, st);
  }
  {
    const Position pos = position(
        "920751408051020790074006050240000305130045027567000084010500040095060800082310570",
        "....................3..6.........................................3..6..............3."
        ".6.8......................4...8............34.........................3..6.....3....8"
        "..........................89..3....89.........12................12..................."
        ".............891....6.........789......789.........1....6............................"
        ".........89.....6.89.......................6..9......................................"
        ".......12......9..3.....9.23......1.......9....................3...7.............3..6"
        "..................789......789.2...6.............2......9...4..7....................."
        "2.4...............2.4..7...........1.3......1.3.........4.6.........................."
        "................4....9.......................6..9");
    Step st;
    ASSERT_TRUE(first_step(find_als_xz, pos.state(), st));
    EXPECT_EQ(st.technique, Technique::als_xz);
    EXPECT_EQ(st.variant, kDoublyLinked);
    EXPECT_EQ(st.rating, 56);
    EXPECT_EQ(render_step(st, g9()),
              "ALS-XZ (doubly linked) r2c6, r2c9 (row 2) and r9c6, r9c9 (row 9), restricted "
              "common 4/6 => r2c1 <> 3; r8c6 <> 4");
    expect_sound(pos, st);
  }
}

TEST(ModernChains, SueDeCoq) {
  const Position pos = position(
      "000080005805007000170305800430751000900802004000490010084509261000600350500210000",
      ".23..6....2.4....9.23.....91.......9............4.6...1..4..7...2.4..7.9............."
      "......2.4.6..9.........1.......9.2.4.6............1..4.6....234....9.23..6..9........"
      "...........2...6..9..........2.4.6......................2.4....9.2...6..9............"
      ".......2...6.8.................................6..9.2.....89.2...6.89.........1...56."
      "..1....67.............3..6................567....3...7............2...67...2..5.....2"
      "....78.....................3..6.......5.7............23...78...3...7................."
      "..............3...7.......................................2....7..12......912....7.9."
      "...........4..7.....4...8.........................789..............6..9..3..67.9....."
      "...............3....8....4..7.9...4..789......789");
  Step st;
  ASSERT_TRUE(first_step(find_sue_de_coq, pos.state(), st));
  EXPECT_EQ(st.technique, Technique::sue_de_coq);
  EXPECT_EQ(st.rating, 50);
  EXPECT_EQ(render_step(st, g9()),
            "Sue de Coq 3/5/6/7 at r5c7, r5c8 (box 6, row 5) with r5c5, r6c7 => r5c2, r5c3 <> 6; "
            "r6c9 <> 7");
  expect_sound(pos, st);
}

TEST(ModernChains, NamesAndPlaceInTheProfiles) {
  EXPECT_EQ(technique_name(Technique::sue_de_coq), "Sue de Coq");
  EXPECT_EQ(technique_name(Technique::als_xz), "ALS-XZ");
  // The modern chain family comes after every older technique of the modern
  // profile, Sue de Coq first and the nice loops last; SE has none of it.
  const auto modern = profile_techniques(Profile::modern);
  ASSERT_GE(modern.size(), 8u);
  EXPECT_EQ(modern[modern.size() - 8], Technique::sue_de_coq);
  EXPECT_EQ(modern.back(), Technique::discontinuous_nice_loop);
  for (Technique t : {Technique::sue_de_coq, Technique::als_xz, Technique::remote_pair,
                      Technique::x_chain, Technique::xy_chain, Technique::aic,
                      Technique::continuous_nice_loop, Technique::discontinuous_nice_loop}) {
    EXPECT_TRUE(technique_info(t).modern && !technique_info(t).se) << technique_id(t);
  }
  for (const Search& search : searches(Profile::se)) EXPECT_NE(search.find, &find_aic);
}

// Random positions of every size: a random solution, most cells blanked, and a
// random part of the false candidates struck. Every finder must keep the
// solution's candidates (a deduction valid for every solution of the marks is
// valid for this one).
TEST(ModernChains, SoundOnRandomPositionsOfEverySize) {
  struct Size {
    int rows, cols, positions;
  };
#ifdef NDEBUG
  const Size sizes[] = {{2, 3, 200}, {3, 3, 200}, {3, 4, 40}, {4, 4, 20}};
#else
  const Size sizes[] = {{2, 3, 40}, {3, 3, 40}, {3, 4, 6}, {4, 4, 3}};
#endif
  const Finder finders[] = {find_sue_de_coq, find_als_xz, find_remote_pair, find_x_chain,
                            find_xy_chain,   find_aic,    find_plain_aic,   find_grouped_aic};
  for (const Size& size : sizes) {
    const Geometry& g = *Geometry::get(size.rows, size.cols);
    int found = 0;
    for (int i = 0; i < size.positions; ++i) {
      Rng rng(Rng::derive(20261122, static_cast<std::uint64_t>(i)));
      const Grid solution = *random_solution(g, rng);
      Grid values = solution;
      for (int c = 0; c < g.cell_count(); ++c) {
        if (rng.below(100) < 70) values.set(c, 0);
      }
      std::vector<Mask> marks = compute_candidates(values);
      for (int c = 0; c < g.cell_count(); ++c) {
        for (int d = 1; d <= g.side(); ++d) {
          if (d != solution[c] && rng.below(100) < 35)
            marks[static_cast<std::size_t>(c)] &= ~digit_bit(d);
        }
      }
      const LogicState state(values, marks);
      for (const Finder find : finders) {
        Step st;
        if (!first_step(find, state, st)) continue;
        ++found;
        for (const CellDigit& e : st.eliminations) {
          ASSERT_NE(solution[e.cell], e.digit) << g.describe() << " " << render_step(st, g);
          ASSERT_TRUE(state.candidates(e.cell) & digit_bit(e.digit)) << render_step(st, g);
        }
        for (const CellDigit& p : st.placements) {
          ASSERT_EQ(solution[p.cell], p.digit) << g.describe() << " " << render_step(st, g);
        }
      }
    }
    EXPECT_GT(found, 0) << g.describe();
  }
}

// Whole solving paths with the modern profile, every step checked against the
// solution, on puzzles SukakuExplainer rates 5.0 and up: every 97th of the
// shared set when it is there, else the committed sample (which holds those
// 200 and the set's first puzzles of 7.5 and up).
TEST(ModernChains, ModernPathsAreSound) {
#ifdef NDEBUG
  const std::size_t count = 200;
#else
  const std::size_t count = 25;
#endif
  constexpr const char* kRatedSet = "rated/sudoku_exchange_diabolical_SE5plus.txt";
  std::string path = testing::shared_data(kRatedSet);
  const int stride = path.empty() ? 1 : 97;
  if (path.empty()) {
    std::printf("%s; the committed sample instead\n",
                testing::shared_data_missing(kRatedSet).c_str());
    path = testing::test_data("se_diabolical_sample.txt");
  }
  std::vector<Grid> puzzles;
  std::ifstream in(path);
  std::string line;
  for (int n = 0; puzzles.size() < count && std::getline(in, line);) {
    std::istringstream fields(line);
    std::string id, text;
    if (line.empty() || line[0] == '#' || n++ % stride != 0 || !(fields >> id >> text)) continue;
    const ParsedPuzzle p = parse_puzzle(text);
    if (p.ok()) puzzles.push_back(*p);
  }
  ASSERT_EQ(puzzles.size(), count) << path;
  auto solver = make_solver(g9());
  int solved = 0, modern_steps = 0;
  for (const Grid& puzzle : puzzles) {
    const Grid solution = *solver->solve(puzzle, {}).solution;
    LogicState state(puzzle);
    while (std::optional<Step> step = next_step(state, Profile::modern)) {
      for (const CellDigit& e : step->eliminations) {
        ASSERT_NE(solution[e.cell], e.digit) << to_line(puzzle) << ": " << render_step(*step, g9());
      }
      for (const CellDigit& p : step->placements) {
        ASSERT_EQ(solution[p.cell], p.digit) << to_line(puzzle) << ": " << render_step(*step, g9());
      }
      modern_steps += step->technique >= Technique::remote_pair;
      state.apply(*step);
    }
    solved += state.solved();
  }
  std::printf("%zu rated puzzles: %d solved with the modern profile, %d modern chain steps\n",
              puzzles.size(), solved, modern_steps);
  EXPECT_GT(modern_steps, 0);
}

}  // namespace
}  // namespace nonet
