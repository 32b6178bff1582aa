// The bitset engine's two branching rules against dancing links: random boxes cut into
// random polycubes (so that each has at least one solution) are counted by the first open
// cell, by the fewest live options, with and without the memo and with a budget of one
// node per call, and by Algorithm M; all must agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <random>

#include "cover/packing_cover.hpp"
#include "engine/bit_cover.hpp"
#include "engine/exact_cover.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// Solutions counted by `budget` nodes a call; nullopt when `cap` nodes did not finish.
std::optional<std::uint64_t> countAll(CoverEngine& engine, std::uint64_t budget, std::uint64_t cap = UINT64_MAX) {
  std::uint64_t found = 0;
  while (engine.run(budget, [&](std::span<const int>) {
    ++found;
    return true;
  }) != CoverEngine::Stop::Finished) {
    if (engine.nodes() > cap) return std::nullopt;
  }
  return found;
}

// The numbers of all the cover's placements: every test here searches them all.
std::vector<int> everyPlacement(const PackingCover& cover) {
  std::vector<int> all(static_cast<std::size_t>(cover.placementCount()));
  std::iota(all.begin(), all.end(), 0);
  return all;
}

// A box of 2-3 x 2-3 x 2-4 cells (one layer high when `flat`) cut into pieces of three to five.
PackingPuzzle randomCutBox(std::mt19937& random, bool jumps = false, bool flat = false) {
  const int x = 2 + static_cast<int>(random() % 2), y = 2 + static_cast<int>(random() % 2),
            z = flat ? 1 : 2 + static_cast<int>(random() % 3);
  return test::randomCutBoard(random, x, y, z, 3, 5, jumps);
}

TEST(BitCover, FewestOptionsCountsLikeTheFirstOpenCellAndDancingLinks) {
  std::mt19937 random(2026);
  int solved = 0, copies = 0;
  for (int trial = 0; solved < 60; ++trial) {
    ASSERT_LT(trial, 1000);
    const PackingPuzzle puzzle = randomCutBox(random);
    const PackingCover cover = compilePlacements(puzzle);
    const std::vector<int> all = everyPlacement(cover);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ASSERT_TRUE(problem.fewestOptionsFirst) << "a solid box asks for the fewest-options rule";
    ExactCover dlx = buildExactCover(cover, all);
    // Many small pieces have too many solutions to visit one by one here: such trials are skipped.
    const std::optional<std::uint64_t> expected = countAll(dlx, 1 << 12, 1 << 16);
    if (!expected || *expected > 5000) continue;
    EXPECT_GT(*expected, 0u) << "trial " << trial << ": the pieces were cut from the box";
    ++solved;
    for (const PieceType& t : cover.types) copies += t.max > 1 ? 1 : 0;
    for (const std::size_t memo : {std::size_t{0}, std::size_t{128} << 10}) {  // off, and the smallest table
      problem.memoBytes = memo;
      problem.fewestOptionsFirst = true;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial << ", memo " << memo;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1), expected) << "trial " << trial << ", budget 1, memo " << memo;
      problem.fewestOptionsFirst = false;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial << ", first open cell";
    }
  }
  EXPECT_GT(copies, 5) << "identical pieces (one type, several copies) must be among the trials";
}

// Boards of more than 64 cells take two words a set: there the first-open-cell lists are
// picked by the cells after the open one across a word's end. Strips of 3 x 22-26 cells cut
// into pieces of six to ten are counted by the first open cell and by the fewest live
// options (which reads no such lists); dancing links takes too long on boards this size.
TEST(BitCover, WideBoardsCountTheSameByBothRules) {
  std::mt19937 random(72);
  int solved = 0;
  for (int trial = 0; solved < 8; ++trial) {
    ASSERT_LT(trial, 100);
    const int x = 22 + static_cast<int>(random() % 5), y = 3;
    const PackingPuzzle puzzle = test::randomCutBoard(random, x, y, 1, 6, 10, false);
    const PackingCover cover = compilePlacements(puzzle);
    const std::vector<int> all = everyPlacement(cover);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ASSERT_FALSE(problem.fewestOptionsFirst) << "a flat board keeps the first open cell";
    problem.memoBytes = std::size_t{128} << 10;
    problem.fewestOptionsFirst = true;
    const std::optional<std::uint64_t> expected = countAll(*makeBitCover(problem), 1 << 12, 1 << 17);
    if (!expected || *expected > 2000) continue;
    EXPECT_GT(*expected, 0u) << "trial " << trial;
    ++solved;
    problem.fewestOptionsFirst = false;
    EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial;
    EXPECT_EQ(countAll(*makeBitCover(problem), 1), expected) << "trial " << trial << ", budget 1";
  }
}

// The region test after each placement assumes that a piece lies within one region; pieces
// whose cells do not touch break that (a piece straddling two regions leaves neither a sum
// of piece sizes), and must still count as dancing links counts them, by both rules.
TEST(BitCover, PiecesWhoseCellsDoNotTouchCountLikeDancingLinks) {
  std::mt19937 random(1126);
  int solved = 0;
  for (int trial = 0; solved < 60; ++trial) {
    ASSERT_LT(trial, 1000);
    const PackingPuzzle puzzle = randomCutBox(random, true, trial % 2 == 0);
    const PackingCover cover = compilePlacements(puzzle);
    const std::vector<int> all = everyPlacement(cover);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ExactCover dlx = buildExactCover(cover, all);
    const std::optional<std::uint64_t> expected = countAll(dlx, 1 << 12, 1 << 16);
    if (!expected || *expected > 5000) continue;
    ++solved;
    for (const bool fewest : {true, false}) {
      problem.fewestOptionsFirst = fewest;
      problem.memoBytes = std::size_t{128} << 10;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial << ", fewest " << fewest;
    }
  }
}

// Every solution handed over as a count where the memo knows a subtree (no root type: the
// root option is -1).
std::uint64_t countInBulk(CoverEngine& engine) {
  test::BulkTally bulk;
  while (engine.run(1 << 20, [](std::span<const int>) { return true; }, &bulk) != CoverEngine::Stop::Finished) {
  }
  return bulk.total;
}

// The maps of a w x h rectangle's cells (numbered as the cover numbers them) under its
// symmetries but the identity: flips, the half turn, and on a square the quarter turns and
// diagonal flips.
std::vector<std::vector<int>> rectangleSymmetries(const PackingCover& cover, int w, int h) {
  std::vector<std::vector<int>> maps;
  const auto numberOf = [&](int x, int y) {
    return static_cast<int>(std::find(cover.cells.begin(), cover.cells.end(), Cell{x, y, 0}) - cover.cells.begin());
  };
  for (int g = 1; g < 8; ++g) {
    const bool swap = g & 4;
    if (swap && w != h) continue;
    std::vector<int> map;
    for (const Cell& c : cover.cells) {
      int x = g & 1 ? w - 1 - c.x : c.x, y = g & 2 ? h - 1 - c.y : c.y;
      if (swap) std::swap(x, y);
      map.push_back(numberOf(x, y));
    }
    maps.push_back(map);
  }
  return maps;
}

// The memo may take a state and its image under a symmetry of the problem for one. Over
// random rectangles cut into pieces (some of them chiral with reflections off, which no flip
// keeps), counted in bulk where the memo's counts stand for whole subtrees: every symmetry
// of the rectangle offered, and maps that are no symmetry at all (a shuffle of the cells),
// count as dancing links counts. The engine keeps the maps that hold, and they pay.
TEST(BitCover, MemoSymmetriesCountLikeDancingLinks) {
  std::mt19937 random(1123);
  int solved = 0;
  std::uint64_t nodesPlain = 0, nodesSymmetric = 0;
  for (int trial = 0; solved < 40; ++trial) {
    ASSERT_LT(trial, 400);
    const int w = 3 + static_cast<int>(random() % 4), h = 3 + static_cast<int>(random() % 3);
    const PackingPuzzle puzzle = test::randomCutBoard(random, w, h, 1, 3, 5, false);
    const PackingCover cover = compilePlacements(puzzle);
    const std::vector<int> all = everyPlacement(cover);
    ExactCover dlx = buildExactCover(cover, all);
    const std::optional<std::uint64_t> expected = countAll(dlx, 1 << 12, 1 << 16);
    if (!expected || *expected > 20000) continue;
    ++solved;
    BitCoverProblem problem = bitCoverProblem(cover, all);
    problem.memoBytes = std::size_t{1} << 20;
    auto plain = makeBitCover(problem);
    EXPECT_EQ(countInBulk(*plain), *expected) << "trial " << trial;
    nodesPlain += plain->nodes();
    problem.memoSymmetries = rectangleSymmetries(cover, w, h);
    auto symmetric = makeBitCover(problem);
    EXPECT_EQ(countInBulk(*symmetric), *expected) << "trial " << trial << ", symmetries";
    nodesSymmetric += symmetric->nodes();
    std::vector<int> shuffled(cover.cells.size());
    std::iota(shuffled.begin(), shuffled.end(), 0);
    std::shuffle(shuffled.begin(), shuffled.end(), random);
    problem.memoSymmetries = {shuffled, {0}};  // and a map of the wrong size
    EXPECT_EQ(countInBulk(*makeBitCover(problem)), *expected) << "trial " << trial << ", a shuffle";
  }
  EXPECT_LT(nodesSymmetric, nodesPlain);
}

// Knuth's probes estimate the tree without bias: over random boxes (the fewest-options rule)
// and flat ones (the first open cell), with a root type and without, the estimates' sum comes
// close to the nodes the engine visits without its memo; each is the same for the same seed;
// a bound on their work or an optional cell leaves no estimate.
TEST(BitCover, ProbesEstimateTheNodesOfTheTree) {
  std::mt19937 random(1975);
  double estimated = 0, visited = 0;
  int trials = 0, rooted = 0;
  for (int trial = 0; trials < 40; ++trial) {
    ASSERT_LT(trial, 1000);
    const PackingCover cover = compilePlacements(randomCutBox(random, false, trial % 2 == 0));
    BitCoverProblem problem = bitCoverProblem(cover, everyPlacement(cover));
    for (int t = 0; t < static_cast<int>(cover.types.size()) && trial % 3 != 0; ++t)
      if (cover.types[t].max == 1) problem.rootType = t;
    const auto engine = makeBitCover(problem);  // memoBytes 0: no memo
    if (!countAll(*engine, 1 << 20, 1 << 16)) continue;
    ++trials;
    rooted += problem.rootType >= 0 ? 1 : 0;
    const std::optional<double> estimate = estimateBitCoverNodes(problem, 500, trial, UINT64_MAX);
    ASSERT_TRUE(estimate) << "trial " << trial;
    EXPECT_EQ(estimate, estimateBitCoverNodes(problem, 500, trial, UINT64_MAX)) << "trial " << trial;
    estimated += *estimate - 1;  // the engine does not count the root
    visited += static_cast<double>(engine->nodes());
    if (engine->nodes() > 100) {
      EXPECT_FALSE(estimateBitCoverNodes(problem, 500, trial, 100)) << "trial " << trial << ": past its bound";
    }
    problem.optional[0] = true;
    EXPECT_FALSE(estimateBitCoverNodes(problem, 500, trial, UINT64_MAX)) << "trial " << trial << ": an optional cell";
  }
  EXPECT_GT(rooted, 10);
  EXPECT_NEAR(estimated / visited, 1.0, 0.05) << estimated << " estimated, " << visited << " visited";
}

}  // namespace
}  // namespace pw
