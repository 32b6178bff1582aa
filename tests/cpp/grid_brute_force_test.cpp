// Packing on the triangle, hexagon, sphere, prism and rhombic-tetrahedron grids against a brute
// force that shares none of the solver's lattice code: cells are drawn as points in space (a
// triangle or a tetrahedron by its corners, a hexagon or a ball by its centre), motions are
// rotations and mirrors of space,
// placements are found by moving points onto the board's points, and the unique count is
// recomputed from the symmetries of the board's drawing. A piece of balls turns by every
// rotation of space that takes two touching directions to two others at the same angle (each
// touching pair of a connected piece must land on a touching pair), not only by the lattice's.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>

#include "lattice/lattice.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// A point of space, in units of its grid's `scale` per axis, where the grid's points have
// integer coordinates (so that comparisons are exact; only a motion goes through reals).
using Point = std::array<long long, 3>;
using Cloud = std::vector<Point>;        // a cell's points, sorted
using Matrix = std::array<std::array<double, 3>, 3>;

const double kRow = std::sqrt(3.0) / 2;  // the height of a row of triangles

int floorDiv(int v, int d) { return v >= 0 ? v / d : -((-v + d - 1) / d); }

// A rhombic-tetrahedron cell's corners, in half cubes: the middle of its cube, the middle of
// the face it stands on (the axis where the cell is 2 from the cube's middle, 5 apart per cube),
// and the two ends of that face's edge on the side of the axis where it is 1 off.
Cloud tetrahedronCorners(const Cell& c) {
  const std::array<int, 3> at{c.x, c.y, c.z};
  Point middle{}, face{};
  int edgeAxis = -1, edgeSign = 0, otherAxis = -1;
  for (int a = 0; a < 3; ++a) {
    const int cube = floorDiv(at[a], 5), offset = at[a] - 5 * cube - 2;
    middle[a] = 2LL * cube + 1;
    if (offset == 1 || offset == -1) edgeAxis = a, edgeSign = offset;
    if (offset == 0) otherAxis = a;
    face[a] = middle[a] + offset / 2;
  }
  Point end1 = face, end2 = face;
  end1[edgeAxis] += edgeSign;
  end2[edgeAxis] += edgeSign;
  end1[otherAxis] += 1;
  end2[otherAxis] -= 1;
  return {middle, face, end1, end2};
}

bool isTetrahedron(const Cell& c) {
  std::multiset<int> sizes;
  for (const int v : {c.x, c.y, c.z}) sizes.insert(std::abs(v - 5 * floorDiv(v, 5) - 2));
  return sizes == std::multiset<int>{0, 1, 2};
}

struct Geometry {
  std::string grid;
  int dimensions;
  std::vector<Matrix> motions;  // rotations first (determinant +1), then mirrors
  std::array<double, 3> scale;  // a point's real coordinates: scale[i] * p[i]
  std::vector<Matrix> ballTurns;  // spheres: the turns a piece may make, then their mirrors

  Cloud points(const Cell& c) const {
    Cloud out;
    if (grid == "triangle" || grid == "prism") {
      // Corners (j / 2, k rows): an up triangle's apex on its row, its base on the next.
      // corners (j / 2 across, k rows down)
      const long long x = c.x, y = c.y, z = c.z;
      if ((c.x + c.y) % 2 == 0) out = {{x, y, z}, {x - 1, y + 1, z}, {x + 1, y + 1, z}};
      else out = {{x - 1, y, z}, {x + 1, y, z}, {x, y + 1, z}};
    } else if (grid == "hexagon") {
      out = {{2LL * c.x + c.y, c.y, 0}};  // the centre, sqrt(3)/2 (2q + r) across, 3/2 r down
    } else if (grid == "rhombic-tetrahedron") {
      out = tetrahedronCorners(c);
    } else {
      out = {{c.x, c.y, c.z}};
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

Matrix planeMotion(int turn, bool mirror) {
  const double a = turn * M_PI / 3, s = mirror ? -1 : 1;
  // x -> s x first, then the turn.
  return {{{std::cos(a) * s, -std::sin(a), 0}, {std::sin(a) * s, std::cos(a), 0}, {0, 0, 1}}};
}

double determinant(const Matrix& m) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

using Real3 = std::array<double, 3>;

Real3 unit(const Real3& v) {
  const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return {v[0] / length, v[1] / length, v[2] / length};
}

double dotReal(const Real3& a, const Real3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The right-handed orthonormal frame of u and v (columns).
Matrix frame(const Real3& u, const Real3& v) {
  const Real3 e1 = unit(u);
  const double along = dotReal(v, e1);
  const Real3 e2 = unit({v[0] - along * e1[0], v[1] - along * e1[1], v[2] - along * e1[2]});
  const Real3 e3{e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
  Matrix f{};
  for (int i = 0; i < 3; ++i) f[i] = {e1[i], e2[i], e3[i]};
  return f;
}

// Every rotation taking touching directions u, v to u2, v2 at the same angle, each once.
std::vector<Matrix> touchingTurns() {
  std::vector<Real3> touching;
  for (int a = -1; a <= 1; a += 2)
    for (int b = -1; b <= 1; b += 2)
      touching.insert(touching.end(), {{1.0 * a, 1.0 * b, 0}, {1.0 * a, 0, 1.0 * b}, {0, 1.0 * a, 1.0 * b}});
  std::vector<Matrix> turns;
  for (const Real3& u : touching)
    for (const Real3& v : touching) {
      if (std::abs(std::abs(dotReal(u, v)) - 2) < 1e-9) continue;  // parallel
      const Matrix from = frame(u, v);
      for (const Real3& u2 : touching)
        for (const Real3& v2 : touching) {
          if (std::abs(dotReal(u2, v2) - dotReal(u, v)) > 1e-9) continue;
          const Matrix to = frame(u2, v2);
          Matrix r{};  // to * from^T
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) r[i][j] = to[i][0] * from[j][0] + to[i][1] * from[j][1] + to[i][2] * from[j][2];
          const bool known = std::any_of(turns.begin(), turns.end(), [&](const Matrix& t) {
            for (int i = 0; i < 3; ++i)
              for (int j = 0; j < 3; ++j)
                if (std::abs(t[i][j] - r[i][j]) > 1e-9) return false;
            return true;
          });
          if (!known) turns.push_back(r);
        }
    }
  return turns;
}

Geometry geometry(const std::string& grid) {
  Geometry g{grid, grid == "triangle" || grid == "hexagon" ? 2 : 3, {}, {1, 1, 1}, {}};
  if (grid == "triangle" || grid == "prism") g.scale = {0.5, kRow, 1};
  if (grid == "hexagon") g.scale = {kRow, 1.5, 1};
  if (grid == "sphere" || grid == "rhombic-tetrahedron") {
    std::array<int, 3> perm{0, 1, 2};
    do
      for (int s = 0; s < 8; ++s) {
        Matrix m{};
        for (int i = 0; i < 3; ++i) m[i][perm[i]] = (s >> i & 1) ? -1 : 1;
        g.motions.push_back(m);
      }
    while (std::next_permutation(perm.begin(), perm.end()));
  } else {
    for (int flip = 0; flip < (grid == "prism" ? 2 : 1); ++flip)
      for (int turn = 0; turn < 6; ++turn)
        for (int mirror = 0; mirror < 2; ++mirror) {
          Matrix m = planeMotion(turn, mirror);
          if (flip) m[2][2] = -1;
          g.motions.push_back(m);
        }
  }
  std::stable_partition(g.motions.begin(), g.motions.end(), [](const Matrix& m) { return determinant(m) > 0; });
  if (grid == "sphere") {
    g.ballTurns = touchingTurns();
    const std::size_t turns = g.ballTurns.size();
    for (std::size_t i = 0; i < turns; ++i) {
      Matrix mirrored = g.ballTurns[i];  // x -> -x first
      for (auto& row : mirrored) row[0] = -row[0];
      g.ballTurns.push_back(mirrored);
    }
  }
  return g;
}

Point apply(const Geometry& g, const Matrix& m, const Point& p) {
  std::array<double, 3> real{};
  for (int i = 0; i < 3; ++i) real[i] = g.scale[i] * static_cast<double>(p[i]);
  Point out{};
  for (int i = 0; i < 3; ++i) out[i] = std::llround((m[i][0] * real[0] + m[i][1] * real[1] + m[i][2] * real[2]) / g.scale[i]);
  return out;
}

// A shape as the sorted clouds of its cells, moved so that its least point is the origin.
using Shape = std::vector<Cloud>;

Shape normalizedShape(Shape shape) {
  Point least = shape.front().front();
  for (const Cloud& c : shape) least = std::min(least, c.front());
  for (Cloud& c : shape)
    for (Point& p : c) p = {p[0] - least[0], p[1] - least[1], p[2] - least[2]};
  std::sort(shape.begin(), shape.end());
  return shape;
}

Shape moved(const Geometry& g, const Shape& shape, const Matrix& m) {
  Shape out;
  for (const Cloud& c : shape) {
    Cloud image;
    for (const Point& p : c) image.push_back(apply(g, m, p));
    std::sort(image.begin(), image.end());
    out.push_back(image);
  }
  return out;
}

struct BrutePiece {
  Shape shape;
  int count;
  bool rotations, reflections;
};

// Whether m puts every point of the shape (balls' centres) on a point of the lattice.
bool landsOnLattice(const Matrix& m, const Shape& shape) {
  for (const Cloud& c : shape)
    for (const Point& p : c) {
      long long sum = 0;
      for (int i = 0; i < 3; ++i) {
        const double v = m[i][0] * static_cast<double>(p[0]) + m[i][1] * static_cast<double>(p[1]) + m[i][2] * static_cast<double>(p[2]);
        if (std::abs(v - std::round(v)) > 1e-6) return false;
        sum += std::llround(v);
      }
      if (sum % 2 != 0) return false;
    }
  return true;
}

std::set<Shape> orientationSet(const Geometry& g, const BrutePiece& piece) {
  std::set<Shape> out;
  const Shape shape = normalizedShape(piece.shape);  // turned about a ball's centre
  out.insert(shape);
  const std::vector<Matrix>& motions = piece.rotations && !g.ballTurns.empty() ? g.ballTurns : g.motions;
  for (const Matrix& m : motions) {
    const bool mirror = determinant(m) < 0;
    const bool plainMirror = m[0][0] < -0.99 && m[1][1] > 0.99 && m[2][2] > 0.99;  // x -> -x
    if (!piece.rotations && !(mirror && plainMirror && piece.reflections)) continue;
    if (mirror && !piece.reflections) continue;
    if (!g.ballTurns.empty() && !landsOnLattice(m, shape)) continue;
    out.insert(normalizedShape(moved(g, shape, m)));
  }
  return out;
}

struct Counts {
  std::uint64_t solutions = 0, unique = 0;
};

// Every tiling of the board (all cells covered, each type's copies placed), as sets of
// (type, cells) placements; the classes under the board's and pieces' symmetries.
Counts bruteCount(const Geometry& g, const std::vector<Cell>& board, const std::vector<BrutePiece>& defs) {
  // Types: definitions with equal orientation sets.
  std::vector<std::set<Shape>> typeShapes;
  std::vector<int> typeCount;
  for (const BrutePiece& d : defs) {
    const std::set<Shape> shapes = orientationSet(g, d);
    const auto it = std::find(typeShapes.begin(), typeShapes.end(), shapes);
    if (it == typeShapes.end()) {
      typeShapes.push_back(shapes);
      typeCount.push_back(d.count);
    } else {
      typeCount[static_cast<std::size_t>(it - typeShapes.begin())] += d.count;
    }
  }
  std::map<Cloud, int> cellAt;
  std::set<Point> boardPoints;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const Cloud c = g.points(board[i]);
    cellAt[c] = static_cast<int>(i);
    boardPoints.insert(c.begin(), c.end());
  }
  // Placements per type, as sorted cell numbers: each orientation's least point on every board point.
  std::vector<std::set<std::vector<int>>> placements(typeShapes.size());
  for (std::size_t t = 0; t < typeShapes.size(); ++t)
    for (const Shape& s : typeShapes[t])
      for (const Point& to : boardPoints) {
        std::vector<int> cells;
        for (const Cloud& c : s) {
          Cloud image;
          for (const Point& p : c) image.push_back({p[0] + to[0], p[1] + to[1], p[2] + to[2]});
          const auto it = cellAt.find(image);
          if (it == cellAt.end()) break;
          cells.push_back(it->second);
        }
        if (cells.size() != s.size()) continue;
        std::sort(cells.begin(), cells.end());
        placements[t].insert(cells);
      }

  using Tiling = std::set<std::pair<int, std::vector<int>>>;
  std::vector<Tiling> tilings;
  std::vector<int> owner(board.size(), -1);
  std::vector<int> left = typeCount;
  Tiling current;
  const auto search = [&](const auto& self) -> void {
    const auto open = std::find(owner.begin(), owner.end(), -1);
    if (open == owner.end()) {
      if (std::all_of(left.begin(), left.end(), [](int n) { return n == 0; })) tilings.push_back(current);
      return;
    }
    const int cell = static_cast<int>(open - owner.begin());
    for (std::size_t t = 0; t < placements.size(); ++t) {
      if (left[t] == 0) continue;
      for (const std::vector<int>& p : placements[t]) {
        if (!std::binary_search(p.begin(), p.end(), cell)) continue;
        if (std::any_of(p.begin(), p.end(), [&](int c) { return owner[c] >= 0; })) continue;
        for (int c : p) owner[c] = static_cast<int>(t);
        --left[t];
        current.insert({static_cast<int>(t), p});
        self(self);
        current.erase({static_cast<int>(t), p});
        ++left[t];
        for (int c : p) owner[c] = -1;
      }
    }
  };
  search(search);

  // The symmetries: motions that map the board's drawing onto itself by a translation, with
  // each type onto a type of as many copies.
  Shape boardShape;
  for (const Cell& c : board) boardShape.push_back(g.points(c));
  const Shape boardNormal = normalizedShape(boardShape);
  std::vector<std::pair<std::vector<int>, std::vector<int>>> group;  // cell images, type images
  for (const Matrix& m : g.motions) {
    const Shape image = moved(g, boardShape, m);
    if (normalizedShape(image) != boardNormal) continue;
    Point leastImage = image.front().front(), leastBoard = boardShape.front().front();
    for (const Cloud& c : image) leastImage = std::min(leastImage, c.front());
    for (const Cloud& c : boardShape) leastBoard = std::min(leastBoard, c.front());
    std::vector<int> cells;
    for (Cloud c : image) {
      for (Point& p : c) p = {p[0] - leastImage[0] + leastBoard[0], p[1] - leastImage[1] + leastBoard[1], p[2] - leastImage[2] + leastBoard[2]};
      std::sort(c.begin(), c.end());
      cells.push_back(cellAt.at(c));
    }
    std::vector<int> types;
    for (std::size_t t = 0; t < typeShapes.size(); ++t) {
      std::set<Shape> images;
      for (const Shape& s : typeShapes[t]) images.insert(normalizedShape(moved(g, s, m)));
      for (std::size_t u = 0; u < typeShapes.size(); ++u)
        if (typeShapes[u] == images && typeCount[u] == typeCount[t]) types.push_back(static_cast<int>(u));
      if (types.size() != t + 1) break;
    }
    if (types.size() == typeShapes.size()) group.emplace_back(cells, types);
  }
  std::set<Tiling> classes;
  for (const Tiling& tiling : tilings) {
    Tiling least = tiling;
    for (const auto& [cells, types] : group) {
      Tiling image;
      for (const auto& [t, p] : tiling) {
        std::vector<int> q;
        for (int c : p) q.push_back(cells[static_cast<std::size_t>(c)]);
        std::sort(q.begin(), q.end());
        image.insert({types[static_cast<std::size_t>(t)], q});
      }
      least = std::min(least, image);
    }
    classes.insert(least);
  }
  return {tilings.size(), classes.size()};
}

// ---- random puzzles --------------------------------------------------------

bool adjacent(const Geometry& g, const Cell& a, const Cell& b) {
  const Cloud pa = g.points(a), pb = g.points(b);
  if (g.grid == "rhombic-tetrahedron") {  // a shared triangle
    int shared = 0;
    for (const Point& p : pa) shared += std::count(pb.begin(), pb.end(), p) > 0;
    return shared == 3;
  }
  if (g.grid == "triangle" || g.grid == "prism") {
    if (a.z != b.z) return a.x == b.x && a.y == b.y && std::abs(a.z - b.z) == 1;
    int shared = 0;
    for (const Point& p : pa) shared += std::count(pb.begin(), pb.end(), p) > 0;
    return shared == 2;
  }
  double d2 = 0;
  for (int i = 0; i < 3; ++i) d2 += std::pow(g.scale[i] * static_cast<double>(pa[0][i] - pb[0][i]), 2);
  const double d = std::sqrt(d2);
  return std::abs(d - (g.grid == "hexagon" ? std::sqrt(3.0) : std::sqrt(2.0))) < 1e-6;
}

// Cells near the origin (tetrahedra: in the 27 cubes around the one at the origin).
std::vector<Cell> candidates(const Geometry& g) {
  std::vector<Cell> candidates;
  if (g.grid == "rhombic-tetrahedron") {
    for (int x = -5; x < 10; ++x)
      for (int y = -5; y < 10; ++y)
        for (int z = -5; z < 10; ++z)
          if (isTetrahedron({x, y, z})) candidates.push_back({x, y, z});
    return candidates;
  }
  for (int x = -4; x <= 4; ++x)
    for (int y = -4; y <= 4; ++y)
      for (int z = g.dimensions == 3 ? -2 : 0; z <= (g.dimensions == 3 ? 2 : 0); ++z)
        if (g.grid != "sphere" || (x + y + z) % 2 == 0) candidates.push_back({x, y, z});
  return candidates;
}

// A connected board of `size` cells grown at random from the origin (a tetrahedron beside it).
std::vector<Cell> randomBoard(std::mt19937& random, const Geometry& g, int size) {
  const std::vector<Cell> near = candidates(g);
  std::vector<Cell> board{g.grid == "rhombic-tetrahedron" ? Cell{2, 1, 0} : Cell{0, 0, 0}};
  while (static_cast<int>(board.size()) < size) {
    std::vector<Cell> frontier;
    for (const Cell& c : near)
      if (std::find(board.begin(), board.end(), c) == board.end() &&
          std::any_of(board.begin(), board.end(), [&](const Cell& b) { return adjacent(g, b, c); }))
        frontier.push_back(c);
    board.push_back(frontier[random() % frontier.size()]);
  }
  std::sort(board.begin(), board.end());
  return board;
}

// A board with the symmetries of its grid about the origin: the cells whose points (a
// triangle's corners, a centre) lie within `radius` of it (prisms: two layers of triangles;
// spheres: a square pyramid of 3 layers; tetrahedra: the 24 of the cube at the origin).
std::vector<Cell> roundBoard(const Geometry& g, double radius) {
  std::vector<Cell> board;
  for (const Cell& c : candidates(g)) {
    if (g.grid == "rhombic-tetrahedron") {
      if (c.x >= 0 && c.x < 5 && c.y >= 0 && c.y < 5 && c.z >= 0 && c.z < 5) board.push_back(c);
      continue;
    }
    if (g.grid == "prism" && (c.z < 0 || c.z > 1)) continue;
    if (g.grid == "sphere") {
      const int layer = c.z, i = (c.x + c.y - layer) / 2, j = (c.x - c.y - layer) / 2;
      if (layer >= 0 && layer < 3 && i >= 0 && j >= 0 && i < 3 - layer && j < 3 - layer && (c.x + c.y - layer) % 2 == 0)
        board.push_back(c);
      continue;
    }
    bool inside = true;
    for (const Point& p : g.points(c)) {
      const double x = g.scale[0] * static_cast<double>(p[0]), y = g.scale[1] * static_cast<double>(p[1]);
      inside &= x * x + y * y <= radius * radius + 1e-9;
    }
    if (inside) board.push_back(c);
  }
  return board;
}

// The board cut at random into connected pieces of 2 to 5 cells (fewer where hemmed in).
std::vector<std::vector<Cell>> randomCut(std::mt19937& random, const Geometry& g, const std::vector<Cell>& board) {
  std::vector<std::vector<Cell>> pieces;
  std::set<Cell> free(board.begin(), board.end());
  while (!free.empty()) {
    std::vector<Cell> piece{*std::next(free.begin(), static_cast<long>(random() % free.size()))};
    free.erase(piece.front());
    const int want = 2 + static_cast<int>(random() % 4);
    while (static_cast<int>(piece.size()) < want) {
      std::vector<Cell> grow;
      for (const Cell& c : free)
        if (std::any_of(piece.begin(), piece.end(), [&](const Cell& p) { return adjacent(g, p, c); })) grow.push_back(c);
      if (grow.empty()) break;
      piece.push_back(grow[random() % grow.size()]);
      free.erase(piece.back());
    }
    pieces.push_back(piece);
  }
  return pieces;
}

using test::cellsJson;

// Random boards of `size` cells (0: the round board of `radius`), cut at random.
void expectAgreement(const std::string& grid, std::uint32_t seed, int trials, int size, double radius = 0) {
  std::mt19937 random(seed);
  const Geometry g = geometry(grid);
  std::uint64_t symmetric = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const std::vector<Cell> board = size ? randomBoard(random, g, size) : roundBoard(g, radius);
    const std::vector<std::vector<Cell>> cut = randomCut(random, g, board);
    std::vector<BrutePiece> defs;
    std::string pieces = "[";
    for (std::size_t p = 0; p < cut.size(); ++p) {
      // Sometimes the previous piece again: identical copies, found by the solver itself.
      const std::vector<Cell>& cells = (p > 0 && random() % 5 == 0) ? cut[p - 1] : cut[p];
      const bool rotations = random() % 5 != 0, reflections = random() % 3 != 0;
      Shape shape;
      for (const Cell& c : cells) shape.push_back(g.points(c));
      defs.push_back({shape, 1, rotations, reflections});
      pieces.append(p ? "," : "").append(R"({"name":"p)").append(std::to_string(p)).append(R"(","cells":)");
      pieces.append(cellsJson(cells, g.dimensions)).append(R"(,"rotations":)").append(rotations ? "true" : "false");
      pieces.append(R"(,"reflections":)").append(reflections ? "true" : "false").append("}");
    }
    pieces += "]";
    const std::string document = R"({"format":"piecewise/1","name":"t","kind":"packing","grid":")" + grid +
                                 R"(","board":{"cells":)" + cellsJson(board, g.dimensions) + R"(},"pieces":)" + pieces + "}";
    const Counts expected = bruteCount(g, board, defs);
    const test::RunResult got = test::runAndCheck(parsePuzzle(document), 0, 64);
    EXPECT_EQ(got.solutions, expected.solutions) << document;
    EXPECT_EQ(got.unique, expected.unique) << document;
    EXPECT_TRUE(got.checkerFailures.empty()) << document;
    symmetric += got.symmetries > 1 && expected.unique < expected.solutions;
  }
  if (!size) {
    EXPECT_GT(symmetric, 0u) << "no round board had a symmetric set of pieces";
  }
}

TEST(GridBruteForce, Triangle) { expectAgreement("triangle", 1, 40, 16); }
TEST(GridBruteForce, Hexagon) { expectAgreement("hexagon", 2, 40, 14); }
TEST(GridBruteForce, Sphere) { expectAgreement("sphere", 3, 30, 14); }
TEST(GridBruteForce, Prism) { expectAgreement("prism", 4, 30, 14); }
TEST(GridBruteForce, TriangleHexagonBoard) { expectAgreement("triangle", 5, 5, 0, 2); }
TEST(GridBruteForce, HexagonFlower) { expectAgreement("hexagon", 6, 30, 0, 3); }
TEST(GridBruteForce, SpherePyramid) { expectAgreement("sphere", 7, 30, 0); }
// The solver's neighbours of a tetrahedron are the four that share a triangle with it.
TEST(GridBruteForce, RhombicTetrahedronNeighboursShareAFace) {
  const Geometry g = geometry("rhombic-tetrahedron");
  const Lattice& lattice = Lattice::of(Grid::RhombicTetrahedron);
  const std::vector<Cell> near = candidates(g);
  for (const Cell& c : near) {
    if (c.x < 0 || c.x >= 5 || c.y < 0 || c.y >= 5 || c.z < 0 || c.z >= 5) continue;
    EXPECT_TRUE(lattice.holds(c));
    std::vector<Cell> expected;
    for (const Cell& n : near)
      if (adjacent(g, c, n)) expected.push_back(n);
    std::sort(expected.begin(), expected.end());
    std::vector<Cell> got = lattice.neighbours(c);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(expected.size(), 4u);
    EXPECT_EQ(got, expected) << c.x << "," << c.y << "," << c.z;
  }
  EXPECT_FALSE(lattice.holds({2, 2, 2}));
  EXPECT_FALSE(lattice.holds({0, 0, 2}));
  EXPECT_TRUE(lattice.holds({-3, 1, 0}));  // offsets 0, -1, -2 in the cube at x = -5
}

TEST(GridBruteForce, RhombicTetrahedron) { expectAgreement("rhombic-tetrahedron", 8, 30, 14); }
TEST(GridBruteForce, RhombicTetrahedraOfACube) { expectAgreement("rhombic-tetrahedron", 11, 10, 0); }
TEST(GridBruteForce, PrismHexagonLayers) { expectAgreement("prism", 8, 30, 0, 1); }

}  // namespace
}  // namespace pw
