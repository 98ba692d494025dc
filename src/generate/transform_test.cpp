// Transformations keep validity, solution count and map the solution alike;
// the canonical form is the same for every transformed copy, differs between
// different puzzles, and agrees with a brute-force minimum.

#include "nonet/transform.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "support/checker.h"

namespace nonet {
namespace {

Generated make_puzzle(int r, int c, std::uint64_t seed) {
  Generator gen(*Geometry::get(r, c));
  Rng rng(seed);
  return *gen.generate(rng, {}).puzzle;
}

std::vector<TransformOp> ops(std::string_view text) {
  Result<std::vector<TransformOp>> p = parse_transform_ops(text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error().message;
  return p ? *p : std::vector<TransformOp>{};
}

Transform build(const Geometry& g, std::string_view text) {
  Transform t(g);
  for (const TransformOp& op : ops(text)) {
    const Result<void> fits = t.then(op);
    EXPECT_TRUE(fits.ok()) << fits.error().message;
  }
  return t;
}

std::uint64_t count(const Grid& p) {
  SolveOptions o;
  o.limit = 2;
  return make_solver(p.geometry(), "general")->solve(p, o).count;
}

void expect_keeps_puzzle(const Generated& made, const Transform& t) {
  const Grid p = t.apply(made.puzzle), s = t.apply(made.solution);
  std::string why;
  EXPECT_TRUE(testing::check_solution(p, s, &why)) << why;
  EXPECT_EQ(count(p), 1u);
  EXPECT_EQ(p.filled_count(), made.puzzle.filled_count());
  SolveOptions o;
  EXPECT_EQ(make_solver(p.geometry())->solve(p, o).solution, s);
}

TEST(Transform, ParsesAndRejects) {
  const auto good =
      ops(" transpose, relabel:912345678 ,rows:2:312,bands:321,cols:3:213,stacks:132,"
          "rot90,rot180,rot270,mirror,flip,antitranspose");
  ASSERT_EQ(good.size(), 12u);
  EXPECT_EQ(good[1].kind, TransformKind::relabel);
  EXPECT_EQ(good[1].perm[0], 8);
  EXPECT_EQ(good[2].block, 1);
  EXPECT_EQ(to_string(good[2]), "rows:2:312");
  EXPECT_EQ(to_string(good[1]), "relabel:912345678");
  const std::string bad[] = {"",
                             "transpose,",
                             "turn",
                             "transpose:1",
                             "relabel",
                             "relabel:",
                             "relabel:1123",
                             "relabel:1x",
                             "rows:1",
                             "rows:0:12",
                             "rows:a:12",
                             "rows:99999999999:12",
                             "bands:1203",
                             "cols:1:",
                             std::string(200, 'r'),
                             "stacks:1,,mirror"};
  for (const std::string& text : bad) {
    const Result<std::vector<TransformOp>> p = parse_transform_ops(text);
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_NE(p.error().message.find("operation"), std::string::npos) << p.error().message;
  }
  const auto second = parse_transform_ops("mirror,frobnicate");
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().message.find("operation 2"), std::string::npos);
  EXPECT_EQ(second.error().column, 8);  // where the operation starts
}

TEST(Transform, OperationsThatDoNotFitAreRefused) {
  const Geometry& g = *Geometry::get(3, 3);
  Transform t(g);
  for (const char* text :
       {"relabel:1234", "rows:4:123", "rows:1:12", "bands:12", "cols:5:123", "stacks:1234"}) {
    const auto o = ops(text);
    ASSERT_EQ(o.size(), 1u);
    const Result<void> fits = t.then(o[0]);
    ASSERT_FALSE(fits.ok()) << text;
    EXPECT_NE(fits.error().message.find("9x9"), std::string::npos) << fits.error().message;
  }
  EXPECT_EQ(t.source_cell()[5], 5);  // unchanged by the refusals
}

TEST(Transform, EachOperationKeepsThePuzzle) {
  const char* all[] = {"relabel:912345678",
                       "transpose",
                       "antitranspose",
                       "rot90",
                       "rot180",
                       "rot270",
                       "mirror",
                       "flip",
                       "rows:2:312",
                       "bands:231",
                       "cols:1:321",
                       "stacks:213"};
  const Generated made = make_puzzle(3, 3, 8);
  for (const char* text : all) expect_keeps_puzzle(made, build(made.puzzle.geometry(), text));
  // Non-square boxes: turning gives the transposed box shape.
  const Generated six = make_puzzle(2, 3, 8);
  for (const char* text : {"transpose", "rot90", "rot270", "antitranspose"}) {
    const Transform t = build(six.puzzle.geometry(), text);
    EXPECT_EQ(&t.target(), Geometry::get(3, 2));
    expect_keeps_puzzle(six, t);
  }
  for (const char* text : {"rot180", "mirror", "flip", "rows:3:21", "bands:321", "cols:2:312",
                           "stacks:21", "relabel:654321"}) {
    const Transform t = build(six.puzzle.geometry(), text);
    EXPECT_EQ(&t.target(), &six.puzzle.geometry());
    expect_keeps_puzzle(six, t);
  }
}

TEST(Transform, Semantics) {
  const Geometry& g = *Geometry::get(3, 3);
  Grid p(g);
  p.set(g.cell(0, 0), 1);
  p.set(g.cell(0, 1), 2);
  EXPECT_EQ(build(g, "relabel:912345678").apply(p)[g.cell(0, 0)], 9);
  EXPECT_EQ(build(g, "rot90").apply(p)[g.cell(0, 8)], 1);  // clockwise: top-left to top-right
  EXPECT_EQ(build(g, "rot90").apply(p)[g.cell(1, 8)], 2);
  EXPECT_EQ(build(g, "transpose").apply(p)[g.cell(1, 0)], 2);
  EXPECT_EQ(build(g, "mirror").apply(p)[g.cell(0, 7)], 2);
  EXPECT_EQ(build(g, "flip").apply(p)[g.cell(8, 0)], 1);
  EXPECT_EQ(build(g, "cols:1:213").apply(p)[g.cell(0, 0)], 2);  // new col 1 = old col 2
  EXPECT_EQ(build(g, "stacks:312").apply(p)[g.cell(0, 3)], 1);
  const Generated made = make_puzzle(3, 3, 9);
  const Grid& q = made.puzzle;
  for (const char* identity : {"rot90,rot90,rot90,rot90", "transpose,transpose", "rot90,rot270",
                               "mirror,mirror", "antitranspose,antitranspose",
                               "rows:1:231,rows:1:312", "relabel:234567891,relabel:912345678"})
    EXPECT_EQ(build(g, identity).apply(q), q) << identity;
  EXPECT_EQ(build(g, "rot90").apply(q), build(g, "transpose,mirror").apply(q));
  EXPECT_EQ(build(g, "rot180").apply(q), build(g, "mirror,flip").apply(q));
}

TEST(Transform, RandomKeepsShapeAndPuzzle) {
  for (auto [r, c] : {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {3, 4}}) {
    const Generated made = make_puzzle(r, c, 12);
    std::set<std::string> seen;
    for (std::uint64_t s = 0; s < 10; ++s) {
      Rng rng(s);
      const Transform t = random_transform(made.puzzle.geometry(), rng);
      EXPECT_EQ(&t.target(), &made.puzzle.geometry());
      expect_keeps_puzzle(made, t);
      seen.insert(to_line(t.apply(made.puzzle)));
    }
    EXPECT_GT(seen.size(), 5u);
  }
}

// The smallest string over every row and column arrangement (and transposition
// for square boxes), renaming digits by first appearance, by enumeration.
std::string brute_canon(const Grid& p) {
  const Geometry& g = p.geometry();
  const int n = g.side();
  auto arrangements = [&](int per_block) {
    const int blocks = n / per_block;
    std::vector<std::vector<int>> out, inner;
    std::vector<int> w(static_cast<std::size_t>(per_block)),
        order(static_cast<std::size_t>(blocks));
    std::iota(w.begin(), w.end(), 0);
    do inner.push_back(w);
    while (std::next_permutation(w.begin(), w.end()));
    std::iota(order.begin(), order.end(), 0);
    do {
      std::vector<std::size_t> pick(static_cast<std::size_t>(blocks), 0);
      for (;;) {
        std::vector<int> m;
        for (int b = 0; b < blocks; ++b)
          for (int i = 0; i < per_block; ++i) m.push_back(order[b] * per_block + inner[pick[b]][i]);
        out.push_back(m);
        int k = 0;
        while (k < blocks && ++pick[k] == inner.size()) pick[k++] = 0;
        if (k == blocks) break;
      }
    } while (std::next_permutation(order.begin(), order.end()));
    return out;
  };
  const auto rows = arrangements(g.box_rows()), cols = arrangements(g.box_cols());
  std::string best(static_cast<std::size_t>(n * n), '~');
  for (int o = 0; o < (g.box_rows() == g.box_cols() ? 2 : 1); ++o)
    for (const auto& rm : rows)
      for (const auto& cm : cols) {
        int names[kMaxSide + 1] = {};
        int next = 1;
        std::string cur(best.size(), '.');
        bool smaller = false, larger = false;
        for (int i = 0; i < n * n && !larger; ++i) {
          const int r = rm[i / n], c = cm[i % n];
          const int v = o ? p[c * n + r] : p[r * n + c];
          char ch = '.';
          if (v) {
            if (!names[v]) names[v] = next++;
            ch = Geometry::symbol(names[v]);
          }
          cur[i] = ch;
          if (!smaller) {
            if (ch > best[i]) larger = true;
            if (ch < best[i]) smaller = true;
          }
        }
        if (smaller && !larger) best = cur;
      }
  return best;
}

TEST(Canon, AgreesWithBruteForce) {
  for (auto [r, c, seeds] : {std::tuple{3, 3, 1}, {2, 3, 10}, {3, 2, 10}, {2, 2, 10}, {2, 4, 3}}) {
    const Geometry& g = *Geometry::get(r, c);
    Canonicalizer canon(g);
    for (int s = 0; s < seeds; ++s) {
      const Generated made = make_puzzle(r, c, static_cast<std::uint64_t>(s) + 50);
      const std::string key = to_line(*canon.canonical(made.puzzle));
      EXPECT_EQ(key, brute_canon(made.puzzle)) << g.describe() << " " << to_line(made.puzzle);
      // The solution grid (no blanks) and an empty board too.
      if (s == 0) {
        // (9x9 full grids are left out: without blanks the brute force barely prunes.)
        if (g.side() < 9) {
          EXPECT_EQ(to_line(*canon.canonical(made.solution)), brute_canon(made.solution));
        }
        EXPECT_EQ(to_line(*canon.canonical(Grid(g))), std::string(g.cell_count(), '.'));
      }
    }
  }
}

TEST(Canon, SameForTransformedCopiesDifferentForDifferentPuzzles) {
  for (auto [r, c] : {std::pair{3, 3}, {2, 3}, {2, 4}}) {
    const Geometry& g = *Geometry::get(r, c);
    Canonicalizer canon(g);
    std::set<std::string> keys;
    const int puzzles = 30;
    for (int i = 0; i < puzzles; ++i) {
      const Generated made = make_puzzle(r, c, 1000 + static_cast<std::uint64_t>(i));
      const std::string key = to_line(*canon.canonical(made.puzzle));
      keys.insert(key);
      EXPECT_EQ(to_line(*canon.canonical(*parse_puzzle(key, {r, c}))), key) << "idempotent";
      for (std::uint64_t s = 0; s < 8; ++s) {
        Rng rng(s * 31 + static_cast<std::uint64_t>(i));
        const Grid copy = random_transform(g, rng).apply(made.puzzle);
        EXPECT_EQ(to_line(*canon.canonical(copy)), key) << to_line(made.puzzle);
      }
    }
    // Random minimal puzzles are essentially different (4x4 and 6x6 ones
    // sometimes coincide, so only the larger boards are held to it).
    if (g.side() >= 8)
      EXPECT_EQ(keys.size(), static_cast<std::size_t>(puzzles));
    else
      EXPECT_GT(keys.size(), static_cast<std::size_t>(puzzles) / 2);
  }
}

TEST(Canon, RefusesUnsupportedBoards) {
  EXPECT_TRUE(Canonicalizer::supports(*Geometry::get(3, 3)));
  EXPECT_TRUE(Canonicalizer::supports(*Geometry::get(2, 2)));
  EXPECT_FALSE(Canonicalizer::supports(*Geometry::get(4, 4)));
  EXPECT_FALSE(Canonicalizer::supports(*Geometry::get(3, 4)));
  Canonicalizer canon(*Geometry::get(3, 3));
  EXPECT_FALSE(canon.canonical(Grid(*Geometry::get(2, 3))));  // another board's grid
  Canonicalizer big(*Geometry::get(4, 4));
  EXPECT_FALSE(big.canonical(Grid(*Geometry::get(4, 4))));
}

}  // namespace
}  // namespace nonet
