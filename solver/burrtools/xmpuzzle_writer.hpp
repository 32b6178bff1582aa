// Writing a packing puzzle as an .xmpuzzle file that BurrTools loads as the same puzzle:
// the board becomes the result shape (y flipped back: BurrTools' y points up), each piece
// type one shape with its count or range, in one problem named after the puzzle; the
// notes become the file's comment. A 2D puzzle is one layer thick (z = 1). The square and
// cube grids become BurrTools' cube grid, "prism" and "sphere" its triangular prism and sphere
// grids, "rhombic-tetrahedron" and "rhombic-dodecahedron" its rhombic grid (a dodecahedron as
// its 48 tetrahedra, rhombic_voxels.hpp); triangles and hexagons are refused by name.
//
// BurrTools turns every piece in space and never mirrors one, so a piece must have the
// same placements under that rule as under its own settings: a 3D piece that may be
// mirrored must be its own mirror image, a 2D piece that may not be flipped must look
// the same flipped, and a piece that may not turn must look the same in every turn.
// Otherwise the puzzle is refused with a message naming the piece and the setting. So is a
// rhombic dodecahedron board whose + cells leave room for a dodecahedron half a lattice step
// off (rhombic_import.hpp says why BurrTools' count would then differ).
#pragma once

#include <string>

#include "model/puzzle.hpp"

namespace pw::burrtools {

// The XML text: BurrTools reads it as it is, and the edges gzip it into the .xmpuzzle file
// BurrTools writes (solver/files/gzip.hpp, web/src/files/gzip.ts).
std::string xmpuzzleXml(const Puzzle& puzzle);

}  // namespace pw::burrtools
