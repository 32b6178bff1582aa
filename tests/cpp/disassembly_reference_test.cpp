// Puzzles taken apart as BurrTools' `burrTxt -d` takes them apart (tests/data/disassembly/):
// the same assemblies, the same solutions and the same levels, each disassembly replayed, both
// as the disassembler gives it and as the command line prints it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "disassembly/assembly_walk.hpp"
#include "disassembly/directions.hpp"
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

// The disassembly the command line prints (format/disassembly_render.hpp), read back: pieces
// named by placement become assembly pieces again, directions by name become indices.
Disassembly fromJson(const nlohmann::json& json, const Assembly& assembly) {
  const auto pieces = [&](const nlohmann::json& placements) {
    std::vector<int> out;
    for (const int placement : placements) {
      const auto it = std::find_if(assembly.pieces.begin(), assembly.pieces.end(),
                                   [&](const AssembledPiece& p) { return p.placement == placement; });
      out.push_back(static_cast<int>(it - assembly.pieces.begin()));
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  Disassembly d;
  for (const nlohmann::json& s : json.at("separations")) {
    Separation separation;
    separation.pieces = pieces(s.at("pieces"));
    separation.left = s.value("left", -1);
    separation.removed = s.value("removed", -1);
    for (const nlohmann::json& m : s.at("moves")) {
      Slide slide;
      slide.pieces = pieces(m.at("pieces"));
      const auto name = std::find(kDirectionNames.begin(), kDirectionNames.end(), m.at("direction").get<std::string>());
      slide.direction = static_cast<int>(name - kDirectionNames.begin());
      slide.distance = m.value("out", false) ? Slide::kForEver : m.at("distance").get<int>();
      separation.moves.push_back(std::move(slide));
    }
    d.separations.push_back(std::move(separation));
  }
  return d;
}

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
    // The moves as printed replay too, and give the same level.
    const nlohmann::json printed = disassemblyToJson(taken.assembly, *taken.disassembly);
    const Disassembly read = fromJson(printed, taken.assembly);
    EXPECT_EQ(test::replayDisassembly(taken.assembly, read), "");
    EXPECT_EQ(levelText(read), levelText(*taken.disassembly));
    EXPECT_EQ(printed.at("level").get<std::vector<int>>(), levelOf(read));
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
