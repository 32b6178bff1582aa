#include <gtest/gtest.h>

#include <set>

#include "lattice/transform.hpp"

namespace pw {
namespace {

std::vector<Cell> plane(std::initializer_list<std::pair<int, int>> xy) {
  std::vector<Cell> cells;
  for (auto [x, y] : xy) cells.push_back({x, y, 0});
  return cells;
}

std::size_t count2d(const std::vector<Cell>& cells, bool reflections = true) {
  return orientations(cells, allowedMotions(2, true, reflections)).size();
}

TEST(Lattice, GroupOrders) {
  EXPECT_EQ(latticeSymmetries(2, false).size(), 4u);
  EXPECT_EQ(latticeSymmetries(2, true).size(), 8u);
  EXPECT_EQ(latticeSymmetries(3, false).size(), 24u);
  EXPECT_EQ(latticeSymmetries(3, true).size(), 48u);
  EXPECT_TRUE(latticeSymmetries(3, true).front().isIdentity());
  for (const Transform& t : latticeSymmetries(3, false)) EXPECT_EQ(t.determinant(), 1);
}

TEST(Lattice, GroupIsClosedAndHasInverses) {
  const auto group = latticeSymmetries(3, true);
  std::set<std::pair<std::array<int, 3>, std::array<int, 3>>> elements;
  for (const Transform& t : group) elements.insert({t.axis, t.sign});
  for (const Transform& a : group) {
    EXPECT_TRUE(a.then(a.inverse()).isIdentity());
    for (const Transform& b : group) {
      const Transform c = a.then(b);
      EXPECT_TRUE(elements.count({c.axis, c.sign}));
      const Cell p{1, 2, 3};
      EXPECT_EQ(c.apply(p), b.apply(a.apply(p)));
    }
  }
}

TEST(Lattice, PentominoOrientations) {
  EXPECT_EQ(count2d(plane({{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}})), 8u);  // F
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}})), 8u);  // L
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {1, 1}, {2, 1}, {3, 1}})), 8u);  // N
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}})), 8u);  // P
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {1, 1}})), 8u);  // Y
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}})), 4u);  // T
  EXPECT_EQ(count2d(plane({{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}})), 4u);  // U
  EXPECT_EQ(count2d(plane({{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}})), 4u);  // V
  EXPECT_EQ(count2d(plane({{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}})), 4u);  // W
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}})), 4u);  // Z
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}})), 2u);  // I
  EXPECT_EQ(count2d(plane({{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}})), 1u);  // X
  // Without flipping, chiral pieces keep 4 and achiral ones are unchanged.
  EXPECT_EQ(count2d(plane({{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}), false), 4u);  // F
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}}), false), 2u);  // Z
}

TEST(Lattice, TetracubeOrientationsInSpace) {
  const auto t = plane({{0, 0}, {1, 0}, {2, 0}, {1, 1}});
  EXPECT_EQ(orientations(t, allowedMotions(3, true, false)).size(), 12u);
  EXPECT_EQ(orientations(t, allowedMotions(3, true, true)).size(), 12u);
  // Soma's chiral screw piece: 12 rotations, 24 with mirrors.
  const std::vector<Cell> screw = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 1}};
  EXPECT_EQ(orientations(screw, allowedMotions(3, true, false)).size(), 12u);
  EXPECT_EQ(orientations(screw, allowedMotions(3, true, true)).size(), 24u);
  // Fixed pieces keep one orientation; fixed but flippable ones two.
  EXPECT_EQ(orientations(screw, allowedMotions(3, false, false)).size(), 1u);
  EXPECT_EQ(count2d(plane({{0, 0}, {1, 0}, {1, 1}})), 4u);
  EXPECT_EQ(orientations(plane({{0, 0}, {1, 0}, {0, 1}, {0, 2}}), allowedMotions(2, false, true)).size(), 2u);
}

TEST(Lattice, NormalizedMovesToTheOriginAndSorts) {
  const auto n = normalized({{5, 3, 1}, {4, 3, 1}, {4, 4, 2}});
  EXPECT_EQ(n, (std::vector<Cell>{{0, 0, 0}, {1, 0, 0}, {0, 1, 1}}));
}

}  // namespace
}  // namespace pw
