// The logic on a variant's board: its houses and peers, ratings equal to
// SukakuExplainer's with the variant's switch, and every step sound against the
// solution the variant search finds (written apart from the logic).

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
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
  VariantPuzzle region_sum(g9());
  region_sum.constraints.push_back({ConstraintKind::region_sum_line, {2, 3}});
  Result<std::shared_ptr<const Geometry>> refused = house_geometry(region_sum);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("not region sum line 1 (r1c3, r1c4)"), std::string::npos)
      << refused.error().message;
  Layout bad;
  bad.regions.assign(81, 0);
  EXPECT_FALSE(Geometry::with_layout(g9(), bad).ok());
  Layout repeated;
  repeated.extra.push_back({"extra region 1", {0, 0, 1, 2, 3, 4, 5, 6, 7}});
  Result<std::shared_ptr<const Geometry>> r = Geometry::with_layout(g9(), repeated);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "extra region 1 needs 9 different cells of the board");
  Layout summed;
  summed.cages.push_back({{0, 1}, 99});
  r = Geometry::with_layout(g9(), summed);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "cage 1 needs 1 to 9 different cells of the board and a sum of 0 to 45");
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

// --- killer cages ----------------------------------------------------------

// An empty 9x9 board with killer cages, each `{sum, {cells}}`.
VariantPuzzle killer_of(std::initializer_list<std::pair<int, std::vector<int>>> cages) {
  VariantPuzzle p(g9());
  for (const auto& [sum, cells] : cages)
    p.constraints.push_back({ConstraintKind::killer_cage, cells, {}, sum});
  return p;
}

// The first step of `technique` on the way from `s`, applying the others.
std::optional<Step> first_of(LogicState& s, Technique technique, int most = 40) {
  for (int i = 0; i < most; ++i) {
    const std::optional<Step> step = next_step(s);
    if (!step) return std::nullopt;
    if (step->technique == technique) return step;
    s.apply(*step);
  }
  return std::nullopt;
}

TEST(VariantLogic, CageCombinationKeepsWhatTheSumAllows) {
  const VariantPuzzle p = killer_of({{3, {0, 1}}, {24, {9, 10, 11}}});
  const auto board = board_of(p);
  ASSERT_TRUE(board);
  EXPECT_TRUE(board->sees(0, 1));
  EXPECT_TRUE(board->sees(9, 11));
  EXPECT_TRUE(board->summed_cages());
  LogicState s(on(p.givens, *board));
  std::optional<Step> step = next_step(s);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->technique, Technique::cage_combination);
  EXPECT_EQ(step->sum, 3);
  EXPECT_EQ(step->rating, 20);
  EXPECT_EQ(render_step(*step, *board),
            "Cage Combination: the 3 cage at r1c1, r1c2 can only be 1+2 => r1c1, r1c2 <> 3, 4, 5, 6, "
            "7, 8, 9");
  s.apply(*step);
  step = next_step(s);
  ASSERT_TRUE(step);
  EXPECT_EQ(render_step(*step, *board),
            "Cage Combination: the 24 cage at r2c1, r2c2, r2c3 can only be 7+8+9 => r2c1, r2c2, "
            "r2c3 <> 1, 2, 3, 4, 5, 6");
  // A placed digit counts toward its cage: r1c1 = 1 leaves 2 for r1c2.
  LogicState placed(on(p.givens, *board));
  placed.place(0, 1);
  step = next_step(placed);
  ASSERT_TRUE(step);
  EXPECT_EQ(render_step(*step, *board),
            "Cage Combination: the 3 cage at r1c1, r1c2 can only be 1+2 => r1c2 <> 3, 4, 5, 6, 7, "
            "8, 9");
}

TEST(VariantLogic, CageOverlapSeesWhatTheCageMustHold) {
  // 7 in three cells is 1+2+4: those digits are in the cage, which lies in
  // row 1 and box 1, so the rest of both lose them.
  const VariantPuzzle p = killer_of({{7, {0, 1, 2}}});
  const auto board = board_of(p);
  ASSERT_TRUE(board);
  LogicState s(on(p.givens, *board));
  const std::optional<Step> step = first_of(s, Technique::cage_overlap);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->rating, 28);
  EXPECT_EQ(render_step(*step, *board),
            "Cage Overlap: the 7 cage at r1c1, r1c2, r1c3 can only be 1+2+4, so holds 1 at r1c1, "
            "r1c2, r1c3 => r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, r2c2, r2c3, r3c1, r3c2, "
            "r3c3 <> 1");

  // 9 in row 1 only in the 10 cage: the cage is 1+9.
  const VariantPuzzle q = killer_of({{10, {0, 1}}});
  const auto qboard = board_of(q);
  ASSERT_TRUE(qboard);
  std::vector<Mask> marks(81, qboard->all_digits());
  for (int c = 2; c < 9; ++c) marks[static_cast<std::size_t>(c)] &= ~Mask{1 << 8};
  LogicState t(on(q.givens, *qboard), marks);
  std::optional<Step> into;
  for (int i = 0; i < 10 && !into; ++i) {
    const std::optional<Step> next = next_step(t);
    ASSERT_TRUE(next);
    if (next->technique == Technique::cage_overlap) into = next;
    t.apply(*next);
  }
  ASSERT_TRUE(into);
  EXPECT_EQ(render_step(*into, *qboard),
            "Cage Overlap: 9 in row 1 lies only in the 10 cage at r1c1, r1c2, which so holds 9 and "
            "can only be 1+9 => r1c1, r1c2 <> 2, 3, 4, 6, 7, 8");
}

TEST(VariantLogic, InniesAndOutiesReadWhatTheCagesLeave) {
  // Row 1 holds 45: four cages inside it make 36, so r1c9 is 9.
  const VariantPuzzle p = killer_of({{11, {0, 1}}, {9, {2, 3}}, {7, {4, 5}}, {9, {6, 7}}});
  const auto board = board_of(p);
  ASSERT_TRUE(board);
  LogicState s(on(p.givens, *board));
  std::optional<Step> step = first_of(s, Technique::innies_outies);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->variant, 0);
  EXPECT_EQ(render_step(*step, *board),
            "Innies: the cages inside row 1 leave 9 for r1c9: 9 => r1c9 <> 1, 2, 3, 4, 5, 6, 7, 8");

  // Cages covering box 1 hold 48 and reach out of it at r1c4 and r4c1, which
  // so make 3: 1+2 either way (they do not see each other). The 13 cage has
  // already lost 8 and 9.
  const VariantPuzzle q = killer_of({{13, {0, 1, 2, 3}}, {20, {9, 10, 11}}, {15, {18, 19, 20, 27}}});
  const auto qboard = board_of(q);
  ASSERT_TRUE(qboard);
  LogicState t(on(q.givens, *qboard));
  step = first_of(t, Technique::innies_outies);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->variant, 1);
  EXPECT_EQ(step->sum, 3);
  EXPECT_TRUE(step->combinations.empty());
  EXPECT_EQ(render_step(*step, *qboard),
            "Outies: the cages covering box 1 hold 3 more than it, at r1c4, r4c1 => r1c4 <> 3, 4, 5, "
            "6, 7; r4c1 <> 3, 4, 5, 6, 7, 8, 9");
}

// The committed killer sample: each puzzle solved, every step sound against the
// solution the variant search finds, by both profiles, with the ratings kept.
TEST(VariantLogic, KillerSampleIsSolvedSoundly) {
  const std::string path = testing::test_data("killer_sample.txt");
  const std::string names = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  int total = 0;
  std::map<Technique, int> used;
  for (const std::string& line : lines_of(path)) {
    std::istringstream in(line);
    std::string givens, cages, sums, se, modern;
    ASSERT_TRUE(in >> givens >> cages >> sums >> se >> modern) << line;
    VariantPuzzle p(g9());
    for (int c = 0; c < 81; ++c) p.givens.set(c, givens[c] == '.' ? 0 : givens[c] - '0');
    std::istringstream sum_list(sums);
    int k = 0;
    for (std::string sum; std::getline(sum_list, sum, ','); ++k) {
      Constraint cage{ConstraintKind::killer_cage};
      for (int c = 0; c < 81; ++c) {
        if (cages[static_cast<std::size_t>(c)] == names[static_cast<std::size_t>(k)])
          cage.cells.push_back(c);
      }
      cage.value = std::stoi(sum);
      p.constraints.push_back(cage);
    }
    const auto board = board_of(p);
    ASSERT_TRUE(board);
    const SolveResult solved = solve_variant(p, {});
    ASSERT_EQ(solved.outcome(), Outcome::solved) << line;
    const LogicState start(on(p.givens, *board));
    for (Profile profile : {Profile::se, Profile::modern}) {
      LogicOptions options;
      options.profile = profile;
      const LogicPath found = solve_path(start, options);
      expect_sound(found, start, *solved.solution, line);
      const Rating r = rate_path(found);
      const std::string expected = profile == Profile::se ? se : modern;
      EXPECT_EQ((r.stuck ? ">=" : "") + se_form(r), expected) << line;
      if (profile == Profile::se) {
        EXPECT_TRUE(found.solved) << line;
      }
      for (const Step& step : found.steps) ++used[step.technique];
    }
    ++total;
  }
  EXPECT_EQ(total, 42) << path;
  EXPECT_GT(used[Technique::cage_combination], 0);
  EXPECT_GT(used[Technique::cage_overlap], 0);
  EXPECT_GT(used[Technique::innies_outies], 0);
}

// --- dots, lines and one-cell rules ---------------------------------------------

// The first step an empty 9x9 board with `rules` takes, and its text.
std::string first_text(const VariantPuzzle& p, Technique technique) {
  const auto board = board_of(p);
  if (!board) return "unread";
  LogicState s(on(p.givens, *board));
  const std::optional<Step> step = first_of(s, technique);
  if (!step) return "none";
  EXPECT_EQ(step->rating, technique == Technique::odd_even ? 10 : 20);
  return render_step(*step, *board);
}

TEST(VariantLogic, ThermometerReadsItsRanges) {
  VariantPuzzle p(g9());
  p.constraints.push_back({ConstraintKind::thermometer, {0, 1, 2, 11}});
  const auto board = board_of(p);
  ASSERT_TRUE(board);
  // A thermometer's digits differ: its cells are peers, r2c3 and r1c1 too.
  EXPECT_TRUE(board->sees(0, 11));
  EXPECT_TRUE(board->related(11));
  EXPECT_FALSE(board->related(12));
  EXPECT_EQ(first_text(p, Technique::thermometer),
            "Thermometer: the digits rise from the bulb at r1c1 along r1c2, r1c3, r2c3 => "
            "r1c1 <> 7, 8, 9; r1c2 <> 1, 8, 9; r1c3 <> 1, 2, 9; r2c3 <> 1, 2, 3");
  // A placed digit narrows the rest of the line: 5 in r1c2 leaves 6 to 8 for r1c3.
  LogicState s(on(p.givens, *board));
  s.place(1, 5);
  const std::optional<Step> step = first_of(s, Technique::thermometer);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->eliminations.front().cell, 0);
  for (const CellDigit& e : step->eliminations) {
    if (e.cell == 2) {
      EXPECT_TRUE(e.digit < 6 || e.digit == 9) << e.digit;
    }
  }
}

TEST(VariantLogic, DotsAndTheirNegativesArePairs) {
  VariantPuzzle p(g9());
  p.constraints.push_back({ConstraintKind::ratio, {0, 1}});
  p.constraints.push_back({ConstraintKind::difference, {9, 10}, {}, 4});
  EXPECT_EQ(first_text(p, Technique::kropki),
            "Kropki Dot: the black dot between r1c1 and r1c2 makes one twice the other => "
            "r1c1, r1c2 <> 5, 7, 9");
  p.givens.set(9, 1);
  const auto board = board_of(p);
  ASSERT_TRUE(board);
  LogicState s(on(p.givens, *board));
  s.apply(*first_of(s, Technique::kropki));
  EXPECT_EQ(render_step(*first_of(s, Technique::kropki), *board),
            "Kropki Dot: the white dot between r2c1 and r2c2 puts them 4 apart => r2c2 <> 2, 3, 4, "
            "6, 7, 8, 9");
  // Every dot given: a pair without one is neither consecutive nor double.
  VariantPuzzle every(g9());
  every.givens.set(0, 4);
  every.constraints.push_back({ConstraintKind::difference, {1, 2}});
  every.constraints.push_back({ConstraintKind::non_consecutive});
  every.constraints.push_back({ConstraintKind::negative_ratio});
  const auto all_dots = board_of(every);
  ASSERT_TRUE(all_dots);
  EXPECT_FALSE(all_dots->layout()->non_consecutive) << "read pair by pair beside the dots";
  LogicState e(on(every.givens, *all_dots));
  std::vector<std::string> texts;
  for (int i = 0; i < 4; ++i) {
    const std::optional<Step> step = first_of(e, Technique::kropki);
    ASSERT_TRUE(step);
    texts.push_back(render_step(*step, *all_dots));
    e.apply(*step);
  }
  // The dot allows every digit at first: each has a neighbour but 4, which r1c1 holds.
  const std::vector<std::string> want = {
      "Kropki Dot: no white dot joins r1c1 and r1c2, so they are not consecutive => r1c2 <> 3, 5",
      "Kropki Dot: no white dot joins r1c1 and r2c1, so they are not consecutive => r2c1 <> 3, 5",
      "Kropki Dot: no black dot joins r1c1 and r1c2, so neither is twice the other => r1c2 <> 2, 8",
      "Kropki Dot: the white dot between r1c2 and r1c3 puts them 1 apart => r1c3 <> 1, 3, 9",
  };
  EXPECT_EQ(texts, want);
}

TEST(VariantLogic, XvWhispersPalindromesAndCells) {
  VariantPuzzle xv(g9());
  xv.constraints.push_back({ConstraintKind::xv, {0, 1}, {}, 5});
  xv.constraints.push_back({ConstraintKind::negative_xv});
  EXPECT_EQ(first_text(xv, Technique::xv),
            "XV: the V between r1c1 and r1c2 makes them add up to 5 => r1c1, r1c2 <> 5, 6, 7, 8, 9");
  // With 3 in their box, 2 has no partner.
  xv.givens.set(10, 3);
  EXPECT_EQ(first_text(xv, Technique::xv),
            "XV: the V between r1c1 and r1c2 makes them add up to 5 => r1c1, r1c2 <> 2, 5, 6, 7, 8, "
            "9");

  VariantPuzzle whisper(g9());
  whisper.constraints.push_back({ConstraintKind::whispers, {0, 10, 20}});
  const auto wb = board_of(whisper);
  ASSERT_TRUE(wb);
  EXPECT_TRUE(wb->sees(10, 20)) << "neighbours on a whisper differ";
  EXPECT_EQ(first_text(whisper, Technique::german_whispers),
            "German Whispers: neighbours on the line r1c1, r2c2, r3c3 differ by at least 5 => "
            "r1c1, r2c2, r3c3 <> 5");

  VariantPuzzle palindrome(g9());
  palindrome.givens.set(0, 7);
  palindrome.constraints.push_back({ConstraintKind::palindrome, {0, 10, 20}});
  EXPECT_EQ(first_text(palindrome, Technique::palindrome),
            "Palindrome: the line r1c1, r2c2, r3c3 reads the same from either end => r3c3 <> 1, 2, "
            "3, 4, 5, 6, 8, 9");

  VariantPuzzle cells(g9());
  cells.constraints.push_back({ConstraintKind::even, {40}});
  cells.constraints.push_back({ConstraintKind::minimum, {0}});
  EXPECT_EQ(first_text(cells, Technique::odd_even),
            "Odd/Even Cell: r5c5 is even => r5c5 <> 1, 3, 5, 7, 9");
  EXPECT_EQ(first_text(cells, Technique::minimum_maximum),
            "Minimum/Maximum: r1c1 is below each of its neighbours => r1c1 <> 9; r1c2, r2c1 <> 1");
}

TEST(VariantLogic, GroupRulesReadWhatTheirCellsCanMake) {
  // A renban of three holding 9 needs 7 and 8 beside it.
  VariantPuzzle renban(g9());
  renban.givens.set(0, 9);
  renban.constraints.push_back({ConstraintKind::renban, {0, 1, 2}});
  const auto rb = board_of(renban);
  ASSERT_TRUE(rb);
  EXPECT_TRUE(rb->sees(0, 2));
  EXPECT_EQ(first_text(renban, Technique::renban),
            "Renban: the digits of r1c1, r1c2, r1c3 are consecutive, in some order => r1c2, "
            "r1c3 <> 1, 2, 3, 4, 5, 6");
  // A between line from 2 to 5: the inner cells are 3 or 4.
  VariantPuzzle between(g9());
  between.givens.set(0, 2);
  between.givens.set(3, 5);
  between.constraints.push_back({ConstraintKind::between, {0, 10, 11, 3}});
  EXPECT_EQ(first_text(between, Technique::between_line),
            "Between Line: the digits of r2c2, r2c3 lie strictly between those of r1c1 and r1c4 "
            "=> r2c2, r2c3 <> 1, 5, 6, 7, 8, 9");
  // An arrow of three cells of a row: its circle is at least 1+2+3, each cell
  // at most 9-1-2.
  VariantPuzzle arrow(g9());
  arrow.constraints.push_back({ConstraintKind::arrow, {40, 41, 42, 43}});
  EXPECT_EQ(first_text(arrow, Technique::arrow),
            "Arrow: the digits along the arrow r5c6, r5c7, r5c8 add up to the circle at r5c5 => "
            "r5c5 <> 1, 2, 3, 4, 5; r5c6, r5c7, r5c8 <> 7, 8, 9");
  // A pill of two cells read as a number: at most 27 from three cells.
  VariantPuzzle pill(g9());
  pill.constraints.push_back({ConstraintKind::pill_arrow, {0, 1, 2, 11, 20}, {}, 2});
  const auto pb = board_of(pill);
  ASSERT_TRUE(pb);
  LogicState ps(on(pill.givens, *pb));
  const std::optional<Step> pill_step = first_of(ps, Technique::arrow);
  ASSERT_TRUE(pill_step);
  EXPECT_EQ(render_step(*pill_step, *pb).rfind(
                "Arrow: the digits along the arrow r1c3, r2c3, r3c3 add up to the number in the "
                "pill r1c1, r1c2 => r1c1 <> 3, 4, 5, 6, 7, 8, 9",
                0),
            0u)
      << render_step(*pill_step, *pb);
  // A little killer of 6 along three cells of box 1's diagonal: 1+2+3.
  VariantPuzzle little(g9());
  little.constraints.push_back({ConstraintKind::little_killer, {0, 10, 20}, {}, 6});
  EXPECT_EQ(first_text(little, Technique::little_killer),
            "Little Killer: the digits on the diagonal r1c1, r2c2, r3c3 add up to 6 => r1c1, "
            "r2c2, r3c3 <> 4, 5, 6, 7, 8, 9");
}

TEST(VariantLogic, CluesOutsideTheGridAndQuadruples) {
  VariantPuzzle sandwich(g9());
  std::vector<int> column;
  for (int r = 0; r < 9; ++r) column.push_back(r * 9 + 1);
  sandwich.constraints.push_back({ConstraintKind::sandwich, column, {}, 35});
  // 35 is 2+3+...+8: the 1 and the 9 sit at the ends of column 2.
  EXPECT_EQ(first_text(sandwich, Technique::sandwich),
            "Sandwich: the digits between the 1 and the 9 in column 2 from r1c2 add up to 35 => "
            "r1c2, r9c2 <> 2, 3, 4, 5, 6, 7, 8; r2c2, r3c2, r4c2, r5c2, r6c2, r7c2, r8c2 <> 1, 9");
  VariantPuzzle sky(g9());
  std::vector<int> row(9);
  for (int c = 0; c < 9; ++c) row[static_cast<std::size_t>(c)] = 9 * 4 + c;
  // Nine seen: the row rises 1 to 9.
  sky.constraints.push_back({ConstraintKind::skyscraper, row, {}, 9});
  const std::string rising = first_text(sky, Technique::skyscraper_clue);
  EXPECT_EQ(rising.rfind("Skyscraper Clue: 9 digits of row 5 from r5c1 are seen, each higher than "
                         "every one before it => r5c1 <> 2, 3, 4, 5, 6, 7, 8, 9; r5c2 <> 1, 3,",
                         0),
            0u)
      << rising;
  VariantPuzzle quad(g9());
  quad.constraints.push_back({ConstraintKind::quadruple, {0, 1, 9, 10}, {1, 2, 3, 4}});
  EXPECT_EQ(first_text(quad, Technique::quadruple),
            "Quadruple: the cells r1c1, r1c2, r2c1, r2c2 hold 1, 2, 3, 4 => r1c1, r1c2, r2c1, "
            "r2c2 <> 5, 6, 7, 8, 9");
  VariantPuzzle xsum(g9());
  xsum.constraints.push_back({ConstraintKind::x_sum, column, {}, 1});
  EXPECT_EQ(first_text(xsum, Technique::x_sum),
            "X-Sum: the first X digits of column 2 from r1c2, X being the first, add up to 1 => "
            "r1c2 <> 2, 3, 4, 5, 6, 7, 8, 9; r2c2, r3c2, r4c2, r5c2, r6c2, r7c2, r8c2, r9c2 <> 1");
}

// A board with a relation plays no uniqueness pattern across its cells: the
// relation is not symmetric in their digits.
TEST(VariantLogic, UniquenessStandsAsideFromRelations) {
  VariantPuzzle p(g9());
  p.constraints.push_back({ConstraintKind::thermometer, {0, 1}});
  const auto board = board_of(p);
  ASSERT_TRUE(board);
  EXPECT_TRUE(board->has_relations());
  const VariantPuzzle back = variant_of(Grid(*board));
  ASSERT_EQ(back.constraints.size(), 1u);
  EXPECT_EQ(back.constraints[0].kind, ConstraintKind::thermometer);
  EXPECT_EQ(back.constraints[0].cells, (std::vector<int>{0, 1}));
}

}  // namespace
}  // namespace nonet
