// advance(budget) keeps its budget for every kind: reporting a solution counts as a node,
// so a call returns after about `budget` units of work even where one search node stands for
// many solutions (an edge arrangement for 16! face assignments, a packing or snake solution
// for its images under the 48 symmetries of a cube). The worker's slices rely on it: an
// overrunning call freezes the search's worker and delays Pause.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "check/check.hpp"
#include "parse/parse.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

struct Budgeted {
  std::string name;
  std::string document;
};

std::string edgeSixteenFaces() {
  std::string tiles = "[";
  for (int i = 0; i < 16; ++i)
    tiles += std::string(i ? "," : "") + R"({"edges":["a","a","a","a"],"face":"f)" + std::to_string(i) + "\"}";
  return R"({"format":"piecewise/1","name":"t","kind":"edge-matching","rows":4,"cols":4,"tiles":)" + tiles + "]}";
}

std::vector<Budgeted> cases() {
  return {
      {"edge: one arrangement, 16! face assignments", edgeSixteenFaces()},
      // Identical pieces in a cube: a solution every few nodes, each with up to 48 images.
      {"packing: 32 identical dicubes in a 4x4x4 box",
       R"({"format":"piecewise/1","name":"t","kind":"packing","board":{"shape":[["####","####","####","####"],["####","####","####","####"],["####","####","####","####"],["####","####","####","####"]]},"pieces":[{"name":"d","shape":[["##"]],"count":32}]})"},
      {"packing: 8 identical dominoes on a 4x4 frame of optional cells",
       R"({"format":"piecewise/1","name":"t","kind":"packing","board":{"shape":["++++","++++","++++","++++"]},"pieces":[{"name":"d","shape":["##"],"count":{"min":0,"max":8}}]})"},
      {"snake: 3x3x3 of runs of 2", test::readBytes(test::libraryFile("snake-3x3x3"))},
      {"snake: 2x2x2", test::readBytes(test::libraryFile("snake-2x2x2"))},
  };
}

TEST(AdvanceBudget, SolutionsReportedInOneCallNeverExceedItsBudget) {
  for (const Budgeted& c : cases()) {
    SCOPED_TRACE(c.name);
    const Puzzle puzzle = parsePuzzle(c.document);
    for (const std::uint64_t budget : {1u, 2u, 7u, 100u}) {
      SCOPED_TRACE("budget " + std::to_string(budget));
      auto search = makeSearch(puzzle);
      std::uint64_t reported = 0, total = 0;
      int checked = 0;
      const SolutionSink sink = [&](const Solution& s, bool) {
        if (checked++ < 200) {
          EXPECT_EQ(checkSolution(puzzle, s), std::nullopt);
        }
        ++reported;
        return true;  // never pauses: only the budget may end a call
      };
      for (int call = 0; call < 3000; ++call) {
        reported = 0;
        const bool done = search->advance(budget, sink);
        ASSERT_LE(reported, budget) << "call " << call;
        total += reported;
        if (done) break;
      }
      EXPECT_GT(total, 0u);
    }
  }
}

TEST(AdvanceBudget, CountsAreTheSameWhateverTheBudget) {
  // Pausing for the budget in the middle of a solution's images loses none and repeats none.
  for (const Budgeted& c : cases()) {
    if (c.name.rfind("edge", 0) == 0) continue;  // 16! solutions: counted in edge_matching_test
    if (c.name.find("4x4x4") != std::string::npos) continue;  // too many to count here
    SCOPED_TRACE(c.name);
    const Puzzle puzzle = parsePuzzle(c.document);
    const auto count = [&](std::uint64_t budget) {
      auto search = makeSearch(puzzle);
      std::uint64_t all = 0, unique = 0;
      const SolutionSink sink = [&](const Solution&, bool representative) {
        ++all;
        unique += representative ? 1 : 0;
        return true;
      };
      while (!search->advance(budget, sink)) {
      }
      return std::make_pair(all, unique);
    };
    const auto reference = count(1u << 30);
    EXPECT_GT(reference.first, 0u);
    for (const std::uint64_t budget : {1u, 2u, 3u, 47u}) EXPECT_EQ(count(budget), reference) << "budget " << budget;
  }
}

}  // namespace
}  // namespace pw
