// BurrTools' y grows upwards, piecewise's rows downwards: a voxel of a file and a piecewise cell
// differ by a turn of the y axis. On the triangle layers of prisms this keeps x + y's parity
// (the triangle at x + y even points away from row y - 1 in BurrTools, away from row y + 1
// here), and on spheres x + y + z's. The tetrahedra of a block of 5 are turned over within the
// block (4 - y), so that each stays one of them. The turn is its own inverse: problem_import
// reads voxels with it and xmpuzzle_writer writes cells with it.
#pragma once

#include "model/puzzle.hpp"

namespace pw::burrtools {

inline Cell turnedY(const Cell& c, pw::Grid grid) { return {c.x, (grid == pw::Grid::RhombicTetrahedron ? 4 : 0) - c.y, c.z}; }

}  // namespace pw::burrtools
