// The edge-matching checker on a good solution and on corrupted copies of it, and the
// text and JSON renderings.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "check/check.hpp"
#include "format/render.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

Puzzle tiles(int rows, int cols, const std::string& tileList, const std::string& extra = "") {
  return parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"edge-matching","rows":)" + std::to_string(rows) +
                     R"(,"cols":)" + std::to_string(cols) + R"(,"tiles":)" + tileList + extra + "}");
}

EdgeMatchingSolution first(const Puzzle& p) {
  const auto s = test::firstSolution(p);
  EXPECT_TRUE(s.has_value());
  return s ? std::get<EdgeMatchingSolution>(*s) : EdgeMatchingSolution{};
}

std::string problem(const Puzzle& p, const EdgeMatchingSolution& s) {
  return checkSolution(p, s).value_or("(ok)");
}

TEST(EdgeMatchingCheck, AcceptsTheSearchsSolutionAndRejectsCorruptions) {
  const Puzzle frogs = loadPuzzleFile(test::libraryFile("frogs"));
  const EdgeMatchingSolution good = first(frogs);
  EXPECT_EQ(problem(frogs, good), "(ok)");

  EdgeMatchingSolution turned = good;
  turned.grid[4].rotation = (turned.grid[4].rotation + 1) % 4;  // the centre: 4 neighbours
  EXPECT_NE(problem(frogs, turned).find("edge"), std::string::npos) << problem(frogs, turned);

  EdgeMatchingSolution swapped = good;
  std::swap(swapped.grid[0], swapped.grid[4]);
  EXPECT_NE(problem(frogs, swapped).find("meets"), std::string::npos) << problem(frogs, swapped);

  EdgeMatchingSolution twice = good;
  twice.grid[1] = twice.grid[0];
  EXPECT_NE(problem(frogs, twice).find("used 2 times, expected 1"), std::string::npos) << problem(frogs, twice);

  EdgeMatchingSolution badRotation = good;
  badRotation.grid[0].rotation = 4;
  EXPECT_NE(problem(frogs, badRotation).find("rotation 4"), std::string::npos);

  EdgeMatchingSolution unknownTile = good;
  unknownTile.grid[0].tile = 9;
  EXPECT_NE(problem(frogs, unknownTile).find("no tile number 9"), std::string::npos);

  EdgeMatchingSolution shortGrid = good;
  shortGrid.grid.pop_back();
  EXPECT_NE(problem(frogs, shortGrid).find("8 cells"), std::string::npos);
}

TEST(EdgeMatchingCheck, RotationsOff) {
  const Puzzle p = tiles(1, 2, R"([{"edges":["a","a","a","a"],"count":2}])", R"(,"rotations":false)");
  EdgeMatchingSolution s{{{0, 0}, {0, 0}}};
  EXPECT_EQ(problem(p, s), "(ok)");
  s.grid[1].rotation = 2;
  EXPECT_NE(problem(p, s).find("rotations are off"), std::string::npos);
}

TEST(EdgeMatchingCheck, Border) {
  const Puzzle p = tiles(1, 2, R"([{"edges":["X","a","X","X"]},{"edges":["X","X","X","a"]}])", R"(,"border":"X")");
  EdgeMatchingSolution s{{{0, 0}, {1, 0}}};
  EXPECT_EQ(problem(p, s), "(ok)");
  // Swapped: X still meets X in the middle, but both a edges are now on the rim.
  s = {{{1, 0}, {0, 0}}};
  EXPECT_NE(problem(p, s).find("is not the border X"), std::string::npos) << problem(p, s);
}

TEST(EdgeMatchingCheck, ComplementAndDistinctFaces) {
  const Puzzle p = tiles(1, 2, R"([{"edges":["a+","b+","a+","a+"],"face":"F"},{"edges":["a+","a+","a+","b-"],"face":"F"}])",
                         R"(,"match":"complement","rotations":false)");
  EXPECT_EQ(problem(p, {{{0, 0}, {1, 0}}}), "(ok)");
  EXPECT_NE(problem(p, {{{1, 0}, {0, 0}}}).find("meets"), std::string::npos);  // a+ against a+
  const Puzzle rows = tiles(1, 2, R"([{"edges":["a+","b+","a+","a+"],"face":"F"},{"edges":["a+","a+","a+","b-"],"face":"F"}])",
                            R"(,"match":"complement","rotations":false,"distinct":["row"])");
  EXPECT_NE(problem(rows, {{{0, 0}, {1, 0}}}).find("row 0: face F appears twice"), std::string::npos);
  const Puzzle columns = tiles(2, 1, R"([{"edges":["a+","a+","b+","a+"],"face":"F"},{"edges":["b-","a+","a+","a+"],"face":"F"}])",
                               R"(,"match":"complement","rotations":false,"distinct":["column"])");
  EXPECT_NE(problem(columns, {{{0, 0}, {1, 0}}}).find("column 0: face F appears twice"), std::string::npos);
}

TEST(EdgeMatchingRender, TextAndJson) {
  const Puzzle p = tiles(1, 2, R"([{"name":"A","edges":["a","b","c","d"]},{"name":"B","edges":["e","d","f","g"]}])",
                         R"(,"rotations":false)");
  const EdgeMatchingSolution s{{{1, 0}, {0, 0}}};
  // Short labels are drawn around the names: top, then left name@rotation right, then bottom.
  EXPECT_EQ(renderText(p, s), "   e    |    a\ng B@0 d | d A@0 b\n   f    |    c\n");
  const nlohmann::json j = solutionToJson(p, s);
  EXPECT_EQ(j["rows"], 1);
  EXPECT_EQ(j["cols"], 2);
  EXPECT_EQ(j["cells"][0][1]["tile"], "A");
  EXPECT_EQ(j["cells"][0][1]["index"], 0);
  EXPECT_EQ(j["cells"][0][0]["rotation"], 0);
  // Long labels: only names and rotations.
  const Puzzle fish = loadPuzzleFile(test::libraryFile("tropical-fish"));
  const auto solution = test::firstSolution(fish);
  ASSERT_TRUE(solution);
  const std::string text = renderText(fish, *solution);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 6);
  EXPECT_NE(text.find("@0"), std::string::npos);
}

}  // namespace
}  // namespace pw
