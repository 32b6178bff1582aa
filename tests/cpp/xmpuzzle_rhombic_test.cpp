// BurrTools' rhombic dodecahedron grid in and out (burrtools/rhombic_voxels.hpp): its voxels
// are tetrahedra; whole dodecahedra become cells of "rhombic-dodecahedron", anything else stays
// on "rhombic-tetrahedron". The files in tests/data/burrtools and their counts by BurrTools'
// burrTxt are listed in its README.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "burrtools/problem_import.hpp"
#include "burrtools/rhombic_voxels.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "files/gzip.hpp"
#include "files/puzzle_file.hpp"
#include "io/puzzle_input.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw::burrtools {
namespace {

std::string xmlOf(const std::string& name) {
  const std::string bytes = test::readBytes(std::string(PIECEWISE_TEST_DATA_DIR) + "/burrtools/" + name);
  return gzip::isGzip(bytes) ? gzip::inflate(bytes, limits::kDocumentBytes) : bytes;
}

Counts countOf(const Puzzle& puzzle) { return countAll(*makeSearch(puzzle)); }

pw::Grid gridOf(const PuzzleInput& in) { return std::get<PackingPuzzle>(in.puzzle.body).grid; }

bool hasNote(const PuzzleInput& in, const std::string& fragment) {
  return std::any_of(in.notes.begin(), in.notes.end(), [&](const std::string& n) { return n.find(fragment) != std::string::npos; });
}

std::string errorOf(const std::string& xml) {
  try {
    readPuzzleInput(xml, "", "t");
  } catch (const PuzzleError& e) {
    return e.what();
  }
  return "(accepted)";
}

// A rhombic-grid file with one problem: `shapes` (voxel strings by shape, the first the result)
// in boxes of `sizes`, one copy of each piece.
std::string rhombicFile(const std::vector<std::pair<Cell, std::string>>& shapes) {
  std::string xml = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"3\"/><colors/><shapes>";
  for (const auto& [size, voxels] : shapes)
    xml += "<voxel x=\"" + std::to_string(size.x) + "\" y=\"" + std::to_string(size.y) + "\" z=\"" + std::to_string(size.z) +
           "\" type=\"0\">" + voxels + "</voxel>";
  xml += "</shapes><problems><problem><shapes>";
  for (std::size_t i = 1; i < shapes.size(); ++i) xml += "<shape id=\"" + std::to_string(i) + "\" count=\"1\"/>";
  return xml + "</shapes><result id=\"0\"/></problem></problems></puzzle>";
}

// The voxel string of the given voxels in a box of `size` (x fastest).
std::string voxelString(const Cell& size, const std::vector<Cell>& filled, char mark = '#') {
  std::string s(static_cast<std::size_t>(size.x * size.y * size.z), '_');
  for (const Cell& v : filled) s[static_cast<std::size_t>(v.x + size.x * (v.y + size.y * v.z))] = mark;
  return s;
}

std::vector<Cell> dodecahedra(const std::vector<Cell>& blocks) {
  std::vector<Cell> out;
  for (const Cell& b : blocks)
    for (const Cell& v : dodecahedronVoxels(b)) out.push_back(v);
  return out;
}

TEST(RhombicVoxels, ADodecahedronIsTheCubeAndFourTetrahedraOfEachNeighbour) {
  const std::vector<Cell> d = dodecahedronVoxels({1, 1, 1});
  ASSERT_EQ(d.size(), 48u);
  EXPECT_TRUE(std::all_of(d.begin(), d.end(), isRhombicVoxel));
  EXPECT_EQ(std::count_if(d.begin(), d.end(), [](const Cell& v) { return v.x / 5 == 1 && v.y / 5 == 1 && v.z / 5 == 1; }), 24);
  const std::optional<Dodecahedra> whole = wholeDodecahedra(d);
  ASSERT_TRUE(whole);
  EXPECT_FALSE(whole->onCorners);
  EXPECT_EQ(std::count(whole->centre.begin(), whole->centre.end(), whole->centre.front()), 48);
  std::vector<Cell> less = d;
  less.pop_back();
  EXPECT_FALSE(wholeDodecahedra(less));
  EXPECT_NE(partialDodecahedron(less).find("holds 47 of its 48 voxels"), std::string::npos) << partialDodecahedron(less);
  // Two touching dodecahedra of one tiling; never of both (they would overlap).
  EXPECT_TRUE(wholeDodecahedra(dodecahedra({{1, 1, 1}, {2, 2, 1}})));
  EXPECT_FALSE(offLatticeRoom({{1, 1, 1}, {2, 2, 1}}));
  EXPECT_TRUE(offLatticeRoom({{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}));
}

// The example: sticks of tetrahedra that fill no dodecahedron whole, on the
// rhombic-tetrahedron grid; 33 assemblies, as BurrTools saved and burrTxt counts.
TEST(XmpuzzleRhombic, HexSticksCountsAsBurrToolsSaved) {
  const std::string xml = xmlOf("HexSticks.xmpuzzle");
  const File file = readXmpuzzle(xml);
  ASSERT_EQ(file.problems.size(), 1u);
  ASSERT_TRUE(file.problems[0].assemblies);
  const PuzzleInput in = readPuzzleInput(xml, "", "HexSticks");
  EXPECT_EQ(gridOf(in), pw::Grid::RhombicTetrahedron);
  EXPECT_TRUE(hasNote(in, "since S1: the rhombic dodecahedron around its voxel (2, 11, 14) holds 16 of its 48 voxels"));
  const auto& packing = std::get<PackingPuzzle>(in.puzzle.body);
  EXPECT_EQ(packing.board.size(), 2256u);
  const Counts counts = countOf(in.puzzle);
  EXPECT_EQ(counts.unique, static_cast<std::uint64_t>(*file.problems[0].assemblies));
  EXPECT_EQ(counts.unique, 33u);
  EXPECT_EQ(counts.solutions, 744u);
}

// Fourteen dodecahedra (the face-centred cubic points of a 3 x 3 x 3 cube) and four pieces,
// written twice by a script: on the dodecahedra centred on cube middles and on cube corners.
// burrTxt: 5 assemblies each.
TEST(XmpuzzleRhombic, WholeDodecahedraBecomeCellsOfTheirGrid) {
  for (const char* name : {"rhombic-dodecahedra-14.xmpuzzle", "rhombic-dodecahedra-14-corners.xmpuzzle"}) {
    const PuzzleInput in = readPuzzleInput(xmlOf(name), "", "t");
    EXPECT_EQ(gridOf(in), pw::Grid::RhombicDodecahedron) << name;
    EXPECT_TRUE(hasNote(in, "every shape is made of whole rhombic dodecahedra")) << name;
    const auto& packing = std::get<PackingPuzzle>(in.puzzle.body);
    EXPECT_EQ(packing.board.size(), 14u) << name;
    const Counts counts = countOf(in.puzzle);
    EXPECT_EQ(counts.unique, 5u) << name;
    EXPECT_EQ(counts.solutions, 120u) << name;
  }
}

// Six variable dodecahedra around a seventh's place, one piece of one dodecahedron: BurrTools
// also puts it in the middle, half a lattice step off (burrTxt: 2 assemblies), so the voxels
// stay tetrahedra and piecewise counts that placement too.
TEST(XmpuzzleRhombic, VariableCellsWithRoomOffTheLatticeStayTetrahedra) {
  const PuzzleInput in = readPuzzleInput(xmlOf("rhombic-variable-off-lattice.xmpuzzle"), "", "t");
  EXPECT_EQ(gridOf(in), pw::Grid::RhombicTetrahedron);
  EXPECT_TRUE(hasNote(in, "has variable voxels and room for a rhombic dodecahedron half a lattice step off its own"));
  const Counts counts = countOf(in.puzzle);
  EXPECT_EQ(counts.unique, 2u);
  EXPECT_EQ(counts.solutions, 7u);
}

TEST(XmpuzzleRhombic, NamesWhyVoxelsStayTetrahedraOrAreRefused) {
  // The pieces of the corner-centred file in the result of the middle-centred one: two lattices.
  File mixed = readXmpuzzle(xmlOf("rhombic-dodecahedra-14.xmpuzzle"));
  const File corners = readXmpuzzle(xmlOf("rhombic-dodecahedra-14-corners.xmpuzzle"));
  for (std::size_t s = 1; s < mixed.shapes.size(); ++s) mixed.shapes[s] = corners.shapes[s];
  const ImportedProblem in = importProblem(mixed, 0, "t");
  EXPECT_EQ(std::get<PackingPuzzle>(in.puzzle.body).grid, pw::Grid::RhombicTetrahedron);
  EXPECT_NE(in.notes.front().find("S1 (Result)'s rhombic dodecahedra are centred on cube middles, S2's on cube corners"),
            std::string::npos) << in.notes.front();
  EXPECT_EQ(countOf(in.puzzle).solutions, 0u);  // burrTxt: "Piece 1 can be place nowhere in the result shape"

  // Six dodecahedra and a tetrahedron: 289 voxels, over the 256 cells of a piece.
  const Cell big{25, 25, 25};
  std::vector<Cell> six = dodecahedra({{1, 1, 1}, {2, 2, 1}, {3, 3, 1}, {1, 1, 3}, {2, 2, 3}, {3, 3, 3}});
  six.push_back({2, 1, 0});
  const std::string tooBig = rhombicFile({{big, voxelString(big, six)}, {big, voxelString(big, six)}});
  EXPECT_EQ(errorOf(tooBig), "problem 1: piece S2 has 289 voxels; piecewise/1 allows at most 256, and they stay tetrahedra "
                             "since S1: the rhombic dodecahedron around its voxel (2, 1, 0) holds 1 of its 48 voxels");
  // A voxel that is none of a block's 24 tetrahedra.
  EXPECT_EQ(errorOf(xmlOf("rhombic-stray-voxels.xmpuzzle")),
            "problem 1: piece S1 (A): its voxel (1, 0, 0) is not one of the 24 tetrahedra of a 5 x 5 x 5 block, the rhombic "
            "grid's only voxels");
}

// A document on each grid BurrTools has goes out and comes back on the same grid with the same
// counts (burrTxt counts the written files alike: the README lists them).
TEST(XmpuzzleRhombic, ExportsEveryBurrToolsGridAndReadsItBack) {
  const auto roundTrip = [](const Puzzle& original) {
    const PuzzleInput back = readPuzzleInput(xmpuzzleXml(original), "", "t");
    EXPECT_EQ(std::get<PackingPuzzle>(back.puzzle.body).grid, std::get<PackingPuzzle>(original.body).grid);
    const Counts a = countOf(original), b = countOf(back.puzzle);
    EXPECT_EQ(a.solutions, b.solutions);
    EXPECT_EQ(a.unique, b.unique);
    return b;
  };
  const PuzzleInput dodecahedra = readPuzzleInput(xmlOf("rhombic-dodecahedra-14.xmpuzzle"), "", "t");
  EXPECT_EQ(roundTrip(dodecahedra.puzzle).unique, 5u);
  const PuzzleInput sticks = readPuzzleInput(xmlOf("HexSticks.xmpuzzle"), "", "t");
  EXPECT_EQ(roundTrip(sticks.puzzle).unique, 33u);
  const std::string xml = xmpuzzleXml(dodecahedra.puzzle);
  EXPECT_NE(xml.find("<gridType type=\"3\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<voxel x=\"25\" y=\"25\" z=\"25\" name=\"Board\""), std::string::npos) << xml.substr(0, 300);
  EXPECT_EQ(roundTrip(loadPuzzleFile(test::libraryFile("ball-pyramid"))).unique, 306u);  // burrTxt: 306
  const PuzzleInput prisms = readPuzzleInput(xmlOf("triangular-prisms.xmpuzzle"), "", "t");
  roundTrip(prisms.puzzle);
  EXPECT_NE(xmpuzzleXml(prisms.puzzle).find("<gridType type=\"1\"/>"), std::string::npos);
}

}  // namespace
}  // namespace pw::burrtools
