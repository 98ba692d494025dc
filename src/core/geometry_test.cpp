#include "nonet/geometry.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>
#include <vector>

namespace nonet {
namespace {

TEST(Geometry, ClassicShape) {
  const Geometry* g = Geometry::get(3, 3);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->side(), 9);
  EXPECT_EQ(g->cell_count(), 81);
  EXPECT_EQ(g->peer_count(), 20);
  EXPECT_EQ(g->box_of(g->cell(4, 4)), 4);
  EXPECT_EQ(g->box_of(g->cell(8, 0)), 6);
  EXPECT_EQ(g->cell_name(g->cell(2, 3)), "r3c4");
  EXPECT_EQ(g->house_name(g->box_house(4)), "box 5");
  EXPECT_EQ(g->house_name(g->column_house(0)), "column 1");
  EXPECT_EQ(Geometry::get(3, 3), g) << "one shared instance per shape";
}

TEST(Geometry, EveryListedSizeHasConsistentTables) {
  for (auto [r, c] : std::vector<std::pair<int, int>>{
           {2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4}, {4, 4}, {4, 5}, {5, 5}}) {
    const Geometry* g = Geometry::get(r, c);
    ASSERT_NE(g, nullptr);
    const int n = r * c;
    EXPECT_EQ(g->peer_count(), 3 * n - r - c - 1);
    for (int h = 0; h < g->house_count(); ++h) {
      std::set<int> cells(g->house_cells(h).begin(), g->house_cells(h).end());
      EXPECT_EQ(static_cast<int>(cells.size()), n);
      for (int cell : cells) {
        auto hs = g->houses_of(cell);
        EXPECT_TRUE(hs[0] == h || hs[1] == h || hs[2] == h);
      }
    }
    // A box spans r rows and c columns.
    for (int b = 0; b < n; ++b) {
      std::set<int> rows, cols;
      for (int cell : g->house_cells(g->box_house(b))) {
        rows.insert(g->row_of(cell));
        cols.insert(g->col_of(cell));
      }
      EXPECT_EQ(static_cast<int>(rows.size()), r);
      EXPECT_EQ(static_cast<int>(cols.size()), c);
    }
  }
}

// Each shape is built once, on first use, however many threads ask for it at
// the same time: every thread gets the same object, of the shape it asked for.
TEST(Geometry, EveryShapeIsOneObjectForEveryThread) {
  std::vector<std::pair<int, int>> shapes;
  for (int r = 1; r <= kMaxSide; ++r)
    for (int c = 1; r * c <= kMaxSide; ++c) shapes.emplace_back(r, c);
  EXPECT_EQ(shapes.size(), 87u);
  constexpr int kThreads = 4;
  std::vector<std::vector<const Geometry*>> seen(kThreads);
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&shapes, &seen, t] {
        // From the largest shape down in every other thread, so that threads
        // meet on shapes not built yet.
        for (std::size_t i = 0; i < shapes.size(); ++i) {
          const auto [r, c] = shapes[t % 2 ? shapes.size() - 1 - i : i];
          seen[static_cast<std::size_t>(t)].push_back(Geometry::get(r, c));
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const auto [r, c] = shapes[i];
    const Geometry* g = Geometry::get(r, c);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->box_rows(), r);
    EXPECT_EQ(g->box_cols(), c);
    EXPECT_EQ(g->side(), r * c);
    for (int t = 0; t < kThreads; ++t) {
      const std::vector<const Geometry*>& got = seen[static_cast<std::size_t>(t)];
      EXPECT_EQ(got[t % 2 ? shapes.size() - 1 - i : i], g) << r << "x" << c << ", thread " << t;
    }
  }
}

// shared_slots and crossing against their definitions, cell by cell.
TEST(Geometry, SharedSlotsAndCrossingHouses) {
  for (auto [r, c] : std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 5}}) {
    const Geometry* g = Geometry::get(r, c);
    ASSERT_NE(g, nullptr);
    const int n = g->side();
    auto holds = [&](int house, int cell) {
      const auto hs = g->houses_of(cell);
      return hs[0] == house || hs[1] == house || hs[2] == house;
    };
    for (int a = 0; a < g->house_count(); ++a) {
      for (int b = 0; b < g->house_count(); ++b) {
        Mask want = 0;
        for (int i = 0; i < n; ++i)
          if (holds(b, g->house_cells(a)[i])) want |= Mask{1} << i;
        EXPECT_EQ(g->shared_slots(a, b), want) << g->describe() << " " << a << " " << b;
      }
      for (HouseKind kind : {HouseKind::row, HouseKind::column, HouseKind::box}) {
        Mask want = 0;
        for (int i = 0; i < n; ++i) {
          const int other = static_cast<int>(kind) * n + i;
          for (int cell : g->house_cells(a))
            if (holds(other, cell)) want |= Mask{1} << i;
        }
        EXPECT_EQ(g->crossing(kind, a), want) << g->describe() << " " << a;
      }
    }
  }
  // Row 1 of a 9x9 board meets boxes 1-3, and holds slots 3-5 of box 2.
  const Geometry& nine = *Geometry::get(3, 3);
  EXPECT_EQ(nine.crossing(HouseKind::box, nine.row_house(0)), 0b111u);
  EXPECT_EQ(nine.shared_slots(nine.row_house(0), nine.box_house(1)), 0b111000u);
}

TEST(Geometry, ShapeFromCellCount) {
  EXPECT_EQ(Geometry::for_cell_count(81), Geometry::get(3, 3));
  EXPECT_EQ(Geometry::for_cell_count(36), Geometry::get(2, 3));
  EXPECT_EQ(Geometry::for_cell_count(144), Geometry::get(3, 4));
  EXPECT_EQ(Geometry::for_cell_count(400), Geometry::get(4, 5));
  EXPECT_EQ(Geometry::for_cell_count(625), Geometry::get(5, 5));
  EXPECT_EQ(Geometry::for_cell_count(80), nullptr);
  EXPECT_EQ(Geometry::get(6, 6), nullptr) << "36 is above the widest side";
  EXPECT_EQ(Geometry::get(0, 3), nullptr);
  EXPECT_EQ(Geometry::get(600000000, 4334), nullptr) << "a product beyond int is refused";
  EXPECT_EQ(Geometry::get(1, 2147483647), nullptr);
  EXPECT_EQ(Geometry::get(-65536, -65536), nullptr);
}

TEST(Geometry, ShapesAndCellNamesFromText) {
  EXPECT_EQ(*Geometry::from_shape("3x3"), Geometry::get(3, 3));
  EXPECT_EQ(*Geometry::from_shape("2X3"), Geometry::get(2, 3));
  for (const char* bad : {"", "x", "3x", "x3", "3x3x", "3 x3", "+3x3", "-3x3", "3x3 ", "6x6",
                          "600000000x4334", "4294967299x1", "1x4294967299", "3y3", "0x9"}) {
    const Result<const Geometry*> shape = Geometry::from_shape(bad);
    ASSERT_FALSE(shape.ok()) << '"' << bad << '"';
    EXPECT_NE(shape.error().message.find("box shape"), std::string::npos) << shape.error().message;
  }
  const Geometry& g = *Geometry::get(3, 3);
  EXPECT_EQ(g.cell_from_name("r1c1"), 0);
  EXPECT_EQ(g.cell_from_name("r3c5"), g.cell(2, 4));
  EXPECT_EQ(g.cell_from_name("R9C9"), 80);
  for (const char* bad : {"", "r1", "r1c", "rc1", "r0c1", "r10c1", "r1c10", "r1C1", "R1c1",
                          "r4294967297c1", "r1c4294967297", "r-1c1", "r1c1x", " r1c1", "c1r1"}) {
    EXPECT_EQ(g.cell_from_name(bad), -1) << '"' << bad << '"';
  }
  EXPECT_EQ(Geometry::get(4, 4)->cell_from_name("r16c16"), 255);
}

TEST(Geometry, Symbols) {
  EXPECT_EQ(Geometry::symbol(9), '9');
  EXPECT_EQ(Geometry::symbol(10), 'A');
  EXPECT_EQ(Geometry::symbol(16), 'G');
  EXPECT_EQ(Geometry::symbol(25), 'P');
  EXPECT_EQ(Geometry::digit_of_symbol('G'), 16);
  EXPECT_EQ(Geometry::digit_of_symbol('p'), 25);
  EXPECT_EQ(Geometry::digit_of_symbol('0'), -1);
  EXPECT_TRUE(Geometry::is_blank_symbol('.'));
  EXPECT_TRUE(Geometry::is_blank_symbol('0'));
  EXPECT_FALSE(Geometry::is_blank_symbol('1'));
}

}  // namespace
}  // namespace nonet
