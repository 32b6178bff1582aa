// Symmetry reduction of where the chain starts. Cube 0 and cube 1 form an ordered pair
// of neighbouring cells; the box's symmetries split these pairs into orbits. The search
// folds the chain only from one pair per orbit and reports each solution's images under
// one symmetry per orbit member, so raw counts stay exact while the work shrinks by up
// to the group's order.
#pragma once

#include <vector>

#include "snake/snake_box.hpp"

namespace pw {

struct StartOrbit {
  int cell = 0;            // cube 0 of the representative pair
  int direction = 0;       // from cube 0 to cube 1
  std::vector<int> images;  // indices into box.symmetries: one mapping the pair to each orbit member
};

// Orbits of the starts that can begin a solution: the first run fits before the wall,
// and when the volume is odd cube 0 lies on the majority colour (the chain alternates
// colours, so it starts and ends on the colour with one cell more).
std::vector<StartOrbit> startOrbits(const SnakeBox& box, int firstRunCubes);

}  // namespace pw
