#include "lattice/transform.hpp"

#include <algorithm>
#include <climits>

namespace pw {

int Transform::determinant() const {
  // Sign of the permutation times the product of the signs.
  int parity = 1;
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (axis[i] > axis[j]) parity = -parity;
  return parity * sign[0] * sign[1] * sign[2];
}

Transform Transform::then(const Transform& next) const {
  // (next ∘ this)(c)_i = next.sign[i] * this(c)_{next.axis[i]}
  //                    = next.sign[i] * this.sign[next.axis[i]] * c_{this.axis[next.axis[i]]}
  Transform r;
  for (int i = 0; i < 3; ++i) {
    r.axis[i] = axis[next.axis[i]];
    r.sign[i] = next.sign[i] * sign[next.axis[i]];
  }
  return r;
}

Transform Transform::inverse() const {
  Transform r;
  for (int i = 0; i < 3; ++i) {
    r.axis[axis[i]] = i;
    r.sign[axis[i]] = sign[i];
  }
  return r;
}

std::vector<Transform> latticeSymmetries(int dimensions, bool withReflections) {
  std::vector<Transform> result;
  std::array<int, 3> perm{0, 1, 2};
  do {
    if (dimensions == 2 && perm[2] != 2) continue;
    for (int s = 0; s < 8; ++s) {
      Transform t;
      t.axis = perm;
      t.sign = {(s & 1) ? -1 : 1, (s & 2) ? -1 : 1, (s & 4) ? -1 : 1};
      if (dimensions == 2 && t.sign[2] != 1) continue;
      // In the plane a mirror is any transform with determinant -1 restricted to x, y.
      if (!withReflections && t.determinant() != 1) continue;
      result.push_back(t);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  // next_permutation from {0,1,2} with s = 0 yields the identity first.
  return result;
}

std::vector<Transform> allowedMotions(int dimensions, bool rotations, bool reflections) {
  if (rotations) return latticeSymmetries(dimensions, reflections);
  std::vector<Transform> result{Transform{}};
  if (reflections) {
    Transform mirror;
    mirror.sign = {-1, 1, 1};
    result.push_back(mirror);
  }
  return result;
}

std::vector<Cell> normalized(std::vector<Cell> cells) {
  if (cells.empty()) return cells;
  Cell lo{INT_MAX, INT_MAX, INT_MAX};
  for (const Cell& c : cells) {
    lo.x = std::min(lo.x, c.x);
    lo.y = std::min(lo.y, c.y);
    lo.z = std::min(lo.z, c.z);
  }
  for (Cell& c : cells) c = {c.x - lo.x, c.y - lo.y, c.z - lo.z};
  std::sort(cells.begin(), cells.end());
  return cells;
}

std::vector<Cell> transformed(const std::vector<Cell>& cells, const Transform& t) {
  std::vector<Cell> out;
  out.reserve(cells.size());
  for (const Cell& c : cells) out.push_back(t.apply(c));
  return out;
}

std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, const std::vector<Transform>& motions) {
  std::vector<std::vector<Cell>> result;
  for (const Transform& t : motions) {
    auto image = normalized(transformed(cells, t));
    if (std::find(result.begin(), result.end(), image) == result.end()) result.push_back(std::move(image));
  }
  return result;
}

}  // namespace pw
