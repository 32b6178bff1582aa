// Pieces placed by hand (place/placed_puzzle.hpp): the puzzle left counts exactly the original's
// solutions that have those pieces there, each of its solutions completed by the placements is a
// solution of the original, and every placement that cannot be made is refused in one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "check/check.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "place/placed_puzzle.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

Puzzle library(const std::string& stem) { return parsePuzzle(test::readBytes(test::libraryFile(stem))); }

bool hasPlacement(const Solution& s, const PiecePlacement& p) {
  const auto& placements = std::get<PackingSolution>(s).placements;
  return std::any_of(placements.begin(), placements.end(), [&](const PiecePlacement& q) { return q.piece == p.piece && q.cells == p.cells; });
}

std::string nameOf(const Puzzle& puzzle, int piece) { return std::get<PackingPuzzle>(puzzle.body).pieces[static_cast<std::size_t>(piece)].name; }

// Places placements[which] of the original's first solutions, and holds the count left to the
// original's solutions that have them.
void expectCountsAgree(const std::string& stem, const std::vector<std::size_t>& which) {
  const Puzzle puzzle = library(stem);
  const test::RunResult all = test::runAndCheck(puzzle, 1'000'000, 1 << 16);
  ASSERT_EQ(all.kept.size(), all.solutions);
  const auto& first = std::get<PackingSolution>(all.kept[all.kept.size() / 3]).placements;
  std::vector<GivenPlacement> given;
  for (std::size_t w : which) given.push_back({nameOf(puzzle, first[w].piece), first[w].cells});
  const PlacedPuzzle placed = placePieces(puzzle, given);
  const auto agrees = [&](const Solution& s) {
    return std::all_of(which.begin(), which.end(), [&](std::size_t w) { return hasPlacement(s, first[w]); });
  };
  const auto expected = static_cast<std::uint64_t>(std::count_if(all.kept.begin(), all.kept.end(), agrees));
  const test::RunResult left = test::runAndCheck(placed.puzzle, 100'000, 1 << 16);
  EXPECT_GT(expected, 0u);
  EXPECT_EQ(left.solutions, expected) << stem;
  EXPECT_TRUE(left.checkerFailures.empty());
  for (const Solution& s : left.kept) {
    const Solution whole = withPlacements(placed, s);
    EXPECT_EQ(checkSolution(puzzle, whole), std::nullopt);
    EXPECT_TRUE(agrees(whole));
  }
}

TEST(PlacedPuzzle, CountsThePentominoSolutionsWithThePieceThere) { expectCountsAgree("pentomino-6x10", {4}); }
TEST(PlacedPuzzle, CountsWithTwoPiecesPlaced) { expectCountsAgree("pentomino-6x10", {1, 7}); }
TEST(PlacedPuzzle, CountsSomaWithAPiecePlaced) { expectCountsAgree("soma", {2}); }
TEST(PlacedPuzzle, CountsAFrameWithHoles) { expectCountsAgree("infuriater", {0}); }

TEST(PlacedPuzzle, TakesOneCopyAndRenumbersThePiecesLeft) {
  const Puzzle puzzle = parsePuzzle(R"({"format": "piecewise/1", "name": "t", "kind": "packing", "board": {"shape": ["####", "####"]},
    "pieces": [{"name": "A", "shape": ["##"]}, {"name": "B", "shape": ["#"], "count": {"min": 1, "max": 4}}, {"name": "C", "shape": ["##"], "count": 2}]})");
  const PlacedPuzzle placed = placePieces(puzzle, {parsePlacement("A@0,0;1,0"), parsePlacement("C@3,0;3,1"), parsePlacement("B@2,0")});
  const auto& left = std::get<PackingPuzzle>(placed.puzzle.body);
  ASSERT_EQ(left.pieces.size(), 2u);
  EXPECT_EQ(placed.pieceOf, (std::vector<int>{1, 2}));
  EXPECT_EQ(left.pieces[0].count.min, 0);
  EXPECT_EQ(left.pieces[0].count.max, 3);
  EXPECT_EQ(left.pieces[1].count.min, 1);
  EXPECT_EQ(left.board.size(), 3u);
  EXPECT_TRUE(placed.puzzle.notes.empty());
}

std::string refusal(const std::string& stem, const std::vector<std::string>& texts) {
  try {
    std::vector<GivenPlacement> given;
    for (const std::string& t : texts) given.push_back(parsePlacement(t));
    placePieces(library(stem), given);
  } catch (const PuzzleError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(PlacedPuzzle, RefusesWhatCannotBePlacedInOneLine) {
  EXPECT_EQ(refusal("pentomino-6x10", {"Q@0,0;1,0;2,0;3,0;4,0"}),
            "place Q@0,0;1,0;2,0;3,0;4,0: no piece named 'Q' in the puzzle (its pieces: F, I, L, N, P, T, U, V, W, X, Y, Z)");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,0;1,0;2,0;3,0"}), "place I@0,0;1,0;2,0;3,0: 4 cells given; I has 5");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,0;1,0;2,0;3,0;4,1"}), "place I@0,0;1,0;2,0;3,0;4,1: these cells are not I turned or mirrored as the puzzle allows");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,9;0,10;0,11;0,12;0,13"}), "place I@0,9;0,10;0,11;0,12;0,13: cell 0,9 is not on the board");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,0;1,0;2,0;3,0;4,0", "L@0,0;0,1;0,2;0,3;1,3"}), "place L@0,0;0,1;0,2;0,3;1,3: cell 0,0 is taken by the placement of I");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,0;1,0;2,0;3,0;4,0", "I@0,1;1,1;2,1;3,1;4,1"}), "place I@0,1;1,1;2,1;3,1;4,1: every copy of I (1) is placed already");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,0;0,0;2,0;3,0;4,0"}), "place I@0,0;0,0;2,0;3,0;4,0: cell 0,0 is given twice");
  EXPECT_EQ(refusal("pentomino-6x10", {"I"}), "place I: expected PIECE@x,y;x,y;... (a piece's name, then the cells it covers)");
  EXPECT_EQ(refusal("pentomino-6x10", {"I@0,a"}), "place I@0,a: '0,a' is not a cell; expected x,y or x,y,z (integers from -255 to 255)");
  // User input is shown bounded: a message stays one short line.
  EXPECT_LT(refusal("pentomino-6x10", {std::string(10'000, 'Q') + "@0,0"}).size(), 300u);
  EXPECT_EQ(refusal("snake-3x3x3", {"I@0,0"}), "place: pieces can be placed in packing puzzles only; this one is snake");
}

// On the triangle grid the piece keeps its grid: a domino placed on an up and a down triangle
// leaves the other two of the strip, and no domino fits a down then an up one turned wrong.
TEST(PlacedPuzzle, KeepsTheGrid) {
  const Puzzle strip = parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"packing","grid":"triangle",
    "board":{"cells":[[0,0],[1,0],[2,0],[3,0]]},"pieces":[{"name":"D","cells":[[0,0],[1,0]],"count":2}]})");
  const PlacedPuzzle placed = placePieces(strip, {parsePlacement("D@2,0;3,0")});
  EXPECT_EQ(std::get<PackingPuzzle>(placed.puzzle.body).grid, Grid::Triangle);
  EXPECT_EQ(test::runAndCheck(placed.puzzle).solutions, 1u);
}

}  // namespace
}  // namespace pw
