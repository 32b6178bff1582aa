// Symmetry breaking for the edge-matching search. Every image of a solution under the
// puzzle's symmetry group is a solution too, so the search only looks for the solutions in
// which one chosen tile (the seed) lies in one placement of each orbit (its placements
// moved by the group), and reports each one's images as well: down to 1/|G| of the work.
// The seed must be one of a kind and mapped onto itself by every symmetry (with mirrors in
// the group, a tile whose mirror image is itself, turned). A placement that some symmetries
// keep in place (its stabilizer) is reported under one element of each coset of the
// stabilizer only, so every solution is still reported exactly once.
#pragma once

#include <vector>

#include "edge/edge_symmetry.hpp"
#include "edge/edge_tiles.hpp"
#include "edge/orientation_masks.hpp"

namespace pw {

struct SeedPlacement {
  int cell = 0;
  int orientation = 0;      // a searched orientation of the seed
  std::vector<int> images;  // group elements to report each solution under, identity first
};

struct SymmetrySeed {
  int type = -1;                          // searched type, -1 when there is no seed
  std::vector<SeedPlacement> placements;  // one per orbit, in (cell, orientation) order
};

// `images[g]`: group element g acting on the searched orientations (orientationImagesOn).
// Picks, among the tiles that qualify, the one with the fewest orbits of placements (the
// rim rule counted): the root then has the fewest branches. No seed without symmetry.
SymmetrySeed chooseSeed(const EdgeTiles& searched, const OrientationMasks& masks, int cells,
                        const std::vector<EdgeSymmetry>& group, const std::vector<std::vector<int>>& images);

}  // namespace pw
