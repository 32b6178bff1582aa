#include "snake/start_orbits.hpp"

namespace pw {

namespace {

int directionBetween(const SnakeBox& box, int from, int to) {
  for (int d = 0; d < kDirections; ++d)
    if (box.next(from, d) == to) return d;
  return -1;
}

bool runFits(const SnakeBox& box, int cell, int direction, int cubes) {
  for (int i = 1; i < cubes && cell >= 0; ++i) cell = box.next(cell, direction);
  return cell >= 0;
}

}  // namespace

std::vector<StartOrbit> startOrbits(const SnakeBox& box, int firstRunCubes) {
  // Colour 0 has the extra cell of an odd box: (0,0,0) is a corner of colour 0.
  const bool oddVolume = box.cells % 2 == 1;
  std::vector<char> covered(static_cast<std::size_t>(box.cells) * kDirections, 0);
  std::vector<StartOrbit> orbits;
  for (int c = 0; c < box.cells; ++c) {
    if (oddVolume && box.colour(c) != 0) continue;
    for (int d = 0; d < kDirections; ++d) {
      if (covered[c * kDirections + d] || !runFits(box, c, d, firstRunCubes)) continue;
      // Both tests are invariant under the box's symmetries (an odd box has odd sides,
      // whose reflections keep colours), so the whole orbit passes them.
      StartOrbit orbit{c, d, {}};
      const int second = box.next(c, d);
      for (std::size_t g = 0; g < box.symmetries.size(); ++g) {
        const int from = box.symmetries[g][c];
        const int dir = directionBetween(box, from, box.symmetries[g][second]);
        if (covered[from * kDirections + dir]) continue;
        covered[from * kDirections + dir] = 1;
        orbit.images.push_back(static_cast<int>(g));
      }
      orbits.push_back(std::move(orbit));
    }
  }
  return orbits;
}

}  // namespace pw
