// SmallPockets: on boxes of one, two and three dimensions (one to four words of cells) and
// random open sets, "an enclosed region of n <= 4 cells with unfillable[n]" is what a flood
// fill of every region says, for every choice of the unfillable sizes; a board that is no
// box is not usable.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "engine/small_pockets.hpp"

namespace pw {
namespace {

template <int W>
std::vector<CellBits<W>> boxNeighbours(int sx, int sy, int sz) {
  std::vector<CellBits<W>> n(static_cast<std::size_t>(sx * sy * sz));
  const auto at = [&](int x, int y, int z) { return (x * sy + y) * sz + z; };
  for (int x = 0; x < sx; ++x)
    for (int y = 0; y < sy; ++y)
      for (int z = 0; z < sz; ++z) {
        auto& cell = n[static_cast<std::size_t>(at(x, y, z))];
        if (x > 0) cell.set(at(x - 1, y, z));
        if (x + 1 < sx) cell.set(at(x + 1, y, z));
        if (y > 0) cell.set(at(x, y - 1, z));
        if (y + 1 < sy) cell.set(at(x, y + 1, z));
        if (z > 0) cell.set(at(x, y, z - 1));
        if (z + 1 < sz) cell.set(at(x, y, z + 1));
      }
  return n;
}

// The flood fill's answer.
template <int W>
bool floodFinds(const std::vector<CellBits<W>>& neighbours, CellBits<W> open, const std::array<bool, 5>& unfillable) {
  while (!open.none()) {
    CellBits<W> region, frontier;
    frontier.set(open.first());
    while (!frontier.none()) {
      region.add(frontier);
      CellBits<W> next;
      frontier.forEach([&](int c) { next.add(neighbours[static_cast<std::size_t>(c)]); });
      frontier = (next & open).without(region);
    }
    open.remove(region);
    const int size = region.count();
    if (size <= 4 && unfillable[static_cast<std::size_t>(size)]) return true;
  }
  return false;
}

template <int W>
void agreeOnRandomSets(int sx, int sy, int sz, unsigned seed) {
  const auto neighbours = boxNeighbours<W>(sx, sy, sz);
  SmallPockets<W> pockets(neighbours);
  ASSERT_TRUE(pockets.usable()) << sx << "x" << sy << "x" << sz;
  std::mt19937 random(seed);
  const int cells = sx * sy * sz;
  int found = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const double density = 0.25 + 0.5 * (trial % 7) / 6.0;
    CellBits<W> open;
    for (int c = 0; c < cells; ++c)
      if (std::uniform_real_distribution<double>(0, 1)(random) < density) open.set(c);
    const int sizes = trial % 16;  // which of the sizes 1..4 are unfillable
    const std::array<bool, 5> unfillable{false, (sizes & 1) != 0, (sizes & 2) != 0, (sizes & 4) != 0, (sizes & 8) != 0};
    const bool expected = floodFinds(neighbours, open, unfillable);
    pockets.lookFor(unfillable);
    EXPECT_EQ(pockets.any(open), expected) << "trial " << trial << " on " << sx << "x" << sy << "x" << sz;
    found += expected;
  }
  EXPECT_GT(found, 300);  // the sets do hold pockets, and not always
  EXPECT_LT(found, 2900);
}

TEST(SmallPockets, FindWhatAFloodFillFindsOnBoxes) {
  agreeOnRandomSets<1>(10, 6, 1, 1);  // pentominoes' rectangle
  agreeOnRandomSets<1>(4, 4, 4, 2);   // a cube
  agreeOnRandomSets<1>(20, 3, 1, 3);
  agreeOnRandomSets<1>(64, 1, 1, 4);  // a line: pockets are runs
  agreeOnRandomSets<2>(6, 6, 3, 5);
  agreeOnRandomSets<2>(12, 10, 1, 6);
  agreeOnRandomSets<4>(10, 5, 5, 7);
}

TEST(SmallPockets, AreNotUsedOffBoxes) {
  // An L of three cells in a row and one below the first: the distances 1 and 3 do not commute.
  std::vector<CellBits<1>> neighbours(4);
  const auto link = [&](int a, int b) {
    neighbours[static_cast<std::size_t>(a)].set(b);
    neighbours[static_cast<std::size_t>(b)].set(a);
  };
  link(0, 1);
  link(1, 2);
  link(0, 3);
  EXPECT_FALSE(SmallPockets<1>(neighbours).usable());
}

}  // namespace
}  // namespace pw
