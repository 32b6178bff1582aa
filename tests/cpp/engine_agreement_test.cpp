// The packing search's two engines against each other on random small documents
// (random_puzzles.hpp): boards that need not be boxes nor one region, `+` cells, pieces of one
// to four cells that need not be one block, identical copies, count ranges, rotations and
// reflections on or off, 2D and 3D. The bitset engine (with its memo, region test,
// first-open-cell lists or fewest-options rule) and dancing links must report the same raw and
// unique counts.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "random_puzzles.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

Counts countWith(const char* engine, const Puzzle& puzzle) {
  const test::ScopedEnv forced("PIECEWISE_ENGINE", engine);
  return countAll(*makeSearch(puzzle));
}

TEST(EngineAgreement, BitsetEngineAndDancingLinksCountAlike) {
  std::mt19937 random(20261126);
  int compared = 0, solvable = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::string doc = test::randomPackingDocument(random);
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
