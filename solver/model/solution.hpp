// What a search reports and the checker verifies, one struct per puzzle kind.
#pragma once

#include <variant>
#include <vector>

#include "model/puzzle.hpp"

namespace pw {

struct PiecePlacement {
  int piece = 0;            // index into PackingPuzzle::pieces
  std::vector<Cell> cells;  // board cells it covers, sorted
};

struct PackingSolution {
  std::vector<PiecePlacement> placements;
};

struct TilePlacement {
  int tile = 0;      // index into EdgeMatchingPuzzle::tiles
  int rotation = 0;  // quarter turns clockwise: the tile's edge i faces side (i + rotation) % 4
};

struct EdgeMatchingSolution {
  std::vector<TilePlacement> grid;  // row-major, rows * cols entries
};

struct SnakeSolution {
  std::vector<Cell> chain;  // cell of cube 0, 1, 2, ... inside the box [0,x)×[0,y)×[0,z)
};

using Solution = std::variant<PackingSolution, EdgeMatchingSolution, SnakeSolution>;

}  // namespace pw
