// The positions a piece of balls can take on the sphere grid. A ball looks the same however it
// turns, so a piece of balls may take every position that a turn of space gives its centres,
// as long as they land on lattice points; a cube has no such freedom. On the face-centred
// cubic lattice (x + y + z even) those turns are the cube's 24 rotations and, for some pieces,
// more: a flat piece lying in a triangular layer (a plane x ± y ± z = const) turned over within
// that layer lands on lattice points, though the turn that does it (e.g. 180 degrees about the
// layer's normal, or BurrTools' rotation 28 of its sphere grid) is no symmetry of the lattice.
// Such a piece therefore has the orientations of the cube's 48 motions, its mirror images
// included, and a piece spread over layers 3 apart may turn by 60 degrees about their normal.
#pragma once

#include <vector>

#include "model/puzzle.hpp"

namespace pw {

// The images of `cells` (sphere-grid cells, x + y + z even) under every rotation of space
// (determinant +1) that maps each difference of two of its cells to a lattice vector: cell i
// to image i, cells[0] to the origin, each distinct image once. The first image is the
// identity's. Exact integer arithmetic; for any cells within the coordinate limits.
std::vector<std::vector<Cell>> ballTurns(const std::vector<Cell>& cells);

}  // namespace pw
