// piecewise -> .xmpuzzle -> piecewise for every packing puzzle of the library: the same
// board, the same pieces with the same counts and motions, the same counts; and the
// puzzles BurrTools cannot hold refused with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "files/gzip.hpp"
#include "files/puzzle_file.hpp"
#include "cover/piece_types.hpp"
#include "io/puzzle_input.hpp"
#include "lattice/transform.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw::burrtools {
namespace {

// Counted by `npm run bench` (minutes): its round trip is checked by structure only.
const std::vector<std::string> kSlow = {"tetris-cube", "bedlam-cube"};

std::string stemOf(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  return name.substr(0, name.size() - std::string(".puzzle.json").size());
}

std::vector<std::pair<Cell, bool>> normalizedBoard(const PackingPuzzle& p) {
  std::vector<Cell> cells;
  for (const BoardCell& b : p.board) cells.push_back(b.at);
  const std::vector<Cell> moved = normalized(cells);
  const Cell shift = {cells.front().x - moved.front().x, cells.front().y - moved.front().y, cells.front().z - moved.front().z};
  std::vector<std::pair<Cell, bool>> out;
  for (const BoardCell& b : p.board) out.push_back({{b.at.x - shift.x, b.at.y - shift.y, b.at.z - shift.z}, b.optional});
  std::sort(out.begin(), out.end());
  return out;
}

// Each piece type as (its orientations, min, max): what the search sees.
std::vector<std::tuple<std::vector<std::vector<Cell>>, int, int>> typesOf(const PackingPuzzle& p) {
  std::vector<std::tuple<std::vector<std::vector<Cell>>, int, int>> out;
  for (const PieceType& t : pieceTypes(p)) {
    std::vector<std::vector<Cell>> o = t.orientations;
    std::sort(o.begin(), o.end());
    out.emplace_back(o, t.min, t.max);
  }
  std::sort(out.begin(), out.end());
  return out;
}

class LibraryRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(LibraryRoundTrip, SamePuzzleAndCounts) {
  const Puzzle original = loadPuzzleFile(GetParam());
  const auto& before = std::get<PackingPuzzle>(original.body);
  std::string bytes;
  try {
    bytes = xmpuzzleFile(original);
  } catch (const PuzzleError& e) {
    if (before.grid == pw::Grid::Triangle || before.grid == pw::Grid::Hexagon) {
      EXPECT_NE(std::string(e.what()).find("grid, which BurrTools has not"), std::string::npos) << e.what();
      return;
    }
    // Only a puzzle with a piece that may not flip (2D) or may mirror (3D) is refused here.
    const std::string message = e.what();
    EXPECT_NE(message.find("may not be flipped over (reflections off), but BurrTools turns flat pieces over"), std::string::npos)
        << message;
    for (const PieceType& t : pieceTypes(before)) {
      const PieceDef& def = before.pieces[static_cast<std::size_t>(t.defs.front())];
      if (def.reflections) continue;
      if (orientations(def.cells, allowedMotions(2, true, true)).size() != t.orientations.size()) return;  // a chiral piece: refusal right
    }
    FAIL() << "refused although every piece is its own mirror image: " << message;
  }
  ASSERT_TRUE(gzip::isGzip(bytes));
  const PuzzleInput back = readPuzzleInput(gzip::inflate(bytes, limits::kDocumentBytes), "", stemOf(GetParam()));
  const auto& after = std::get<PackingPuzzle>(back.puzzle.body);
  EXPECT_EQ(back.puzzle.name, original.name);
  EXPECT_EQ(back.puzzle.notes.rfind(original.notes, 0), 0u) << "the notes come back first, as the file's comment";
  EXPECT_EQ(after.dimensions, before.dimensions);
  EXPECT_EQ(after.grid, before.grid);
  EXPECT_EQ(normalizedBoard(after), normalizedBoard(before));
  EXPECT_EQ(typesOf(after), typesOf(before));

  const auto expected = expectedCounts(original.notes);
  if (!expected || std::find(kSlow.begin(), kSlow.end(), stemOf(GetParam())) != kSlow.end()) return;
  auto search = makeSearch(back.puzzle);  // every solution is checked by the library test
  const Counts result = countAll(*search);
  EXPECT_EQ(result.solutions, expected->solutions);
  EXPECT_EQ(result.unique, expected->unique);
}

std::vector<std::string> packingPuzzles() {
  std::vector<std::string> out;
  for (const std::string& f : test::libraryFiles())
    if (std::holds_alternative<PackingPuzzle>(loadPuzzleFile(f).body)) out.push_back(f);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Library, LibraryRoundTrip, ::testing::ValuesIn(packingPuzzles()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = stemOf(param.param);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(XmpuzzleExport, RefusesWhatBurrToolsCannotHold) {
  const auto errorOf = [](const std::string& doc) {
    try {
      xmpuzzleXml(parsePuzzle(doc));
    } catch (const PuzzleError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  const std::string head = R"({"format": "piecewise/1", "name": "t", "kind": "packing", )";
  // 2D, rotations off: an L turns in BurrTools.
  EXPECT_EQ(errorOf(head + R"("rotations": false, "board": {"shape": ["###", "#.."]}, "pieces": [{"name": "L", "shape": ["###", "#.."]}]})"),
            "cannot write this puzzle as .xmpuzzle: pieces[0] \"L\" may not be turned (rotations off), but BurrTools turns "
            "every piece, and its placements would differ");
  // ... but a square looks the same in every turn, so that is fine.
  EXPECT_EQ(errorOf(head + R"("rotations": false, "reflections": false, "board": {"shape": ["##", "##"]}, "pieces": [{"name": "O", "shape": ["##", "##"]}]})"),
            "(accepted)");
  // 3D, reflections on: a chiral piece would be mirrored.
  EXPECT_EQ(errorOf(head + R"("reflections": true, "board": {"shape": [["##", "#."], [".#", ".."]]}, "pieces": [{"name": "A", "shape": [["##", "#."], [".#", ".."]]}]})"),
            "cannot write this puzzle as .xmpuzzle: pieces[0] \"A\" may be mirrored (reflections on), but BurrTools never "
            "mirrors a piece, and its placements would differ");
  // Grids: BurrTools has no triangles or hexagons; a + board with room half a lattice step off
  // would let BurrTools place rhombic dodecahedra there; tetrahedra mirror as cubes do.
  EXPECT_EQ(errorOf(head + R"("grid": "rhombic-dodecahedron",
    "board": {"shape": [["...", ".+.", "..."], [".+.", "+.+", ".+."], ["...", ".+.", "..."]]},
    "pieces": [{"name": "A", "cells": [[0, 0, 0]]}]})"),
            "cannot write this puzzle as .xmpuzzle: its board has + cells and room for a rhombic dodecahedron half a lattice "
            "step off its own, where BurrTools would place pieces that piecewise does not");
  EXPECT_EQ(errorOf(head + R"("grid": "hexagon", "board": {"cells": [[0, 0], [1, 0]]}, "pieces": [{"name": "A", "cells": [[0, 0], [1, 0]]}]})"),
            "cannot write this puzzle as .xmpuzzle: it lies on the hexagon grid, which BurrTools has not (it has squares, "
            "cubes, triangular prisms, spheres and rhombic dodecahedra)");
  EXPECT_EQ(errorOf(head + R"("grid": "rhombic-tetrahedron", "reflections": true, "board": {"cells": [[2, 1, 0], [1, 2, 0], [2, 0, 1]]},
    "pieces": [{"name": "A", "cells": [[2, 1, 0], [1, 2, 0], [2, 0, 1]]}]})"),
            "cannot write this puzzle as .xmpuzzle: pieces[0] \"A\" may be mirrored (reflections on), but BurrTools never "
            "mirrors a piece, and its placements would differ");
  EXPECT_EQ(errorOf(R"({"format": "piecewise/1", "name": "s", "kind": "snake", "box": [2, 2, 2], "segments": [2, 2, 2, 2, 2, 2, 2]})"),
            "cannot write this puzzle as .xmpuzzle: it is a snake puzzle, and BurrTools holds packing puzzles only");
}

TEST(XmpuzzleExport, WritesRangesVariableCellsAndEscapedText) {
  const Puzzle p = parsePuzzle(R"({"format": "piecewise/1", "name": "A & <B>", "kind": "packing", "notes": "x \"y\"",
    "board": {"shape": ["+##", "###"]},
    "pieces": [{"name": "I", "shape": ["##"], "count": {"min": 0, "max": 3}}, {"name": "i", "shape": ["#", "#"]}]})");
  const std::string xml = xmpuzzleXml(p);
  // y points up in BurrTools: the bottom row comes first.
  EXPECT_NE(xml.find(R"(<voxel x="3" y="2" z="1" name="Board" type="0">###+##</voxel>)"), std::string::npos) << xml;
  EXPECT_NE(xml.find(R"(<shape id="1" min="1" max="4"/>)"), std::string::npos) << xml;  // the two dominoes are one piece
  EXPECT_NE(xml.find(R"(<problem name="A &amp; &lt;B&gt;" state="0">)"), std::string::npos) << xml;
  EXPECT_NE(xml.find(R"(<comment>x &quot;y&quot;</comment>)"), std::string::npos) << xml;
  const PuzzleInput back = readPuzzleInput(xml, "", "");
  EXPECT_EQ(back.puzzle.name, "A & <B>");
}

TEST(XmpuzzleExport, ColoursRoundTrip) {
  // Red cells fit red, blue cells blue: the L's red corner may not cover the blue cell, which
  // leaves one of the two tilings. Colours, their RGB, the voxels' colours and the allowed
  // pairs come back as they were, with the same counts.
  const Puzzle p = parsePuzzle(R"({"format": "piecewise/1", "name": "c", "kind": "packing",
    "colours": [{"name": "red", "rgb": "#ff0000", "fits": ["red"]}, {"name": "blue", "rgb": "#0000ff", "fits": ["blue"]}],
    "board": {"shape": ["###", "###"], "colours": {"blue": [[0, 0]]}},
    "pieces": [{"name": "L", "shape": ["##", "#."], "colours": {"red": [[0, 0]]}, "count": 2}]})");
  const std::string xml = xmpuzzleXml(p);
  EXPECT_NE(xml.find(R"(<color red="255" green="0" blue="0"/>)"), std::string::npos) << xml;
  EXPECT_NE(xml.find(R"(<pair piece="1" result="1"/>)"), std::string::npos) << xml;
  const PuzzleInput back = readPuzzleInput(xml, "", "c");
  const auto& before = std::get<PackingPuzzle>(p.body);
  const auto& after = std::get<PackingPuzzle>(back.puzzle.body);
  ASSERT_EQ(after.colours.size(), 2u);
  for (std::size_t c = 0; c < 2; ++c) {
    EXPECT_EQ(after.colours[c].rgb, before.colours[c].rgb);
    EXPECT_EQ(after.colours[c].fits, before.colours[c].fits);
  }
  std::vector<int> boardBefore, boardAfter;
  for (const BoardCell& b : before.board) boardBefore.push_back(b.colour);
  for (const BoardCell& b : after.board) boardAfter.push_back(b.colour);
  EXPECT_EQ(boardAfter, boardBefore);
  EXPECT_EQ(pieceTypes(after).front().colourings, pieceTypes(before).front().colourings);
  const Counts a = countAll(*makeSearch(p)), b = countAll(*makeSearch(back.puzzle));
  EXPECT_EQ(a.solutions, b.solutions);
  EXPECT_EQ(a.unique, b.unique);
  EXPECT_EQ(a.solutions, 1u);
  EXPECT_LT(a.solutions, countAll(*makeSearch(parsePuzzle(R"({"format": "piecewise/1", "name": "c", "kind": "packing",
    "board": {"shape": ["###", "###"]}, "pieces": [{"name": "L", "shape": ["##", "#."], "count": 2}]})"))).solutions);
}

}  // namespace
}  // namespace pw::burrtools
