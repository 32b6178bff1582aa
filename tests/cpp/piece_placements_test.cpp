// The placements the page lists for a piece (cover/piece_placements.hpp, the WASM binding's
// placements()) are those the search uses, on every grid: one copy of the piece on a board
// whose cells may all stay empty has a solution for each placement and no other, so the search's
// raw solutions, each one placement, must be the listed placements exactly (as sets of cells).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "cover/piece_placements.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

using test::cellsJson;

// A packing document on `grid` with one piece.
std::string document(const std::string& grid, int dimensions, const std::vector<Cell>& board, const std::vector<Cell>& piece,
                     const std::string& motions) {
  return R"({"format":"piecewise/1","name":"t","kind":"packing","grid":")" + grid + R"(","board":{"cells":)" +
         cellsJson(board, dimensions) + R"(},"pieces":[{"name":"P","cells":)" + cellsJson(piece, dimensions) + motions + "}]}";
}

std::set<std::vector<Cell>> listed(const PackingPuzzle& puzzle, int piece) {
  const PiecePlacements p = piecePlacements(puzzle, piece);
  std::set<std::vector<Cell>> out;
  for (int k = 0; k < p.count(); ++k) {
    std::vector<Cell> cells;
    for (int i = 0; i < p.cellsEach; ++i) cells.push_back(puzzle.board[static_cast<std::size_t>(p.cells[k * p.cellsEach + i])].at);
    EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));
    if (k > 0) {
      EXPECT_LE(p.cells[(k - 1) * p.cellsEach], p.cells[k * p.cellsEach]) << "reading order of the first cell";
    }
    out.insert(cells);
  }
  EXPECT_EQ(out.size(), static_cast<std::size_t>(p.count())) << "a placement listed twice";
  return out;
}

// The placements the search finds for one copy of the piece on the board with every cell
// optional (which only a document's ASCII art can say, and these grids' cells are not art).
std::set<std::vector<Cell>> searched(Puzzle puzzle) {
  for (BoardCell& b : std::get<PackingPuzzle>(puzzle.body).board) b.optional = true;
  const test::RunResult r = test::runAndCheck(puzzle, 1'000'000);
  EXPECT_TRUE(r.checkerFailures.empty());
  std::set<std::vector<Cell>> out;
  for (const Solution& s : r.kept) {
    const auto& placements = std::get<PackingSolution>(s).placements;
    EXPECT_EQ(placements.size(), 1u);
    if (placements.size() == 1) out.insert(placements.front().cells);
  }
  EXPECT_EQ(out.size(), r.solutions);
  return out;
}

std::size_t expectAsSearched(const std::string& grid, int dimensions, const std::vector<Cell>& board, const std::vector<Cell>& piece,
                             const std::string& motions = "") {
  const Puzzle puzzle = parsePuzzle(document(grid, dimensions, board, piece, motions));
  const auto mine = listed(std::get<PackingPuzzle>(puzzle.body), 0);
  EXPECT_EQ(mine, searched(puzzle)) << grid;
  EXPECT_FALSE(mine.empty()) << grid;
  return mine.size();
}

std::vector<Cell> box(int x, int y, int z, bool evenSum = false) {
  std::vector<Cell> out;
  for (int k = 0; k < z; ++k)
    for (int j = 0; j < y; ++j)
      for (int i = 0; i < x; ++i)
        if (!evenSum || (i + j + k) % 2 == 0) out.push_back({i, j, k});
  return out;
}

TEST(PiecePlacements, SquareAndCube) {
  expectAsSearched("square", 2, box(5, 4, 1), {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}});
  expectAsSearched("square", 2, box(5, 4, 1), {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}}, R"(,"rotations":false)");
  expectAsSearched("cube", 3, box(3, 3, 2), {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}}, R"(,"reflections":true)");
}

TEST(PiecePlacements, TriangleAndHexagon) {
  // The triangle grid turns by 60°: three triangles in a row fit in directions a square's turns miss.
  expectAsSearched("triangle", 2, box(7, 4, 1), {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
  expectAsSearched("triangle", 2, box(7, 4, 1), {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 1, 0}});
  expectAsSearched("hexagon", 2, box(5, 4, 1), {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}});
  expectAsSearched("hexagon", 2, box(5, 4, 1), {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}}, R"(,"reflections":false)");
}

TEST(PiecePlacements, SphereAndRhombicDodecahedron) {
  expectAsSearched("sphere", 3, box(4, 3, 3, true), {{0, 0, 0}, {1, 1, 0}, {2, 2, 0}});
  expectAsSearched("rhombic-dodecahedron", 3, box(4, 3, 3, true), {{0, 0, 0}, {1, 1, 0}, {1, 0, 1}});
}

TEST(PiecePlacements, AFlatPieceInATriangularLayerTakesItsBallTurns) {
  // BallRoom's flat piece (ball_turns_test.cpp) and a triangular layer x + y + z = 0 to lie in:
  // turned over within the layer it fits where none of the cube's 24 rotations puts it.
  const std::vector<Cell> flat{{0, 0, 0}, {1, -1, 0}, {2, -2, 0}, {1, -2, 1}};
  std::vector<Cell> layer;
  for (int z = -3; z <= 3; ++z)
    for (int y = -3; y <= 3; ++y)
      for (int x = -3; x <= 3; ++x)
        if (x + y + z == 0) layer.push_back({x, y, z});
  std::sort(layer.begin(), layer.end());
  const std::size_t turned = expectAsSearched("sphere", 3, layer, flat);
  const std::size_t cubeTurns = expectAsSearched("rhombic-dodecahedron", 3, layer, flat);
  EXPECT_GT(turned, cubeTurns);
}

TEST(PiecePlacements, PrismAndRhombicTetrahedron) {
  expectAsSearched("prism", 3, box(5, 3, 2), {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}});
  // Two cubes' 24 tetrahedra each (their offsets from the cube's middle: 0, ±1, ±2 in some order).
  std::vector<Cell> board;
  for (int cube = 0; cube < 2; ++cube)
    for (int a = -2; a <= 2; ++a)
      for (int b = -2; b <= 2; ++b)
        for (int c = -2; c <= 2; ++c) {
          std::multiset<int> sizes{std::abs(a), std::abs(b), std::abs(c)};
          if (sizes == std::multiset<int>{0, 1, 2}) board.push_back({5 * cube + 2 + a, 2 + b, 2 + c});
        }
  std::sort(board.begin(), board.end());
  ASSERT_EQ(board.size(), 48u);
  expectAsSearched("rhombic-tetrahedron", 3, board, {{4, 3, 2}, {4, 2, 3}, {4, 1, 2}});
}

// (One piece on the largest board stays under the cover compiler's limits, which it shares.)
TEST(PiecePlacements, RefusesAPieceThatDoesNotExist) {
  const Puzzle puzzle = parsePuzzle(document("square", 2, box(4, 4, 1), {{0, 0, 0}}, ""));
  const auto& packing = std::get<PackingPuzzle>(puzzle.body);
  for (const int piece : {1, -1}) {
    try {
      piecePlacements(packing, piece);
      ADD_FAILURE() << "piece " << piece << " listed";
    } catch (const PuzzleError& e) {
      EXPECT_EQ(std::string(e.what()), "placements: piece " + std::to_string(piece) + " does not exist (the puzzle has 1 piece)");
    }
  }
}

}  // namespace
}  // namespace pw
