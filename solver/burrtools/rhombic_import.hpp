// Which piecewise grid a problem on BurrTools' rhombic grid goes on (rhombic_voxels.hpp says
// what its voxels are). When every shape the problem uses is made of whole rhombic dodecahedra
// of one kind, each dodecahedron becomes one cell of the "rhombic-dodecahedron" grid; otherwise
// the voxels stay tetrahedra, cells of the "rhombic-tetrahedron" grid, which holds any shape
// BurrTools can draw there.
//
// Why the dodecahedra count as BurrTools counts. BurrTools moves a shape by whole blocks, which
// takes a dodecahedron of one tiling to the other tiling of its kind (half a lattice step off).
// A piece so placed cannot be part of a filled result of dodecahedra of the first tiling: take
// the off-lattice dodecahedron of the assembly that lies furthest along x (then y, then z);
// the result's dodecahedron next to it along x shares voxels with it, so the voxels of that
// dodecahedron's far side must be covered by a dodecahedron further along x still. So every assembly places
// every piece on the result's own lattice, where piecewise places them. A result with variable
// voxels may leave part of a dodecahedron empty: there the argument fails, and the dodecahedra
// are used only when no off-lattice dodecahedron fits in the result at all.
#pragma once

#include <optional>
#include <string>

#include "burrtools/xmpuzzle.hpp"

namespace pw::burrtools {

struct RhombicProblem {
  // The file with the problem's shapes rewritten as the centres of their dodecahedra, in the
  // coordinates of BurrTools' sphere grid (the same face-centred cubic lattice, x + y + z even).
  std::optional<File> dodecahedra;
  // When there is none: why not, naming the shape and the dodecahedron (one line).
  std::string whyNot;
};

RhombicProblem rhombicProblem(const File& file, const Problem& problem);

}  // namespace pw::burrtools
