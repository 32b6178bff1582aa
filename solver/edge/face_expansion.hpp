// Without a distinct-face rule a tile's face does not constrain the search, so tiles with the
// same edges but different faces are searched as one type (edge_search.cpp). This turns one
// arrangement of those searched types into every arrangement of the puzzle's own tiles it
// stands for, one after the other, so that each solution is still reported exactly once.
#pragma once

#include <vector>

#include "edge/edge_tiles.hpp"

namespace pw {

class FaceExpansion {
 public:
  // `tiles`: the puzzle's tiles; `searched`: the tiles the search places. Both must outlive this.
  FaceExpansion(const EdgeTiles& tiles, const EdgeTiles& searched, bool facesDropped, int cells);

  // Starts on an arrangement of searched orientations, one per cell.
  void start(const std::vector<int>& searchedGrid);
  // The current arrangement, in the puzzle's orientations (valid until the next call).
  const std::vector<int>& grid(const std::vector<int>& searchedGrid);
  // Moves to the next assignment of tiles to cells; false after the last one.
  bool next();

 private:
  const EdgeTiles& tiles_;
  const EdgeTiles& searched_;
  const int cells_;
  bool merged_ = false;                              // some searched type stands for several tiles
  std::vector<std::vector<int>> members_;            // searched type -> puzzle types
  std::vector<std::vector<int>> memberOrientation_;  // searched orientation -> per member: its orientation
  std::vector<std::vector<int>> groupCells_;         // searched type -> its cells, reading order
  std::vector<std::vector<int>> groupAssignment_;    // searched type -> member index per cell
  std::vector<int> grid_;
};

}  // namespace pw
