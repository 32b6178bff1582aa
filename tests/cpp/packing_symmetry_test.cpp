// The packing symmetry group maps piece types by shortcuts (a type whose orientations are a
// shape's orbit under all rotations is fixed by every rotation, and every mirror sends it to
// its mirror type); here each element's type map is checked against applying the symmetry to
// every orientation, on puzzles that mix pieces that turn, flip, do neither, or only flip.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "cover/packing_cover.hpp"
#include "lattice/transform.hpp"
#include "test_support.hpp"
#include "packing/packing_symmetry.hpp"
#include "parse/parse.hpp"

namespace pw {
namespace {

std::string cellList(const std::vector<Cell>& cells, int dimensions) {
  std::string out = "[";
  for (const Cell& c : cells) {
    if (out.size() > 1) out += ',';
    out += '[';
    out += std::to_string(c.x);
    out += ',';
    out += std::to_string(c.y);
    if (dimensions == 3) {
      out += ',';
      out += std::to_string(c.z);
    }
    out += ']';
  }
  return out + "]";
}

// Whether g maps type t's orientations onto type u's, applying g to every one.
bool mapsOnto(const PackingCover& pc, const Transform& g, int t, int u) {
  std::vector<std::vector<Cell>> images;
  for (const auto& shape : pc.types[t].orientations) images.push_back(normalized(transformed(shape, g)));
  std::sort(images.begin(), images.end());
  return images == pc.types[u].orientations && pc.types[t].min == pc.types[u].min && pc.types[t].max == pc.types[u].max;
}

TEST(PackingSymmetry, TypeImagesAgreeWithTransformingEveryOrientation) {
  std::mt19937 random(11);
  int groups = 0, mirrored = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int dimensions = trial % 2 ? 3 : 2;
    const int side = dimensions == 3 ? 4 : 6;
    std::string rows;
    for (int y = 0; y < side; ++y) {
      if (y) rows += ',';
      rows += '"';
      rows += std::string(side, '+');
      rows += '"';
    }
    std::string board = "[";
    if (dimensions == 2) board += rows;
    for (int z = 0; dimensions == 3 && z < side; ++z) {
      if (z) board += ',';
      board += '[';
      board += rows;
      board += ']';
    }
    board += ']';
    std::string pieces = "[";
    for (int p = 0; p < 5; ++p) {
      std::vector<Cell> shape = test::randomShape(random, 2 + static_cast<int>(random() % 4), dimensions);
      const bool twin = p > 0 && random() % 3 == 0;  // sometimes the previous piece's mirror image
      if (twin) {
        Transform mirror;
        mirror.sign = {-1, 1, 1};
        shape = transformed(shape, mirror);
      }
      pieces += std::string(p ? "," : "") + R"({"name":"p)" + std::to_string(p) + R"(","cells":)" + cellList(shape, dimensions) +
                R"(,"count":{"min":0,"max":1},"rotations":)" + (random() % 4 ? "true" : "false") +
                R"(,"reflections":)" + (random() % 2 ? "true" : "false") + "}";
    }
    pieces += "]";
    const Puzzle puzzle = parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"packing","board":{"shape":)" + board +
                                      R"(},"pieces":)" + pieces + "}");
    const auto& packing = std::get<PackingPuzzle>(puzzle.body);
    const PackingCover pc = compilePlacements(packing);
    const std::vector<PackingSymmetry> group = packingSymmetries(pc);
    ASSERT_FALSE(group.empty());
    // Every lattice symmetry of the (square or cubic) board is in the group exactly when it
    // maps each type onto some type.
    std::size_t expected = 0;
    for (const Transform& g : latticeSymmetries(dimensions, true)) {
      std::vector<int> image;
      for (int t = 0; t < static_cast<int>(pc.types.size()); ++t)
        for (int u = 0; u < static_cast<int>(pc.types.size()); ++u)
          if (mapsOnto(pc, g, t, u)) image.push_back(u);
      if (image.size() != pc.types.size()) continue;
      ++expected;
      mirrored += g.determinant() < 0 ? 1 : 0;
      EXPECT_TRUE(std::any_of(group.begin(), group.end(), [&](const PackingSymmetry& s) { return s.typeImage == image; }))
          << "trial " << trial;
    }
    EXPECT_EQ(group.size(), expected) << "trial " << trial;
    groups += static_cast<int>(group.size());
  }
  EXPECT_GT(groups, 100);
  EXPECT_GT(mirrored, 10);
}

}  // namespace
}  // namespace pw
