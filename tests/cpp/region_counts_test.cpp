// The region table: a table that outgrows its budget clears and never answers wrong; below
// its smallest size it stays off. In the engine, counting the last pieces of a state from its
// region's list counts as dancing links does, on random flat boards with identical pieces
// among them, with the memo's symmetries, on two-word boards, and with a table so small that
// it keeps clearing; and it pays.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "cover/packing_cover.hpp"
#include "engine/bit_cover.hpp"
#include "engine/exact_cover.hpp"
#include "engine/region_counts.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

using Entry = RegionCounts<1>::Entry;

CellBits<1> cells(std::uint64_t word) {
  CellBits<1> c;
  c.word[0] = word;
  return c;
}

TEST(RegionCounts, AFullTableClearsButNeverAnswersWrong) {
  RegionCounts<1> table(256 << 10);
  ASSERT_TRUE(table.enabled());
  std::mt19937 random(7);
  std::map<std::uint64_t, std::vector<Entry>> truth;
  for (std::uint64_t i = 1; i <= 20'000; ++i) {
    const std::uint64_t key = i * 0x9E3779B97F4A7C15ull;
    std::vector<Entry> list(random() % 40);
    for (std::size_t k = 0; k < list.size(); ++k) list[k] = {k * 3 + i % 3, random()};
    ASSERT_LE(list.size(), table.maxEntries());
    truth[key] = list;
    const auto kept = table.store(cells(key), list);
    ASSERT_TRUE(std::equal(kept.begin(), kept.end(), list.begin(), list.end(),
                           [](const Entry& a, const Entry& b) { return a.pieces == b.pieces && a.count == b.count; }));
  }
  EXPECT_LE(table.bytes(), std::size_t{256} << 10);
  EXPECT_GT(table.clears(), 0u) << "it had to clear";
  std::size_t kept = 0;
  for (const auto& [key, list] : truth)
    if (const auto found = table.find(cells(key))) {
      ASSERT_EQ(found->size(), list.size());
      for (std::size_t k = 0; k < list.size(); ++k) {
        EXPECT_EQ((*found)[k].pieces, list[k].pieces);
        EXPECT_EQ((*found)[k].count, list[k].count);
      }
      ++kept;
    }
  EXPECT_EQ(kept, table.regions());
  EXPECT_GT(kept, 0u);
  EXPECT_FALSE(table.find(cells(12345)));
}

TEST(RegionCounts, BelowItsSmallestTableItIsOff) {
  EXPECT_FALSE(RegionCounts<1>(1000).enabled());
  EXPECT_FALSE(RegionCounts<1>(0).enabled());
}

struct Counted {
  std::uint64_t solutions;
  std::uint64_t nodes;
};

// Solutions counted in bulk, many at once where a table knows them; nothing when `cap` nodes
// did not finish.
std::optional<Counted> countInBulk(const BitCoverProblem& problem, std::uint64_t budget = 1 << 20, std::uint64_t cap = UINT64_MAX) {
  auto engine = makeBitCover(problem);
  test::BulkTally bulk;
  while (engine->run(budget, [&](std::span<const int>) {
    ++bulk.total;
    return true;
  }, &bulk) != CoverEngine::Stop::Finished) {
    if (engine->nodes() > cap) return std::nullopt;
  }
  return Counted{bulk.total, engine->nodes()};
}

std::optional<std::uint64_t> solutions(const std::optional<Counted>& c) {
  return c ? std::optional<std::uint64_t>(c->solutions) : std::nullopt;
}

std::optional<std::uint64_t> countByDancingLinks(const PackingCover& cover, const std::vector<int>& all, std::uint64_t cap) {
  ExactCover dlx = buildExactCover(cover, all);
  std::uint64_t found = 0;
  while (dlx.run(1 << 12, [&](std::span<const int>) {
    ++found;
    return true;
  }) != CoverEngine::Stop::Finished) {
    if (dlx.nodes() > cap) return std::nullopt;
  }
  return found;
}

// The flips and half turn of a w x h rectangle (cells numbered as the cover numbers them).
std::vector<std::vector<int>> rectangleFlips(const PackingCover& cover, int w, int h) {
  std::vector<std::vector<int>> maps;
  for (int g = 1; g < 4; ++g) {
    std::vector<int> map;
    for (const Cell& c : cover.cells) {
      const Cell to{g & 1 ? w - 1 - c.x : c.x, g & 2 ? h - 1 - c.y : c.y, 0};
      map.push_back(static_cast<int>(std::find(cover.cells.begin(), cover.cells.end(), to) - cover.cells.begin()));
    }
    maps.push_back(map);
  }
  return maps;
}

TEST(RegionCounts, BulkCountsOfFlatBoardsAgreeWithDancingLinks) {
  std::mt19937 random(1126);
  int solved = 0, copies = 0;
  std::uint64_t nodesWithout = 0, nodesWith = 0;
  for (int trial = 0; solved < 40; ++trial) {
    ASSERT_LT(trial, 600);
    const int w = 4 + static_cast<int>(random() % 4), h = 3 + static_cast<int>(random() % 3);
    const PackingPuzzle puzzle = test::randomCutBoard(random, w, h, 1, 2 + static_cast<int>(random() % 2), 5, false);
    const PackingCover cover = compilePlacements(puzzle);
    std::vector<int> all(static_cast<std::size_t>(cover.placementCount()));
    std::iota(all.begin(), all.end(), 0);
    const std::optional<std::uint64_t> expected = countByDancingLinks(cover, all, 1 << 17);
    if (!expected || *expected > 50000) continue;
    ++solved;
    for (const PieceType& t : cover.types) copies += t.max > 1 ? 1 : 0;
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ASSERT_FALSE(problem.fewestOptionsFirst);
    problem.memoBytes = std::size_t{1} << 20;
    const auto without = countInBulk(problem);
    EXPECT_EQ(solutions(without), *expected) << "trial " << trial << ", no region table";
    nodesWithout += without->nodes;
    problem.regionBytes = std::size_t{1} << 20;
    const auto with = countInBulk(problem);
    EXPECT_EQ(solutions(with), *expected) << "trial " << trial;
    nodesWith += with->nodes;
    EXPECT_EQ(solutions(countInBulk(problem, 1)), *expected) << "trial " << trial << ", budget 1";
    problem.regionBytes = 64 << 10;  // the smallest table: it clears, then is asked no more
    EXPECT_EQ(solutions(countInBulk(problem)), *expected) << "trial " << trial << ", smallest table";
    problem.regionBytes = std::size_t{1} << 20;
    problem.memoSymmetries = rectangleFlips(cover, w, h);
    EXPECT_EQ(solutions(countInBulk(problem)), *expected) << "trial " << trial << ", with the flips";
    problem.memoBytes = 0;
    EXPECT_EQ(solutions(countInBulk(problem)), *expected) << "trial " << trial << ", without the memo";
  }
  EXPECT_GT(copies, 5) << "identical pieces (one type, several copies) must be among the trials";
  EXPECT_LT(nodesWith, nodesWithout) << "the region table pays";
}

// Boards of more than 64 cells: the table's keys are two words.
TEST(RegionCounts, TwoWordBoardsCountAsWithoutTheTable) {
  std::mt19937 random(72);
  int solved = 0;
  for (int trial = 0; solved < 8; ++trial) {
    ASSERT_LT(trial, 100);
    const PackingPuzzle puzzle = test::randomCutBoard(random, 22 + static_cast<int>(random() % 5), 3, 1, 5, 8, false);
    const PackingCover cover = compilePlacements(puzzle);
    std::vector<int> all(static_cast<std::size_t>(cover.placementCount()));
    std::iota(all.begin(), all.end(), 0);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    problem.memoBytes = std::size_t{1} << 20;
    const auto without = countInBulk(problem, 1 << 20, 1 << 18);
    if (!without || without->solutions == 0) continue;
    ++solved;
    problem.regionBytes = std::size_t{1} << 20;
    EXPECT_EQ(solutions(countInBulk(problem)), without->solutions) << "trial " << trial;
  }
}

}  // namespace
}  // namespace pw
