// Snake: hand-counted small boxes, symmetry groups, resumption, progress and rendering.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "format/render.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

Puzzle snake(const std::string& box, const std::string& segments) {
  return parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"snake","box":)" + box + R"(,"segments":)" +
                     segments + "}");
}

Counts count(const Puzzle& p) {
  auto search = makeSearch(p);
  return countAll(*search);
}

TEST(Snake, TwoByTwoByTwo) {
  // In a 2-wide box a step along the same axis twice would come back, so every
  // Hamiltonian path turns at every cube and the chain 2,2,2,2,2,2,2 is any such path.
  // From 000, after the first two steps (3 x 2 axis choices, say x then y) the paths are
  // x y x z x y x, x y x z y x y and x y z y x y z: 18 per start, 144 in all. Up to
  // renaming axes these are 3 patterns, each equal to its own reverse, and the 48
  // symmetries act freely (8 starts x 6 namings): 3 classes under the 96 with reversal.
  const auto r = test::runAndCheck(snake("[2,2,2]", "[2,2,2,2,2,2,2]"));
  EXPECT_EQ(r.solutions, 144u);
  EXPECT_EQ(r.unique, 3u);
  EXPECT_EQ(r.symmetries, 96);
  EXPECT_TRUE(r.checkerFailures.empty()) << r.checkerFailures.front();
}

TEST(Snake, TrivialBoxes) {
  // Two cubes in 1x1x2: either end in either cell, one class (the flip, or reversal).
  const auto two = count(snake("[1,1,2]", "[2]"));
  EXPECT_EQ(two.solutions, 2u);
  EXPECT_EQ(two.unique, 1u);
  // A U in a 2x2 square: 4 start corners x 2 ways round, all one class.
  const auto square = count(snake("[1,2,2]", "[2,2,2]"));
  EXPECT_EQ(square.solutions, 8u);
  EXPECT_EQ(square.unique, 1u);
  // 3,2,3 in a 3x2 rectangle: the run of 3 lies along a long side from a corner: 4.
  const auto u = count(snake("[3,2,1]", "[3,2,3]"));
  EXPECT_EQ(u.solutions, 4u);
  EXPECT_EQ(u.unique, 1u);
}

TEST(Snake, ChainsThatCannotFitHaveNoSolution) {
  EXPECT_EQ(count(snake("[1,1,4]", "[2,3]")).solutions, 0u);          // must turn in a 1x1 tube
  EXPECT_EQ(count(snake("[2,2,2]", "[3,2,2,2,2,2]")).solutions, 0u);  // a run of 3 in a 2-wide box
  // Four runs of 3 round a 3x3 square: the fourth comes back to the first corner.
  EXPECT_EQ(count(snake("[3,3,1]", "[3,3,3,3]")).solutions, 0u);
}

TEST(Snake, BoxesOverSixtyFourCellsUseWiderBitsets) {
  // A straight rod of 64 and a 1x2x40 U (80 cells, across words): mirror images only.
  const auto rod = count(snake("[1,1,64]", "[64]"));
  EXPECT_EQ(rod.solutions, 2u);
  EXPECT_EQ(rod.unique, 1u);
  const auto u = count(snake("[1,2,40]", "[40,2,40]"));
  EXPECT_EQ(u.solutions, 4u);
  EXPECT_EQ(u.unique, 1u);
  // Four runs of 20 round the four columns of a 2x2x20 box (80 cells): start at either
  // end of any column (8), then go round either way (2): 16, one class under the box's 16.
  const auto columns = test::runAndCheck(snake("[2,2,20]", "[20,2,20,2,20,2,20]"), 0, 5);
  EXPECT_EQ(columns.solutions, 16u);
  EXPECT_EQ(columns.unique, 1u);
  EXPECT_EQ(columns.symmetries, 32);
  EXPECT_TRUE(columns.checkerFailures.empty()) << columns.checkerFailures.front();
  // A boustrophedon of five runs of 14 in a 5x14 slab (70 cells): it starts in a corner.
  const auto rows = count(snake("[1,5,14]", "[14,2,14,2,14,2,14,2,14]"));
  EXPECT_EQ(rows.solutions, 4u);
  EXPECT_EQ(rows.unique, 1u);
}

TEST(Snake, SymmetryGroupOfTheBoxAndThePalindrome) {
  // Cube: 48; two equal sides: 16; all different: 8; a side of 1 flips nothing, so a
  // 1x2x3 slab has the rectangle's 4. Reading backwards doubles it for a palindrome.
  EXPECT_EQ(makeSearch(snake("[3,3,3]", "[3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3]"))->symmetryCount(), 48);
  EXPECT_EQ(makeSearch(snake("[3,3,2]", "[3,3,3,3,3,3,3,3,2]"))->symmetryCount(), 16);
  EXPECT_EQ(makeSearch(snake("[3,3,2]", "[3,3,3,3,2,3,3,3,3]"))->symmetryCount(), 32);
  EXPECT_EQ(makeSearch(snake("[2,3,4]", "[2,2,4,2,2,2,2,2,4,2,2,2,2,2,2,3,2,2]"))->symmetryCount(), 8);
  EXPECT_EQ(makeSearch(snake("[1,2,3]", "[3,2,3]"))->symmetryCount(), 8);
  EXPECT_EQ(makeSearch(snake("[1,2,3]", "[3,2,2,2]"))->symmetryCount(), 4);
  EXPECT_EQ(makeSearch(snake("[2,2,2]", "[2,2,2,2,2,2,2]"))->symmetryCount(), 96);
}

TEST(Snake, ResumingWithTinyBudgetsGivesTheSameCounts) {
  const Puzzle p = loadPuzzleFile(test::libraryFile("snake-3x3x4"));
  const Counts whole = count(p);
  for (std::uint64_t budget : {1u, 7u, 100u}) {
    const auto r = test::runAndCheck(p, 0, budget);
    EXPECT_EQ(r.solutions, whole.solutions) << budget;
    EXPECT_EQ(r.unique, whole.unique) << budget;
    EXPECT_TRUE(r.checkerFailures.empty()) << r.checkerFailures.front();
  }
}

TEST(Snake, PausingInTheSinkLosesNoSolution) {
  // The sink pauses after every solution, in the middle of reporting a start's images.
  const Puzzle p = snake("[2,2,2]", "[2,2,2,2,2,2,2]");
  const auto paused = test::countPausingAfterEachSolution(p);
  EXPECT_EQ(paused.solutions, 144u);
  EXPECT_EQ(paused.unique, 3u);
}

TEST(Snake, ProgressGrowsToOne) {
  auto search = makeSearch(loadPuzzleFile(test::libraryFile("snake-3x3x4")));
  double last = search->fractionDone();
  EXPECT_GE(last, 0.0);
  const SolutionSink ignore = [](const Solution&, bool) { return true; };
  while (!search->advance(500, ignore)) {
    const double now = search->fractionDone();
    EXPECT_GE(now, last);
    EXPECT_LE(now, 1.0);
    last = now;
  }
  EXPECT_EQ(search->fractionDone(), 1.0);
}

TEST(Snake, RendersLayersWithCubeIndices) {
  const Puzzle p = snake("[1,2,2]", "[2,2,2]");
  SnakeSolution s{{{0, 0, 0}, {0, 1, 0}, {0, 1, 1}, {0, 0, 1}}};
  EXPECT_EQ(renderText(p, s), "layer z=0\n0\n1\nlayer z=1\n3\n2\n");
  const nlohmann::json j = solutionToJson(p, s);
  EXPECT_EQ(j.at("box"), nlohmann::json({1, 2, 2}));
  EXPECT_EQ(j.at("chain"), nlohmann::json({{0, 0, 0}, {0, 1, 0}, {0, 1, 1}, {0, 0, 1}}));
  // Wider indices are right-aligned.
  const Puzzle wide = snake("[4,3,1]", "[4,2,4,2,4]");
  const auto first = test::firstSolution(wide);
  ASSERT_TRUE(first);
  const std::string text = renderText(wide, *first);
  EXPECT_NE(text.find("11"), std::string::npos);
  EXPECT_NE(text.find(" 0"), std::string::npos);
}

}  // namespace
}  // namespace pw
