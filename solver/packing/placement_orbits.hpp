// Symmetry reduction for counting: if some piece occurs exactly once and every symmetry
// of the puzzle maps it to itself, its placements fall into orbits under the group, and
// the solutions with that piece at placement g(p) are exactly the images under g of those
// with it at p. So the search only needs one placement per orbit; each solution it finds
// stands for |orbit| raw solutions, its images under one group element per orbit member.
#pragma once

#include <unordered_map>
#include <vector>

#include "cover/packing_cover.hpp"
#include "packing/packing_symmetry.hpp"

namespace pw {

struct PlacementOrbit {
  std::vector<int> images;      // group elements, identity first, taking p to each orbit member once
  std::vector<int> stabilizer;  // group elements fixing p (identity first)
};

struct RestrictedPiece {
  int type = -1;                                     // -1: no reduction possible
  std::vector<int> kept;                             // placements the search uses, ascending
  std::unordered_map<int, PlacementOrbit> orbits;    // by representative placement of `type`
};

// Every piece that can be restricted so: the types with exactly one copy that every symmetry
// maps to themselves (and whose placements the group maps onto placements), fewest orbits
// first, ties by type number. Empty when the group is trivial. Their `kept` is left empty
// (a list of every placement per piece: hundreds of MB on a board of many pieces) for
// keepPlacements() to fill in those that are used.
std::vector<RestrictedPiece> restrictionsBySymmetry(const PackingCover& cover,
                                                    const std::vector<PackingSymmetry>& group);

// `type` restricted, as restrictionsBySymmetry() lists it, its placements kept; -1: none
// (unrestricted()). Throws std::invalid_argument when it is no such piece (settings of
// another puzzle). Only that type's orbits are worked out.
RestrictedPiece restrictionOf(const PackingCover& cover, const std::vector<PackingSymmetry>& group, int type);

// Fills r.kept from r.type and r.orbits.
void keepPlacements(const PackingCover& cover, RestrictedPiece& r);

// No piece restricted: every placement kept.
RestrictedPiece unrestricted(const PackingCover& cover);

}  // namespace pw
