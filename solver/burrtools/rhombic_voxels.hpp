// BurrTools' rhombic dodecahedron grid, as its files store it. A voxel there is not a rhombic
// dodecahedron but one of the 24 tetrahedra of a 5 x 5 x 5 block of voxels (a cube cut by its
// six diagonal planes; src/lib/voxel_3.h): the 24 voxels whose offsets from the block's middle
// are 0, ±1 and ±2 in some order, the ±2 axis naming the face of the cube it stands on, the ±1
// axis that face's edge. A rhombic dodecahedron is 48 of them, and a shape may fill one in part.
//
// The dodecahedra of one tiling are centred either on the middles of every other cube (the
// cube's 24 tetrahedra and the 4 of each of its six neighbours' faces towards it) or on every
// other corner of the cubes (6 tetrahedra of each of the 8 cubes around the corner): four
// tilings in all, two of each kind, a whole cube (5 voxels) apart. All coordinates here are
// BurrTools' voxel coordinates, y pointing up.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/puzzle.hpp"

namespace pw::burrtools {

// A voxel as messages name it: "(7, 17, 15)".
std::string voxelText(const Cell& v);

// Whether (x, y, z) is one of the 24 tetrahedra of its block (BurrTools' voxel_3 grid).
bool isRhombicVoxel(const Cell& v);

// The 48 voxels of the rhombic dodecahedron centred on the middle of block `block` (the block
// of voxels 5 * block to 5 * block + 4).
std::vector<Cell> dodecahedronVoxels(const Cell& block);

// Voxels (each one of isRhombicVoxel's) grouped into whole rhombic dodecahedra of one tiling.
struct Dodecahedra {
  bool onCorners = false;  // centred on cube corners, else on cube middles
  // Per voxel given, the centre of its dodecahedron on the face-centred cubic lattice (x + y + z
  // even): a block or corner number, moved by one along x on the tilings of odd ones. Shapes of
  // one kind (onCorners) are then placed on one lattice as BurrTools places them: by whole blocks.
  std::vector<Cell> centre;
};

// `voxels` as whole dodecahedra of one tiling (at most one tiling fits a finite set), or nothing.
std::optional<Dodecahedra> wholeDodecahedra(const std::vector<Cell>& voxels);

// Why `voxels` are not whole dodecahedra: "the rhombic dodecahedron around voxel (7, 17, 15)
// holds 5 of its 48 voxels", naming a partial one of the tiling that comes nearest.
std::string partialDodecahedron(const std::vector<Cell>& voxels);

// Whether a dodecahedron of the other tiling of the same kind (half a lattice step off) fits
// among the dodecahedra centred on `centres` (Dodecahedra::centre of a shape): it fits where
// the six centres a cube's side away along the axes all are.
bool offLatticeRoom(const std::vector<Cell>& centres);

}  // namespace pw::burrtools
