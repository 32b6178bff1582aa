// Which piece the packing search restricts by symmetry (placement_orbits.hpp). Each choice
// gives a tree of its own, and they differ by up to 4x: the Tetris Cube's tree is 44.8M nodes
// with the piece of fewest orbits restricted and 19.6M with another. No simple rule ranks
// them (pieces of the same size and orbit count differ 2x), so where the tree may be large
// the candidates' trees are estimated by random probes (engine/tree_estimate.hpp) and the
// smallest taken. The choice is made the same way on every machine and in every thread (a
// fixed seed, a fixed number of probes), so that split, jobs and counts agree everywhere.
#pragma once

#include <vector>

#include "cover/packing_cover.hpp"
#include "packing/packing_symmetry.hpp"
#include "packing/placement_orbits.hpp"
#include "search/search.hpp"  // kNeverEstimate

namespace pw {

// The piece with the fewest orbits unless its tree is estimated at `estimateAbove` nodes or
// more (SearchSettings::estimateTreesAbove) and another's clearly smaller.
RestrictedPiece chooseRestriction(const PackingCover& cover, const std::vector<PackingSymmetry>& group,
                                  double estimateAbove);

}  // namespace pw
