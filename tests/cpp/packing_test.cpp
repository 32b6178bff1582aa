// Packing: hand-counted small puzzles, symmetry groups, identical pieces, count ranges,
// holes, resumption, and the checker on good and corrupted solutions.
#include <gtest/gtest.h>

#include "check/check.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

Puzzle packing(const std::string& board, const std::string& pieces, const std::string& extra = "") {
  return parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"packing","board":)" + board +
                     R"(,"pieces":)" + pieces + extra + "}");
}

Counts count(const Puzzle& p) {
  auto search = makeSearch(p);
  return countAll(*search);
}

TEST(Packing, DominoesIn2x3) {
  // Three tilings: all vertical, and two with a horizontal pair on the left or right,
  // which are mirror images: 2 classes under the rectangle's 4 symmetries.
  const auto p = packing(R"({"shape":["###","###"]})", R"([{"name":"D","shape":["##"],"count":3}])");
  const auto r = test::runAndCheck(p);
  EXPECT_EQ(r.solutions, 3u);
  EXPECT_EQ(r.unique, 2u);
  EXPECT_EQ(r.symmetries, 4);
  EXPECT_TRUE(r.checkerFailures.empty());
}

TEST(Packing, PiecesOfTwoBlocksCount) {
  // A piece need not be one block (BurrTools shapes may not be): two "#.#" pieces fill a
  // row of four one way, each leaving a single cell between its blocks for the other.
  const auto p = packing(R"({"shape":["####"]})", R"([{"name":"gap","shape":["#.#"],"count":2}])");
  const auto r = test::runAndCheck(p);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(r.unique, 1u);
  EXPECT_TRUE(r.checkerFailures.empty());
  // In a 3x2x2 box four of them take the two end layers, row by row, and a 2x2 square the
  // middle layer: the only way, the box's 16 symmetries keep it.
  const auto q = packing(R"({"shape":[["###","###"],["###","###"]]})",
                         R"([{"name":"gap","shape":[["#.#"]],"count":4},{"name":"square","shape":[["##","##"]]}])");
  const auto s = test::runAndCheck(q);
  EXPECT_EQ(s.solutions, 1u);
  EXPECT_EQ(s.unique, 1u);
  EXPECT_TRUE(s.checkerFailures.empty());
}

TEST(Packing, RepeatedDefinitionsAreIdenticalCopies) {
  // Two definitions of the same domino count like one definition with count 3.
  const auto p = packing(R"({"shape":["###","###"]})",
                         R"([{"name":"A","shape":["##"],"count":2},{"name":"B","cells":[[0,0],[0,1]]}])");
  const auto r = test::runAndCheck(p);
  EXPECT_EQ(r.solutions, 3u);
  EXPECT_EQ(r.unique, 2u);
  EXPECT_TRUE(r.checkerFailures.empty()) << r.checkerFailures.front();
}

TEST(Packing, CountRangesLetTheSolverChooseHowMany) {
  // 1x3 strip from monominoes and dominoes, any number of each: M M M, D M, M D.
  // The strip's symmetries swap the last two: 2 classes.
  const auto p = packing(R"({"shape":["###"]})",
                         R"([{"name":"M","shape":["#"],"count":{"min":0,"max":3}},
                             {"name":"D","shape":["##"],"count":{"min":0,"max":3}}])");
  const auto r = test::runAndCheck(p);
  EXPECT_EQ(r.solutions, 3u);
  EXPECT_EQ(r.unique, 2u);
  EXPECT_TRUE(r.checkerFailures.empty()) << r.checkerFailures.front();
}

TEST(Packing, OptionalCellsMayStayEmpty) {
  // A domino on a 1x3 strip of `+` cells: 2 placements, mirror images of each other.
  const auto p = packing(R"({"shape":["+++"]})", R"([{"name":"D","shape":["##"]}])");
  EXPECT_EQ(count(p).solutions, 2u);
  EXPECT_EQ(count(p).unique, 1u);
  // With one to two monominoes: 3 singles and 3 pairs.
  const auto q = packing(R"({"shape":["+++"]})", R"([{"name":"M","shape":["#"],"count":{"min":1,"max":2}}])");
  EXPECT_EQ(count(q).solutions, 6u);
  // `#` and `+` differ: the symmetry must map `#` to `#`. "#++" has no mirror symmetry.
  const auto r = packing(R"({"shape":["#++"]})", R"([{"name":"D","shape":["##"]}])");
  EXPECT_EQ(count(r).solutions, 1u);
  EXPECT_EQ(count(r).symmetries, 2);  // identity and the mirror y -> -y of a single row
}

TEST(Packing, ManyHolesUseThePlainSecondaryCells) {
  // 1 monomino on 10 `+` cells: more than half may stay empty, the other compilation path.
  const auto p = packing(R"({"shape":["++++++++++"]})", R"([{"name":"M","shape":["#"]}])");
  EXPECT_EQ(count(p).solutions, 10u);
  EXPECT_EQ(count(p).unique, 5u);
}

TEST(Packing, PiecesTooBigForTheBoardGiveNoSolution) {
  const auto p = packing(R"({"shape":["##"]})", R"([{"name":"I","shape":["###"]}])");
  EXPECT_EQ(count(p).solutions, 0u);
  const auto q = packing(R"({"shape":["++"]})", R"([{"name":"M","shape":["#"],"count":3}])");
  EXPECT_EQ(count(q).solutions, 0u);
}

TEST(Packing, ReflectionsOffKeepsMirrorImagesApart) {
  // An L tromino in a 2x2 square with one hole: 4 rotations; with reflections too,
  // still 4 (the L is symmetric under a diagonal mirror). The square's group: 8.
  const auto p = packing(R"({"shape":["++","++"]})", R"([{"name":"L","shape":["##","#."]}])", R"(,"reflections":false)");
  EXPECT_EQ(count(p).solutions, 4u);
  EXPECT_EQ(count(p).unique, 1u);
  EXPECT_EQ(count(p).symmetries, 8);
  // An L tetromino and a domino in a 2x3 box: the L fits in two rotations (each leaving a
  // horizontal domino), its mirror image J in two more. Flipped or not, one class.
  const std::string box = R"({"shape":["###","###"]})";
  const std::string pieces = R"([{"name":"L","shape":["###","#.."]},{"name":"D","shape":["##"]}])";
  const auto fixed = count(packing(box, pieces, R"(,"reflections":false)"));
  const auto free = count(packing(box, pieces));
  EXPECT_EQ(fixed.solutions, 2u);
  EXPECT_EQ(fixed.unique, 1u);
  EXPECT_EQ(fixed.symmetries, 2);  // the mirrors would turn L into J
  EXPECT_EQ(free.solutions, 4u);
  EXPECT_EQ(free.unique, 1u);
  EXPECT_EQ(free.symmetries, 4);
}

TEST(Packing, SymmetryGroupOrders) {
  EXPECT_EQ(count(packing(R"({"shape":["##","##"]})", R"([{"name":"M","shape":["#"],"count":4}])")).symmetries, 8);
  EXPECT_EQ(count(packing(R"({"shape":["###","###"]})", R"([{"name":"M","shape":["#"],"count":6}])")).symmetries, 4);
  // A chiral tetromino set that is not closed under mirroring: only the 4 rotations.
  const auto chiral = packing(R"({"shape":["####","####"]})",
                              R"([{"name":"S","shape":[".##","##."],"count":2}])", R"(,"reflections":false)");
  EXPECT_EQ(count(chiral).symmetries, 2);
  EXPECT_EQ(makeSearch(loadPuzzleFile(test::libraryFile("soma")))->symmetryCount(), 48);
  EXPECT_EQ(makeSearch(loadPuzzleFile(test::libraryFile("tetris-cube")))->symmetryCount(), 24);
  EXPECT_EQ(makeSearch(loadPuzzleFile(test::libraryFile("t-tetracubes-6x6x2")))->symmetryCount(), 16);
  EXPECT_EQ(makeSearch(loadPuzzleFile(test::libraryFile("pentomino-6x10")))->symmetryCount(), 4);
  EXPECT_EQ(makeSearch(loadPuzzleFile(test::libraryFile("pentomino-8x8-centre")))->symmetryCount(), 8);
}

TEST(Packing, SlicedSearchGivesTheSameSequence) {
  const Puzzle p = loadPuzzleFile(test::libraryFile("soma"));
  const auto whole = test::runAndCheck(p, 50, 1u << 30);
  const auto sliced = test::runAndCheck(p, 50, 1);
  EXPECT_EQ(whole.solutions, sliced.solutions);
  ASSERT_EQ(whole.kept.size(), sliced.kept.size());
  for (std::size_t i = 0; i < whole.kept.size(); ++i) {
    const auto& a = std::get<PackingSolution>(whole.kept[i]).placements;
    const auto& b = std::get<PackingSolution>(sliced.kept[i]).placements;
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].cells, b[k].cells);
  }
}

TEST(Packing, ProgressEstimateGrowsToOne) {
  auto search = makeSearch(loadPuzzleFile(test::libraryFile("pentomino-8x8-centre")));
  double last = 0;
  const SolutionSink ignore = [](const Solution&, bool) { return true; };
  while (!search->advance(20000, ignore)) {
    const double f = search->fractionDone();
    EXPECT_GE(f, 0.0);
    EXPECT_LE(f, 1.0);
    last = f;
  }
  EXPECT_GT(last, 0.0);
  EXPECT_DOUBLE_EQ(search->fractionDone(), 1.0);
}

class PackingChecker : public ::testing::Test {
 protected:
  void SetUp() override {
    puzzle = loadPuzzleFile(test::libraryFile("pentomino-6x10"));
    good = std::get<PackingSolution>(test::firstSolution(puzzle).value());
  }
  std::optional<std::string> check(const PackingSolution& s) const { return checkSolution(puzzle, s); }
  Puzzle puzzle;
  PackingSolution good;
};

TEST_F(PackingChecker, AcceptsASolution) { EXPECT_EQ(check(good), std::nullopt); }

TEST_F(PackingChecker, RejectsAMissingPiece) {
  auto s = good;
  s.placements.pop_back();
  EXPECT_TRUE(check(s).has_value());
}

TEST_F(PackingChecker, RejectsAnOverlap) {
  auto s = good;
  s.placements[1].cells = s.placements[0].cells;
  EXPECT_TRUE(check(s).has_value());
}

TEST_F(PackingChecker, RejectsAWrongShape) {
  auto s = good;
  std::swap(s.placements[0].cells.back().x, s.placements[1].cells.back().x);
  EXPECT_TRUE(check(s).has_value());
}

TEST_F(PackingChecker, RejectsAPieceOffTheBoard) {
  auto s = good;
  for (Cell& c : s.placements[0].cells) c.x += 20;
  EXPECT_TRUE(check(s).has_value());
}

TEST_F(PackingChecker, RejectsTheWrongPieceName) {
  auto s = good;
  s.placements[0].piece = (s.placements[0].piece + 1) % 12;
  EXPECT_TRUE(check(s).has_value());
}

TEST(PackingCheckerRules, RejectsAMirrorImageWhenFlippingIsOff) {
  const auto p = packing(R"({"shape":["+++","+++"]})", R"([{"name":"L","shape":["###","#.."]}])", R"(,"reflections":false)");
  PackingSolution s{{{0, {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 1, 0}}}}};  // J, the mirror of L
  EXPECT_TRUE(checkSolution(p, s).has_value());
  PackingSolution t{{{0, {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}}}}};
  EXPECT_EQ(checkSolution(p, t), std::nullopt);
}

}  // namespace
}  // namespace pw
