// Every puzzle in the library whose notes give expected counts is counted here, every
// solution passing the independent checker, whatever its kind.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// Counted by `npm run bench` instead: minutes each, too slow for every test run.
const std::vector<std::string> kBenchmarkOnly = {"tetris-cube", "bedlam-cube", "macmahon-4x6"};

class ReferencePuzzle : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferencePuzzle, CountsMatchItsNotesAndEverySolutionChecks) {
  const Puzzle puzzle = loadPuzzleFile(GetParam());
  const auto expected = expectedCounts(puzzle.notes);
  ASSERT_TRUE(expected) << "no expected counts in the notes of " << GetParam();
  const auto result = test::runAndCheck(puzzle);
  EXPECT_EQ(result.solutions, expected->solutions);
  EXPECT_EQ(result.unique, expected->unique);
  EXPECT_TRUE(result.checkerFailures.empty()) << result.checkerFailures.front();
}

std::vector<std::string> countedPuzzles() {
  std::vector<std::string> files;
  for (const std::string& f : test::libraryFiles()) {
    const std::string stem = std::filesystem::path(f).filename().string();
    const std::string name = stem.substr(0, stem.size() - 12);
    const bool slow = std::find(kBenchmarkOnly.begin(), kBenchmarkOnly.end(), name) != kBenchmarkOnly.end();
    if (!slow && expectedCounts(loadPuzzleFile(f).notes)) files.push_back(f);
  }
  return files;
}

INSTANTIATE_TEST_SUITE_P(Library, ReferencePuzzle, ::testing::ValuesIn(countedPuzzles()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = std::filesystem::path(param.param).filename().string();
                           name = name.substr(0, name.size() - 12);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

TEST(ReferenceLibrary, EveryReferencePuzzleIsInTheLibrary) {
  // The problem's reference puzzles (shared/reference) must all be in puzzles/.
  for (const char* stem : {"cubissimo", "frogs", "infuriater", "infuriater-revised", "lizards", "pentomino-6x10",
                           "pentomino-8x8-centre", "snake-3x3x3", "soma", "t-tetracubes-6x6x2", "t-tetracubes-6x6x6",
                           "tetris-cube", "tropical-fish", "tropical-fish-any"})
    EXPECT_TRUE(std::filesystem::exists(test::libraryFile(stem))) << stem;
}

}  // namespace
}  // namespace pw
