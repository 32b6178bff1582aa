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
