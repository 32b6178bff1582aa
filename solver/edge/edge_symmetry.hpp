// The symmetry group of an edge-matching puzzle, as docs/puzzle-format.md defines it: the
// square's symmetries that map the rows x cols grid onto itself (quarter turns and diagonal mirrors
// only when it is square), keep the distinct-faces rule (row and column swap under those),
// and map the multiset of tiles onto itself, each tile judged up to its allowed turns.
// A tile moves with the board: its label on side s goes to side g(s), so a mirror reverses
// the order of its edges (labels unchanged), and with rotations off a turned tile must be
// a tile of the puzzle as it stands.
#pragma once

#include <array>
#include <vector>

#include "edge/edge_tiles.hpp"

namespace pw {

struct EdgeSymmetry {
  std::vector<int> cellImage;         // cell (row-major) -> the cell it moves to
  std::vector<int> orientationImage;  // orientation -> the orientation it becomes there
  std::array<int, 4> sideImage{};     // board side -> the side it moves to
};

// The group's elements, identity first.
std::vector<EdgeSymmetry> edgeSymmetries(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles);

// The same elements acting on another compilation of the puzzle's tiles (the searched ones,
// faces dropped, where tiles that differ only in face are one): each element's orientation
// images over `tiles`. A symmetry of the puzzle maps those tiles onto themselves too.
std::vector<std::vector<int>> orientationImagesOn(const EdgeTiles& tiles, const std::vector<EdgeSymmetry>& group);

}  // namespace pw
