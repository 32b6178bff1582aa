// The symmetry group of a packing puzzle, as docs/puzzle-format.md defines it: the lattice
// symmetries that map the board onto itself (`#` to `#`, `+` to `+`) and the multiset of
// piece types onto itself, each type judged by its set of allowed orientations.
#pragma once

#include <vector>

#include "cover/packing_cover.hpp"

namespace pw {

struct PackingSymmetry {
  std::vector<int> cellImage;  // board cell number -> number of its image
  std::vector<int> typeImage;  // piece type -> the type its mirror/rotation becomes
};

// The group's elements, identity first.
std::vector<PackingSymmetry> packingSymmetries(const PackingCover& cover);

}  // namespace pw
