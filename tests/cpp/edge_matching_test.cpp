// Edge matching: hand-counted small boards, identical and self-symmetric tiles, complement
// matching, the border and distinct-face rules, rotations on/off, symmetry groups, and
// resumption with tiny node budgets.
#include <gtest/gtest.h>

#include "check/check.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

Puzzle tiles(int rows, int cols, const std::string& tileList, const std::string& extra = "") {
  return parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"edge-matching","rows":)" + std::to_string(rows) +
                     R"(,"cols":)" + std::to_string(cols) + R"(,"tiles":)" + tileList + extra + "}");
}

test::RunResult run(const Puzzle& p, std::uint64_t budget = 4096) {
  auto r = test::runAndCheck(p, 0, budget);
  EXPECT_TRUE(r.checkerFailures.empty()) << r.checkerFailures.front();
  return r;
}

TEST(EdgeMatching, OneByTwoCountedByHand) {
  // A=[a,b,c,d] and B=[a,e,f,g] share only the label a, on one edge each: A left with a
  // turned to its right, B right with a turned to its left, or the other way round: 2.
  // The half turn maps one onto the other; neither tile's mirror (edges reversed) is a
  // turn of a tile, so no mirrors: group of 2, 1 class.
  const auto r = run(tiles(1, 2, R"([{"name":"A","edges":["a","b","c","d"]},{"name":"B","edges":["a","e","f","g"]}])"));
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_EQ(r.unique, 1u);
  EXPECT_EQ(r.symmetries, 2);
}

TEST(EdgeMatching, NoCommonLabelNoSolution) {
  const auto r = run(tiles(1, 2, R"([{"edges":["a","b","c","d"]},{"edges":["e","f","g","h"]}])"));
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_EQ(r.unique, 0u);
}

TEST(EdgeMatching, IdenticalCopiesCountOnce) {
  // Two copies of [a,a,b,b]; its 4 turns all differ: r0=(a,a,b,b) r1=(b,a,a,b)
  // r2=(b,b,a,a) r3=(a,b,b,a) as (top,right,bottom,left). The left tile shows a on its
  // right in r0, r1 and b in r2, r3; the right tile shows a on its left in r2, r3 and b in
  // r0, r1: 2*2 + 2*2 = 8 arrangements (not 16: the copies are not told apart).
  // Reversed, aabb is bbaa, a turn: the set is mirror-closed, group of 4. Under it
  // (r0,r3) (r1,r2) (r2,r1) (r3,r0) are fixed by the left-right mirror, and the top-bottom
  // mirror pairs them (and the rest) up: 4 classes.
  const auto r = run(tiles(1, 2, R"([{"name":"T","edges":["a","a","b","b"],"count":2}])"));
  EXPECT_EQ(r.solutions, 8u);
  EXPECT_EQ(r.unique, 4u);
  EXPECT_EQ(r.symmetries, 4);
  // Two definitions of the same tile (one written turned) are the same tile.
  const auto s = run(tiles(1, 2, R"([{"name":"T","edges":["a","a","b","b"]},{"name":"U","edges":["b","a","a","b"]}])"));
  EXPECT_EQ(s.solutions, 8u);
  EXPECT_EQ(s.unique, 4u);
  // A face tells identical edges apart: now the copies differ, 16 arrangements.
  const auto f = run(tiles(1, 2, R"([{"edges":["a","a","b","b"],"face":"x"},{"edges":["a","a","b","b"],"face":"y"}])"));
  EXPECT_EQ(f.solutions, 16u);
}

TEST(EdgeMatching, SymmetricTilesGiveNoDuplicateTurns) {
  // [a,a,a,a] looks the same in every turn: one arrangement, not 16.
  EXPECT_EQ(run(tiles(1, 2, R"([{"edges":["a","a","a","a"],"count":2}])")).solutions, 1u);
  // [a,b,a,b] has 2 distinct turns; left shows a or b on its right, the right tile must
  // answer with the same label: 2 arrangements.
  EXPECT_EQ(run(tiles(1, 2, R"([{"edges":["a","b","a","b"],"count":2}])")).solutions, 2u);
}

TEST(EdgeMatching, ComplementMatching) {
  // Rotations off: A=[a+,b+,c+,d+] left of B=[e+,f+,g+,b-] puts b+ against b-: 1 way;
  // B left of A puts f+ against d+: none. Under `same`, b+ does not meet b-: none.
  const std::string set = R"([{"name":"A","edges":["a+","b+","c+","d+"]},{"name":"B","edges":["e+","f+","g+","b-"]}])";
  const auto r = run(tiles(1, 2, set, R"(,"rotations":false,"match":"complement")"));
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(r.unique, 1u);
  EXPECT_EQ(r.symmetries, 1);  // a turned A or B is no tile of the puzzle
  EXPECT_EQ(run(tiles(1, 2, set, R"(,"rotations":false,"match":"same")")).solutions, 0u);
  // A label whose partner no tile carries can only go on the rim.
  EXPECT_EQ(run(tiles(1, 2, R"([{"edges":["a+","a+","a+","a+"],"count":2}])", R"(,"match":"complement")")).solutions, 0u);
}

TEST(EdgeMatching, BorderOnTheRim) {
  // Four copies of [X,X,a,a] on 2x2 with border X: each corner has exactly one turn with
  // X on its two rim sides, and the inner edges all read a: 1 solution. The group is the
  // square's 8 symmetries (XXaa reversed is aaXX, a turn).
  const std::string set = R"([{"edges":["X","X","a","a"],"count":4}])";
  const auto r = run(tiles(2, 2, set, R"(,"border":"X")"));
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(r.unique, 1u);
  EXPECT_EQ(r.symmetries, 8);
  // Without the border the rim is free and X may face inwards too: more solutions.
  EXPECT_GT(run(tiles(2, 2, set)).solutions, 1u);
  // A border label no tile carries: no solution.
  EXPECT_EQ(run(tiles(2, 2, set, R"(,"border":"Y")")).solutions, 0u);
}

TEST(EdgeMatching, DistinctFacesPerRowAndColumn) {
  // Blank tiles (all edges a), faces F, F, G, G on 2x2. Free: C(4,2) = 6 placements, 2
  // classes (the two F side by side, or diagonal). One F and one G per row: 2*2 = 4,
  // group without the diagonal mirrors and quarter turns (they swap rows and columns):
  // FG/FG ~ GF/GF and FG/GF ~ GF/FG, 2 classes. Per row and column: the 2 diagonals, 1 class.
  const std::string set = R"([{"edges":["a","a","a","a"],"face":"F","count":2},{"edges":["a","a","a","a"],"face":"G","count":2}])";
  const auto free = run(tiles(2, 2, set, R"(,"rotations":false)"));
  EXPECT_EQ(free.solutions, 6u);
  EXPECT_EQ(free.unique, 2u);
  EXPECT_EQ(free.symmetries, 8);
  const auto rows = run(tiles(2, 2, set, R"(,"rotations":false,"distinct":["row"])"));
  EXPECT_EQ(rows.solutions, 4u);
  EXPECT_EQ(rows.unique, 2u);
  EXPECT_EQ(rows.symmetries, 4);
  const auto both = run(tiles(2, 2, set, R"(,"rotations":false,"distinct":["row","column"])"));
  EXPECT_EQ(both.solutions, 2u);
  EXPECT_EQ(both.unique, 1u);
  EXPECT_EQ(both.symmetries, 8);
}

TEST(EdgeMatching, RotationsOffVersusOn) {
  // A=[a,b,c,d], B=[e,d,f,g]. Fixed: only B left of A meets d with d: 1. Turning: A left
  // of B works too (each tile has d once): 2, one class under the half turn.
  const std::string set = R"([{"name":"A","edges":["a","b","c","d"]},{"name":"B","edges":["e","d","f","g"]}])";
  const auto fixed = run(tiles(1, 2, set, R"(,"rotations":false)"));
  EXPECT_EQ(fixed.solutions, 1u);
  EXPECT_EQ(fixed.symmetries, 1);
  const auto turning = run(tiles(1, 2, set));
  EXPECT_EQ(turning.solutions, 2u);
  EXPECT_EQ(turning.unique, 1u);
  EXPECT_EQ(turning.symmetries, 2);
}

TEST(EdgeMatching, SymmetryGroups) {
  const auto order = [](const Puzzle& p) { return makeSearch(p)->symmetryCount(); };
  const std::string blank4 = R"([{"edges":["a","a","a","a"],"count":4}])";
  EXPECT_EQ(order(tiles(2, 2, blank4)), 8);                                  // square, mirror-closed
  EXPECT_EQ(order(tiles(1, 4, blank4)), 4);                                  // rectangle
  EXPECT_EQ(order(tiles(2, 2, R"([{"edges":["a","b","c","d"],"count":4}])")), 4);  // chiral: turns only
  EXPECT_EQ(order(tiles(1, 4, R"([{"edges":["a","b","c","d"],"count":4}])")), 2);  // rectangle, chiral
  // Rotations off: the half turn is a symmetry when it maps the tiles onto each other.
  EXPECT_EQ(order(tiles(1, 2, R"([{"edges":["a","b","c","d"]},{"edges":["c","d","a","b"]}])", R"(,"rotations":false)")), 2);
  // ... and a mirror when the mirrored tiles are tiles: [a,b,c,b] is its own left-right
  // mirror, and with [c,b,a,b] (its top-bottom mirror and half turn) all 4 are symmetries.
  EXPECT_EQ(order(tiles(1, 2, R"([{"edges":["a","b","c","b"]},{"edges":["c","d","a","d"]}])", R"(,"rotations":false)")), 2);
  EXPECT_EQ(order(tiles(1, 2, R"([{"edges":["a","b","c","b"]},{"edges":["c","b","a","b"]}])", R"(,"rotations":false)")), 4);
  // Counts matter: the mirror twin must come in as many copies.
  EXPECT_EQ(order(tiles(1, 3, R"([{"edges":["a","b","c","d"],"count":2},{"edges":["a","d","c","b"]}])")), 2);
  EXPECT_EQ(order(tiles(1, 4, R"([{"edges":["a","b","c","d"],"count":2},{"edges":["a","d","c","b"],"count":2}])")), 4);
}

TEST(EdgeMatching, TropicalFishAnyFirstSolutionsCheck) {
  // The full count (608) is a benchmark; here the same search finds its first solutions.
  const Puzzle p = loadPuzzleFile(test::libraryFile("tropical-fish-any"));
  auto search = makeSearch(p);
  EXPECT_EQ(search->symmetryCount(), 1);
  std::vector<std::string> failures;
  int found = 0;
  const SolutionSink sink = [&](const Solution& s, bool representative) {
    EXPECT_TRUE(representative);  // a group of 1
    if (auto problem = checkSolution(p, s)) failures.push_back(*problem);
    return ++found < 3;
  };
  while (found < 3 && !search->advance(1u << 16, sink)) {
  }
  EXPECT_EQ(found, 3);
  EXPECT_TRUE(failures.empty()) << failures.front();
  EXPECT_GT(search->fractionDone(), 0.0);
  EXPECT_LT(search->fractionDone(), 1.0);
}

TEST(EdgeMatching, TinyBudgetsGiveTheSameCounts) {
  for (const char* stem : {"frogs", "lizards"}) {
    const Puzzle p = loadPuzzleFile(test::libraryFile(stem));
    const auto whole = countAll(*makeSearch(p));
    for (std::uint64_t budget : {1u, 2u, 7u}) {
      const auto sliced = test::runAndCheck(p, 0, budget);
      EXPECT_EQ(sliced.solutions, whole.solutions) << stem << " budget " << budget;
      EXPECT_EQ(sliced.unique, whole.unique) << stem << " budget " << budget;
    }
  }
}

TEST(EdgeMatching, ProgressGrowsToOne) {
  const Puzzle p = loadPuzzleFile(test::libraryFile("frogs"));
  auto search = makeSearch(p);
  const SolutionSink ignore = [](const Solution&, bool) { return true; };
  double last = search->fractionDone();
  EXPECT_EQ(last, 0.0);
  while (!search->advance(50, ignore)) {
    const double now = search->fractionDone();
    EXPECT_GE(now, 0.0);
    EXPECT_LE(now, 1.0);
    last = now;
  }
  EXPECT_EQ(search->fractionDone(), 1.0);
  EXPECT_GT(search->nodes(), 0u);
}

TEST(EdgeMatching, PausingAfterASolutionResumesThere) {
  const Puzzle p = loadPuzzleFile(test::libraryFile("frogs"));
  auto search = makeSearch(p);
  std::uint64_t seen = 0;
  const SolutionSink stopEach = [&](const Solution&, bool) {
    ++seen;
    return false;
  };
  while (!search->advance(1u << 20, stopEach)) {
  }
  EXPECT_EQ(seen, 8u);
}

TEST(EdgeMatching, TilesDifferingOnlyInFaceAreEachReportedOnce) {
  // Without a face rule, x and y (same edges, different faces) are searched as one tile with
  // 3 copies; the one arrangement expands into the orders of {x, x, y}: xxy, xyx, yxx. The
  // left-right mirror swaps xxy and yxx: 2 classes. Pausing after each solution must resume
  // inside the expansion.
  const std::string set = R"([{"edges":["a","a","a","a"],"face":"x","count":2},{"edges":["a","a","a","a"],"face":"y"}])";
  const Puzzle p = tiles(1, 3, set);
  const auto r = run(p, 1);
  EXPECT_EQ(r.solutions, 3u);
  EXPECT_EQ(r.unique, 2u);
  const auto paused = test::countPausingAfterEachSolution(p);
  EXPECT_EQ(paused.solutions, 3u);
  EXPECT_EQ(paused.unique, 2u);
}

}  // namespace
}  // namespace pw

namespace pw {
namespace {

TEST(EdgeMatchingBudget, FaceExpansionsCountAgainstTheBudget) {
  // 16 tiles with the same edges and 16 faces, no face rule: one arrangement of the searched
  // (face-less) tile stands for 16! = 20,922,789,888,000 solutions. Each advance() must
  // still return after about its budget, whether the sink pauses or not.
  std::string list = "[";
  for (int i = 0; i < 16; ++i) list += std::string(i ? "," : "") + R"({"edges":["a","a","a","a"],"face":"f)" + std::to_string(i) + "\"}";
  const Puzzle p = parsePuzzle(R"({"format":"piecewise/1","name":"t","kind":"edge-matching","rows":4,"cols":4,"tiles":)" +
                               list + "]}");
  auto search = makeSearch(p);
  std::uint64_t reported = 0;
  int call = 0;
  // Never pauses within budget; past it, pauses so that an overrun fails instead of running for days.
  const SolutionSink count = [&](const Solution& s, bool) {
    EXPECT_EQ(checkSolution(p, s), std::nullopt);
    return ++reported < 100u * call + 50;
  };
  for (call = 1; call <= 20; ++call) {
    EXPECT_FALSE(search->advance(100, count));
    EXPECT_LE(reported, 100u * call) << "call " << call;
  }
  EXPECT_GE(reported, 1900u);  // every call but the first two (which find the arrangement) reports 100
}

// Branching on the tile with the fewest places, where that is the tighter choice, is what makes
// MacMahon's 24 squares fast: 26.1M nodes with cells alone, 1.6M with tiles. The bound guards
// the choice rule (a node count, not a time).
TEST(EdgeMatching, MacMahonBranchesOnTiles) {
  auto search = makeSearch(loadPuzzleFile(test::libraryFile("macmahon-4x6")));
  const Counts c = countAll(*search);
  EXPECT_EQ(c.solutions, 106624u);
  EXPECT_EQ(c.unique, 26656u);
  EXPECT_LT(c.nodes, 2'000'000u);
}

}  // namespace
}  // namespace pw
