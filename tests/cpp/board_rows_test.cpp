// BoardRows finds a shape's placements a word at a time; here it must agree, placement for
// placement and in the same order, with the plain method (anchor the shape's first cell on
// each board cell in turn), on boards wider than one and two words, sparse 3D boards and
// negative coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "cover/board_rows.hpp"
#include "lattice/transform.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// `period`: only translations that move every coordinate by a multiple of it.
std::vector<std::vector<int>> plainPlacements(const std::vector<Cell>& board, const std::vector<Cell>& shape, int period = 1) {
  const auto whole = [&](int v) { return v % period == 0; };
  std::map<Cell, int> number;
  for (std::size_t i = 0; i < board.size(); ++i) number.emplace(board[i], static_cast<int>(i));
  std::vector<std::vector<int>> result;
  for (const Cell& anchor : board) {
    if (!whole(anchor.x - shape[0].x) || !whole(anchor.y - shape[0].y) || !whole(anchor.z - shape[0].z)) continue;
    std::vector<int> placed;
    for (const Cell& c : shape) {
      const auto it = number.find({c.x + anchor.x - shape[0].x, c.y + anchor.y - shape[0].y, c.z + anchor.z - shape[0].z});
      if (it == number.end()) break;
      placed.push_back(it->second);
    }
    if (placed.size() == shape.size()) result.push_back(placed);
  }
  return result;
}

std::vector<std::vector<int>> rowPlacements(const std::vector<Cell>& board, const std::vector<Cell>& shape) {
  std::vector<std::vector<int>> result;
  BoardRows(board).forEachFit(shape, [&](const std::vector<int>& cells) { result.push_back(cells); });
  return result;
}

std::vector<Cell> randomBoard(std::mt19937& random, Cell size, Cell origin, double density) {
  std::vector<Cell> board;
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  for (int z = 0; z < size.z; ++z)
    for (int y = 0; y < size.y; ++y)
      for (int x = 0; x < size.x; ++x)
        if (coin(random) < density) board.push_back({origin.x + x, origin.y + y, origin.z + z});
  if (board.empty()) board.push_back(origin);
  std::sort(board.begin(), board.end());
  return board;
}

TEST(BoardRows, AgreesWithAnchoringOnEveryCell) {
  std::mt19937 random(7);
  struct Case {
    Cell size, origin;
    double density;
    int dimensions;
  };
  const Case cases[] = {
      {{10, 6, 1}, {0, 0, 0}, 1.0, 2},       {{70, 5, 1}, {-3, 2, 0}, 0.97, 2},  // two words per row
      {{200, 4, 1}, {-100, 0, 0}, 0.98, 2},  // four words, shifts across words
      {{64, 3, 1}, {0, 0, 0}, 0.9, 2},       {{6, 5, 4}, {-2, -2, -2}, 0.9, 3},
      {{9, 9, 9}, {1, 1, 1}, 0.6, 3},
  };
  int compared = 0, found = 0;
  for (const Case& c : cases)
    for (int trial = 0; trial < 6; ++trial) {
      const std::vector<Cell> board = randomBoard(random, c.size, c.origin, c.density);
      const std::vector<Cell> shape = test::randomShape(random, 1 + static_cast<int>(random() % 9), c.dimensions);
      const auto expected = plainPlacements(board, shape);
      EXPECT_EQ(rowPlacements(board, shape), expected);
      EXPECT_EQ(BoardRows(board).countFits(shape, 1 << 30), static_cast<std::int64_t>(expected.size()));
      ++compared;
      found += static_cast<int>(expected.size());
    }
  EXPECT_EQ(compared, 36);
  EXPECT_GT(found, 1000);
}

// The rhombic-tetrahedron grid moves shapes by whole cubes of 5: the offsets that are not are
// masked, across words and at negative coordinates.
TEST(BoardRows, TranslationsByWholePeriods) {
  std::mt19937 random(11);
  int found = 0;
  for (const auto& [size, origin] : {std::pair{Cell{150, 12, 11}, Cell{-67, -8, 3}}, std::pair{Cell{20, 20, 20}, Cell{0, 0, 0}}})
    for (int trial = 0; trial < 6; ++trial) {
      const std::vector<Cell> board = randomBoard(random, size, origin, 0.97);
      const std::vector<Cell> shape = test::randomShape(random, 1 + static_cast<int>(random() % 6), 3);
      const auto expected = plainPlacements(board, shape, 5);
      std::vector<std::vector<int>> got;
      BoardRows(board, 0, 5).forEachFit(shape, [&](const std::vector<int>& cells) { got.push_back(cells); });
      EXPECT_EQ(got, expected);
      EXPECT_EQ(BoardRows(board, 0, 5).countFits(shape, 1 << 30), static_cast<std::int64_t>(expected.size()));
      found += static_cast<int>(expected.size());
    }
  EXPECT_GT(found, 100);
}

TEST(BoardRows, SparseBoardAcrossTheCoordinateRange) {
  std::vector<Cell> board;
  for (int x = -255; x <= 255; x += 17)
    for (int z = -255; z <= 255; z += 85) {
      board.push_back({x, 255, z});
      board.push_back({x + 1, 255, z});
    }
  std::sort(board.begin(), board.end());
  const std::vector<Cell> domino{{0, 0, 0}, {1, 0, 0}};
  EXPECT_EQ(rowPlacements(board, domino), plainPlacements(board, domino));
  EXPECT_EQ(BoardRows(board).countFits(domino, 1000), static_cast<std::int64_t>(board.size() / 2));
}

TEST(BoardRows, CountingStopsOnceOverTheGivenCount) {
  std::vector<Cell> board;
  for (int y = 0; y < 50; ++y)
    for (int x = 0; x < 50; ++x) board.push_back({x, y, 0});
  const std::vector<Cell> cell{{0, 0, 0}};
  EXPECT_EQ(BoardRows(board).countFits(cell, 1 << 20), 2500);
  const std::int64_t stopped = BoardRows(board).countFits(cell, 100);
  EXPECT_GT(stopped, 100);
  EXPECT_LE(stopped, 150);  // one row of 50 past the stop at most
}

TEST(BoardRows, ShapeLargerThanTheBoardNeverFits) {
  const std::vector<Cell> board{{0, 0, 0}, {1, 0, 0}};
  EXPECT_EQ(BoardRows(board).countFits({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, 10), 0);
  EXPECT_EQ(BoardRows(board).countFits({{0, 0, 0}, {0, 1, 0}}, 10), 0);
  EXPECT_EQ(BoardRows(board).countFits({{0, 0, 0}, {0, 0, 1}}, 10), 0);
}

}  // namespace
}  // namespace pw
