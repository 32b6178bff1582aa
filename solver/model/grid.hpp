// The grids a packing puzzle may live on (docs/puzzle-format.md, "Grids"): the name a
// document gives, and what the solver needs to know before it builds the lattice.
#pragma once

#include <optional>
#include <string_view>

namespace pw {

enum class Grid {
  Square,               // 2D, the default for 2D boards
  Cube,                 // 3D, the default for 3D boards
  Triangle,             // 2D, the triangle at (x, y) points up when x + y is even
  Hexagon,              // 2D, axial coordinates (q, r)
  Sphere,               // 3D, face-centred cubic: cells with x + y + z even
  RhombicDodecahedron,  // the sphere lattice, drawn as rhombic dodecahedra (BurrTools' grid)
  Prism,                // 3D, layers z of the triangle grid
  RhombicTetrahedron,   // 3D, BurrTools' rhombic grid: 24 tetrahedra to a cube of 5 x 5 x 5 coordinates
};

// The document's spelling: "square", "cube", "triangle", "hexagon", "sphere",
// "rhombic-dodecahedron", "prism", "rhombic-tetrahedron".
const char* gridName(Grid grid);
std::optional<Grid> gridNamed(std::string_view name);

// 2 for the plane's grids, 3 for space's: the number of coordinates a cell is written with.
int gridDimensions(Grid grid);

// The grid a board of `dimensions` coordinates has when the document names none.
inline Grid defaultGrid(int dimensions) { return dimensions == 3 ? Grid::Cube : Grid::Square; }

}  // namespace pw
