// Every place one piece of a packing puzzle fits on the empty board, as the search lists them:
// for the page's "All placements" picture and the editor's "fits nowhere" check, which must
// agree with the solver on every grid (its turns, ball turns and translations are the
// lattice's, solver/lattice). Computed by the cover compiler itself, so that nothing here
// repeats its rules and the same limits refuse too many.
#pragma once

#include <vector>

#include "model/puzzle.hpp"

namespace pw {

struct PiecePlacements {
  int cellsEach = 0;       // cells of one placement: the piece's
  // The placements one after another, cellsEach board cell numbers each (indices into
  // PackingPuzzle::board, ascending within a placement), in reading order of the first
  // cell (z, then y, then x; placements on the same first cell in the compiler's order).
  std::vector<int> cells;

  int count() const { return cellsEach ? static_cast<int>(cells.size()) / cellsEach : 0; }
};

// Piece `piece` (an index into puzzle.pieces) on every cell of the board it may cover (`#` and
// `+`, colours permitting). Throws PuzzleError for an index out of range and, with the cover
// compiler's message, when the placements exceed limits::kPlacements or kMatrixEntries.
PiecePlacements piecePlacements(const PackingPuzzle& puzzle, int piece);

}  // namespace pw
