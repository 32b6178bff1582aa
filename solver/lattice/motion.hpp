// A motion of a lattice that keeps one lattice point fixed: an integer 3x3 matrix acting on
// the lattice's embedding of its cells (lattice.hpp), so that the square, cube and sphere
// grids (signed permutations of x, y, z), the hexagon grid (axial coordinates) and the
// triangle and prism grids (triangle centres in the basis of two unit edges) are one type.
#pragma once

#include <array>

namespace pw {

using Vec3 = std::array<int, 3>;

struct Motion {
  std::array<Vec3, 3> row{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

  Vec3 apply(const Vec3& v) const {
    Vec3 r{};
    for (int i = 0; i < 3; ++i) r[i] = row[i][0] * v[0] + row[i][1] * v[1] + row[i][2] * v[2];
    return r;
  }
  // next ∘ this
  Motion then(const Motion& next) const {
    Motion r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r.row[i][j] = next.row[i][0] * row[0][j] + next.row[i][1] * row[1][j] + next.row[i][2] * row[2][j];
    return r;
  }
  // +1 for a rotation, -1 for a mirror.
  int determinant() const {
    return row[0][0] * (row[1][1] * row[2][2] - row[1][2] * row[2][1]) -
           row[0][1] * (row[1][0] * row[2][2] - row[1][2] * row[2][0]) +
           row[0][2] * (row[1][0] * row[2][1] - row[1][1] * row[2][0]);
  }
  bool isIdentity() const { return *this == Motion{}; }
  friend bool operator==(const Motion&, const Motion&) = default;
};

}  // namespace pw
