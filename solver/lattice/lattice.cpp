#include "lattice/lattice.hpp"

#include <algorithm>
#include <array>
#include <climits>

#include "lattice/ball_turns.hpp"
#include "lattice/tetrahedron.hpp"
#include "lattice/transform.hpp"

namespace pw {

namespace {

Motion matrix(const Transform& t) {
  Motion m;
  for (int i = 0; i < 3; ++i) {
    m.row[i] = {0, 0, 0};
    m.row[i][t.axis[i]] = t.sign[i];
  }
  return m;
}

Motion matrix(Vec3 r0, Vec3 r1, Vec3 r2) {
  Motion m;
  m.row = {r0, r1, r2};
  return m;
}

// The group the generators make, identity first, then rotations, then mirrors.
std::vector<Motion> closure(const std::vector<Motion>& generators) {
  std::vector<Motion> group{Motion{}};
  for (std::size_t i = 0; i < group.size(); ++i)
    for (const Motion& g : generators) {
      const Motion next = group[i].then(g);
      if (std::find(group.begin(), group.end(), next) == group.end()) group.push_back(next);
    }
  std::stable_partition(group.begin() + 1, group.end(), [](const Motion& m) { return m.determinant() > 0; });
  return group;
}

// The plane's hexagonal symmetries in a basis of two unit vectors 60 degrees apart: the
// turn by 60 degrees, and the mirror that keeps the second vector's height (x -> -x).
const Motion kSixthTurn = matrix({0, -1, 0}, {1, 1, 0}, {0, 0, 1});
const Motion kFlatMirror = matrix({-1, -1, 0}, {0, 1, 0}, {0, 0, 1});
const Motion kLayerFlip = matrix({1, 0, 0}, {0, 1, 0}, {0, 0, -1});

int floorDiv(int v, int d) { return v >= 0 ? v / d : -((-v + d - 1) / d); }

}  // namespace

const Lattice& Lattice::of(Grid grid) {
  static const Lattice square(Grid::Square), cube(Grid::Cube), triangle(Grid::Triangle), hexagon(Grid::Hexagon),
      sphere(Grid::Sphere), rhombic(Grid::RhombicDodecahedron), prism(Grid::Prism),
      tetrahedra(Grid::RhombicTetrahedron);
  switch (grid) {
    case Grid::Square: return square;
    case Grid::Cube: return cube;
    case Grid::Triangle: return triangle;
    case Grid::Hexagon: return hexagon;
    case Grid::Sphere: return sphere;
    case Grid::RhombicDodecahedron: return rhombic;
    case Grid::Prism: return prism;
    case Grid::RhombicTetrahedron: return tetrahedra;
  }
  return square;
}

Lattice::Lattice(Grid grid) : grid_(grid) {
  switch (grid) {
    case Grid::Square:
    case Grid::Cube:
    case Grid::Sphere:
    case Grid::RhombicDodecahedron:
      for (const Transform& t : latticeSymmetries(dimensions(), true)) symmetries_.push_back(matrix(t));
      mirror_ = matrix({-1, 0, 0}, {0, 1, 0}, {0, 0, 1});
      parityAxes_ = grid == Grid::Sphere || grid == Grid::RhombicDodecahedron ? 3 : 0;
      break;
    case Grid::RhombicTetrahedron:
      // The cube's motions about the middle of a cube, translations by whole cubes.
      for (const Transform& t : latticeSymmetries(3, true)) symmetries_.push_back(matrix(t));
      mirror_ = matrix({-1, 0, 0}, {0, 1, 0}, {0, 0, 1});
      period_ = kTetrahedronCube;
      centre_ = {2, 2, 2};
      break;
    case Grid::Hexagon:
      symmetries_ = closure({kSixthTurn, kFlatMirror});
      mirror_ = kFlatMirror;
      break;
    case Grid::Triangle:
      symmetries_ = closure({kSixthTurn, kFlatMirror});
      mirror_ = kFlatMirror;
      triangleCentres_ = true;
      parityAxes_ = 2;
      break;
    case Grid::Prism:
      symmetries_ = closure({kSixthTurn, kFlatMirror, kLayerFlip});
      mirror_ = kFlatMirror;
      triangleCentres_ = true;
      parityAxes_ = 2;
      break;
  }
}

std::vector<Motion> Lattice::symmetries(bool withReflections) const {
  if (withReflections) return symmetries_;
  std::vector<Motion> rotations;
  for (const Motion& m : symmetries_)
    if (m.determinant() > 0) rotations.push_back(m);
  return rotations;
}

std::vector<Motion> Lattice::allowedMotions(bool rotations, bool reflections) const {
  if (rotations) return symmetries(reflections);
  std::vector<Motion> result{Motion{}};
  if (reflections) result.push_back(mirror_);
  return result;
}

bool Lattice::holds(const Cell& c) const {
  if (dimensions() == 2 && c.z != 0) return false;
  if (grid_ == Grid::RhombicTetrahedron) return Tetrahedron(c).valid();
  return parityAxes_ != 3 || (c.x + c.y + c.z) % 2 == 0;
}

const char* Lattice::cellRule() const {
  if (grid_ == Grid::RhombicTetrahedron)
    return "its x, y and z, each less the middle of its cube (2 modulo 5), must be 0, ±1 and ±2 in some order";
  return parityAxes_ == 3 ? "its x + y + z must be even" : "";
}

// A triangle's centre, times 3, in the basis a = (1, 0), b = (1/2, one row down) of the
// triangles' corners: integers, on which the plane's symmetries are integer matrices.
// The triangle (x, y) has corners on rows y and y + 1, its centre at x / 2 across and at
// y + 2/3 (up) or y + 1/3 (down) rows down.
Vec3 Lattice::embed(const Cell& c) const {
  if (!triangleCentres_) return {c.x - centre_[0], c.y - centre_[1], c.z - centre_[2]};
  const int k = (c.x + c.y) % 2 == 0 ? 2 : 1;
  return {(3 * (c.x - c.y) - k) / 2, 3 * c.y + k, c.z};
}

Cell Lattice::cellAt(const Vec3& v) const {
  if (!triangleCentres_) return {v[0] + centre_[0], v[1] + centre_[1], v[2] + centre_[2]};
  const int k = ((v[1] % 3) + 3) % 3;  // 2: up, 1: down (a symmetry never yields 0)
  const int y = (v[1] - k) / 3;
  return {y + (2 * v[0] + k) / 3, y, v[2]};
}

Cell Lattice::image(const Cell& c, const Motion& g) const { return cellAt(g.apply(embed(c))); }

std::vector<Cell> Lattice::transformed(const std::vector<Cell>& cells, const Motion& g) const {
  std::vector<Cell> out;
  out.reserve(cells.size());
  for (const Cell& c : cells) out.push_back(image(c, g));
  return out;
}

Cell Lattice::normalizingShift(const std::vector<Cell>& cells) const {
  Cell lo{INT_MAX, INT_MAX, INT_MAX};
  for (const Cell& c : cells) lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
  if (cells.empty()) return {};
  // By whole cubes, to the cube at the origin.
  if (period_ > 1) return {-period_ * floorDiv(lo.x, period_), -period_ * floorDiv(lo.y, period_), -period_ * floorDiv(lo.z, period_)};
  Cell shift{-lo.x, -lo.y, -lo.z};
  const int sum = shift.x + shift.y + (parityAxes_ == 3 ? shift.z : 0);
  if (parityAxes_ > 0 && sum % 2 != 0) ++shift.x;
  return shift;
}

std::vector<Cell> Lattice::normalized(std::vector<Cell> cells) const {
  const Cell s = normalizingShift(cells);
  for (Cell& c : cells) c = {c.x + s.x, c.y + s.y, c.z + s.z};
  std::sort(cells.begin(), cells.end());
  return cells;
}

std::vector<std::vector<Cell>> Lattice::orientations(const std::vector<Cell>& cells,
                                                     const std::vector<Motion>& motions) const {
  std::vector<std::vector<Cell>> result;
  for (const Motion& g : motions) {
    auto shape = normalized(transformed(cells, g));
    if (std::find(result.begin(), result.end(), shape) == result.end()) result.push_back(std::move(shape));
  }
  return result;
}

std::vector<std::vector<Cell>> Lattice::poses(const std::vector<Cell>& cells, bool rotations, bool reflections) const {
  std::vector<std::vector<Cell>> out;
  if (grid_ == Grid::Sphere && rotations) {
    out = ballTurns(cells);
    if (reflections)
      for (std::vector<Cell>& mirrored : ballTurns(transformed(cells, mirror_))) out.push_back(std::move(mirrored));
    return out;
  }
  for (const Motion& g : allowedMotions(rotations, reflections)) out.push_back(transformed(cells, g));
  return out;
}

std::vector<std::vector<Cell>> Lattice::pieceOrientations(const std::vector<Cell>& cells, bool rotations,
                                                          bool reflections) const {
  std::vector<std::vector<Cell>> shapes;
  for (std::vector<Cell>& pose : poses(cells, rotations, reflections)) shapes.push_back(normalized(std::move(pose)));
  std::sort(shapes.begin(), shapes.end());
  shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
  return shapes;
}

std::vector<Cell> Lattice::neighbours(const Cell& c) const {
  std::vector<Cell> out;
  const auto add = [&](int dx, int dy, int dz) { out.push_back({c.x + dx, c.y + dy, c.z + dz}); };
  switch (grid_) {
    case Grid::Square:
    case Grid::Cube:
      add(1, 0, 0), add(-1, 0, 0), add(0, 1, 0), add(0, -1, 0);
      if (grid_ == Grid::Cube) add(0, 0, 1), add(0, 0, -1);
      break;
    case Grid::Hexagon:
      add(1, 0, 0), add(-1, 0, 0), add(0, 1, 0), add(0, -1, 0), add(1, -1, 0), add(-1, 1, 0);
      break;
    case Grid::Triangle:
    case Grid::Prism:
      add(1, 0, 0), add(-1, 0, 0), add(0, (c.x + c.y) % 2 == 0 ? 1 : -1, 0);
      if (grid_ == Grid::Prism) add(0, 0, 1), add(0, 0, -1);
      break;
    case Grid::Sphere:
    case Grid::RhombicDodecahedron:
      for (int a = -1; a <= 1; a += 2)
        for (int b = -1; b <= 1; b += 2) add(a, b, 0), add(a, 0, b), add(0, a, b);
      break;
    case Grid::RhombicTetrahedron: {
      const Tetrahedron t(c);
      if (!t.valid()) break;
      const auto step = [&](std::initializer_list<std::pair<int, int>> moves) {
        Vec3 d{};
        for (const auto& [axis, by] : moves) d[static_cast<std::size_t>(axis)] = by;
        add(d[0], d[1], d[2]);
      };
      step({{t.face, t.faceSign}});                             // across the cube's face
      step({{t.face, -t.faceSign}, {t.edge, t.edgeSign}});      // the next face's tetrahedron on the same edge
      step({{t.edge, -t.edgeSign}, {t.other, 1}});              // the face's two other quarters beside it
      step({{t.edge, -t.edgeSign}, {t.other, -1}});
      break;
    }
  }
  return out;
}

}  // namespace pw
