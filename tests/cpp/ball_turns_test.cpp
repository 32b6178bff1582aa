// A piece of balls takes every position a turn of space gives it on the lattice: more than the
// lattice's 24 rotations for a flat piece in a triangular layer (turned over within it) and for
// pieces whose balls leave the lattice's own symmetry, checked against a search that knows no
// rotation at all: a proper motion of a set of points is a map that keeps every distance and
// the handedness of every three differences.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "lattice/ball_turns.hpp"
#include "lattice/lattice.hpp"

namespace pw {
namespace {

const Lattice& balls() { return Lattice::of(Grid::Sphere); }

std::size_t latticeRotations(const std::vector<Cell>& cells) {
  return balls().orientations(cells, balls().symmetries(false)).size();
}

bool hasOrientation(const std::vector<Cell>& piece, const std::vector<Cell>& placed) {
  const auto all = balls().pieceOrientations(piece, true, false);
  return std::find(all.begin(), all.end(), balls().normalized(placed)) != all.end();
}

// BallRoom's flat piece (BurrTools' examples, problem 1, as piecewise reads it): three balls in
// a row and one touching the middle and an end, all in the layer x - y - z = 0.
const std::vector<Cell> kFlat{{0, 0, 0}, {1, -1, 0}, {2, -2, 0}, {1, -2, 1}};

TEST(BallTurns, AFlatPieceInATriangularLayerTurnsOver) {
  EXPECT_EQ(latticeRotations(kFlat), 24u);
  const auto turned = balls().pieceOrientations(kFlat, true, false);
  EXPECT_EQ(turned.size(), 48u);
  // Turned over, it is its own mirror image: the cube's 48 motions, mirrors included.
  auto mirrored = balls().orientations(kFlat, balls().symmetries(true));
  std::sort(mirrored.begin(), mirrored.end());
  EXPECT_EQ(turned, mirrored);
  EXPECT_EQ(turned, balls().pieceOrientations(kFlat, true, true));
  // Where BurrTools' second assembly of BallRoom problem 1 puts it (its rotation 28 of the
  // sphere grid, a turn by 109.47 degrees that is no symmetry of the lattice), in the base
  // of the pyramid: no lattice rotation gets it there.
  const std::vector<Cell> inTheBase{{2, 0, 0}, {1, -1, 0}, {0, -2, 0}, {1, -2, 1}};
  EXPECT_TRUE(hasOrientation(kFlat, inTheBase));
  const auto rotated = balls().orientations(kFlat, balls().symmetries(false));
  EXPECT_EQ(std::count(rotated.begin(), rotated.end(), balls().normalized(inTheBase)), 0);
}

TEST(BallTurns, PiecesTheLatticeAlreadyTurnsFully) {
  // Not flat (BallRoom's fourth piece): the 24 rotations, and mirrored it is another piece.
  const std::vector<Cell> twist{{2, 0, 0}, {1, -1, 0}, {1, 0, 1}, {1, -2, 1}};
  EXPECT_EQ(balls().pieceOrientations(twist, true, false).size(), 24u);
  EXPECT_EQ(balls().pieceOrientations(twist, true, true).size(), 48u);
  // Flat in a square layer: the layer's mirror is a lattice motion already.
  const std::vector<Cell> bend{{0, 0, 0}, {1, 1, 0}, {2, 0, 0}, {3, 1, 0}};
  EXPECT_EQ(balls().pieceOrientations(bend, true, false).size(), latticeRotations(bend));
  EXPECT_EQ(balls().pieceOrientations({{0, 0, 0}}, true, false).size(), 1u);
}

TEST(BallTurns, PiecesOfBallsApart) {
  // Two balls sqrt(34) apart point along (5, 3, 0) or along (3, 3, 4): 24 ways, 12 of them
  // lattice rotations.
  const std::vector<Cell> dumbbell{{0, 0, 0}, {5, 3, 0}};
  EXPECT_EQ(latticeRotations(dumbbell), 12u);
  EXPECT_EQ(balls().pieceOrientations(dumbbell, true, false).size(), 24u);
  EXPECT_TRUE(hasOrientation(dumbbell, {{0, 0, 0}, {3, 3, 4}}));
  // Three balls in the layer x + y + z = 0 and one three layers above the first: the turn by
  // 60 degrees about (1, 1, 1) keeps that one and lands the others on the layer's lattice,
  // where no lattice motion (mirrors included) puts them. 48 positions, 24 of them rotations.
  const std::vector<Cell> tower{{0, 0, 0}, {1, -1, 0}, {2, 0, -2}, {2, 2, 2}};
  const std::vector<Cell> turned{{0, 0, 0}, {1, 0, -1}, {0, 2, -2}, {2, 2, 2}};
  EXPECT_TRUE(hasOrientation(tower, turned));
  const auto lattice = balls().orientations(tower, balls().symmetries(true));
  EXPECT_EQ(std::count(lattice.begin(), lattice.end(), balls().normalized(turned)), 0);
  EXPECT_EQ(latticeRotations(tower), 24u);
  EXPECT_EQ(balls().pieceOrientations(tower, true, false).size(), 48u);
}

// ---- against a search for distance- and handedness-keeping maps ----------------------------

long long dot(const Cell& a, const Cell& b) {
  return static_cast<long long>(a.x) * b.x + static_cast<long long>(a.y) * b.y + static_cast<long long>(a.z) * b.z;
}

long long det(const Cell& a, const Cell& b, const Cell& c) {
  return static_cast<long long>(a.x) * (static_cast<long long>(b.y) * c.z - static_cast<long long>(b.z) * c.y) -
         static_cast<long long>(a.y) * (static_cast<long long>(b.x) * c.z - static_cast<long long>(b.z) * c.x) +
         static_cast<long long>(a.z) * (static_cast<long long>(b.x) * c.y - static_cast<long long>(b.y) * c.x);
}

Cell minus(const Cell& a, const Cell& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }

// Every list of lattice points p with p[0] = 0 and the dot products and triple determinants of
// the cells' differences from cells[0]: the images of a rotation, and only those.
std::set<std::vector<Cell>> keepingMaps(const std::vector<Cell>& cells) {
  std::vector<Cell> d;
  for (const Cell& c : cells) d.push_back(minus(c, cells[0]));
  std::set<std::vector<Cell>> out;
  std::vector<Cell> image{{0, 0, 0}};
  const auto extend = [&](const auto& self) -> void {
    const std::size_t i = image.size();
    if (i == d.size()) {
      out.insert(image);
      return;
    }
    const long long length = dot(d[i], d[i]);
    const int r = static_cast<int>(std::sqrt(static_cast<double>(length))) + 1;
    for (int x = -r; x <= r; ++x)
      for (int y = -r; y <= r; ++y)
        for (int z = -r; z <= r; ++z) {
          const Cell p{x, y, z};
          if ((x + y + z) % 2 != 0 || dot(p, p) != length) continue;
          bool keeps = true;
          for (std::size_t j = 1; j < i && keeps; ++j) {
            keeps = dot(p, image[j]) == dot(d[i], d[j]);
            for (std::size_t k = j + 1; k < i && keeps; ++k) keeps = det(image[j], image[k], p) == det(d[j], d[k], d[i]);
          }
          if (!keeps) continue;
          image.push_back(p);
          self(self);
          image.pop_back();
        }
  };
  extend(extend);
  return out;
}

TEST(BallTurns, EveryTurnAndNoOtherOnRandomPieces) {
  std::mt19937 random(28);
  int beyondTheLattice = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::set<Cell> cells;
    const int size = 1 + static_cast<int>(random() % 5), side = trial < 200 ? 3 : 6;
    while (static_cast<int>(cells.size()) < size) {
      Cell c{static_cast<int>(random() % side), static_cast<int>(random() % side), static_cast<int>(random() % side)};
      if ((c.x + c.y + c.z) % 2 == 0) cells.insert(c);
    }
    const std::vector<Cell> piece(cells.begin(), cells.end());
    const std::vector<std::vector<Cell>> turns = ballTurns(piece);
    const std::set<std::vector<Cell>> found(turns.begin(), turns.end());
    EXPECT_EQ(found.size(), turns.size());
    std::vector<Cell> identity;
    for (const Cell& c : piece) identity.push_back(minus(c, piece[0]));
    EXPECT_EQ(turns.front(), identity);
    EXPECT_EQ(found, keepingMaps(piece)) << "a piece of " << piece.size() << " balls from " << piece[0].x << "," << piece[0].y << "," << piece[0].z;
    beyondTheLattice += balls().pieceOrientations(piece, true, false).size() > latticeRotations(piece);
  }
  EXPECT_GT(beyondTheLattice, 0);
}

}  // namespace
}  // namespace pw
