// Colour constraints in piecewise/1 (docs/puzzle-format.md, Colours): what the parser refuses,
// which placements the search keeps, and what the checker says of a colour out of place.
#include <gtest/gtest.h>

#include "check/check.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// An L-tromino whose corner is red, on a 2x3 board whose top-left cell is blue: red fits red only.
std::string document(const std::string& colours, const std::string& boardColours, const std::string& pieceColours) {
  return R"({"format": "piecewise/1", "name": "c", "kind": "packing", "colours": )" + colours +
         R"(, "board": {"shape": ["###", "###"], "colours": )" + boardColours +
         R"(}, "pieces": [{"name": "L", "shape": ["##", "#."], "count": 2, "colours": )" + pieceColours + "}]}";
}

const std::string kColours = R"([{"name": "red", "fits": ["red"]}, {"name": "blue", "rgb": "#0000ff"}])";

TEST(Colours, ARedCornerKeepsOffTheBlueCell) {
  const Puzzle puzzle = parsePuzzle(document(kColours, R"({"blue": [[0, 0]]})", R"({"red": [[0, 0]]})"));
  const Counts c = countAll(*makeSearch(puzzle));
  EXPECT_EQ(c.solutions, 1u);  // of the two tilings, the one whose corners avoid (0, 0)
  // The other tiling puts a red corner on the blue cell: the checker names the piece.
  PackingSolution wrong;
  wrong.placements = {{0, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}, {0, {{2, 0, 0}, {1, 1, 0}, {2, 1, 0}}}};
  const auto problem = checkSolution(puzzle, Solution{wrong});
  ASSERT_TRUE(problem);
  EXPECT_EQ(*problem, "placement 0: no orientation of piece L on these cells puts its colours where they fit");
}

TEST(Colours, MistakesAreNamed) {
  EXPECT_EQ(test::parseErrorOf(document(R"([{"name": "red"}, {"name": "red"}])", "{}", "{}")),
            "colours[1].name: 'red' names two colours");
  EXPECT_EQ(test::parseErrorOf(document(R"([{"name": "red", "fits": ["green"]}])", "{}", "{}")),
            "colours[0].fits[0]: no colour named 'green'; the colours are 'red'");
  EXPECT_EQ(test::parseErrorOf(document(R"([{"name": "red", "rgb": "red"}])", "{}", "{}")),
            "colours[0].rgb: expected \"#rrggbb\" (six hexadecimal digits), got \"red\"");
  EXPECT_EQ(test::parseErrorOf(document(kColours, R"({"green": [[0, 0]]})", "{}")),
            "board.colours.green: no colour named 'green'; the puzzle's colours are 'red', 'blue'");
  EXPECT_EQ(test::parseErrorOf(document(kColours, "{}", R"({"red": [[1, 1]]})")),
            "pieces[0].colours.red: cell [1, 1] is not a cell of the shape");
  EXPECT_EQ(test::parseErrorOf(document(kColours, R"({"red": [[0, 0]], "blue": [[0, 0]]})", "{}")),
            "board.colours.red: cell [0, 0] has two colours");
  EXPECT_EQ(test::parseErrorOf(document(kColours, R"({"red": [[0, 0, 0]]})", "{}")), "board.colours.red: 3D cells on a 2D shape");
}

}  // namespace
}  // namespace pw
