#include "nonet/variant.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "nonet/format.h"
#include "support/variant_rules.h"

namespace nonet {
namespace {

using testing::broken_rule;

const Geometry& four() { return *Geometry::get(2, 2); }

SolveOptions limit(std::uint64_t n) {
  SolveOptions o;
  o.limit = n;
  return o;
}

// Every 4x4 Latin square (576): the whole space an independent count searches.
std::vector<Grid> latin_squares() {
  std::vector<Grid> out;
  Grid g(four());
  const auto fill = [&](auto&& self, int cell) -> void {
    if (cell == 16) {
      out.push_back(g);
      return;
    }
    for (int d = 1; d <= 4; ++d) {
      bool ok = true;
      for (int i = 0; i < 4 && ok; ++i)
        ok = g[four().cell(cell / 4, i)] != d && g[four().cell(i, cell % 4)] != d;
      if (!ok) continue;
      g.set(cell, d);
      self(self, cell + 1);
      g.set(cell, 0);
    }
  };
  fill(fill, 0);
  return out;
}

// A random line of `length` cells, each touching the one before, none twice.
std::vector<int> random_line(std::mt19937& rng, const Geometry& g, int length) {
  std::vector<int> line = {static_cast<int>(rng() % static_cast<unsigned>(g.cell_count()))};
  while (static_cast<int>(line.size()) < length) {
    std::vector<int> next;
    const int cell = line.back();
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = g.row_of(cell) + dr, c = g.col_of(cell) + dc;
        if (r < 0 || c < 0 || r >= g.side() || c >= g.side()) continue;
        if (std::find(line.begin(), line.end(), g.cell(r, c)) == line.end()) next.push_back(g.cell(r, c));
      }
    if (next.empty()) break;
    line.push_back(next[rng() % next.size()]);
  }
  return line;
}

// A constraint of a random kind on random cells, its value taken from `truth`
// when `fit` (so that it usually holds there) or at random.
Constraint random_constraint(std::mt19937& rng, const Grid& truth, bool fit) {
  const Geometry& g = truth.geometry();
  const int n = g.side();
  const auto kind = static_cast<ConstraintKind>(rng() % constraint_kinds().size());
  Constraint c{kind};
  const auto sum_of = [&](std::size_t from) {
    int s = 0;
    for (std::size_t i = from; i < c.cells.size(); ++i) s += truth[c.cells[i]];
    return s;
  };
  switch (kind) {
    case ConstraintKind::extra_region:
    case ConstraintKind::killer_cage:
    case ConstraintKind::renban:
      c.cells = random_line(rng, g, 1 + static_cast<int>(rng() % 4));
      std::sort(c.cells.begin(), c.cells.end());
      if (kind == ConstraintKind::renban) c.cells = random_line(rng, g, 1 + static_cast<int>(rng() % 3));
      if (kind == ConstraintKind::killer_cage && rng() % 4)
        c.value = fit ? sum_of(0) : 1 + static_cast<int>(rng() % 10);
      break;
    case ConstraintKind::difference:
    case ConstraintKind::ratio:
    case ConstraintKind::xv: {
      const auto line = random_line(rng, g, 2);
      if (line.size() < 2 || std::abs(g.row_of(line[0]) - g.row_of(line[1])) +
                                     std::abs(g.col_of(line[0]) - g.col_of(line[1])) != 1)
        return random_constraint(rng, truth, fit);
      c.cells = line;
      if (kind == ConstraintKind::xv) c.value = rng() % 2 ? 5 : 10;
      if (kind == ConstraintKind::difference && rng() % 3 == 0) c.value = 2;
      break;
    }
    case ConstraintKind::odd:
    case ConstraintKind::even:
    case ConstraintKind::minimum:
    case ConstraintKind::maximum:
      c.cells = {static_cast<int>(rng() % 16)};
      break;
    case ConstraintKind::thermometer:
    case ConstraintKind::whispers:
    case ConstraintKind::palindrome:
    case ConstraintKind::between:
      c.cells = random_line(rng, g, 2 + static_cast<int>(rng() % 3));
      if (c.cells.size() < 2) return random_constraint(rng, truth, fit);
      break;
    case ConstraintKind::arrow:
      c.cells = random_line(rng, g, 2 + static_cast<int>(rng() % 2));
      if (c.cells.size() < 2) return random_constraint(rng, truth, fit);
      break;
    case ConstraintKind::little_killer: {
      // A diagonal from an edge.
      const int start = static_cast<int>(rng() % static_cast<unsigned>(n));
      for (int i = 0; start + i < n; ++i) c.cells.push_back(g.cell(i, start + i));
      c.value = fit ? sum_of(0) : static_cast<int>(c.cells.size()) + static_cast<int>(rng() % 6);
      break;
    }
    case ConstraintKind::clone: {
      const int a = static_cast<int>(rng() % 16), b = static_cast<int>(rng() % 16);
      if (a == b) return random_constraint(rng, truth, fit);
      c.cells = {a};
      c.other = {b};
      break;
    }
    case ConstraintKind::candidates: {
      const int cell = static_cast<int>(rng() % 16);
      c.cells = {cell};
      for (int d = 1; d <= n; ++d)
        if (rng() % 2 || (fit && d == truth[cell])) c.other.push_back(d);
      if (c.other.empty()) c.other.push_back(1);
      break;
    }
    case ConstraintKind::region_sum_line:
      c.cells = random_line(rng, g, 2 + static_cast<int>(rng() % 4));
      break;
    case ConstraintKind::pill_arrow: {
      // A pill of two cells in a row (its number 11 or 12 on 4x4) and an arrow after it.
      const int r = static_cast<int>(rng() % 4), col = static_cast<int>(rng() % 3);
      c.cells = {g.cell(r, col), g.cell(r, col + 1)};
      c.value = 2;
      for (int row = r + 1; row < n && c.cells.size() < 6; ++row)
        c.cells.push_back(g.cell(row, col + 1));
      if (c.cells.size() < 3) return random_constraint(rng, truth, fit);
      break;
    }
    case ConstraintKind::quadruple: {
      const int r = static_cast<int>(rng() % 3), col = static_cast<int>(rng() % 3);
      c.cells = {g.cell(r, col), g.cell(r, col + 1), g.cell(r + 1, col), g.cell(r + 1, col + 1)};
      const int listed = 1 + static_cast<int>(rng() % 4);
      for (int i = 0; i < listed; ++i)
        c.other.push_back(fit ? truth[c.cells[rng() % 4]] : 1 + static_cast<int>(rng() % 4));
      break;
    }
    case ConstraintKind::sandwich:
    case ConstraintKind::x_sum:
    case ConstraintKind::skyscraper: {
      const int line = static_cast<int>(rng() % 4);
      const bool column = rng() % 2, backwards = rng() % 2;
      for (int i = 0; i < n; ++i) {
        const int at = backwards ? n - 1 - i : i;
        c.cells.push_back(column ? g.cell(at, line) : g.cell(line, at));
      }
      if (!fit) {
        c.value = static_cast<int>(rng() % 8);
      } else if (kind == ConstraintKind::skyscraper) {
        int tallest = 0;
        for (const int x : c.cells)
          if (truth[x] > tallest) tallest = truth[x], ++c.value;
      } else if (kind == ConstraintKind::x_sum) {
        for (int i = 0; i < truth[c.cells[0]]; ++i)
          c.value += truth[c.cells[static_cast<std::size_t>(i)]];
      } else {
        bool inside = false;
        for (const int x : c.cells) {
          if (truth[x] == 1 || truth[x] == n)
            inside = !inside;
          else if (inside)
            c.value += truth[x];
        }
      }
      break;
    }
    default:
      break;  // the kinds that hold on the whole board
  }
  return c;
}

TEST(Variant, EveryAnswerOnFourByFourAgreesWithAnIndependentCount) {
  const std::vector<Grid> squares = latin_squares();
  ASSERT_EQ(squares.size(), 576u);
  std::mt19937 rng(20261126);
  int unique = 0, none = 0, several = 0;
  std::vector<int> kinds(constraint_kinds().size(), 0);
  for (int trial = 0; trial < 1500; ++trial) {
    const Grid& truth = squares[rng() % squares.size()];
    VariantPuzzle p(four());
    const int shape = static_cast<int>(rng() % 6);
    if (shape == 0) p.no_regions = true;
    if (shape == 1) p.regions = {0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3};
    const bool fits = rng() % 5 != 0;
    const int wanted = 1 + static_cast<int>(rng() % 5);
    for (int tries = 0; tries < 40 && static_cast<int>(p.constraints.size()) < wanted; ++tries) {
      p.constraints.push_back(random_constraint(rng, truth, fits));
      if (!check(p)) {
        p.constraints.pop_back();
        continue;
      }
      // A fitting puzzle keeps only what the truth keeps.
      VariantPuzzle one(four());
      one.no_regions = true;
      one.constraints = {p.constraints.back()};
      if (fits && !broken_rule(one, truth).empty()) p.constraints.pop_back();
    }
    for (int cell = 0; cell < 16; ++cell)
      if (rng() % 8 == 0) p.givens.set(cell, truth[cell]);
    ASSERT_TRUE(check(p)) << check(p).error().to_string();

    std::uint64_t expected = 0;
    for (const Grid& g : squares) expected += broken_rule(p, g).empty() ? 1 : 0;
    const SolveResult r = solve_variant(p, limit(1000));
    ASSERT_TRUE(r.exhausted) << "trial " << trial;
    ASSERT_EQ(r.count, expected) << "trial " << trial << ": " << p.constraints.size()
                                 << " constraints, first " << (p.constraints.empty() ? "" : describe(p, 0));
    if (expected > 0) {
      ASSERT_TRUE(r.solution.has_value());
      EXPECT_EQ(broken_rule(p, *r.solution), "") << "trial " << trial;
    }
    unique += expected == 1, none += expected == 0, several += expected > 1;
    for (const Constraint& c : p.constraints) ++kinds[static_cast<std::size_t>(c.kind)];
  }
  for (std::size_t k = 0; k < kinds.size(); ++k)
    EXPECT_GE(kinds[k], 10) << constraint_kinds()[k].name << " was hardly tried";
  // The trials reach every outcome.
  EXPECT_GT(unique, 20);
  EXPECT_GT(none, 20);
  EXPECT_GT(several, 20);
}

// validate_variant on filled 4x4 boards names exactly the constraints the
// independent checker finds broken; on a partial board, a constraint it names
// cannot be completed (no filling of the board keeps it).
TEST(Variant, ValidationNamesEveryBrokenConstraint) {
  const std::vector<Grid> squares = latin_squares();
  std::mt19937 rng(7);
  int broken = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Grid& truth = squares[rng() % squares.size()];
    VariantPuzzle p(four());
    p.no_regions = true;  // the latin squares need not respect boxes
    for (int k = 0; k < 4; ++k) {
      p.constraints.push_back(random_constraint(rng, truth, rng() % 2 == 0));
      if (!check(p)) p.constraints.pop_back();
    }
    VariantPuzzle filled = p;
    filled.givens = truth;
    const VariantValidation v = validate_variant(filled);
    std::set<int> named, expected;
    for (const Violation& x : v.violations) {
      named.insert(x.constraint);
      EXPECT_FALSE(x.cells.empty()) << x.where;
    }
    for (std::size_t i = 0; i < p.constraints.size(); ++i) {
      VariantPuzzle one(four());
      one.no_regions = true;
      one.constraints = {p.constraints[i]};
      if (!testing::broken_rule(one, truth).empty()) expected.insert(static_cast<int>(i));
    }
    EXPECT_EQ(named, expected) << "trial " << trial;
    EXPECT_EQ(v.state, expected.empty() ? GridState::solved : GridState::invalid);
    broken += expected.empty() ? 0 : 1;
    // Half the cells emptied: a constraint named has no completion at all.
    VariantPuzzle partial = filled;
    for (int cell = 0; cell < 16; ++cell)
      if (rng() % 2) partial.givens.set(cell, 0);
    for (const Violation& x : validate_variant(partial).violations) {
      if (x.constraint < 0) continue;
      VariantPuzzle one(four());
      one.no_regions = true;
      one.constraints = {p.constraints[static_cast<std::size_t>(x.constraint)]};
      bool completes = false;
      for (const Grid& g : squares) {
        bool fits = true;
        for (int cell = 0; cell < 16 && fits; ++cell)
          fits = partial.givens[cell] == 0 || partial.givens[cell] == g[cell];
        completes = completes || (fits && testing::broken_rule(one, g).empty());
      }
      EXPECT_FALSE(completes) << x.where << " named on a board that can keep it, trial " << trial;
    }
  }
  EXPECT_GT(broken, 50) << "the trials break some constraints";
}

TEST(Variant, ValidationLocatesHousesAndBoardRules) {
  VariantPuzzle p(four());
  p.constraints = {{ConstraintKind::anti_king}, {ConstraintKind::killer_cage, {0, 1}, {}, 3}};
  p.givens.set(0, 1);
  p.givens.set(1, 3);  // the cage: 1 + 3 is not 3
  p.givens.set(4, 3);  // r2c1: a king's move from r1c2, in its box
  const VariantValidation v = validate_variant(p);
  ASSERT_EQ(v.state, GridState::invalid);
  std::vector<std::string> where;
  for (const Violation& x : v.violations) where.push_back(x.where);
  EXPECT_EQ(where, (std::vector<std::string>{"box 1: 3 twice", "anti-king 1",
                                             "killer cage 1 (r1c1, r1c2)"}));
  EXPECT_EQ(v.violations[0].cells, (std::vector<int>{1, 4}));
  EXPECT_EQ(v.violations[1].cells, (std::vector<int>{1, 4}));
  EXPECT_EQ(v.violations[2].cells, (std::vector<int>{0, 1}));
}

TEST(Variant, ClassicPuzzlesAnswerAsTheClassicSolverDoes) {
  const char* puzzles[] = {
      "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
      "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
      "1................................................................................",
  };
  for (const char* text : puzzles) {
    const ParsedPuzzle parsed = parse_puzzle(text);
    ASSERT_TRUE(parsed.ok()) << text;
    VariantPuzzle p(parsed->geometry());
    p.givens = *parsed;
    const SolveResult mine = solve_variant(p, {});
    const SolveResult classic = make_solver(parsed->geometry())->solve(*parsed, {});
    EXPECT_EQ(mine.outcome(), classic.outcome()) << text;
    if (mine.outcome() == Outcome::solved) {
      EXPECT_EQ(*mine.solution, *classic.solution) << text;
    }
  }
}

TEST(Variant, KillerAndThermoOnNineByNine) {
  // Cages and a thermometer read off a known grid, with no givens: the
  // answer keeps every rule, and the grid itself is among the solutions.
  const ParsedPuzzle solved = parse_puzzle(
      "483921657967345821251876493548132976729564138136798245372689514814253769695417382");
  ASSERT_TRUE(solved.ok());
  const Grid& truth = *solved;
  const Geometry& g = truth.geometry();
  VariantPuzzle p(g);
  // Dominoes across the board, each cage summing to what the grid holds.
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c + 1 < 9; c += 2)
      p.constraints.push_back({ConstraintKind::killer_cage, {g.cell(r, c), g.cell(r, c + 1)}, {},
                               truth[g.cell(r, c)] + truth[g.cell(r, c + 1)]});
  ASSERT_TRUE(check(p)) << check(p).error().to_string();
  const SolveResult r = solve_variant(p, limit(2));
  ASSERT_GE(r.count, 1u);
  EXPECT_EQ(broken_rule(p, *r.solution), "");
}

TEST(Variant, CheckNamesTheConstraintAndWhatIsWrong) {
  const Geometry& g = *Geometry::get(3, 3);
  const auto problem = [&](Constraint c, std::vector<int> regions = {}) {
    VariantPuzzle p(g);
    p.regions = std::move(regions);
    p.constraints = {std::move(c)};
    const Result<void> r = check(p);
    return r ? std::string() : r.error().message;
  };
  EXPECT_EQ(problem({ConstraintKind::killer_cage, {0, 1}, {}, 18}),
            "killer cage 1 (r1c1, r1c2): sums to 18, which 2 different digits cannot make (3 to 17)");
  EXPECT_EQ(problem({ConstraintKind::thermometer, {0, 1, 2, 3, 4, 5, 6, 7, 8, 17}}),
            "thermometer 1 (r1c1, r1c2, r1c3, r1c4, ...): is 10 cells long, more than the 9 digits can climb");
  EXPECT_EQ(problem({ConstraintKind::thermometer, {0, 2}}),
            "thermometer 1 (r1c1, r1c3): jumps from r1c1 to r1c3");
  EXPECT_EQ(problem({ConstraintKind::difference, {0, 10}}),
            "white dot 1 (r1c1, r2c2): joins cells that are not neighbours");
  EXPECT_EQ(problem({ConstraintKind::xv, {0, 1}, {}, 7}), "XV 1 (r1c1, r1c2): sums to 7, not 5 (V) or 10 (X)");
  EXPECT_EQ(problem({ConstraintKind::anti_knight, {3}}),
            "anti-knight 1 (r1c4): holds on the whole board and takes no cells");
  EXPECT_EQ(problem({ConstraintKind::odd, {81}}), "odd 1 (cell 81): a cell off the 9x9 board");
  std::vector<int> regions(81, 0);
  EXPECT_EQ(problem({ConstraintKind::anti_king}, regions), "region 1 has 81 cells, not 9");
  EXPECT_EQ(problem({ConstraintKind::ratio, {0, 1}, {}, 1}),
            "black dot 1 (r1c1, r1c2): has the ratio 1, which no two different digits 1 to 9 have");
  EXPECT_EQ(problem({ConstraintKind::little_killer, {0, 10, 2}, {}, 10}),
            "little killer 1 (r1c1, r2c2, r1c3): is not a diagonal");
  EXPECT_EQ(problem({ConstraintKind::whispers, {0, 1}, {}, -2}),
            "German whispers 1 (r1c1, r1c2): asks for a difference of -2");
  EXPECT_EQ(problem({ConstraintKind::whispers, {0, 1}, {}, 9}),
            "German whispers 1 (r1c1, r1c2): asks for a difference of 9, which no two digits have");
}

TEST(Variant, StopsAtItsDeadline) {
  VariantPuzzle p(*Geometry::get(5, 5));  // an empty 25x25: endless to count
  SolveOptions options = limit(1000000);
  options.deadline = Deadline::after(std::chrono::milliseconds(200));
  const SolveResult r = solve_variant(p, options);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.outcome(), Outcome::timeout);
}

// docs/variants.md lists every kind with its rule, as the table has them.
TEST(Variant, DocsListEveryKind) {
  std::ifstream in(std::string(NONET_SOURCE_DIR) + "/docs/variants.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const std::size_t begin = doc.find("<!-- kinds -->"), end = doc.find("<!-- end -->");
  ASSERT_NE(begin, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  std::string listed = doc.substr(begin, end - begin);
  std::size_t rows = 0;
  for (const ConstraintKindInfo& k : constraint_kinds()) {
    const std::string row = std::string("| ") + k.name + " | `" + k.id + "` | " + k.rule + " |\n";
    EXPECT_NE(listed.find(row), std::string::npos) << row;
    ++rows;
  }
  EXPECT_EQ(static_cast<std::size_t>(std::count(listed.begin(), listed.end(), '\n')), rows + 3)
      << "a row for a kind that is not in the table";
}

}  // namespace
}  // namespace nonet
