// Symmetries of the square and cubic lattices as signed permutation matrices.
// There are 48 of them in space; the 24 with determinant +1 are the rotations. The plane's
// 8 (4 rotations, 4 mirrors) are the ones that leave z alone.
#pragma once

#include <array>
#include <vector>

#include "model/puzzle.hpp"

namespace pw {

struct Transform {
  // Row i of the matrix has a single non-zero entry `sign[i]` in column `axis[i]`:
  // image coordinate i = sign[i] * source coordinate axis[i].
  std::array<int, 3> axis{0, 1, 2};
  std::array<int, 3> sign{1, 1, 1};

  Cell apply(const Cell& c) const {
    const int src[3] = {c.x, c.y, c.z};
    return {sign[0] * src[axis[0]], sign[1] * src[axis[1]], sign[2] * src[axis[2]]};
  }
  int determinant() const;
  bool isIdentity() const { return *this == Transform{}; }
  Transform then(const Transform& next) const;  // next ∘ this
  Transform inverse() const;
  friend bool operator==(const Transform&, const Transform&) = default;
};

// The lattice symmetries of `dimensions` (2 or 3) space: proper rotations only, or all
// rotations and reflections. The identity comes first.
std::vector<Transform> latticeSymmetries(int dimensions, bool withReflections);

// The motions a piece may make: identity only, rotations, reflections, or both.
// A 2D piece that may be reflected but not rotated gets the identity and the mirror x -> -x.
std::vector<Transform> allowedMotions(int dimensions, bool rotations, bool reflections);

// Translate so the minimum coordinate on each axis is 0, then sort.
std::vector<Cell> normalized(std::vector<Cell> cells);

std::vector<Cell> transformed(const std::vector<Cell>& cells, const Transform& t);

// The distinct normalized images of `cells` under `motions`, in the order first met.
std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, const std::vector<Transform>& motions);

}  // namespace pw
