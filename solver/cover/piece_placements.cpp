#include "cover/piece_placements.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "cover/packing_cover.hpp"
#include "model/error.hpp"

namespace pw {

PiecePlacements piecePlacements(const PackingPuzzle& puzzle, int piece) {
  const int pieces = static_cast<int>(puzzle.pieces.size());
  if (piece < 0 || piece >= pieces)
    throw PuzzleError("placements: piece " + std::to_string(piece) + " does not exist (the puzzle has " + std::to_string(pieces) +
                      (pieces == 1 ? " piece)" : " pieces)"));
  // The puzzle with this piece alone, used at most once, on a board whose cells may all stay
  // empty: its options are exactly the piece's placements on the whole board.
  PackingPuzzle alone = puzzle;
  alone.pieces = {puzzle.pieces[static_cast<std::size_t>(piece)]};
  alone.pieces.front().count = {0, 1};
  for (BoardCell& b : alone.board) b.optional = true;
  const PackingCover cover = compilePlacements(alone);

  PiecePlacements out;
  out.cellsEach = static_cast<int>(alone.pieces.front().cells.size());
  std::vector<int> order(static_cast<std::size_t>(cover.placementCount()));
  std::iota(order.begin(), order.end(), 0);
  // A placement's cells are ascending board numbers, and the board is in reading order.
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return cover.placementCells[cover.placementStart[a]] < cover.placementCells[cover.placementStart[b]]; });
  out.cells.reserve(cover.placementCells.size());
  for (int k : order)
    out.cells.insert(out.cells.end(), cover.placementCells.begin() + cover.placementStart[k],
                     cover.placementCells.begin() + cover.placementStart[k + 1]);
  return out;
}

}  // namespace pw
