// Piece counts whose areas can never add up to what the board needs give no solution at
// once, whichever engine runs (dancing links without `+` cells, bitsets with them): without
// the check both tried every partial tiling, for hours on an 8x8 board of trominoes.
#include <gtest/gtest.h>

#include <string>

#include "parse/parse.hpp"
#include "search/search.hpp"

namespace pw {
namespace {

std::string packing(const std::string& board, const std::string& pieces) {
  return R"({"format":"piecewise/1","name":"t","kind":"packing","board":{"shape":)" + board + R"(},"pieces":)" + pieces + "}";
}

const std::string kFull8x8 = R"(["########","########","########","########","########","########","########","########"])";
// 8x8 with three `+` cells: between 61 and 64 cells are covered.
const std::string kThreeOptional = R"(["+#######","#+######","##+#####","########","########","########","########","########"])";

struct Counted {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  bool finished = false;
};

Counted count(const std::string& document, std::uint64_t budget) {
  auto search = makeSearch(parsePuzzle(document));
  Counted c;
  c.finished = search->advance(budget, [&](const Solution&, bool) {
    ++c.solutions;
    return true;
  });
  c.nodes = search->nodes();
  return c;
}

TEST(PackingArea, TrominoesNeverCoverSixtyFourCells) {
  const Counted c = count(packing(kFull8x8, R"([{"name":"V","shape":["##","#."],"count":{"min":0,"max":30}},)"
                                            R"({"name":"I","shape":["###"],"count":{"min":0,"max":30}}])"),
                          1000);
  EXPECT_TRUE(c.finished);
  EXPECT_EQ(c.solutions, 0u);
}

TEST(PackingArea, PentominoesNeverCoverSixtyOneToSixtyFourCells) {
  const Counted c = count(packing(kThreeOptional, R"([{"name":"I","shape":["#####"],"count":{"min":0,"max":12}},)"
                                                  R"({"name":"L","shape":["####","#..."],"count":{"min":0,"max":12}}])"),
                          1000);
  EXPECT_TRUE(c.finished);
  EXPECT_EQ(c.solutions, 0u);
}

TEST(PackingArea, MinimumCopiesLargerThanTheBoard) {
  const Counted c = count(packing(R"(["##","##"])", R"([{"name":"D","shape":["##"],"count":3}])"), 1000);
  EXPECT_TRUE(c.finished);
  EXPECT_EQ(c.solutions, 0u);
}

TEST(PackingArea, AreasThatFitStillCount) {
  // A ring of 8 cells around a `+` centre: four dominoes cover it, among other solutions.
  const std::string doc = packing(R"(["###","#+#","###"])", R"([{"name":"O","shape":["##","##"],"count":{"min":0,"max":2}},)"
                                                          R"({"name":"D","shape":["##"],"count":{"min":0,"max":4}}])");
  const Counted c = count(doc, 1u << 30);
  EXPECT_TRUE(c.finished);
  EXPECT_GT(c.solutions, 0u);
  // An empty frame is a solution when no copy is required.
  const Counted empty = count(packing(R"(["++","++"])", R"([{"name":"D","shape":["##"],"count":{"min":0,"max":1}}])"), 1u << 30);
  EXPECT_TRUE(empty.finished);
  EXPECT_GT(empty.solutions, 0u);
}

}  // namespace
}  // namespace pw
