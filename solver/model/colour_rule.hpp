// The colour constraints' one rule (PackingPuzzle::colours), shared by the placements the
// search lists and by the checker that judges a solution.
#pragma once

#include <algorithm>

#include "model/puzzle.hpp"

namespace pw {

// Whether a piece cell of colour `piece` may cover a board cell of colour `board` (0: none).
inline bool colourFits(const PackingPuzzle& puzzle, int piece, int board) {
  if (piece == 0 || board == 0) return true;
  const std::vector<int>& fits = puzzle.colours[static_cast<std::size_t>(piece - 1)].fits;
  return std::binary_search(fits.begin(), fits.end(), board);
}

}  // namespace pw
