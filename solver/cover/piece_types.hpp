// Pieces as the search sees them: definitions that are the same piece (equal sets of
// orientations under their allowed motions) merge into one type, so identical copies
// are never told apart, whether written with `count` or as repeated definitions.
#pragma once

#include <vector>

#include "lattice/lattice.hpp"
#include "model/puzzle.hpp"

namespace pw {

struct PieceType {
  std::vector<int> defs;                        // indices into PackingPuzzle::pieces
  int min = 0;                                  // sum of the definitions' counts
  int max = 0;
  std::vector<std::vector<Cell>> orientations;  // normalized, distinct, sorted
  // With colour constraints: per orientation, its distinct colourings (a colour per cell of
  // the orientation, sorted); a placement is allowed when one of them fits the board. Empty
  // when the puzzle has no colours. An orientation is its cells: two colourings of the same
  // cells are one placement.
  std::vector<std::vector<std::vector<int>>> colourings;
};

// A piece's orientations from its `poses` (Lattice::poses: each a list of the piece's cells
// moved, in the order of `colours`, which is per cell or empty) with their colourings:
// orientations as in PieceType, colourings parallel to them.
void colouredOrientations(const Lattice& lattice, const std::vector<std::vector<Cell>>& poses, const std::vector<int>& colours,
                          std::vector<std::vector<Cell>>& orientations, std::vector<std::vector<std::vector<int>>>& colourings);

std::vector<PieceType> pieceTypes(const PackingPuzzle& puzzle);

// Which definition each placed copy stands for, so that every definition gets between its
// own min and max copies: the copies of `type`, in the order given, fill each definition
// to its min first, then up to its max. `copies` must lie within [type.min, type.max].
std::vector<int> assignDefinitions(const PackingPuzzle& puzzle, const PieceType& type, int copies);

}  // namespace pw
