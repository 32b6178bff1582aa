#include "lattice/ball_turns.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "lattice/transform.hpp"

namespace pw {

namespace {

using Vec = std::array<long long, 3>;

Vec between(const Cell& from, const Cell& to) { return {to.x - from.x, to.y - from.y, to.z - from.z}; }
long long dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
long long det(const Vec& a, const Vec& b, const Vec& c) { return dot(a, cross(b, c)); }
bool isZero(const Vec& v) { return v[0] == 0 && v[1] == 0 && v[2] == 0; }

long long isqrt(long long n) {
  long long r = static_cast<long long>(std::sqrt(static_cast<double>(n)));
  while (r * r > n) --r;
  while ((r + 1) * (r + 1) <= n) ++r;
  return r;
}

// The lattice vectors of squared length n (any integer vector of even squared length is one:
// x + y + z has the parity of x² + y² + z²). With `onePerClass`, at least one of each class
// under the 24 rotations: (x, y, z) and (x, y, -z) for 0 <= x <= y <= z, which the signed
// permutations of even and odd determinant carry to every vector of length n.
std::vector<Vec> vectorsOfLength(long long n, bool onePerClass) {
  std::set<Vec> out;
  for (long long x = 0; 3 * x * x <= n; ++x)
    for (long long y = x; x * x + 2 * y * y <= n; ++y) {
      const long long rest = n - x * x - y * y;  // >= y², so z >= y
      const long long z = isqrt(rest);
      if (z * z != rest) continue;
      if (onePerClass) {
        out.insert({x, y, z});
        out.insert({x, y, -z});
        continue;
      }
      static const std::vector<Transform> motions = latticeSymmetries(3, true);
      for (const Transform& t : motions) {
        const Cell c = t.apply({static_cast<int>(x), static_cast<int>(y), static_cast<int>(z)});
        out.insert({c.x, c.y, c.z});
      }
    }
  return {out.begin(), out.end()};
}

// The shortest difference of two cells (the least such vector among equals), and the shortest
// not parallel to `along` when one is given; the zero vector when there is none.
Vec shortestDifference(const std::vector<Cell>& cells, const Vec* along) {
  Vec best{};
  long long bestLength = 0;
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (std::size_t j = i + 1; j < cells.size(); ++j) {
      const Vec v = between(cells[i], cells[j]);
      if (isZero(v) || (along && isZero(cross(*along, v)))) continue;
      const long long length = dot(v, v);
      if (isZero(best) || length < bestLength || (length == bestLength && v < best)) best = v, bestLength = length;
    }
  return best;
}

}  // namespace

// A rotation R that maps every difference of cells into the lattice is fixed by where it takes
// two independent differences b1, b2 (b1 x b2 goes to their images' cross product, as R keeps
// handedness); those images are lattice vectors of the same lengths and the same dot product,
// finitely many. R followed by any of the cube's rotations qualifies too, so b1's image is only
// tried on one vector of each class under them and the images found are then turned by all 24.
// When the cells lie on one line, R is fixed on them by b1's image alone.
std::vector<std::vector<Cell>> ballTurns(const std::vector<Cell>& cells) {
  if (cells.empty()) return {{}};
  const Cell origin = cells.front();
  const Vec b1 = shortestDifference(cells, nullptr);
  const Vec b2 = isZero(b1) ? Vec{} : shortestDifference(cells, &b1);
  const Vec normal = cross(b1, b2);
  const long long volume = dot(normal, normal);  // det(b1, b2, b1 x b2)

  // Each cell less the origin, as coefficients on (b1, b2, b1 x b2) times `volume` (Cramer's
  // rule), or on b1 times |b1|² when the cells are collinear. Within the coordinate limits
  // (differences under 900 long) |coefficient| < 10^12 and |coefficient x image| < 10^15.
  std::vector<Vec> coefficients;
  for (const Cell& c : cells) {
    const Vec d = between(origin, c);
    if (isZero(b1)) coefficients.push_back({0, 0, 0});
    else if (isZero(b2)) coefficients.push_back({dot(d, b1), 0, 0});
    else coefficients.push_back({det(d, b2, normal), det(b1, d, normal), det(b1, b2, d)});
  }
  const long long divisor = isZero(b1) ? 1 : isZero(b2) ? dot(b1, b1) : volume;

  std::set<std::vector<Cell>> base;
  std::vector<Cell> image(cells.size());
  // The cells' images when b1, b2, b1 x b2 go to r1, r2, r3; false when one is off the lattice.
  const auto place = [&](const Vec& r1, const Vec& r2, const Vec& r3) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const Vec& a = coefficients[i];
      Vec v{};
      for (int k = 0; k < 3; ++k) {
        const long long sum = a[0] * r1[k] + a[1] * r2[k] + a[2] * r3[k];
        if (sum % divisor != 0) return false;
        v[k] = sum / divisor;
      }
      image[i] = {static_cast<int>(v[0]), static_cast<int>(v[1]), static_cast<int>(v[2])};
    }
    base.insert(image);
    return true;
  };

  if (isZero(b1)) {
    place({}, {}, {});
  } else {
    const std::vector<Vec> seconds = isZero(b2) ? std::vector<Vec>{} : vectorsOfLength(dot(b2, b2), false);
    const long long angle = dot(b1, b2);
    for (const Vec& r1 : vectorsOfLength(dot(b1, b1), true)) {
      if (isZero(b2)) {
        place(r1, {}, {});
        continue;
      }
      for (const Vec& r2 : seconds)
        if (dot(r1, r2) == angle) place(r1, r2, cross(r1, r2));
    }
  }

  std::vector<Cell> identity;
  for (const Cell& c : cells) identity.push_back({c.x - origin.x, c.y - origin.y, c.z - origin.z});
  std::set<std::vector<Cell>> all;
  for (const Transform& t : latticeSymmetries(3, false))
    for (const std::vector<Cell>& b : base) {
      std::vector<Cell> turned;
      turned.reserve(b.size());
      for (const Cell& c : b) turned.push_back(t.apply(c));
      all.insert(std::move(turned));
    }
  std::vector<std::vector<Cell>> out{identity};
  for (const std::vector<Cell>& turned : all)
    if (turned != identity) out.push_back(turned);
  return out;
}

}  // namespace pw
