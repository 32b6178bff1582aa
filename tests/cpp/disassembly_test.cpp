// The disassembler (solver/disassembly/): levels of small assemblies worked out by hand, BurrTools'
// rules (groups, weights, the part left behind first), the memory bound, and every disassembly of
// many random boxes replayed move by move by an independent referee (disassembly_replay.hpp).
#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "disassembly/assembly.hpp"
#include "disassembly/assembly_walk.hpp"
#include "disassembly/disassembler.hpp"
#include "disassembly/directions.hpp"
#include "disassembly_replay.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw::disassembly {
namespace {

constexpr int kPlusX = 0, kMinusX = 1, kPlusY = 2;  // BurrTools' frame: +y is up

AssembledPiece piece(std::vector<Cell> cells, int group = 0, int weight = 1) {
  AssembledPiece p;
  p.cells = std::move(cells);
  p.group = group;
  p.weight = weight;
  return p;
}

// Every cell of the box [0,x) x [0,y) x [0,z) but `holes`.
std::vector<Cell> boxWithout(int x, int y, int z, const std::vector<Cell>& holes) {
  std::vector<Cell> out;
  for (int k = 0; k < z; ++k)
    for (int j = 0; j < y; ++j)
      for (int i = 0; i < x; ++i)
        if (std::find(holes.begin(), holes.end(), Cell{i, j, k}) == holes.end()) out.push_back({i, j, k});
  return out;
}

// A 4x4x3 block with an L-shaped cavity in its middle layer: a cube at (1,1,1) can slide one
// unit along +x to (2,1,1), and only from there up (+y) through (2,2,1) and the hole (2,3,1).
Assembly keyInLock() {
  Assembly a;
  a.pieces.push_back(piece(boxWithout(4, 4, 3, {{1, 1, 1}, {2, 1, 1}, {2, 2, 1}, {2, 3, 1}})));
  a.pieces.push_back(piece({{1, 1, 1}}));
  return a;
}

std::vector<int> moved(const Slide& s) { return s.pieces; }

TEST(Disassembly, TwoCubesComeApartInOneMove) {
  Assembly a;
  a.pieces.push_back(piece({{0, 0, 0}}));
  a.pieces.push_back(piece({{1, 0, 0}}));
  const auto d = disassemble(a);
  ASSERT_TRUE(d);
  EXPECT_EQ(levelOf(*d), std::vector<int>{1});
  ASSERT_EQ(d->separations.size(), 1u);
  // +x first, pieces in order: cube 0 is blocked by cube 1, which leaves.
  const Slide& out = d->separations[0].moves[0];
  EXPECT_EQ(moved(out), std::vector<int>{1});
  EXPECT_EQ(out.direction, kPlusX);
  EXPECT_EQ(out.distance, Slide::kForEver);
  EXPECT_EQ(test::replayDisassembly(a, *d), "");
}

TEST(Disassembly, AHeavierPieceStaysWhereItIs) {
  Assembly a;
  a.pieces.push_back(piece({{0, 0, 0}}));
  a.pieces.push_back(piece({{1, 0, 0}}, 0, 2));
  const auto d = disassemble(a);
  ASSERT_TRUE(d);
  const Slide& out = d->separations[0].moves[0];
  EXPECT_EQ(moved(out), std::vector<int>{0});  // cube 1 would leave along +x: cube 0 leaves along -x instead
  EXPECT_EQ(out.direction, kMinusX);
}

TEST(Disassembly, AKeyTurnsOnceBeforeItLeaves) {
  const Assembly a = keyInLock();
  const auto d = disassemble(a);
  ASSERT_TRUE(d);
  EXPECT_EQ(levelOf(*d), std::vector<int>{2});
  const auto& moves = d->separations[0].moves;
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moved(moves[0]), std::vector<int>{1});
  EXPECT_EQ(moves[0].direction, kPlusX);
  EXPECT_EQ(moves[0].distance, 1);
  EXPECT_EQ(moved(moves[1]), std::vector<int>{1});
  EXPECT_EQ(moves[1].direction, kPlusY);
  EXPECT_EQ(moves[1].distance, Slide::kForEver);
  EXPECT_EQ(test::replayDisassembly(a, *d), "");
}

TEST(Disassembly, TheLevelListsThePartLeftBehindBeforeThePartRemoved) {
  // A loose cube beside the lock leaves first (+x, for ever); the lock then needs two moves.
  Assembly a = keyInLock();
  a.pieces.push_back(piece({{4, 0, 0}}));
  const auto d = disassemble(a);
  ASSERT_TRUE(d);
  EXPECT_EQ(levelOf(*d), (std::vector<int>{1, 2}));
  EXPECT_EQ(totalMoves(*d), 3);
  ASSERT_EQ(d->separations.size(), 2u);
  EXPECT_EQ(moved(d->separations[0].moves[0]), std::vector<int>{2});
  EXPECT_EQ(d->separations[0].left, 1);
  EXPECT_EQ(d->separations[0].removed, -1);
  EXPECT_EQ(d->separations[1].pieces, (std::vector<int>{0, 1}));
  EXPECT_EQ(test::replayDisassembly(a, *d), "");
}

TEST(Disassembly, ALockedAssemblyDoesNotComeApart) {
  Assembly a;
  a.pieces.push_back(piece(boxWithout(3, 3, 3, {{1, 1, 1}})));
  a.pieces.push_back(piece({{1, 1, 1}}));
  EXPECT_FALSE(disassemble(a));
}

TEST(Disassembly, APartThatIsOneGroupMayStayTogether) {
  // A cube locked in a shell, and a loose cube: it leaves, and the rest is stuck...
  Assembly a;
  a.pieces.push_back(piece(boxWithout(3, 3, 3, {{1, 1, 1}})));
  a.pieces.push_back(piece({{1, 1, 1}}));
  a.pieces.push_back(piece({{3, 0, 0}}));
  EXPECT_FALSE(disassemble(a));
  // ...unless the shell and its cube are one group (BurrTools' CubeInCage).
  a.pieces[0].group = a.pieces[1].group = 1;
  const auto d = disassemble(a);
  ASSERT_TRUE(d);
  EXPECT_EQ(levelOf(*d), std::vector<int>{1});
  EXPECT_EQ(test::replayDisassembly(a, *d), "");
  // The whole assembly is searched even when it is one group: a locked one is no solution.
  a.pieces.pop_back();
  EXPECT_FALSE(disassemble(a));
}

TEST(Disassembly, ALargeSearchEndsAtTheMemoryBoundWithAMessage) {
  // A cube wandering in a closed 10x10x10 cavity: 1000 positions, none with a way out.
  Assembly a;
  std::vector<Cell> cavity;
  for (int z = 1; z <= 10; ++z)
    for (int y = 1; y <= 10; ++y)
      for (int x = 1; x <= 10; ++x) cavity.push_back({x, y, z});
  a.pieces.push_back(piece(boxWithout(12, 12, 12, cavity)));
  a.pieces.push_back(piece({{1, 1, 1}}));
  EXPECT_FALSE(disassemble(a));
  try {
    disassemble(a, DisassemblySettings{std::size_t{64} << 10});
    FAIL() << "expected the memory bound";
  } catch (const PuzzleError& e) {
    EXPECT_NE(std::string(e.what()).find("memory bound"), std::string::npos) << e.what();
  }
}

TEST(Disassembly, TooManyPiecesAreRefusedInOneLine) {
  Assembly a;
  for (int i = 0; i <= kMaxPieces; ++i) a.pieces.push_back(piece({{i, 0, 0}}));
  try {
    disassemble(a);
    FAIL() << "expected a refusal";
  } catch (const PuzzleError& e) {
    EXPECT_NE(std::string(e.what()).find("at most 64"), std::string::npos) << e.what();
  }
}

TEST(Disassembly, OnlyPackingPuzzlesOnTheSquareAndCubeGridsComeApart) {
  const auto refusal = [](const std::string& document) -> std::string {
    try {
      return slidingPuzzle(parsePuzzle(document)).grid == Grid::Square ? "accepted on the square grid" : "accepted";
    } catch (const PuzzleError& e) {
      return e.what();
    }
  };
  EXPECT_EQ(refusal(R"({"format": "piecewise/1", "name": "s", "kind": "snake", "box": [2, 2, 2], "segments": [2, 2, 2, 2, 2, 2, 2]})"),
            "taking apart: only packing puzzles come apart, and this puzzle is snake");
  EXPECT_EQ(refusal(R"({"format": "piecewise/1", "name": "h", "kind": "packing", "grid": "hexagon", "disassemble": true,
                        "board": {"cells": [[0, 0], [1, 0]]}, "pieces": [{"name": "a", "cells": [[0, 0]], "count": 2}]})"),
            "taking apart: pieces slide apart on the square and cube grids only, and this puzzle lies on the hexagon grid");
  EXPECT_EQ(refusal(R"({"format": "piecewise/1", "name": "q", "kind": "packing",
                        "board": {"cells": [[0, 0], [1, 0]]}, "pieces": [{"name": "a", "cells": [[0, 0]], "count": 2}]})"),
            "accepted on the square grid");
}

TEST(Disassembly, AssembliesOfAPuzzleKeepTheirOrderAndFrame) {
  // Copies ordered by their cells; y negated into BurrTools' frame; groups numbered from 1.
  const Puzzle puzzle = parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"packing",
    "board":{"shape":[["###"]]},
    "pieces":[{"name":"a","shape":[["#"]],"count":2,"group":"g"},{"name":"b","shape":[["#"]],"weight":3}]})");
  PackingSolution s;
  s.placements = {{0, {{2, 0, 0}}}, {1, {{1, 0, 0}}}, {0, {{0, 0, 0}}}};
  const Assembly a = assemblyOf(std::get<PackingPuzzle>(puzzle.body), s);
  ASSERT_EQ(a.pieces.size(), 3u);
  EXPECT_EQ(a.pieces[0].placement, 2);
  EXPECT_EQ(a.pieces[1].placement, 0);
  EXPECT_EQ(a.pieces[2].placement, 1);
  EXPECT_EQ(a.pieces[0].group, 1);
  EXPECT_EQ(a.pieces[2].group, 0);
  EXPECT_EQ(a.pieces[2].weight, 3);
  const Puzzle tall = parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"packing",
    "board":{"shape":[["#","#"]]},"pieces":[{"name":"a","shape":[["#"]],"count":2}]})");
  PackingSolution t;
  t.placements = {{0, {{0, 0, 0}}}, {0, {{0, 1, 0}}}};
  EXPECT_EQ(assemblyOf(std::get<PackingPuzzle>(tall.body), t).pieces[1].cells, (std::vector<Cell>{{0, -1, 0}}));
}

// A disassembly as numbers: equal exactly when the disassemblies are.
std::vector<int> numbers(const Disassembly& d) {
  std::vector<int> out;
  for (const Separation& s : d.separations) {
    out.insert(out.end(), {-1, s.left, s.removed});
    out.insert(out.end(), s.pieces.begin(), s.pieces.end());
    for (const Slide& m : s.moves) {
      out.insert(out.end(), {-2, m.direction, m.distance});
      out.insert(out.end(), m.pieces.begin(), m.pieces.end());
    }
  }
  return out;
}

TEST(Disassembly, EveryDisassemblyOfRandomBoxesReplays) {
  // Boxes cut into random pieces of four to seven cells (some of two blocks): every assembly's disassembly, when it
  // has one, must replay, and be the one an assembly taken apart alone gets (the walk keeps the free distances of
  // the assemblies before); and the walk must meet the puzzle's unique count of assemblies.
  std::mt19937 random(27);
  int apart = 0, stuck = 0, skipped = 0;
  for (int round = 0; round < 40; ++round) {
    const int x = 3 + static_cast<int>(random() % 2), y = 3 + static_cast<int>(random() % 2), z = 2 + static_cast<int>(random() % 2);
    Puzzle puzzle;
    puzzle.name = "random";
    puzzle.body = test::randomCutBoard(random, x, y, z, 4, 7, round % 2 == 0);
    std::get<PackingPuzzle>(puzzle.body).dimensions = 3;
    // Boxes cut into many small pieces have millions of assemblies: those rounds are skipped.
    std::uint64_t unique = 0;
    auto search = makeSearch(puzzle);
    if (!search->advance(1 << 16, [&](const Solution&, bool representative) { unique += representative; return true; }) ||
        unique > 2000) {
      ++skipped;
      continue;
    }
    const WalkCounts counts = walkAssemblies(puzzle, {}, [&](const TakenApart& taken) {
      const std::optional<Disassembly> alone = disassemble(taken.assembly);
      EXPECT_EQ(alone.has_value(), taken.disassembly.has_value()) << "round " << round;
      if (alone && taken.disassembly) {
        EXPECT_EQ(numbers(*alone), numbers(*taken.disassembly)) << "round " << round;
      }
      if (taken.disassembly) {
        ++apart;
        EXPECT_EQ(test::replayDisassembly(taken.assembly, *taken.disassembly), "") << "round " << round;
      } else {
        ++stuck;
      }
      return true;
    });
    EXPECT_EQ(counts.assemblies, unique);
    EXPECT_TRUE(counts.complete);
  }
  EXPECT_LT(skipped, 20);
  EXPECT_GT(apart, 1000);
  EXPECT_GT(stuck, 0);
}

}  // namespace
}  // namespace pw::disassembly
