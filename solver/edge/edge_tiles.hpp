// The tiles of an edge-matching puzzle as the search sees them: labels as numbers,
// identical tiles merged into types with a count, and each type's distinct orientations.
// Merging and deduplicating here is what keeps the search from counting permutations of
// identical copies, or the same turn of a symmetric tile twice.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw {

using EdgeLabels = std::array<int, 4>;  // label numbers by board side: top, right, bottom, left

// The labels a tile shows on the board's sides when turned `rotation` quarter turns
// clockwise: its edge i faces side (i + rotation) % 4.
EdgeLabels turned(const EdgeLabels& edges, int rotation);

struct TileType {
  EdgeLabels edges{};            // the first definition's edges, as written
  int face = -1;                 // face number, -1 for none
  int count = 0;                 // copies of all its definitions together
  std::vector<int> definitions;      // indices into EdgeMatchingPuzzle::tiles
  std::vector<int> definitionCount;  // copies of definitions[k]
  std::vector<int> definitionTurn;   // turning definitions[k] this far gives `edges`
};

// One way a type can lie on the board; distinct orientations show distinct edges.
struct TileOrientation {
  int type = 0;
  int rotation = 0;  // relative to the type's `edges`
  EdgeLabels edges{};
};

struct EdgeTiles {
  std::vector<std::string> labels;   // label number -> text
  std::vector<int> partner;          // label number -> the label that must face it, -1 if no tile has one
  int border = -1;                   // label number of the rim label, -1 when the rim is free
  int faces = 0;                     // number of distinct non-empty faces
  std::vector<TileType> types;
  std::vector<TileOrientation> orientations;  // grouped by type
};

EdgeTiles compileTiles(const EdgeMatchingPuzzle& puzzle);

// The solution for a grid of orientation numbers (row-major): each type's copies go to its
// definitions in reading order, each with its rotation relative to that definition.
EdgeMatchingSolution solutionFromGrid(const EdgeTiles& tiles, std::span<const int> grid);

}  // namespace pw
