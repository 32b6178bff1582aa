// Which piece the packing search restricts by symmetry (packing/restriction_choice.hpp):
// chosen by estimates where a tree is large, the same way every time, and never changing a
// count.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <variant>

#include "cover/packing_cover.hpp"
#include "jobs/parallel_count.hpp"
#include "jobs/split.hpp"
#include "packing/packing_symmetry.hpp"
#include "packing/restriction_choice.hpp"
#include "parse/expected_counts.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

struct Compiled {
  PackingPuzzle puzzle;
  PackingCover cover;
  std::vector<PackingSymmetry> group;
};

Compiled compiled(const std::string& stem) {
  const Puzzle puzzle = loadPuzzleFile(test::libraryFile(stem));
  Compiled c{std::get<PackingPuzzle>(puzzle.body), {}, {}};
  c.cover = compilePlacements(c.puzzle);
  c.group = packingSymmetries(c.cover);
  return c;
}

// The case that asked for the choice: restricting the piece of fewest orbits gives a tree of
// 44.8M nodes, another piece's 19.6M (measured by counting with each).
TEST(RestrictionChoice, TheTetrisCubeRestrictsAnotherPieceThanTheOneOfFewestOrbits) {
  const Compiled c = compiled("tetris-cube");
  const RestrictedPiece fewest = chooseRestriction(c.cover, c.group, kNeverEstimate);
  EXPECT_EQ(fewest.type, restrictionsBySymmetry(c.cover, c.group).front().type);
  const RestrictedPiece chosen = chooseRestriction(c.cover, c.group, 2e6);
  EXPECT_NE(chosen.type, fewest.type);
  const RestrictedPiece again = chooseRestriction(c.cover, c.group, 2e6);
  EXPECT_EQ(again.type, chosen.type) << "split, jobs and threads must build the same tree";
  EXPECT_EQ(again.kept, chosen.kept);
  EXPECT_EQ(chooseRestriction(c.cover, c.group, 1e12).type, fewest.type) << "a tree estimated small keeps the default";
}

Counts countWith(const PackingPuzzle& puzzle, double estimateAbove) {
  SearchSettings settings;
  settings.estimateTreesAbove = estimateAbove;
  return countAll(*makePackingSearch(puzzle, settings));
}

// Estimating on every tree, however small (a threshold of 0), makes random boxes cut into
// pieces restrict other pieces than the default; their counts stay the same. The library's
// small packing puzzles keep their notes' counts.
TEST(RestrictionChoice, CountsDoNotDependOnThePieceRestricted) {
  std::mt19937 random(1126);
  int changed = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const PackingPuzzle puzzle = test::randomCutBoard(random, 2, 3, 3 + trial % 3, 4, 6, false);
    const PackingCover cover = compilePlacements(puzzle);
    const auto group = packingSymmetries(cover);
    const bool differs = chooseRestriction(cover, group, 0).type != chooseRestriction(cover, group, kNeverEstimate).type;
    changed += differs ? 1 : 0;
    const Counts always = countWith(puzzle, 0), never = countWith(puzzle, kNeverEstimate);
    EXPECT_EQ(always.solutions, never.solutions) << "trial " << trial;
    EXPECT_EQ(always.unique, never.unique) << "trial " << trial;
  }
  EXPECT_GE(changed, 5) << "the test must restrict other pieces than the default";
  for (const std::string stem : {"soma", "cubissimo", "t-tetracubes-6x6x2", "pentomino-4x15", "pentomino-8x8-centre",
                                 "pentomino-5x12", "infuriater-revised"}) {
    const Compiled c = compiled(stem);
    const auto expected = expectedCounts(loadPuzzleFile(test::libraryFile(stem)).notes);
    ASSERT_TRUE(expected) << stem;
    const Counts counts = countWith(c.puzzle, 0);
    EXPECT_EQ(counts.solutions, expected->solutions) << stem;
    EXPECT_EQ(counts.unique, expected->unique) << stem;
  }
}

// Split, jobs and threads build their searches apart: where the estimates restrict another
// piece than the default, the jobs of a split still add up to the whole count, and so do
// two threads.
TEST(RestrictionChoice, JobsAndThreadsAgreeOnThePieceRestricted) {
  std::mt19937 random(2611);
  int checked = 0;
  for (int trial = 0; checked < 5; ++trial) {
    ASSERT_LT(trial, 100);
    const PackingPuzzle puzzle = test::randomCutBoard(random, 2, 3, 3 + trial % 3, 4, 6, false);
    const PackingCover cover = compilePlacements(puzzle);
    const auto group = packingSymmetries(cover);
    if (chooseRestriction(cover, group, 0).type == chooseRestriction(cover, group, kNeverEstimate).type) continue;
    ++checked;
    SearchSettings always;
    always.estimateTreesAbove = 0;
    const SearchFactory make = [&] { return makePackingSearch(puzzle, always); };
    const Counts whole = countWith(puzzle, kNeverEstimate);
    Counts sum;
    for (const SplitJob& j : splitSearch(make, 0, 8).jobs) {
      const Counts part = countJob(make, j.job, {}).counts;
      sum.solutions += part.solutions;
      sum.unique += part.unique;
    }
    EXPECT_EQ(sum.solutions, whole.solutions) << "trial " << trial;
    EXPECT_EQ(sum.unique, whole.unique) << "trial " << trial;
    CountSettings two;
    two.threads = 2;
    const Counts threads = countJob(make, Job{}, two).counts;
    EXPECT_EQ(threads.solutions, whole.solutions) << "trial " << trial;
    EXPECT_EQ(threads.unique, whole.unique) << "trial " << trial;
  }
}

}  // namespace
}  // namespace pw
