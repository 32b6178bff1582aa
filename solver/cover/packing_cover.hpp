// Compiling a packing puzzle to exact cover.
//   primary items:   every `#` cell (exactly once), then every piece type (between the
//                    summed min and max of its definitions' counts)
//   secondary items: every `+` cell (at most once)
//   options:         every placement of every orientation of every type on the board
//                    (with colour constraints, those where one of its colourings fits)
//
// When few `+` cells may stay empty (at most half of them, as in a frame puzzle whose
// pieces nearly fill it), the `+` cells become primary items too, each with one extra
// option "this cell stays empty" that also uses one unit of a primary HOLES item whose
// bounds are the number of cells that can stay empty. The search may then branch on the
// tightest cell instead of only on pieces, and once the holes are used up every
// remaining cell must be covered. Options numbered from placementCount() on are these
// empty-cell options; they are not placements. Options before that are the placements
// listed in `placements` (ascending), option k being placement placements[k].
#pragma once

#include <array>
#include <span>
#include <vector>

#include "cover/piece_types.hpp"
#include "engine/bit_cover.hpp"
#include "engine/exact_cover.hpp"
#include "model/puzzle.hpp"

namespace pw {

struct PackingCover {
  Grid grid = Grid::Square;
  std::vector<Cell> cells;       // board cells, sorted; a cell's number is its index here
  std::vector<bool> optional;    // per cell: `+`
  std::vector<int> colours;      // per cell: its colour (0: none); empty when the puzzle has no colours
  std::vector<PieceType> types;
  // Placement k (= option k) is type placementType[k] on the cells
  // placementCells[placementStart[k] .. placementStart[k+1]), sorted ascending.
  std::vector<int> placementType;
  std::vector<int> placementStart;
  std::vector<int> placementCells;

  int placementCount() const { return static_cast<int>(placementType.size()); }
};

// Throws PuzzleError when the placements or the matrix exceed the limits.
PackingCover compilePlacements(const PackingPuzzle& puzzle);
ExactCover buildExactCover(const PackingCover& cover, std::span<const int> placements);

// The axes (0 = x, 1 = y, 2 = z) from the board's longest extent to its shortest (ties in
// that order): bitCoverProblem()'s search order, slowest axis first.
std::array<int, 3> searchAxes(const PackingCover& cover);

// The same problem for BitCover; option k is placement placements[k]. The search order
// runs along the board's shortest axis first, so that the first open cell tends to sit
// in a narrow gap where few placements fit.
BitCoverProblem bitCoverProblem(const PackingCover& cover, std::span<const int> placements);

}  // namespace pw
