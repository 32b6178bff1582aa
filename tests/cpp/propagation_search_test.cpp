// The propagation search for distinct tiles that do not turn (edge/propagation_search.hpp)
// against the general edge-matching search: random boards cut from random label grids (so
// that most have solutions), with the rim free or one border label, edges equal or
// complementary, must give the same solutions one by one, every one passing the checker,
// whatever the node budget of a call; it must take exactly the puzzles it is for.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <string>
#include <vector>

#include "check/check.hpp"
#include "edge/propagation_search.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "random_puzzles.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// Every solution as its tiles and turns, sorted; each one checked.
std::vector<std::vector<int>> solutions(const Puzzle& puzzle, std::uint64_t budget, std::uint64_t& unique) {
  std::vector<std::vector<int>> found;
  unique = 0;
  auto search = makeSearch(puzzle);
  const SolutionSink sink = [&](const Solution& s, bool representative) {
    const auto problem = checkSolution(puzzle, s);
    EXPECT_FALSE(problem) << problem.value_or("");
    std::vector<int> key;
    for (const TilePlacement& t : std::get<EdgeMatchingSolution>(s).grid) key.insert(key.end(), {t.tile, t.rotation});
    found.push_back(key);
    unique += representative ? 1 : 0;
    return found.size() % 5 != 0;  // pause now and then: the search resumes after it
  };
  while (!search->advance(budget, sink)) {
  }
  std::sort(found.begin(), found.end());
  return found;
}

TEST(PropagationSearch, FindsWhatTheGeneralSearchFinds) {
  std::mt19937 random(20261126);
  int taken = 0, withSeveral = 0;
  for (int round = 0; round < 400; ++round) {
    const int rows = 2 + static_cast<int>(random() % 3), cols = 2 + static_cast<int>(random() % 5);
    const bool complement = round % 4 == 3, border = round % 3 == 2;
    Puzzle puzzle{"random", "", test::cutFromGrid(random, rows, cols, 2 + static_cast<int>(random() % 3), complement, border)};
    const auto& p = std::get<EdgeMatchingPuzzle>(puzzle.body);
    if (!makePropagationSearch(p)) continue;  // copies of a tile, a symmetry: the general search's
    ++taken;
    std::uint64_t unique = 0, generalUnique = 0;
    const std::uint64_t budget = round % 3 == 0 ? 1 : round % 3 == 1 ? 7 : 4096;
    const auto found = solutions(puzzle, budget, unique);
    std::vector<std::vector<int>> general;
    {
      const test::ScopedEnv forced("PIECEWISE_EDGE_SEARCH", "general");
      general = solutions(puzzle, 4096, generalUnique);
    }
    ASSERT_EQ(found, general) << "round " << round << ", " << rows << "x" << cols;
    EXPECT_EQ(unique, found.size()) << "no symmetry: every solution is its class";
    EXPECT_EQ(generalUnique, unique);
    EXPECT_FALSE(found.empty()) << "round " << round << ": cut from a solution";
    withSeveral += found.size() > 1 ? 1 : 0;
  }
  EXPECT_GT(taken, 200);
  EXPECT_GT(withSeveral, 50);
}

TEST(PropagationSearch, TakesOnlyDistinctTilesThatDoNotTurn) {
  std::mt19937 random(7);
  EdgeMatchingPuzzle p = test::cutFromGrid(random, 3, 4, 4, false, false);
  ASSERT_TRUE(makePropagationSearch(p));
  EdgeMatchingPuzzle turning = p;
  turning.rotations = true;
  EXPECT_FALSE(makePropagationSearch(turning));
  EdgeMatchingPuzzle copies = p;
  copies.tiles[1].edges = copies.tiles[0].edges;  // two copies of one tile
  EXPECT_FALSE(makePropagationSearch(copies));
  copies.tiles[1].face = std::string(1, 'x');  // a face tells them apart (not = "x": g++ 12 warns falsely, -Wrestrict)
  EXPECT_TRUE(makePropagationSearch(copies));
  EdgeMatchingPuzzle rule = copies;
  for (TileDef& t : rule.tiles) t.face = t.name;
  rule.distinctRow = true;
  EXPECT_FALSE(makePropagationSearch(rule));
  EdgeMatchingPuzzle labels = p;
  static const char* const kNine[] = {"l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8"};
  for (std::size_t t = 0; t < labels.tiles.size(); ++t) labels.tiles[t].edges[0] = kNine[t % 9];
  EXPECT_FALSE(makePropagationSearch(labels)) << "nine labels: a side's label set is a byte";
  // The rim balance counts a side's rim cells in bytes: at most 31 rows and columns.
  for (const auto& [rows, cols, taken] : {std::tuple{2, 31, true}, std::tuple{1, 32, false}, std::tuple{32, 1, false}}) {
    EdgeMatchingPuzzle strip = test::cutFromGrid(random, rows, cols, 8, false, false);
    for (TileDef& t : strip.tiles) t.face = t.name;  // every tile distinct, whatever its edges
    EXPECT_EQ(makePropagationSearch(strip) != nullptr, taken) << rows << "x" << cols;
  }
}

}  // namespace
}  // namespace pw
