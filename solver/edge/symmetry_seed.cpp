#include "edge/symmetry_seed.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

namespace pw {

namespace {

bool allows(const OrientationMasks& masks, int cell, int orientation) {
  return (masks.cellMask(cell)[orientation / 64] >> (orientation % 64) & 1) != 0;
}

// The seed's placements, one per orbit, each with one group element per coset of its
// stabilizer (the elements that move it to distinct placements).
std::vector<SeedPlacement> orbitRepresentatives(const EdgeTiles& searched, const OrientationMasks& masks, int cells,
                                                const std::vector<EdgeSymmetry>& group,
                                                const std::vector<std::vector<int>>& images, int type) {
  std::vector<SeedPlacement> representatives;
  std::set<std::pair<int, int>> seen;  // (cell, orientation) in an orbit already listed
  for (int cell = 0; cell < cells; ++cell)
    for (std::size_t o = 0; o < searched.orientations.size(); ++o) {
      const int orientation = static_cast<int>(o);
      if (searched.orientations[o].type != type || !allows(masks, cell, orientation) || seen.count({cell, orientation}))
        continue;
      SeedPlacement placement{cell, orientation, {}};
      for (std::size_t g = 0; g < group.size(); ++g) {
        const std::pair<int, int> image{group[g].cellImage[cell], images[g][o]};
        if (seen.insert(image).second) placement.images.push_back(static_cast<int>(g));
      }
      representatives.push_back(std::move(placement));
    }
  return representatives;
}

}  // namespace

SymmetrySeed chooseSeed(const EdgeTiles& searched, const OrientationMasks& masks, int cells,
                        const std::vector<EdgeSymmetry>& group, const std::vector<std::vector<int>>& images) {
  SymmetrySeed best;
  if (group.size() < 2) return best;
  for (std::size_t t = 0; t < searched.types.size(); ++t) {
    if (searched.types[t].count != 1) continue;
    const int type = static_cast<int>(t);
    bool fixedByAll = true;
    for (const std::vector<int>& image : images)
      for (std::size_t o = 0; o < searched.orientations.size(); ++o)
        if (searched.orientations[o].type == type && searched.orientations[image[o]].type != type) fixedByAll = false;
    if (!fixedByAll) continue;
    std::vector<SeedPlacement> placements = orbitRepresentatives(searched, masks, cells, group, images, type);
    if (best.type < 0 || placements.size() < best.placements.size()) {
      best.type = type;
      best.placements = std::move(placements);
    }
  }
  return best;
}

}  // namespace pw
