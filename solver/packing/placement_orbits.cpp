#include "packing/placement_orbits.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace pw {

namespace {

std::vector<int> cellsOf(const PackingCover& pc, int placement) {
  return {pc.placementCells.begin() + pc.placementStart[placement],
          pc.placementCells.begin() + pc.placementStart[placement + 1]};
}

// Orbit representatives (the smallest placement number of each orbit) of one type's
// placements, or empty when a symmetry maps a placement outside the type's placements.
std::unordered_map<int, PlacementOrbit> orbitsOf(const PackingCover& pc, const std::vector<PackingSymmetry>& group,
                                                 int type) {
  std::map<std::vector<int>, int> byCells;
  for (int k = 0; k < pc.placementCount(); ++k)
    if (pc.placementType[k] == type) byCells.emplace(cellsOf(pc, k), k);

  std::unordered_map<int, PlacementOrbit> orbits;
  std::vector<bool> seen(pc.placementCount(), false);
  // In ascending placement order, the first unseen placement is the smallest of its orbit.
  for (int p = 0; p < pc.placementCount(); ++p) {
    if (pc.placementType[p] != type || seen[p]) continue;
    const std::vector<int> cells = cellsOf(pc, p);
    PlacementOrbit orbit;
    std::vector<int> members;
    for (int g = 0; g < static_cast<int>(group.size()); ++g) {
      std::vector<int> image;
      for (int c : cells) image.push_back(group[g].cellImage[c]);
      std::sort(image.begin(), image.end());
      const auto it = byCells.find(image);
      if (it == byCells.end()) return {};
      const int q = it->second;
      if (q == p) orbit.stabilizer.push_back(g);
      if (std::find(members.begin(), members.end(), q) == members.end()) {
        members.push_back(q);
        orbit.images.push_back(g);
      }
      seen[q] = true;
    }
    orbits.emplace(p, std::move(orbit));
  }
  return orbits;
}

// Type t's orbits where t can be restricted: one copy, mapped to itself by every symmetry,
// its placements onto its placements. Empty otherwise.
std::unordered_map<int, PlacementOrbit> restrictableOrbits(const PackingCover& pc, const std::vector<PackingSymmetry>& group,
                                                           int t) {
  if (pc.types[t].min != 1 || pc.types[t].max != 1) return {};
  if (!std::all_of(group.begin(), group.end(), [&](const PackingSymmetry& g) { return g.typeImage[t] == t; })) return {};
  return orbitsOf(pc, group, t);
}

}  // namespace

std::vector<RestrictedPiece> restrictionsBySymmetry(const PackingCover& pc, const std::vector<PackingSymmetry>& group) {
  std::vector<RestrictedPiece> found;
  if (group.size() <= 1) return found;
  for (int t = 0; t < static_cast<int>(pc.types.size()); ++t) {
    RestrictedPiece r;
    r.orbits = restrictableOrbits(pc, group, t);
    if (r.orbits.empty()) continue;
    r.type = t;
    found.push_back(std::move(r));
  }
  std::stable_sort(found.begin(), found.end(), [](const RestrictedPiece& a, const RestrictedPiece& b) {
    return a.orbits.size() < b.orbits.size();
  });
  return found;
}

RestrictedPiece restrictionOf(const PackingCover& pc, const std::vector<PackingSymmetry>& group, int type) {
  if (type == -1) return unrestricted(pc);
  RestrictedPiece r;
  if (type >= 0 && type < static_cast<int>(pc.types.size()) && group.size() > 1) r.orbits = restrictableOrbits(pc, group, type);
  if (r.orbits.empty())
    throw std::invalid_argument("piece type " + std::to_string(type) + " cannot be restricted by this puzzle's symmetries");
  r.type = type;
  keepPlacements(pc, r);
  return r;
}

void keepPlacements(const PackingCover& pc, RestrictedPiece& r) {
  r.kept.clear();
  for (int k = 0; k < pc.placementCount(); ++k)
    if (pc.placementType[k] != r.type || r.orbits.count(k)) r.kept.push_back(k);
}

RestrictedPiece unrestricted(const PackingCover& pc) {
  RestrictedPiece r;
  keepPlacements(pc, r);
  return r;
}

}  // namespace pw
