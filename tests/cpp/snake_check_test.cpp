// The snake checker on a good solution and on corrupted copies of it, one fault each.
#include <gtest/gtest.h>

#include "check/check.hpp"
#include "parse/parse.hpp"

namespace pw {
namespace {

// A 1x3x3 slab (x = 0) and the chain 3,3,3,2,2 folded as a spiral, 9 cubes, as (y, z):
// (0,0)(1,0)(2,0) | (2,1)(2,2) | (1,2)(0,2) | (0,1)(1,1) in (y, z).
const Puzzle kSlab = parsePuzzle(
    R"({"format":"piecewise/1","name":"t","kind":"snake","box":[1,3,3],"segments":[3,3,3,2,2]})");

SnakeSolution good() {
  return {{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {0, 2, 1}, {0, 2, 2}, {0, 1, 2}, {0, 0, 2}, {0, 0, 1}, {0, 1, 1}}};
}

std::string problem(const SnakeSolution& s) {
  const auto result = checkSolution(kSlab, s);
  return result ? *result : "";
}

TEST(SnakeCheck, AcceptsAGoodSolution) { EXPECT_EQ(checkSolution(kSlab, good()), std::nullopt); }

TEST(SnakeCheck, RejectsAWrongLength) {
  SnakeSolution s = good();
  s.chain.pop_back();
  EXPECT_NE(problem(s).find("8 cubes"), std::string::npos) << problem(s);
}

TEST(SnakeCheck, RejectsACellOutsideTheBox) {
  SnakeSolution s = good();
  s.chain[0] = {1, 0, 0};
  EXPECT_NE(problem(s).find("outside the box"), std::string::npos) << problem(s);
}

TEST(SnakeCheck, RejectsARevisitedCell) {
  SnakeSolution s = good();
  s.chain[8] = {0, 0, 1};
  EXPECT_NE(problem(s).find("already used"), std::string::npos) << problem(s);
}

TEST(SnakeCheck, RejectsANonAdjacentStep) {
  SnakeSolution s = good();
  std::swap(s.chain[7], s.chain[8]);  // (0,0,2) -> (0,1,1) is a diagonal step
  EXPECT_NE(problem(s).find("is not next to cube 6"), std::string::npos) << problem(s);
}

TEST(SnakeCheck, RejectsABendInsideASegment) {
  // Read as the chain 4,2,3,2,2 the good spiral's first run would need 4 cubes in a row,
  // but it turns at cube 2.
  const Puzzle p = parsePuzzle(
      R"({"format":"piecewise/1","name":"t","kind":"snake","box":[1,3,3],"segments":[4,2,3,2,2]})");
  const auto result = checkSolution(p, good());
  ASSERT_TRUE(result);
  EXPECT_NE(result->find("cube 2 at (0,2,0) is inside a segment but the chain bends"), std::string::npos) << *result;
}

TEST(SnakeCheck, RejectsGoingStraightWhereTheChainTurns) {
  // Chain 2,2,2,2,2,2,2,2 needs a turn at every cube; the good spiral goes straight at cube 1.
  const Puzzle p = parsePuzzle(
      R"({"format":"piecewise/1","name":"t","kind":"snake","box":[1,3,3],"segments":[2,2,2,2,2,2,2,2]})");
  const auto result = checkSolution(p, good());
  ASSERT_TRUE(result);
  EXPECT_NE(result->find("cube 1 at (0,1,0) joins two segments but the chain goes straight on"), std::string::npos)
      << *result;
}

TEST(SnakeCheck, RejectsAnotherKindsSolution) {
  EXPECT_TRUE(checkSolution(kSlab, PackingSolution{}));
}

}  // namespace
}  // namespace pw
