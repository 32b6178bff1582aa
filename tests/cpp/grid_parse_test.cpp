// The "grid" member of packing documents: read, refused with a message naming the problem,
// and written back (docs/puzzle-format.md, "Grids").
#include <gtest/gtest.h>

#include <string>

#include "format/packing_document.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

std::string packing(const std::string& grid, const std::string& board, const std::string& piece) {
  return R"({"format":"piecewise/1","name":"t","kind":"packing",)" + grid + R"("board":)" + board + R"(,"pieces":[{"name":"P",)" +
         piece + "}]}";
}

TEST(GridParse, RefusesUnknownGridsAndCellsOffTheGrid) {
  EXPECT_EQ(test::parseErrorOf(packing(R"("grid":"hexagons",)", R"({"cells":[[0,0]]})", R"("cells":[[0,0]])")),
            "grid: unknown grid \"hexagons\"; expected \"square\", \"cube\", \"triangle\", \"hexagon\", \"sphere\", "
            "\"rhombic-dodecahedron\", \"prism\" or \"rhombic-tetrahedron\"; did you mean \"hexagon\"?");
  EXPECT_EQ(test::parseErrorOf(packing(R"("grid":"triangle",)", R"({"cells":[[0,0,0]]})", R"("cells":[[0,0]])")),
            "board.cells: a 3D shape on the triangle grid, whose cells are [x, y]");
  EXPECT_EQ(test::parseErrorOf(packing(R"("grid":"sphere",)", R"({"cells":[[0,0,0],[1,0,0]]})", R"("cells":[[0,0,0]])")),
            "board.cells: [1, 0, 0] is not a cell of the sphere grid: its x + y + z must be even");
  EXPECT_EQ(test::parseErrorOf(packing(R"("grid":"rhombic-tetrahedron",)", R"({"cells":[[2,1,0],[2,2,0]]})", R"("cells":[[2,1,0]])")),
            "board.cells: [2, 2, 0] is not a cell of the rhombic-tetrahedron grid: its x, y and z, each less the middle of "
            "its cube (2 modulo 5), must be 0, ±1 and ±2 in some order");
  EXPECT_EQ(test::parseErrorOf(packing(R"("grid":"prism",)", R"({"cells":[[0,0,0]]})", R"("cells":[[0,0]])")),
            "pieces[0].cells: a 2D shape on the prism grid, whose cells are [x, y, z]");
  EXPECT_EQ(test::parseErrorOf(packing(R"("grid":3,)", R"({"cells":[[0,0]]})", R"("cells":[[0,0]])")).rfind("grid: ", 0), 0u);
}

TEST(GridParse, FlatBallPiecesLieInALayerOfTheSphereGrid) {
  const Puzzle puzzle = parsePuzzle(packing(R"("grid":"sphere",)", R"({"shape":["##","##"]})", R"("shape":["##"])"));
  const auto& p = std::get<PackingPuzzle>(puzzle.body);
  EXPECT_EQ(p.grid, Grid::Sphere);
  EXPECT_EQ(p.dimensions, 3);
  const std::vector<Cell> piece{{0, 0, 0}, {1, 1, 0}};  // (i, j) = (0, 0) and (1, 0) as (i + j, i - j, 0)
  EXPECT_EQ(p.pieces.front().cells, piece);
}

TEST(GridParse, WritesTheGridAndCellsBack) {
  const Puzzle puzzle = parsePuzzle(packing(R"("grid":"triangle",)", R"({"cells":[[1,0],[2,0]]})", R"("cells":[[1,0],[2,0]])"));
  const std::string written = packingDocument(puzzle);
  EXPECT_NE(written.find("\"grid\": \"triangle\""), std::string::npos) << written;
  EXPECT_NE(written.find("\"cells\""), std::string::npos) << written;
  const Puzzle back = parsePuzzle(written);
  const auto cellsOf = [](const Puzzle& q) {
    std::vector<Cell> cells;
    for (const BoardCell& b : std::get<PackingPuzzle>(q.body).board) cells.push_back(b.at);
    return cells;
  };
  EXPECT_EQ(cellsOf(back), cellsOf(puzzle));
  EXPECT_EQ(std::get<PackingPuzzle>(back.body).grid, Grid::Triangle);
}

}  // namespace
}  // namespace pw
