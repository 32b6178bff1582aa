// The library's puzzles on the triangle, hexagon and sphere grids counted a second way: by
// dancing links with no piece restricted by symmetry (every raw solution met one by one, the
// unique count from the classes found), against the counts in their notes, which the
// reference test reaches with the bitset engine and the orbit reduction.
#include <gtest/gtest.h>

#include "parse/expected_counts.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

class GridLibraryPuzzle : public ::testing::TestWithParam<const char*> {};

TEST_P(GridLibraryPuzzle, DancingLinksWithoutReductionAgreeWithTheNotes) {
  const Puzzle puzzle = loadPuzzleFile(test::libraryFile(GetParam()));
  const auto expected = expectedCounts(puzzle.notes);
  ASSERT_TRUE(expected);
  const test::ScopedEnv engine("PIECEWISE_ENGINE", "dlx");
  SearchSettings settings;
  settings.restrictedType = SearchSettings::kNoRestriction;
  const Counts counts = countAll(*makeSearch(puzzle, settings));
  EXPECT_EQ(counts.solutions, expected->solutions);
  EXPECT_EQ(counts.unique, expected->unique);
}

INSTANTIATE_TEST_SUITE_P(Library, GridLibraryPuzzle,
                         ::testing::Values("hexiamond-rhombus", "tetrahex-4x7", "ball-pyramid"));

}  // namespace
}  // namespace pw
