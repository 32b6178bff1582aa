// Puzzles taken apart as BurrTools' `burrTxt -d` takes them apart (tests/data/disassembly/):
// the same assemblies, the same solutions and the same levels, each disassembly replayed.
#include <gtest/gtest.h>

#include <map>

#include "disassembly/assembly_walk.hpp"
#include "disassembly_replay.hpp"
#include "format/disassembly_render.hpp"
#include "parse/parse.hpp"

namespace pw::disassembly {
namespace {

struct BurrTxtResult {
  const char* file;
  std::uint64_t assemblies;
  std::uint64_t solutions;
  std::map<std::string, int> levels;  // level text -> solutions of that level
};

// burrTxt -d on each file written as .xmpuzzle by `piecewise convert --to xmpuzzle`.
const BurrTxtResult kBurrTxt[] = {
    {"key-in-lock", 5, 5, {{"2", 1}, {"1", 4}}},
    {"shut-box", 1, 0, {}},
    {"cut-box-30", 30, 26, {{"1", 18}, {"1.1.1.1.1.2", 8}}},
    {"cut-box-109",
     109,
     107,
     {{"1", 92},
      {"1.1.1.1.1.1.1.1.1.1.2", 3},
      {"1.1.1.1.1.1.1.1.1.2", 1},
      {"1.1.1.1.1.1.1.1.2", 3},
      {"1.1.1.1.1.1.1.1.2.1.2", 6},
      {"1.1.1.1.1.1.1.1.2.2", 1},
      {"1.1.1.1.1.1.1.2", 1}}},
};

class BurrTxtAgreement : public ::testing::TestWithParam<BurrTxtResult> {};

TEST_P(BurrTxtAgreement, AssembliesSolutionsAndLevels) {
  const BurrTxtResult& expected = GetParam();
  const Puzzle puzzle =
      loadPuzzleFile(std::string(PIECEWISE_TEST_DATA_DIR) + "/disassembly/" + expected.file + ".puzzle.json");
  std::map<std::string, int> levels;
  const WalkCounts counts = walkAssemblies(puzzle, {}, [&](const TakenApart& taken) {
    if (!taken.disassembly) return true;
    ++levels[levelText(*taken.disassembly)];
    EXPECT_EQ(test::replayDisassembly(taken.assembly, *taken.disassembly), "");
    return true;
  });
  EXPECT_TRUE(counts.complete);
  EXPECT_EQ(counts.assemblies, expected.assemblies);
  EXPECT_EQ(counts.solutions, expected.solutions);
  EXPECT_EQ(levels, expected.levels);
}

INSTANTIATE_TEST_SUITE_P(Disassembly, BurrTxtAgreement, ::testing::ValuesIn(kBurrTxt),
                         [](const auto& test) {
                           std::string name = test.param.file;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace pw::disassembly
