// A cell of the rhombic-tetrahedron grid (BurrTools' rhombic voxels, docs/puzzle-format.md):
// cubes 5 coordinates wide, their middles at 2 modulo 5, and in each the 24 points whose offsets
// from the middle are 0, ±1 and ±2 in some order. The ±2 axis names the face of the cube the
// tetrahedron stands on, the ±1 axis the edge of that face; its apex is the cube's middle. The
// lattice (its cells and neighbours) and the BurrTools import (whole rhombic dodecahedra) both
// read a point this way.
#pragma once

#include <array>

#include "model/puzzle.hpp"

namespace pw {

inline constexpr int kTetrahedronCube = 5;  // coordinates per cube side

struct Tetrahedron {
  std::array<int, 3> cube{};  // the cube it lies in, numbered by whole cubes
  int face = -1, faceSign = 0, edge = -1, edgeSign = 0, other = -1;

  explicit Tetrahedron(const Cell& c) {
    const std::array<int, 3> at{c.x, c.y, c.z};
    for (int a = 0; a < 3; ++a) {
      const int v = at[static_cast<std::size_t>(a)];
      const int k = v >= 0 ? v / kTetrahedronCube : -((-v + kTetrahedronCube - 1) / kTetrahedronCube);
      cube[static_cast<std::size_t>(a)] = k;
      const int offset = v - kTetrahedronCube * k - 2;
      if (offset == 2 || offset == -2) face = a, faceSign = offset / 2;
      else if (offset == 1 || offset == -1) edge = a, edgeSign = offset;
      else other = a;
    }
  }
  // One point of the 24 (0, ±1 and ±2 each once), not another point of the cube.
  bool valid() const { return face >= 0 && edge >= 0 && other >= 0; }
};

}  // namespace pw
