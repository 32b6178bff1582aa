// Sets of tile orientations as flat bitsets, `words` 64-bit words each, precomputed so that
// the candidates of an empty cell are a few ANDs: what is left, what the rim allows, what
// each placed neighbour's facing edge accepts, minus the faces its row / column already has.
#pragma once

#include <cstdint>
#include <vector>

#include "edge/edge_tiles.hpp"

namespace pw {

struct OrientationMasks {
  int words = 0;
  int labels = 0;
  std::vector<std::uint64_t> facing;  // [side][label]: orientations whose edge on `side` may face `label`
  std::vector<std::uint64_t> onCell;  // [cell]: orientations the rim rule allows there (all inside)
  std::vector<std::uint64_t> ofType;  // [type]
  std::vector<std::uint64_t> ofFace;  // [face]
  std::vector<std::uint64_t> all;

  const std::uint64_t* facingMask(int side, int label) const {
    return facing.data() + (static_cast<std::size_t>(side) * labels + label) * words;
  }
  const std::uint64_t* cellMask(int cell) const { return onCell.data() + static_cast<std::size_t>(cell) * words; }
  const std::uint64_t* typeMask(int type) const { return ofType.data() + static_cast<std::size_t>(type) * words; }
  const std::uint64_t* faceMask(int face) const { return ofFace.data() + static_cast<std::size_t>(face) * words; }
};

// Throws PuzzleError when the masks would exceed limits::kEdgeMaskBytes.
OrientationMasks compileMasks(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles);

}  // namespace pw
