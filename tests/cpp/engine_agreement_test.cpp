// The packing search's two engines against each other on random small documents: boards
// that need not be boxes nor one region, `+` cells, pieces of one to four cells that need not
// be one block, identical copies, count ranges, rotations and reflections on or off, 2D and
// 3D. The bitset engine (with its memo, region test, first-open-cell lists or fewest-options
// rule) and dancing links must report the same raw and unique counts.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// Cell i of an x*y*z box (x slowest) as JSON coordinates.
std::string cellAt(int i, int y, int z, bool solid) {
  const int cx = i / (y * z), cy = i / z % y, cz = i % z;
  std::string out = "[";
  out += std::to_string(cx);
  out += ',';
  out += std::to_string(cy);
  if (solid) {
    out += ',';
    out += std::to_string(cz);
  }
  out += ']';
  return out;
}

std::string randomDocument(std::mt19937& random) {
  const bool solid = random() % 3 == 0;
  const int x = 2 + static_cast<int>(random() % 3), y = 1 + static_cast<int>(random() % 3),
            z = solid ? 1 + static_cast<int>(random() % 2) : 1;
  // The board as ASCII art: `#` mostly, some `+` (may stay empty), some gaps.
  std::string layers;
  for (int k = 0; k < z; ++k) {
    std::string rows;
    for (int j = 0; j < y; ++j) {
      std::string row;
      for (int i = 0; i < x; ++i) {
        const auto roll = random() % 10;
        row += roll == 0 ? '.' : roll == 1 ? '+' : '#';
      }
      if (j) rows += ',';
      rows += '"';
      rows += row;
      rows += '"';
    }
    if (k) layers += ',';
    if (solid) layers += '[';
    layers += rows;
    if (solid) layers += ']';
  }
  std::string doc = R"({"format":"piecewise/1","name":"random","kind":"packing","board":{"shape":[)";
  doc += layers;
  doc += R"(]},"pieces":[)";
  const int pieces = 1 + static_cast<int>(random() % 4);
  for (int p = 0; p < pieces; ++p) {
    const int size = 1 + static_cast<int>(random() % 4);
    std::string shape;
    for (int k = 0; k < size; ++k) {
      // Cells in a 3x2(x2) box: neighbours usually, not always (then the piece is two blocks).
      const int i = static_cast<int>(random() % (solid ? 12 : 6));
      const std::string c = solid ? cellAt(i, 2, 2, true) : cellAt(i, 2, 1, false);
      if (shape.find(c) != std::string::npos) continue;
      if (!shape.empty()) shape += ',';
      shape += c;
    }
    if (p) doc += ',';
    doc += R"({"name":"p)";
    doc += std::to_string(p);
    doc += R"(","cells":[)";
    doc += shape;
    doc += ']';
    const auto count = random() % 4;
    if (count == 1) doc += R"(,"count":2)";
    if (count >= 2) {
      doc += count == 2 ? R"(,"count":{"min":0,"max":)" : R"(,"count":{"min":1,"max":)";
      doc += std::to_string(1 + random() % (count == 2 ? 3 : 6));
      doc += '}';
    }
    if (random() % 4 == 0) doc += R"(,"rotations":false)";
    if (random() % 4 == 0) doc += random() % 2 ? R"(,"reflections":true)" : R"(,"reflections":false)";
    doc += "}";
  }
  doc += "]}";
  return doc;
}

Counts countWith(const char* engine, const Puzzle& puzzle) {
  const test::ScopedEnv forced("PIECEWISE_ENGINE", engine);
  return countAll(*makeSearch(puzzle));
}

TEST(EngineAgreement, BitsetEngineAndDancingLinksCountAlike) {
  std::mt19937 random(20261126);
  int compared = 0, solvable = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::string doc = randomDocument(random);
    Puzzle puzzle;
    try {
      puzzle = parsePuzzle(doc);
    } catch (const PuzzleError& e) {
      // Only a board drawn all gaps is refused; anything else is a bug of its own.
      EXPECT_NE(std::string(e.what()).find("empty board"), std::string::npos) << e.what() << "\n" << doc;
      continue;
    }
    const Counts bits = countWith("bits", puzzle);
    const Counts dlx = countWith("dlx", puzzle);
    ++compared;
    solvable += dlx.solutions > 0 ? 1 : 0;
    EXPECT_EQ(bits.solutions, dlx.solutions) << doc;
    EXPECT_EQ(bits.unique, dlx.unique) << doc;
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(solvable, 200);
}

}  // namespace
}  // namespace pw
