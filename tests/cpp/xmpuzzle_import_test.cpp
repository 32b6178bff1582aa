// BurrTools .xmpuzzle files in: hand-written files in the styles real ones come in (see
// tests/data/burrtools/README.md) counted as BurrTools' burrTxt counts them, and every
// kind of file piecewise cannot take refused in one line that names the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "files/gzip.hpp"
#include "files/puzzle_file.hpp"
#include "format/packing_document.hpp"
#include "io/puzzle_input.hpp"
#include "lattice/lattice.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw::burrtools {
namespace {

std::string dataFile(const std::string& name) { return std::string(PIECEWISE_TEST_DATA_DIR) + "/burrtools/" + name; }

Counts countOf(const Puzzle& puzzle) {
  auto search = makeSearch(puzzle);
  return countAll(*search);
}

bool hasNote(const PuzzleInput& in, const std::string& fragment) {
  for (const std::string& n : in.notes)
    if (n.find(fragment) != std::string::npos) return true;
  return false;
}

// `bytes` as the command line hands a file to the core: inflated when gzip (files/gzip.hpp).
std::string inflated(const std::string& bytes) {
  return gzip::isGzip(bytes) ? gzip::inflate(bytes, limits::kDocumentBytes) : bytes;
}

// The one-line refusal of `bytes` (problem `problem`), or "(accepted)".
std::string errorOf(const std::string& bytes, const std::string& problem = "") {
  try {
    readPuzzleInput(inflated(bytes), problem, "t");
  } catch (const PuzzleError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  return "(accepted)";
}

// A small cube-grid file around `shapes` and `problems` (XML fragments).
std::string file(const std::string& shapes, const std::string& problems, const std::string& colours = "<colors/>") {
  return "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n <gridType type=\"0\"/>\n " + colours + "\n <shapes>\n" + shapes +
         " </shapes>\n <problems>\n" + problems + " </problems>\n <comment/>\n</puzzle>\n";
}

const std::string kDominoShapes =
    "  <voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\">####</voxel>\n  <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>\n";
const std::string kDominoProblem =
    "  <problem state=\"0\"><shapes><shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/><bitmap/></problem>\n";

TEST(XmpuzzleImport, FlatPuzzleBecomes2DWithFlips) {
  // Pieces given standing on end and on their side still lie in the plane.
  const PuzzleInput in = loadPuzzleInput(dataFile("pentominoes-3x20-flat.xmpuzzle"), "");
  EXPECT_TRUE(in.converted);
  const auto& packing = std::get<PackingPuzzle>(in.puzzle.body);
  EXPECT_EQ(packing.dimensions, 2);
  EXPECT_EQ(packing.board.size(), 60u);
  ASSERT_EQ(packing.pieces.size(), 12u);
  for (const PieceDef& p : packing.pieces) {
    EXPECT_TRUE(p.rotations && p.reflections) << p.name;
    EXPECT_EQ(p.cells.size(), 5u) << p.name;
  }
  EXPECT_EQ(in.puzzle.name, "Pentominoes 3x20");
  EXPECT_NE(in.puzzle.notes.find("\"Haselgrove\" \xE2\x80\x93 1960"), std::string::npos);  // entities decoded
  const Counts c = countOf(in.puzzle);
  EXPECT_EQ(c.unique, 2u);  // burrTxt: 2 assemblies
  EXPECT_EQ(c.solutions, 8u);
}

TEST(XmpuzzleImport, OldStyleFileWithTwoProblems) {
  // Version 1, two-space indentation, CRLF, a comment before the root, attributes in other
  // orders, ISO-8859-1 text.
  const std::string path = dataFile("soma-two-problems.xmpuzzle");
  const std::string error = [&] {
    try {
      loadPuzzleInput(path, "");
    } catch (const PuzzleError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  }();
  EXPECT_EQ(error, "the file has 2 problems: 1 \"Cube\", 2 \"Slab of V and L\"; choose one with --problem N or NAME");

  const PuzzleInput cube = loadPuzzleInput(path, "1");
  EXPECT_EQ(cube.puzzle.name, "soma-two-problems: Cube");
  EXPECT_NE(cube.puzzle.notes.find("Piet Hein\xC3\xA9s Soma \xC2\xA9 1933"), std::string::npos);
  EXPECT_EQ(std::get<PackingPuzzle>(cube.puzzle.body).dimensions, 3);
  const Counts c = countOf(cube.puzzle);
  EXPECT_EQ(c.unique, 240u);  // burrTxt: 240 assemblies
  EXPECT_EQ(c.solutions, 11520u);

  const PuzzleInput slab = loadPuzzleInput(path, "Slab of V and L");
  const auto& pieces = std::get<PackingPuzzle>(slab.puzzle.body).pieces;
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].count.min, 0);
  EXPECT_EQ(pieces[0].count.max, 6);
  EXPECT_EQ(countOf(slab.puzzle).unique, 57u);  // burrTxt: 57 assemblies

  const File f = readXmpuzzle(gzip::inflate(test::readBytes(path), 1 << 20));
  const std::vector<ProblemSummary> list = summarizeProblems(f);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1].label, "problem 2 \"Slab of V and L\"");
  EXPECT_EQ(list[1].pieces, 10);
  EXPECT_EQ(list[1].refusal, "");
  EXPECT_EQ(chooseProblem(f, "2"), 1);
  EXPECT_THROW(chooseProblem(f, "3"), PuzzleError);
  EXPECT_THROW(chooseProblem(f, "Pyramid"), PuzzleError);
}

TEST(XmpuzzleImport, FrameWithHolesRangesColoursAndDisassemblyData) {
  // Plain XML (BurrTools reads uncompressed files too): variable voxels, min/max ranges,
  // colours that allow every placement, maxHoles that never binds, groups (one piece's copies
  // in two of them, which piecewise/1 cannot say), weights, a
  // stored solution with its disassembly.
  const PuzzleInput in = loadPuzzleInput(dataFile("frame-with-holes.xmpuzzle"), "");
  const auto& packing = std::get<PackingPuzzle>(in.puzzle.body);
  EXPECT_EQ(packing.dimensions, 2);
  EXPECT_EQ(std::count_if(packing.board.begin(), packing.board.end(), [](const BoardCell& b) { return b.optional; }), 4);
  const Counts c = countOf(in.puzzle);
  EXPECT_EQ(c.unique, 273u);  // burrTxt: 273 assemblies
  EXPECT_EQ(c.solutions, 1923u);
  for (const char* fragment : {"maxHoles=4 ignored", "saved result: 273 assemblies",
                               "ignored 1 stored solutions", "ignored the piece groups of S2 (Corner): its copies are in several groups",
                               "does not check that an assembly comes apart"})
    EXPECT_TRUE(hasNote(in, fragment)) << fragment;
  // The notes travel in the document too.
  EXPECT_NE(in.puzzle.notes.find("ignored the piece groups"), std::string::npos);
  // The dominoes' one group and their weight guide the disassembler, and are kept.
  ASSERT_EQ(packing.pieces.size(), 2u);
  EXPECT_EQ(packing.pieces[0].group, "");
  EXPECT_EQ(packing.pieces[1].group, "1");
  EXPECT_EQ(packing.pieces[1].weight, 2);
}

TEST(XmpuzzleImport, DetectsByContentNotName) {
  const std::string xml = file(kDominoShapes, kDominoProblem);
  EXPECT_TRUE(looksLikeXmpuzzle(xml));
  EXPECT_TRUE(looksLikeXmpuzzle(gzip::deflate(xml)));
  EXPECT_TRUE(looksLikeXmpuzzle("\xEF\xBB\xBF \n<puzzle/>"));
  EXPECT_FALSE(looksLikeXmpuzzle("{\"format\": \"piecewise/1\"}"));
  const PuzzleInput plain = readPuzzleInput(xml, "", "dominoes");
  const PuzzleInput packed = readPuzzleInput(inflated(gzip::deflate(xml)), "", "dominoes");
  EXPECT_EQ(plain.document, packed.document);
  EXPECT_EQ(plain.puzzle.name, "dominoes");
  // A problem named with a letter or two is named after the file; a real name is kept.
  const auto named = [](const std::string& name) {
    std::string problem = kDominoProblem;
    problem.replace(problem.find("<problem "), 9, "<problem name=\"" + name + "\" ");
    return readPuzzleInput(file(kDominoShapes, problem), "", "two-dominoes").puzzle.name;
  };
  EXPECT_EQ(named("g"), "two-dominoes");
  EXPECT_EQ(named("Problem 3"), "two-dominoes");
  EXPECT_EQ(named("Square"), "Square");
  EXPECT_EQ(countOf(plain.puzzle).solutions, 2u);  // two dominoes in a 2x2 square
  EXPECT_EQ(errorOf("{\"format\": \"piecewise/1\"}", "2"), "--problem applies to BurrTools (.xmpuzzle) files only");
}

TEST(XmpuzzleImport, NotesWhatCountsDifferently) {
  // Two shapes that are one piece: BurrTools tells them apart, piecewise merges them.
  const std::string shapes = kDominoShapes + "  <voxel x=\"1\" y=\"2\" z=\"1\" type=\"0\">##</voxel>\n";
  const PuzzleInput in = readPuzzleInput(
      file(shapes, "  <problem><shapes><shape id=\"1\"/><shape id=\"2\"/></shapes><result id=\"0\"/></problem>\n"), "", "t");
  EXPECT_TRUE(hasNote(in, "S2, S3 are the same piece"));
  // count 0 leaves a piece out; min without max is one copy, as BurrTools reads it.
  const PuzzleInput zero = readPuzzleInput(
      file(shapes, "  <problem><shapes><shape id=\"1\" count=\"2\"/><shape id=\"2\" count=\"0\"/><shape id=\"2\" min=\"3\"/></shapes><result id=\"0\"/></problem>\n"),
      "", "t");
  EXPECT_TRUE(hasNote(zero, "piece S3 has count 0 and is left out"));
  EXPECT_TRUE(hasNote(zero, "piece S3 gives only one of min and max: one copy"));
  // Unknown elements and attributes are listed, not silently dropped.
  const PuzzleInput extra = readPuzzleInput(
      file(kDominoShapes, "  <problem colour=\"red\"><shapes><shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/><hint/></problem>\n") +
          "",
      "", "t");
  EXPECT_TRUE(hasNote(extra, "ignored attribute colour of <problem>"));
  EXPECT_TRUE(hasNote(extra, "ignored <hint>"));
}

// The rhombic grid is read (xmpuzzle_rhombic_test.cpp); tetrahedra and octahedra are not.
TEST(XmpuzzleImport, RefusesTheTetrahedronOctahedronGridNamingIt) {
  const std::string doc = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n <gridType type=\"4\"/>\n</puzzle>";
  EXPECT_EQ(errorOf(doc), "xmpuzzle line 3: this puzzle uses BurrTools' tetrahedron-octahedron grid; piecewise reads the "
                          "cube, triangular prism, sphere and rhombic dodecahedron grids");
  EXPECT_EQ(errorOf("<puzzle version=\"2\"><gridType type=\"9\"/></puzzle>"),
            "xmpuzzle line 1: unknown BurrTools grid type 9 (0 is the cube grid)");
}

TEST(XmpuzzleImport, ColourConstraintsAreKept) {
  // A 2x2 result whose columns are red and blue, and dominoes with one red end: piece colour 1
  // may only go on result colour 1, so only the dominoes lying across the columns fit.
  const std::string colours = "<colors><color red=\"255\" green=\"0\" blue=\"0\"/><color red=\"0\" green=\"0\" blue=\"255\"/></colors>";
  const std::string coloured = "  <voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\">#1#2#1#2</voxel>\n  <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#1#</voxel>\n";
  const PuzzleInput in = readPuzzleInput(
      file(coloured, "  <problem><shapes><shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/><bitmap><pair piece=\"0\" result=\"0\"/></bitmap></problem>\n",
           colours),
      "", "t");
  const auto& packing = std::get<PackingPuzzle>(in.puzzle.body);
  ASSERT_EQ(packing.colours.size(), 2u);
  EXPECT_EQ(packing.colours[0].rgb, "#ff0000");
  EXPECT_EQ(packing.colours[0].fits, std::vector<int>{1});
  EXPECT_TRUE(packing.colours[1].fits.empty());
  const Counts c = countOf(in.puzzle);
  EXPECT_EQ(c.solutions, 1u);  // without colours, 2
  EXPECT_EQ(c.unique, 1u);     // burrTxt: 1 assembly
  // The document says so too, and reads back the same.
  EXPECT_NE(in.document.find("\"fits\""), std::string::npos);
  EXPECT_EQ(packingDocument(parsePuzzle(in.document)), in.document);
}

TEST(XmpuzzleImport, RefusesWhatPiecewiseCannotExpress) {
  // maxHoles that binds with ranges.
  const std::string frame = "  <voxel x=\"3\" y=\"1\" z=\"1\" type=\"0\">+++</voxel>\n  <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n";
  EXPECT_EQ(errorOf(file(frame, "  <problem maxHoles=\"1\"><shapes><shape id=\"1\" min=\"0\" max=\"3\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1: maxHoles=1 limits how many variable voxels stay empty, which piecewise/1 cannot express");
  // Variable voxels in a piece, an empty piece, missing shapes and results, no pieces.
  const std::string plus = kDominoShapes + "  <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#+</voxel>\n  <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">_</voxel>\n";
  EXPECT_EQ(errorOf(file(plus, "  <problem><shapes><shape id=\"2\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1: piece S3 has variable (+) voxels; piecewise/1 pieces are solid");
  EXPECT_EQ(errorOf(file(plus, "  <problem><shapes><shape id=\"3\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1: piece S4 has no filled voxels");
  EXPECT_EQ(errorOf(file(plus, "  <problem name=\"P\"><shapes><shape id=\"9\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1 \"P\": its piece S10 does not exist (the file has 4 shapes)");
  EXPECT_EQ(errorOf(file(plus, "  <problem><shapes><shape id=\"1\"/></shapes><result id=\"7\"/></problem>\n")),
            "problem 1: its result shape S8 does not exist (the file has 4 shapes)");
  EXPECT_EQ(errorOf(file(plus, "  <problem><shapes><shape id=\"1\"/></shapes></problem>\n")), "problem 1: it names no result shape");
  EXPECT_EQ(errorOf(file(plus, "  <problem><shapes/><result id=\"0\"/></problem>\n")), "problem 1: it places no pieces");
  EXPECT_EQ(errorOf(file(plus, "")), "the file defines no problem (a BurrTools problem names a result shape and the pieces)");
  // Beyond piecewise's limits: refused before any costly work.
  EXPECT_EQ(errorOf(file("  <voxel x=\"300\" y=\"1\" z=\"1\" type=\"0\">" + std::string(300, '#') + "</voxel>\n" + kDominoShapes,
                         "  <problem><shapes><shape id=\"1\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1: its result shape S1 spans 300 voxels along x; piecewise/1 allows at most 255");
  EXPECT_EQ(errorOf(file(kDominoShapes + "  <voxel x=\"20\" y=\"15\" z=\"1\" type=\"0\">" + std::string(300, '#') + "</voxel>\n",
                         "  <problem><shapes><shape id=\"2\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1: piece S3 has 300 voxels; piecewise/1 allows at most 256");
  std::string manyParts;
  for (int i = 0; i < 300; ++i) manyParts += "<shape id=\"1\"/>";
  EXPECT_EQ(errorOf(file(kDominoShapes, "  <problem><shapes>" + manyParts + "</shapes><result id=\"0\"/></problem>\n")),
            "problem 1: it has 300 piece entries; piecewise/1 allows at most 256");
  // Too many copies for piecewise's limits: the converted document's own message.
  EXPECT_EQ(errorOf(file(kDominoShapes, "  <problem><shapes><shape id=\"1\" count=\"5000\"/></shapes><result id=\"0\"/></problem>\n")),
            "problem 1: as a piecewise/1 puzzle: pieces[0].count: 5000 exceeds the limit of 4096");
}

TEST(XmpuzzleImport, RefusesMalformedFiles) {
  const auto problem = [](const std::string& shapes) { return file(shapes, kDominoProblem); };
  EXPECT_EQ(errorOf("<svg/>"), "xmpuzzle line 1: not a BurrTools puzzle: the root element is <svg>, not <puzzle>");
  EXPECT_EQ(errorOf("<puzzle/>"), "xmpuzzle line 1: <puzzle> has no version attribute");
  EXPECT_EQ(errorOf("<puzzle version=\"3\"/>"), "xmpuzzle line 1: puzzle version 3 is not supported (BurrTools writes versions 1 and 2)");
  EXPECT_EQ(errorOf(problem("  <voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\">###</voxel>\n")),
            "xmpuzzle line 6: shape S1: 3 voxels for its 2x2x1 space (4 expected)");
  EXPECT_EQ(errorOf(problem("  <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">##</voxel>\n")),
            "xmpuzzle line 6: shape S1: more voxels than its 1x1x1 space holds (1)");
  EXPECT_EQ(errorOf(problem("  <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#x</voxel>\n")),
            "xmpuzzle line 6: shape S1: unexpected character 'x' in the voxel string (expected #, +, _ or a colour number)");
  EXPECT_EQ(errorOf(problem("  <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#64</voxel>\n")),
            "xmpuzzle line 6: shape S1: colour 64 is out of range (at most 63)");
  EXPECT_EQ(errorOf(problem("  <voxel x=\"two\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n")),
            "xmpuzzle line 6: x=\"two\" is not a whole number");
  EXPECT_EQ(errorOf(problem("  <voxel x=\"100000\" y=\"100000\" z=\"100000\" type=\"0\">#</voxel>\n")),
            "xmpuzzle line 6: shape S1: a 100000x100000x100000 voxel space is larger than the document limit");
  EXPECT_EQ(errorOf(problem("  <voxel y=\"1\" z=\"1\" type=\"0\">#</voxel>\n")), "xmpuzzle line 6: <voxel> has no x attribute");
  EXPECT_EQ(errorOf("<puzzle version=\"2\"><shapes/><gridType type=\"0\"/></puzzle>"),
            "xmpuzzle line 1: <gridType> must come once, before <shapes> (BurrTools refuses this file too)");
  EXPECT_EQ(errorOf("<puzzle version=\"2\"><problems><problem><shapes><shape count=\"1\"/></shapes></problem></problems></puzzle>"),
            "xmpuzzle line 1: <shape> has no id attribute");
  EXPECT_EQ(errorOf("<puzzle version=\"2\"><problems><problem><shapes><shape id=\"0\" min=\"3\" max=\"2\"/></shapes></problem></problems></puzzle>"),
            "xmpuzzle line 1: piece S1: min 3 is greater than max 2");
  // Hostile XML and gzip reach the user with their own messages.
  std::string deep = "<puzzle version=\"2\">";
  for (int i = 0; i < 1200; ++i) deep += "<comment>";
  EXPECT_EQ(errorOf(deep), "XML line 1: elements nested more than 1000 deep");
  EXPECT_EQ(errorOf(gzip::deflate(std::string(5 << 20, ' '))),
            "gzip: the file decompresses to more than 4194304 bytes (the document limit)");
  const std::string packed = gzip::deflate(file(kDominoShapes, kDominoProblem));
  EXPECT_EQ(errorOf(packed.substr(0, packed.size() / 2)), "gzip: the data is truncated");
  std::string badCrc = packed;
  badCrc[packed.size() - 8] ^= 1;
  EXPECT_EQ(errorOf(badCrc), "gzip: the data is damaged");
  std::string badData = packed;
  badData[12] = static_cast<char>(0xff);
  EXPECT_EQ(errorOf(badData), "gzip: the data is damaged");
  // The core reads XML only: gzip that skipped the edge is refused, not inflated.
  try {
    readPuzzleInput(packed, "", "t");
    ADD_FAILURE() << "gzip reached the core and was read";
  } catch (const PuzzleError& e) {
    EXPECT_STREQ(e.what(), "xmpuzzle: the file is gzip-compressed; it must be inflated before it is read");
  }
}

TEST(XmpuzzleImport, RefusesADecompressionBombAtTheLimit) {
  // 256 MB of zeros in a quarter of a megabyte: refused once 4 MB are out, well within a second.
  const std::string bomb = gzip::deflate(std::string(std::size_t{256} << 20, '\0'));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(errorOf(bomb), gzip::tooLargeMessage(limits::kDocumentBytes));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(XmpuzzleImport, SurvivesRandomDamage) {
  // Bytes changed, deleted or repeated anywhere in a real-style file: every outcome is an
  // import or a one-line PuzzleError, never a crash, a hang or another exception.
  const std::string good = test::readBytes(dataFile("frame-with-holes.xmpuzzle"));
  const std::string alphabet = "<>/=\"'&;#+_0123456789 xyzidminax\n";
  // PIECEWISE_FUZZ_ROUNDS=100000 for a longer run (e.g. under a sanitizer build).
  const int kRounds = std::getenv("PIECEWISE_FUZZ_ROUNDS") ? std::atoi(std::getenv("PIECEWISE_FUZZ_ROUNDS")) : 4000;
  std::mt19937 rng(11);
  int accepted = 0;
  for (int round = 0; round < kRounds; ++round) {
    std::string damaged = good;
    for (int k = 0; k < 1 + round % 3; ++k) {
      const std::size_t at = rng() % damaged.size();
      switch (rng() % 3) {
        case 0: damaged[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: damaged.erase(at, 1 + rng() % 8); break;
        default: damaged.insert(at, damaged.substr(at, 1 + rng() % 40)); break;
      }
    }
    const std::string message = errorOf(damaged, round % 2 ? "" : "1");
    accepted += message == "(accepted)";
  }
  EXPECT_GT(accepted, 0);  // some damage (in the comment, say) leaves a valid file
}

// Triangular prisms and spheres: y turned downwards, each cell's parity kept.
TEST(XmpuzzleImport, ReadsPrismsAndSpheres) {
  const PuzzleInput prisms = loadPuzzleInput(dataFile("triangular-prisms.xmpuzzle"), "");
  const auto& packing = std::get<PackingPuzzle>(prisms.puzzle.body);
  EXPECT_EQ(packing.grid, pw::Grid::Prism);
  EXPECT_EQ(packing.board.size(), 8u);
  EXPECT_EQ(packing.pieces.front().cells.size(), 6u);
  const std::string balls =
      "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"2\"/><colors/><shapes>"
      "<voxel x=\"3\" y=\"3\" z=\"1\" type=\"0\">#_#_#_#_#</voxel><voxel x=\"3\" y=\"3\" z=\"1\" type=\"0\">#___#____</voxel>"
      "</shapes><problems><problem><shapes><shape id=\"1\" count=\"2\"/><shape id=\"1\" count=\"0\"/></shapes><result id=\"0\"/>"
      "</problem></problems></puzzle>";
  const PuzzleInput sphere = readPuzzleInput(balls, "", "t");
  EXPECT_EQ(std::get<PackingPuzzle>(sphere.puzzle.body).grid, pw::Grid::Sphere);
}

// BallRoom's problem 1 written again (balls in a square pyramid of 9 + 4 + 1): burrTxt finds 2
// assemblies, one with the flat piece at the top and one with it in the base, where only a
// turn of space that is no lattice rotation (BurrTools' rotation 28 of the sphere grid) puts it.
TEST(XmpuzzleImport, BallsTurnAsBurrToolsTurnsThem) {
  const PuzzleInput in = loadPuzzleInput(dataFile("ball-pyramid-14.xmpuzzle"), "");
  const auto& packing = std::get<PackingPuzzle>(in.puzzle.body);
  ASSERT_EQ(packing.pieces.size(), 4u);
  const PieceDef& flat = packing.pieces[2];
  ASSERT_EQ(flat.name, "flat");
  const test::RunResult run = test::runAndCheck(in.puzzle, 8);
  EXPECT_EQ(run.unique, 2u);  // burrTxt: 2 assemblies
  EXPECT_EQ(run.solutions, 8u);
  EXPECT_TRUE(run.checkerFailures.empty());
  const Lattice& lattice = Lattice::of(packing.grid);
  const auto rotated = lattice.orientations(flat.cells, lattice.symmetries(false));
  int turnedOver = 0;
  for (const Solution& s : run.kept)
    for (const PiecePlacement& p : std::get<PackingSolution>(s).placements)
      if (p.piece == 2) turnedOver += std::count(rotated.begin(), rotated.end(), lattice.normalized(p.cells)) == 0;
  EXPECT_EQ(turnedOver, 4);  // the class with the flat piece in the base: the pyramid's 4 turns
}

}  // namespace
}  // namespace pw::burrtools
