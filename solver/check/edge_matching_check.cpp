#include <string>

#include "check/check.hpp"

namespace pw {

namespace {

// The label a placed tile shows on `side`: edge i faces side (i + rotation) % 4.
const std::string& shown(const EdgeMatchingPuzzle& puzzle, const TilePlacement& p, int side) {
  return puzzle.tiles[p.tile].edges[(side - p.rotation + 4) % 4];
}

bool facesMatch(EdgeMatch match, const std::string& a, const std::string& b) {
  if (match == EdgeMatch::Same) return a == b;
  if (a.empty() || b.empty() || a.size() != b.size()) return false;
  const char x = a.back(), y = b.back();
  return ((x == '+' && y == '-') || (x == '-' && y == '+')) && a.compare(0, a.size() - 1, b, 0, b.size() - 1) == 0;
}

std::string cellName(int cols, int cell) {
  std::string text = "cell (row ";
  text += std::to_string(cell / cols);
  text += ", column ";
  text += std::to_string(cell % cols);
  text += ')';
  return text;
}

}  // namespace

std::optional<std::string> checkEdgeMatchingSolution(const EdgeMatchingPuzzle& puzzle,
                                                     const EdgeMatchingSolution& solution) {
  const int rows = puzzle.rows, cols = puzzle.cols;
  if (static_cast<long long>(solution.grid.size()) != static_cast<long long>(rows) * cols)
    return std::to_string(solution.grid.size()) + " cells in the solution for a " + std::to_string(rows) + "x" +
           std::to_string(cols) + " grid";
  const int tileCount = static_cast<int>(puzzle.tiles.size());
  std::vector<int> used(puzzle.tiles.size(), 0);
  for (int cell = 0; cell < rows * cols; ++cell) {
    const TilePlacement& p = solution.grid[cell];
    if (p.tile < 0 || p.tile >= tileCount) return cellName(cols, cell) + ": no tile number " + std::to_string(p.tile);
    if (p.rotation < 0 || p.rotation > 3)
      return cellName(cols, cell) + ": rotation " + std::to_string(p.rotation) + " is not 0 to 3 quarter turns";
    if (!puzzle.rotations && p.rotation != 0)
      return cellName(cols, cell) + ": tile " + puzzle.tiles[p.tile].name + " is turned but rotations are off";
    ++used[p.tile];
  }
  for (int t = 0; t < tileCount; ++t)
    if (used[t] != puzzle.tiles[t].count)
      return "tile " + puzzle.tiles[t].name + ": used " + std::to_string(used[t]) + " times, expected " +
             std::to_string(puzzle.tiles[t].count);

  for (int cell = 0; cell < rows * cols; ++cell) {
    const int row = cell / cols, col = cell % cols;
    const TilePlacement& p = solution.grid[cell];
    if (col + 1 < cols && !facesMatch(puzzle.match, shown(puzzle, p, Right), shown(puzzle, solution.grid[cell + 1], Left)))
      return cellName(cols, cell) + ": right edge " + shown(puzzle, p, Right) + " meets " +
             shown(puzzle, solution.grid[cell + 1], Left);
    if (row + 1 < rows &&
        !facesMatch(puzzle.match, shown(puzzle, p, Bottom), shown(puzzle, solution.grid[cell + cols], Top)))
      return cellName(cols, cell) + ": bottom edge " + shown(puzzle, p, Bottom) + " meets " +
             shown(puzzle, solution.grid[cell + cols], Top);
    if (puzzle.border) {
      const bool rim[4] = {row == 0, col == cols - 1, row == rows - 1, col == 0};
      for (int side = 0; side < 4; ++side)
        if (rim[side] && shown(puzzle, p, side) != *puzzle.border)
          return cellName(cols, cell) + ": rim edge " + shown(puzzle, p, side) + " is not the border " + *puzzle.border;
    }
  }

  // Distinct faces: compare every pair in a row / column (grids are at most 64 wide).
  const auto face = [&](int cell) -> const std::string& { return puzzle.tiles[solution.grid[cell].tile].face; };
  for (int a = 0; a < rows * cols; ++a) {
    if (face(a).empty()) continue;
    for (int b = a + 1; b < rows * cols; ++b) {
      if (face(b) != face(a)) continue;
      if (puzzle.distinctRow && a / cols == b / cols)
        return "row " + std::to_string(a / cols) + ": face " + face(a) + " appears twice";
      if (puzzle.distinctColumn && a % cols == b % cols)
        return "column " + std::to_string(a % cols) + ": face " + face(a) + " appears twice";
    }
  }
  return std::nullopt;
}

}  // namespace pw
