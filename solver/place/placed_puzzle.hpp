// Pieces placed by hand before a search: "piece F lies on these cells". A packing puzzle with
// some pieces placed is another packing puzzle: the placed cells leave the board and one copy of
// each placed piece leaves the set. Its raw solutions are exactly the original's solutions that
// have those pieces there, so `count` of it counts them with the solver's full speed (no scan of
// the original's solutions). Its unique count is taken under its own symmetries: those of the
// board left and the pieces left, which keep the placed cells where they are.
#pragma once

#include <string>
#include <vector>

#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw {

// One piece placed: a piece named by the document's name, on board cells.
struct GivenPlacement {
  std::string piece;
  std::vector<Cell> cells;
};

// Reads "NAME@x,y;x,y;..." (2D) or "NAME@x,y,z;..." (3D): a piece's name, then the cells it
// covers, in the board's coordinates (x the column, y the row, z the layer, from 0 at the
// document's first row and column). The name is what comes before the last '@'.
GivenPlacement parsePlacement(const std::string& text);

struct PlacedPuzzle {
  Puzzle puzzle;                          // what is left to solve
  std::vector<int> pieceOf;               // its piece i is the original's piece pieceOf[i]
  std::vector<PiecePlacement> placed;     // the placements given, in the original's numbering
};

// The puzzle left once `placements` are made. Throws PuzzleError, one line naming the placement,
// when a piece is not in the puzzle (or has no copy left), when the cells are not the piece
// turned or mirrored as the puzzle allows, or when a cell is off the board or already taken.
PlacedPuzzle placePieces(const Puzzle& puzzle, const std::vector<GivenPlacement>& placements);

// A solution of `placed.puzzle` as a solution of the original: its pieces numbered as there,
// the given placements first.
Solution withPlacements(const PlacedPuzzle& placed, const Solution& solution);

}  // namespace pw
