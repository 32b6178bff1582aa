// The piecewise/1 reader: reference documents, the model it builds, and one test per
// class of malformed input, each checking that the message names the field and the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "model/limits.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

using Json = nlohmann::json;

std::string puzzlePath(const std::string& name) { return std::string(PIECEWISE_PUZZLES_DIR) + "/" + name; }

Puzzle loadReference(const std::string& name) { return loadPuzzleFile(puzzlePath(name + ".puzzle.json")); }

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

using test::parseErrorOf;

std::string parseErrorOf(const Json& document) { return parseErrorOf(document.dump()); }

// Every fragment must occur in the message, which must be one line.
void expectError(const std::string& message, std::initializer_list<std::string> fragments) {
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  for (const std::string& f : fragments) EXPECT_NE(message.find(f), std::string::npos) << "want \"" << f << "\" in: " << message;
}

Json packing() {
  return Json::parse(R"({"format": "piecewise/1", "name": "t", "kind": "packing",
    "board": {"shape": ["###", "###"]},
    "pieces": [{"name": "L", "shape": ["##", "#."]}, {"name": "I", "shape": ["###"]}]})");
}

Json packing3d() {
  return Json::parse(R"({"format": "piecewise/1", "name": "t", "kind": "packing",
    "board": {"shape": [["##", "##"], ["##", "##"]]},
    "pieces": [{"name": "O", "shape": [["##", "##"]], "count": 2}]})");
}

Json edgeMatching() {
  return Json::parse(R"({"format": "piecewise/1", "name": "t", "kind": "edge-matching", "rows": 1, "cols": 2,
    "tiles": [{"edges": ["a", "b", "c", "d"]}, {"edges": ["d", "c", "b", "a"], "face": "F"}]})");
}

Json snake() {
  return Json::parse(R"({"format": "piecewise/1", "name": "t", "kind": "snake", "box": [2, 2, 1],
    "segments": [2, 2, 2]})");
}

// A copy, so that it may be taken from a temporary Puzzle.
template <typename Body>
Body bodyOf(const Puzzle& p) {
  return std::get<Body>(p.body);
}

// ---- reference documents ------------------------------------------------------

TEST(ParseReference, EveryPuzzleInTheRepositoryParses) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(PIECEWISE_PUZZLES_DIR)) {
    if (entry.path().string().find(".puzzle.json") == std::string::npos) continue;
    ++files;
    EXPECT_NO_THROW(loadPuzzleFile(entry.path().string())) << entry.path();
  }
  EXPECT_GE(files, 10);
}

TEST(ParseReference, SomaIsA3DCubeOfSevenPiecesWithoutReflections) {
  const Puzzle p = loadReference("soma");
  EXPECT_EQ(p.name, "Soma cube");
  EXPECT_FALSE(p.notes.empty());
  const auto& soma = bodyOf<PackingPuzzle>(p);
  EXPECT_EQ(soma.dimensions, 3);
  ASSERT_EQ(soma.board.size(), 27u);
  EXPECT_TRUE(std::is_sorted(soma.board.begin(), soma.board.end(),
                             [](const BoardCell& a, const BoardCell& b) { return a.at < b.at; }));
  EXPECT_EQ(soma.board.front().at, (Cell{0, 0, 0}));
  EXPECT_EQ(soma.board.back().at, (Cell{2, 2, 2}));
  for (const BoardCell& c : soma.board) EXPECT_FALSE(c.optional);
  ASSERT_EQ(soma.pieces.size(), 7u);
  int cells = 0;
  for (const PieceDef& piece : soma.pieces) {
    EXPECT_TRUE(piece.rotations);
    EXPECT_FALSE(piece.reflections) << "3D default";
    EXPECT_EQ(piece.count.min, 1);
    EXPECT_EQ(piece.count.max, 1);
    cells += static_cast<int>(piece.cells.size());
  }
  EXPECT_EQ(cells, 27);
  // A = ["##", "#."] over [".#", ".."]: layer 0 first, x = column, y = row.
  const PieceDef& a = soma.pieces[4];
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.cells, (std::vector<Cell>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 1}}));
}

TEST(ParseReference, InfuriaterFrameIsAllOptionalAndNotMirrored) {
  const auto& frame = bodyOf<PackingPuzzle>(loadReference("infuriater"));
  EXPECT_EQ(frame.dimensions, 2);
  EXPECT_EQ(frame.board.size(), 95u);  // the '+' cells of the 11x11 frame
  for (const BoardCell& c : frame.board) EXPECT_TRUE(c.optional);
  // Top row "..+.+...+..": x = column, y = 0.
  EXPECT_EQ(frame.board[0].at, (Cell{2, 0, 0}));
  EXPECT_EQ(frame.board[1].at, (Cell{4, 0, 0}));
  EXPECT_EQ(frame.board[2].at, (Cell{8, 0, 0}));
  ASSERT_EQ(frame.pieces.size(), 9u);
  for (const PieceDef& piece : frame.pieces) {
    EXPECT_FALSE(piece.reflections);
    EXPECT_TRUE(piece.rotations);
  }
}

TEST(ParseReference, FrogsMatchByComplement) {
  const auto& frogs = bodyOf<EdgeMatchingPuzzle>(loadReference("frogs"));
  EXPECT_EQ(frogs.match, EdgeMatch::Complement);
  EXPECT_TRUE(frogs.rotations);
  EXPECT_EQ(frogs.rows, 3);
  EXPECT_EQ(frogs.cols, 3);
  ASSERT_EQ(frogs.tiles.size(), 9u);
  EXPECT_EQ(frogs.tiles[1].edges, (std::array<std::string, 4>{"R-", "B-", "B+", "G+"}));
  EXPECT_FALSE(frogs.border.has_value());
  EXPECT_FALSE(frogs.distinctRow);
}

TEST(ParseReference, TropicalFishHasDistinctRowsAndColumns) {
  const auto& fish = bodyOf<EdgeMatchingPuzzle>(loadReference("tropical-fish"));
  EXPECT_TRUE(fish.distinctRow);
  EXPECT_TRUE(fish.distinctColumn);
  EXPECT_FALSE(fish.rotations);
  EXPECT_EQ(fish.match, EdgeMatch::Same);
  ASSERT_EQ(fish.tiles.size(), 36u);
  EXPECT_EQ(fish.tiles[0].name, "Clown-0");
  EXPECT_EQ(fish.tiles[0].face, "Clown");
  const auto& any = bodyOf<EdgeMatchingPuzzle>(loadReference("tropical-fish-any"));
  EXPECT_FALSE(any.distinctRow);
  EXPECT_FALSE(any.distinctColumn);
}

TEST(ParseReference, SnakeHasSeventeenRunsOfTwentySevenCubes) {
  const auto& s = bodyOf<SnakePuzzle>(loadReference("snake-3x3x3"));
  EXPECT_EQ(s.box, (std::array<int, 3>{3, 3, 3}));
  EXPECT_EQ(s.segments.size(), 17u);
  EXPECT_EQ(chainLength(s.segments), 27);
  EXPECT_FALSE(s.givenAsJoints);
}

TEST(ParseReference, SnakeJointsMeanTheSameAsSegments) {
  const auto& bySegments = bodyOf<SnakePuzzle>(loadReference("snake-3x3x3"));
  // One letter per cube: the first and last are ends, each shared corner a C.
  std::string joints = "E";
  for (std::size_t i = 0; i < bySegments.segments.size(); ++i) {
    joints += std::string(static_cast<std::size_t>(bySegments.segments[i] - 2), 'S');
    joints += i + 1 < bySegments.segments.size() ? "C" : "E";
  }
  ASSERT_EQ(joints.size(), 27u);
  Json doc = Json::parse(readText(puzzlePath("snake-3x3x3.puzzle.json")));
  doc.erase("segments");
  doc["joints"] = joints;
  const auto& byJoints = bodyOf<SnakePuzzle>(parsePuzzle(doc.dump()));
  EXPECT_EQ(byJoints.segments, bySegments.segments);
  EXPECT_TRUE(byJoints.givenAsJoints);
}

// ---- documents with the less common forms -------------------------------------

TEST(ParseForms, CellsCountsAndPieceOverrides) {
  const Puzzle p = parsePuzzle(R"({"format": "piecewise/1", "name": "forms", "kind": "packing",
    "rotations": false,
    "board": {"cells": [[1, 0], [0, 0], [-1, 5], [0, 1]]},
    "pieces": [
      {"name": "a", "cells": [[3, 4], [2, 4]], "count": {"min": 0, "max": 2}, "reflections": false},
      {"name": "b", "shape": ["#"], "count": 3, "rotations": true}]})");
  const auto& body = bodyOf<PackingPuzzle>(p);
  EXPECT_EQ(body.dimensions, 2);
  ASSERT_EQ(body.board.size(), 4u);
  // Sorted by (z, y, x); coordinates kept as given.
  EXPECT_EQ(body.board[0].at, (Cell{0, 0, 0}));
  EXPECT_EQ(body.board[1].at, (Cell{1, 0, 0}));
  EXPECT_EQ(body.board[2].at, (Cell{0, 1, 0}));
  EXPECT_EQ(body.board[3].at, (Cell{-1, 5, 0}));
  EXPECT_FALSE(body.board[0].optional);
  ASSERT_EQ(body.pieces.size(), 2u);
  EXPECT_EQ(body.pieces[0].cells, (std::vector<Cell>{{2, 4, 0}, {3, 4, 0}}));
  EXPECT_EQ(body.pieces[0].count.min, 0);
  EXPECT_EQ(body.pieces[0].count.max, 2);
  EXPECT_FALSE(body.pieces[0].rotations) << "puzzle default";
  EXPECT_FALSE(body.pieces[0].reflections) << "piece override";
  EXPECT_TRUE(body.pieces[1].rotations) << "piece override";
  EXPECT_TRUE(body.pieces[1].reflections) << "2D default";
  EXPECT_EQ(body.pieces[1].count.min, 3);
  EXPECT_EQ(body.pieces[1].count.max, 3);
}

TEST(ParseForms, ThreeDimensionalCellsAndLayers) {
  const Puzzle p = parsePuzzle(R"({"format": "piecewise/1", "name": "c", "kind": "packing", "reflections": true,
    "board": {"shape": [["#+", ".#"], ["  ", "#"]]},
    "pieces": [{"name": "a", "cells": [[0, 0, 1], [0, 0, 0]], "reflections": false}, {"name": "b", "shape": [["#"]]}]})");
  const auto& body = bodyOf<PackingPuzzle>(p);
  EXPECT_EQ(body.dimensions, 3);
  ASSERT_EQ(body.board.size(), 4u);
  EXPECT_EQ(body.board[0].at, (Cell{0, 0, 0}));
  EXPECT_EQ(body.board[1].at, (Cell{1, 0, 0}));
  EXPECT_TRUE(body.board[1].optional);
  EXPECT_EQ(body.board[2].at, (Cell{1, 1, 0}));
  EXPECT_EQ(body.board[3].at, (Cell{0, 1, 1}));
  EXPECT_EQ(body.pieces[0].cells, (std::vector<Cell>{{0, 0, 0}, {0, 0, 1}}));
  EXPECT_FALSE(body.pieces[0].reflections);
  EXPECT_TRUE(body.pieces[1].reflections) << "puzzle override of the 3D default";
}

TEST(ParseForms, TilesWithCountsDefaultNamesAndBorder) {
  const Puzzle p = parsePuzzle(R"({"format": "piecewise/1", "name": "tiles", "kind": "edge-matching",
    "rows": 2, "cols": 3, "border": "0", "rotations": false, "distinct": ["column"],
    "tiles": [{"edges": ["0", "a", "b", "0"], "count": 4, "face": "x"},
              {"name": "last", "edges": ["b", "0", "0", "a"], "count": 2, "face": "y"}]})");
  const auto& body = bodyOf<EdgeMatchingPuzzle>(p);
  EXPECT_EQ(body.rows, 2);
  EXPECT_EQ(body.cols, 3);
  ASSERT_EQ(body.tiles.size(), 2u);
  EXPECT_EQ(body.tiles[0].name, "0");
  EXPECT_EQ(body.tiles[0].count, 4);
  EXPECT_EQ(body.tiles[1].name, "last");
  EXPECT_EQ(body.tiles[1].count, 2);
  ASSERT_TRUE(body.border.has_value());
  EXPECT_EQ(*body.border, "0");
  EXPECT_FALSE(body.rotations);
  EXPECT_FALSE(body.distinctRow);
  EXPECT_TRUE(body.distinctColumn);
}

TEST(ParseForms, SnakeGivenByJoints) {
  Json doc = snake();
  doc.erase("segments");
  doc["joints"] = "ECCE";
  const auto& body = bodyOf<SnakePuzzle>(parsePuzzle(doc.dump()));
  EXPECT_EQ(body.segments, (std::vector<int>{2, 2, 2}));
  EXPECT_TRUE(body.givenAsJoints);
  doc["box"] = Json::array({3, 1, 1});
  doc["joints"] = "ESE";
  EXPECT_EQ(bodyOf<SnakePuzzle>(parsePuzzle(doc.dump())).segments, (std::vector<int>{3}));
}

TEST(ParseForms, BaseDocumentsUsedBelowAreValid) {
  EXPECT_EQ(parseErrorOf(packing()), "(accepted)");
  EXPECT_EQ(parseErrorOf(packing3d()), "(accepted)");
  EXPECT_EQ(parseErrorOf(edgeMatching()), "(accepted)");
  EXPECT_EQ(parseErrorOf(snake()), "(accepted)");
}

// ---- malformed documents: common fields ---------------------------------------

TEST(ParseErrors, NotJsonGivesLineAndColumn) {
  expectError(parseErrorOf(std::string("{\n  \"format\": \"piecewise/1\",\n  \"name\": tru\n}")),
              {"invalid JSON at line 3, column", "literal"});
  expectError(parseErrorOf(std::string("")), {"invalid JSON at line 1, column 1"});
  expectError(parseErrorOf(std::string("{\"a\": 1} x")), {"invalid JSON at line 1, column 10"});
  expectError(parseErrorOf(std::string("{\"a\": 1e999}")), {"invalid JSON at line 1, column 7", "overflow"});
  expectError(parseErrorOf(std::string("{\"a\":\n  tru}")), {"invalid JSON at line 2, column 6 (byte offset 11)", "invalid literal"});
}

TEST(ParseErrors, TopLevelNotAnObject) {
  expectError(parseErrorOf(std::string("[1, 2]")), {"document", "expected a JSON object", "list"});
  expectError(parseErrorOf(std::string("\"x\"")), {"document", "object"});
}

TEST(ParseErrors, DuplicateFieldsAreRejected) {
  expectError(parseErrorOf(std::string(R"({"format": "piecewise/1", "name": "a", "name": "b"})")), {"name", "duplicate"});
  expectError(parseErrorOf(std::string(R"({"pieces": [{}, {"count": 1, "count": 2}]})")), {"pieces[1].count", "duplicate"});
}

TEST(ParseErrors, DeepNestingIsRejected) {
  const std::string deep = "{\"a\": " + std::string(200, '[') + std::string(200, ']') + "}";
  expectError(parseErrorOf(deep), {"nesting deeper than"});
}

TEST(ParseErrors, FormatMissingMistypedOrUnsupported) {
  Json doc = packing();
  doc.erase("format");
  expectError(parseErrorOf(doc), {"format", "missing"});
  doc["format"] = 1;
  expectError(parseErrorOf(doc), {"format", "expected a string", "1"});
  doc["format"] = "piecewise/2";
  expectError(parseErrorOf(doc), {"format", "unsupported version", "piecewise/2", "piecewise/1"});
  doc["format"] = "pentomino";
  expectError(parseErrorOf(doc), {"format", "expected \"piecewise/1\"", "pentomino"});
}

TEST(ParseErrors, NameMissingMistypedEmptyOrTooLong) {
  Json doc = packing();
  doc.erase("name");
  expectError(parseErrorOf(doc), {"name: missing"});
  doc["name"] = Json::array();
  expectError(parseErrorOf(doc), {"name: expected a string"});
  doc["name"] = "";
  expectError(parseErrorOf(doc), {"name: empty"});
  doc["name"] = std::string(201, 'n');
  expectError(parseErrorOf(doc), {"name: 201 characters exceed the limit of 200"});
  doc["name"] = std::string(200, 'n');
  EXPECT_EQ(parseErrorOf(doc), "(accepted)");
  doc["notes"] = std::string(static_cast<std::size_t>(limits::kNotesChars) + 1, 'n');
  expectError(parseErrorOf(doc), {"notes", "exceed the limit of 20000"});
  doc["notes"] = 5;
  expectError(parseErrorOf(doc), {"notes", "expected a string"});
}

TEST(ParseErrors, KindMissingMistypedOrUnknown) {
  Json doc = packing();
  doc.erase("kind");
  expectError(parseErrorOf(doc), {"kind: missing"});
  doc["kind"] = true;
  expectError(parseErrorOf(doc), {"kind: expected a string, got true"});
  doc["kind"] = "pack1ng";
  expectError(parseErrorOf(doc), {"kind: unknown kind \"pack1ng\"", "did you mean \"packing\"?"});
  doc["kind"] = "jigsaw";
  expectError(parseErrorOf(doc), {"kind: unknown kind", "\"edge-matching\""});
}

TEST(ParseErrors, UnknownFieldsAreNamedWithASuggestion) {
  Json doc = packing();
  doc["rotation"] = false;
  expectError(parseErrorOf(doc), {"rotation: unknown field", "did you mean \"rotations\"?"});
  doc = packing();
  doc["pieces"][1]["cuont"] = 2;
  expectError(parseErrorOf(doc), {"pieces[1].cuont: unknown field", "did you mean \"count\"?"});
  doc = packing();
  doc["board"]["size"] = 3;
  expectError(parseErrorOf(doc), {"board.size: unknown field", "\"shape\", \"cells\""});
  doc = edgeMatching();
  doc["colums"] = 2;
  expectError(parseErrorOf(doc), {"colums: unknown field", "did you mean \"cols\"?"});
  doc = edgeMatching();
  doc["tiles"][0]["edge"] = Json::array();
  expectError(parseErrorOf(doc), {"tiles[0].edge: unknown field", "did you mean \"edges\"?"});
  doc = snake();
  doc["segment"] = 2;
  expectError(parseErrorOf(doc), {"segment: unknown field", "did you mean \"segments\"?"});
  doc = snake();
  doc["weird key"] = 2;
  expectError(parseErrorOf(doc), {"[\"weird key\"]: unknown field"});
  doc = packing();
  doc["pieces"][0]["count"] = {{"min", 1}, {"mx", 2}};
  expectError(parseErrorOf(doc), {"pieces[0].count.mx: unknown field", "did you mean \"max\"?"});
  doc = packing();
  doc["board"] = {{"shape", {"#"}}, {"cels", 1}};
  expectError(parseErrorOf(doc), {"board.cels: unknown field", "did you mean \"cells\"?"});
}

// ---- malformed documents: packing ---------------------------------------------

TEST(ParsePackingErrors, BoardMissingOrNotAnObject) {
  Json doc = packing();
  doc.erase("board");
  expectError(parseErrorOf(doc), {"board: missing"});
  doc["board"] = Json::array({"##"});
  expectError(parseErrorOf(doc), {"board: expected an object, got a list"});
}

TEST(ParsePackingErrors, BoardWithBothShapeAndCellsOrNeither) {
  Json doc = packing();
  doc["board"]["cells"] = Json::array({Json::array({0, 0})});
  expectError(parseErrorOf(doc), {"board:", "either \"shape\" or \"cells\", not both"});
  doc["board"] = Json::object();
  expectError(parseErrorOf(doc), {"board:", "missing \"shape\"", "\"cells\""});
}

TEST(ParsePackingErrors, ShapeRowsThatAreNotStrings) {
  Json doc = packing();
  doc["board"]["shape"] = Json::array({"##", 5});
  expectError(parseErrorOf(doc), {"board.shape[1]: expected a row string, got 5"});
  doc["board"]["shape"] = Json::array({Json::array({"##", nullptr})});
  expectError(parseErrorOf(doc), {"board.shape[0][1]: expected a row string, got null"});
  doc["board"]["shape"] = "##";
  expectError(parseErrorOf(doc), {"board.shape: expected a list of row strings"});
  doc["board"]["shape"] = Json::array({7});
  expectError(parseErrorOf(doc), {"board.shape[0]:", "got 7"});
}

TEST(ParsePackingErrors, MixedTwoAndThreeDimensionalNesting) {
  Json doc = packing();
  doc["board"]["shape"] = Json::array({"##", Json::array({"##"})});
  expectError(parseErrorOf(doc), {"board.shape[1]:", "mixes 2D rows and 3D layers"});
  doc["board"]["shape"] = Json::array({Json::array({"##"}), "##"});
  expectError(parseErrorOf(doc), {"board.shape[1]:", "mixes 2D rows and 3D layers", "got the string"});
}

TEST(ParsePackingErrors, UnexpectedCharactersInShapes) {
  Json doc = packing();
  doc["board"]["shape"] = Json::array({"###", "#x#"});
  expectError(parseErrorOf(doc), {"board.shape[1]:", "unexpected character 'x' at x = 1", "'+'"});
  doc["board"]["shape"] = Json::array({Json::array({"##", "#"}), Json::array({"#", "\t#"})});
  expectError(parseErrorOf(doc), {"board.shape[1][1]:", "U+0009 at x = 0"});
  doc["board"]["shape"] = Json::array({"#\xc3\xa9"});
  expectError(parseErrorOf(doc), {"board.shape[0]:", "'\xc3\xa9' at x = 1"});
  doc = packing();
  doc["pieces"][0]["shape"] = Json::array({"#+"});
  expectError(parseErrorOf(doc), {"pieces[0].shape[0]:", "'+'", "pieces only use '#'"});
  doc["pieces"][0]["shape"] = Json::array({"#o"});
  expectError(parseErrorOf(doc), {"pieces[0].shape[0]:", "unexpected character 'o'"});
}

TEST(ParsePackingErrors, EmptyBoardAndEmptyPiece) {
  Json doc = packing();
  doc["board"]["shape"] = Json::array({"...", " . "});
  expectError(parseErrorOf(doc), {"board.shape:", "empty board"});
  doc["board"]["shape"] = Json::array();
  expectError(parseErrorOf(doc), {"board.shape:", "empty board"});
  doc["board"] = {{"cells", Json::array()}};
  expectError(parseErrorOf(doc), {"board.cells:", "empty board"});
  doc = packing();
  doc["pieces"][1]["shape"] = Json::array({".."});
  expectError(parseErrorOf(doc), {"pieces[1].shape:", "empty piece"});
  doc["pieces"][1].erase("shape");
  doc["pieces"][1]["cells"] = Json::array();
  expectError(parseErrorOf(doc), {"pieces[1].cells:", "empty piece"});
}

TEST(ParsePackingErrors, CellEntriesThatAreNotIntegerPairsOrTriples) {
  Json doc = packing();
  doc["board"] = {{"cells", Json::array({Json::array({0, 0}), Json::array({1, 2, 3, 4})})}};
  expectError(parseErrorOf(doc), {"board.cells[1]:", "[x, y] or [x, y, z]", "a list of 4"});
  doc["board"]["cells"] = Json::array({"0,0"});
  expectError(parseErrorOf(doc), {"board.cells[0]:", "[x, y] or [x, y, z]", "the string \"0,0\""});
  doc["board"]["cells"] = Json::array({Json::array({0, 0.5})});
  expectError(parseErrorOf(doc), {"board.cells[0][1]: expected an integer, got 0.5"});
  doc["board"]["cells"] = Json::array({Json::array({0, "1"})});
  expectError(parseErrorOf(doc), {"board.cells[0][1]: expected an integer, got the string \"1\""});
  doc["board"]["cells"] = Json::array({Json::array({0})});
  expectError(parseErrorOf(doc), {"board.cells[0]:", "a list of 1"});
}

TEST(ParsePackingErrors, MixedCellArity) {
  Json doc = packing();
  doc["board"] = {{"cells", Json::array({Json::array({0, 0}), Json::array({1, 0}), Json::array({1, 1, 0})})}};
  expectError(parseErrorOf(doc), {"board.cells[2]:", "mixed 2D and 3D", "board.cells[0]"});
}

TEST(ParsePackingErrors, DuplicateCells) {
  Json doc = packing();
  doc["board"] = {{"cells", Json::array({Json::array({0, 0}), Json::array({1, 0}), Json::array({5, 5}),
                                         Json::array({1, 0}), Json::array({0, 0})})}};
  expectError(parseErrorOf(doc), {"board.cells[3]: duplicate cell, same as board.cells[1]"});
  doc = packing();
  doc["pieces"][0] = {{"name", "d"}, {"cells", Json::array({Json::array({2, 2}), Json::array({2, 2})})}};
  expectError(parseErrorOf(doc), {"pieces[0].cells[1]: duplicate cell, same as pieces[0].cells[0]"});
}

TEST(ParsePackingErrors, PieceDimensionDiffersFromBoard) {
  Json doc = packing3d();
  doc["pieces"][0]["shape"] = Json::array({"##"});
  expectError(parseErrorOf(doc), {"pieces[0].shape:", "a 2D piece on a 3D board"});
  doc["pieces"][0].erase("shape");
  doc["pieces"][0]["cells"] = Json::array({Json::array({0, 0})});
  expectError(parseErrorOf(doc), {"pieces[0].cells:", "a 2D piece on a 3D board"});
  doc = packing();
  doc["pieces"][1]["shape"] = Json::array({Json::array({"##"})});
  expectError(parseErrorOf(doc), {"pieces[1].shape:", "a 3D piece on a 2D board"});
}

TEST(ParsePackingErrors, PiecesNotANonEmptyList) {
  Json doc = packing();
  doc["pieces"] = Json::array();
  expectError(parseErrorOf(doc), {"pieces:", "non-empty list"});
  doc["pieces"] = {{"name", "L"}};
  expectError(parseErrorOf(doc), {"pieces:", "expected a list of pieces, got an object"});
  doc.erase("pieces");
  expectError(parseErrorOf(doc), {"pieces: missing"});
  doc["pieces"] = Json::array({"L"});
  expectError(parseErrorOf(doc), {"pieces[0]: expected an object, got the string \"L\""});
}

TEST(ParsePackingErrors, PieceNameMissingEmptyOrTooLong) {
  Json doc = packing();
  doc["pieces"][1].erase("name");
  expectError(parseErrorOf(doc), {"pieces[1].name: missing"});
  doc["pieces"][1]["name"] = "";
  expectError(parseErrorOf(doc), {"pieces[1].name: empty"});
  doc["pieces"][1]["name"] = std::string(300, 'p');
  expectError(parseErrorOf(doc), {"pieces[1].name: 300 characters exceed the limit of 200"});
  doc["pieces"][1]["name"] = 3;
  expectError(parseErrorOf(doc), {"pieces[1].name: expected a string, got 3"});
}

TEST(ParsePackingErrors, CountNotAnIntegerOrRange) {
  Json doc = packing();
  doc["pieces"][0]["count"] = "2";
  expectError(parseErrorOf(doc), {"pieces[0].count:", "an integer or {\"min\": a, \"max\": b}", "the string \"2\""});
  doc["pieces"][0]["count"] = Json::array({1, 2});
  expectError(parseErrorOf(doc), {"pieces[0].count:", "got a list"});
  doc["pieces"][0]["count"] = {{"min", 1}};
  expectError(parseErrorOf(doc), {"pieces[0].count.max: missing"});
}

TEST(ParsePackingErrors, NegativeCounts) {
  Json doc = packing();
  doc["pieces"][0]["count"] = -1;
  expectError(parseErrorOf(doc), {"pieces[0].count:", "negative", "-1"});
  doc["pieces"][0]["count"] = 0;
  expectError(parseErrorOf(doc), {"pieces[0].count:", "positive", "0"});
  doc["pieces"][0]["count"] = {{"min", -2}, {"max", 2}};
  expectError(parseErrorOf(doc), {"pieces[0].count.min:", "negative", "-2"});
}

TEST(ParsePackingErrors, InvertedRangeAndZeroMax) {
  Json doc = packing();
  doc["pieces"][1]["count"] = {{"min", 3}, {"max", 1}};
  expectError(parseErrorOf(doc), {"pieces[1].count:", "inverted", "min 3", "max 1"});
  doc["pieces"][1]["count"] = {{"min", 0}, {"max", 0}};
  expectError(parseErrorOf(doc), {"pieces[1].count.max:", "max 0"});
}

TEST(ParsePackingErrors, NonIntegerNumbers) {
  Json doc = packing();
  doc["pieces"][0]["count"] = 2.5;
  expectError(parseErrorOf(doc), {"pieces[0].count: expected an integer, got 2.5"});
  // 1e3 is a float in JSON even though its value is whole.
  expectError(parseErrorOf(std::string(R"({"format": "piecewise/1", "name": "t", "kind": "packing",
    "board": {"shape": ["#"]}, "pieces": [{"name": "a", "shape": ["#"], "count": 1e3}]})")),
              {"pieces[0].count: expected an integer, got 1000.0", "floating-point"});
  doc["pieces"][0]["count"] = {{"min", 1}, {"max", 1.0}};
  expectError(parseErrorOf(doc), {"pieces[0].count.max: expected an integer, got 1.0"});
}

TEST(ParsePackingErrors, BooleansThatAreNotBooleans) {
  Json doc = packing();
  doc["rotations"] = "yes";
  expectError(parseErrorOf(doc), {"rotations: expected true or false, got the string \"yes\""});
  doc = packing();
  doc["reflections"] = 0;
  expectError(parseErrorOf(doc), {"reflections: expected true or false, got 0"});
  doc = packing();
  doc["pieces"][1]["reflections"] = nullptr;
  expectError(parseErrorOf(doc), {"pieces[1].reflections: expected true or false, got null"});
  doc = edgeMatching();
  doc["rotations"] = 1;
  expectError(parseErrorOf(doc), {"rotations: expected true or false, got 1"});
}

// ---- malformed documents: edge matching ---------------------------------------

TEST(ParseEdgeMatchingErrors, RowsAndColsArePositiveIntegers) {
  Json doc = edgeMatching();
  doc["rows"] = 0;
  expectError(parseErrorOf(doc), {"rows: expected a positive integer, got 0"});
  doc["rows"] = "1";
  expectError(parseErrorOf(doc), {"rows: expected an integer, got the string \"1\""});
  doc = edgeMatching();
  doc["cols"] = -2;
  expectError(parseErrorOf(doc), {"cols: negative value -2"});
  doc["cols"] = 2.0;
  expectError(parseErrorOf(doc), {"cols: expected an integer, got 2.0"});
  doc.erase("cols");
  expectError(parseErrorOf(doc), {"cols: missing"});
}

TEST(ParseEdgeMatchingErrors, EdgesAreFourNonEmptyStrings) {
  Json doc = edgeMatching();
  doc["tiles"][1]["edges"] = Json::array({"a", "b", "c"});
  expectError(parseErrorOf(doc), {"tiles[1].edges:", "expected 4 edge labels", "got 3"});
  doc["tiles"][1]["edges"] = "abcd";
  expectError(parseErrorOf(doc), {"tiles[1].edges:", "expected 4 edge labels", "the string \"abcd\""});
  doc["tiles"][1]["edges"] = Json::array({"a", "b", "", "d"});
  expectError(parseErrorOf(doc), {"tiles[1].edges[2]: empty"});
  doc["tiles"][1]["edges"] = Json::array({"a", "b", 3, "d"});
  expectError(parseErrorOf(doc), {"tiles[1].edges[2]: expected a string, got 3"});
  doc["tiles"][1].erase("edges");
  expectError(parseErrorOf(doc), {"tiles[1].edges: missing"});
}

TEST(ParseEdgeMatchingErrors, ComplementLabelsEndInPlusOrMinus) {
  Json doc = edgeMatching();
  doc["match"] = "complement";
  doc["tiles"][0]["edges"] = Json::array({"a+", "b-", "c+", "d-"});
  doc["tiles"][1]["edges"] = Json::array({"a+", "b", "c+", "d-"});
  expectError(parseErrorOf(doc), {"tiles[1].edges[1]:", "\"b\"", "'+' or '-'", "complement"});
  doc["tiles"][1]["edges"] = Json::array({"a+", "b-", "c+", "d-"});
  EXPECT_EQ(parseErrorOf(doc), "(accepted)");
}

TEST(ParseEdgeMatchingErrors, UnknownMatch) {
  Json doc = edgeMatching();
  doc["match"] = "complementary";
  expectError(parseErrorOf(doc), {"match: unknown value \"complementary\"", "\"same\" or \"complement\""});
  doc["match"] = "sme";
  expectError(parseErrorOf(doc), {"match:", "did you mean \"same\"?"});
  doc["match"] = false;
  expectError(parseErrorOf(doc), {"match: expected a string"});
}

TEST(ParseEdgeMatchingErrors, DistinctEntriesAreRowOrColumnOnce) {
  Json doc = edgeMatching();
  for (auto& tile : doc["tiles"]) tile["face"] = "F";
  doc["distinct"] = Json::array({"row", "col"});
  expectError(parseErrorOf(doc), {"distinct[1]: unknown value \"col\"", "\"row\" or \"column\""});
  doc["distinct"] = Json::array({"column", "column"});
  expectError(parseErrorOf(doc), {"distinct[1]:", "listed twice"});
  doc["distinct"] = "row";
  expectError(parseErrorOf(doc), {"distinct: expected a list"});
  doc["distinct"] = Json::array({"row"});
  EXPECT_EQ(parseErrorOf(doc), "(accepted)");
}

TEST(ParseEdgeMatchingErrors, DistinctNeedsAFaceOnEveryTile) {
  Json doc = edgeMatching();
  doc["distinct"] = Json::array({"row"});
  expectError(parseErrorOf(doc), {"tiles[0].face: missing", "distinct"});
  doc["tiles"][0]["face"] = "";
  expectError(parseErrorOf(doc), {"tiles[0].face: empty"});
}

TEST(ParseEdgeMatchingErrors, TileCopiesMustFillTheGrid) {
  Json doc = edgeMatching();
  doc["rows"] = 2;
  expectError(parseErrorOf(doc), {"tiles:", "2 tile copies", "2x2 grid of 4 places"});
  doc["tiles"][0]["count"] = 4;
  expectError(parseErrorOf(doc), {"tiles:", "5 tile copies", "2x2 grid of 4 places"});
  doc["tiles"][0]["count"] = 0;
  expectError(parseErrorOf(doc), {"tiles[0].count: expected a positive integer, got 0"});
  doc["tiles"][0]["count"] = 3;
  EXPECT_EQ(parseErrorOf(doc), "(accepted)");
}

TEST(ParseEdgeMatchingErrors, TilesEmptyOrMissing) {
  Json doc = edgeMatching();
  doc["tiles"] = Json::array();
  expectError(parseErrorOf(doc), {"tiles:", "non-empty list"});
  doc.erase("tiles");
  expectError(parseErrorOf(doc), {"tiles: missing"});
  doc["tiles"] = Json::array({Json::array({"a", "b", "c", "d"})});
  expectError(parseErrorOf(doc), {"tiles[0]: expected an object, got a list"});
}

TEST(ParseEdgeMatchingErrors, BorderAndNamesAreNonEmptyStrings) {
  Json doc = edgeMatching();
  doc["border"] = "";
  expectError(parseErrorOf(doc), {"border: empty"});
  doc["border"] = std::string(101, 'b');
  expectError(parseErrorOf(doc), {"border: 101 characters exceed the limit of 100"});
  doc = edgeMatching();
  doc["tiles"][1]["name"] = "";
  expectError(parseErrorOf(doc), {"tiles[1].name: empty"});
}

// ---- malformed documents: snake -----------------------------------------------

TEST(ParseSnakeErrors, BoxIsThreePositiveIntegers) {
  Json doc = snake();
  doc["box"] = Json::array({2, 2});
  expectError(parseErrorOf(doc), {"box:", "3 positive integers", "a list of 2"});
  doc["box"] = Json::array({2, 0, 1});
  expectError(parseErrorOf(doc), {"box[1]: expected a positive integer, got 0"});
  doc["box"] = Json::array({2, "2", 1});
  expectError(parseErrorOf(doc), {"box[1]: expected an integer"});
  doc["box"] = 8;
  expectError(parseErrorOf(doc), {"box:", "got 8"});
  doc.erase("box");
  expectError(parseErrorOf(doc), {"box: missing"});
}

TEST(ParseSnakeErrors, SegmentsXorJoints) {
  Json doc = snake();
  doc["joints"] = "ECCE";
  expectError(parseErrorOf(doc), {"joints:", "either \"segments\" or \"joints\", not both"});
  doc.erase("joints");
  doc.erase("segments");
  expectError(parseErrorOf(doc), {"segments: missing", "joints"});
}

TEST(ParseSnakeErrors, SegmentsShorterThanTwo) {
  Json doc = snake();
  doc["segments"] = Json::array({2, 1, 2, 2});
  expectError(parseErrorOf(doc), {"segments[1]:", "at least 2 cubes, got 1"});
  doc["segments"] = Json::array();
  expectError(parseErrorOf(doc), {"segments:", "non-empty"});
  doc["segments"] = Json::array({2, 2.5});
  expectError(parseErrorOf(doc), {"segments[1]: expected an integer, got 2.5"});
}

TEST(ParseSnakeErrors, JointsLetters) {
  Json doc = snake();
  doc.erase("segments");
  doc["joints"] = "ECXE";
  expectError(parseErrorOf(doc), {"joints:", "unexpected letter at position 2", "\"X\"", "E (end), S (straight) or C (corner)"});
  doc["joints"] = "SCCE";
  expectError(parseErrorOf(doc), {"joints:", "must start with 'E'", "'S'"});
  doc["joints"] = "ECCC";
  expectError(parseErrorOf(doc), {"joints:", "must end with 'E'", "'C'"});
  doc["joints"] = "ECEE";
  expectError(parseErrorOf(doc), {"joints:", "'E' (an end) at position 2 inside the chain"});
  doc["joints"] = "E";
  expectError(parseErrorOf(doc), {"joints:", "at least 2 cubes"});
  doc["joints"] = Json::array({"E", "E"});
  expectError(parseErrorOf(doc), {"joints: expected a string"});
}

TEST(ParseSnakeErrors, ChainLengthMustEqualTheBoxVolume) {
  Json doc = snake();
  doc["segments"] = Json::array({2, 2});
  expectError(parseErrorOf(doc), {"segments:", "the chain has 3 cubes", "2x2x1 holds 4"});
  doc.erase("segments");
  doc["joints"] = "ESSSSE";
  expectError(parseErrorOf(doc), {"joints:", "the chain has 6 cubes", "holds 4"});
}

TEST(ParseSnakeErrors, VolumeBelowTwo) {
  Json doc = snake();
  doc["box"] = Json::array({1, 1, 1});
  expectError(parseErrorOf(doc), {"box:", "volume 1", "at least 2 cubes"});
}

// ---- limits, checked before anything large is allocated -----------------------

TEST(ParseLimits, BoardCells) {
  Json doc = packing();
  doc["board"]["shape"] = Json::array();
  for (int row = 0; row < 50; ++row) doc["board"]["shape"].push_back(std::string(100, '#'));
  expectError(parseErrorOf(doc), {"board.shape: 5000 cells exceed the limit of 4096"});
  Json cells = Json::array();
  for (int i = 0; i < 5000; ++i) cells.push_back(Json::array({i % 100, i / 100}));
  doc["board"] = {{"cells", cells}};
  expectError(parseErrorOf(doc), {"board.cells: 5000 cells exceed the limit of 4096"});
}

TEST(ParseLimits, HugeCoordinates) {
  const std::string base = R"({"format": "piecewise/1", "name": "t", "kind": "packing", "pieces": [{"name": "a", "shape": ["#"]}], )";
  expectError(parseErrorOf(base + R"("board": {"cells": [[0, 1000000000000000000]]}})"),
              {"board.cells[0][1]: 1000000000000000000 exceeds the limit of 255"});
  expectError(parseErrorOf(base + R"("board": {"cells": [[18446744073709551615, 0]]}})"),
              {"board.cells[0][0]: 18446744073709551615 exceeds the limit of 255"});
  expectError(parseErrorOf(base + R"("board": {"cells": [[-9223372036854775808, 0]]}})"),
              {"board.cells[0][0]: -9223372036854775808 is beyond the limit of -255"});
  expectError(parseErrorOf(base + R"("board": {"cells": [[0, 0, 1e18]]}})"),
              {"board.cells[0][2]: expected an integer", "limit of 255"});
  expectError(parseErrorOf(base + R"("board": {"cells": [[0, 99999999999999999999999]]}})"),
              {"board.cells[0][1]: expected an integer", "limit of 255"});
  expectError(parseErrorOf(base + R"("board": {"cells": [[256, 0]]}})"), {"board.cells[0][0]: 256 exceeds the limit of 255"});
  EXPECT_EQ(parseErrorOf(base + R"("board": {"cells": [[-255, 255]]}})"), "(accepted)");
}

TEST(ParseLimits, LongShapeRowsAndManyRows) {
  Json doc = packing();
  doc["board"]["shape"] = Json::array({std::string(1000000, '#')});
  expectError(parseErrorOf(doc), {"board.shape[0]: 1000000 characters exceed the limit of 255 columns"});
  doc["board"]["shape"] = Json::array();
  for (int i = 0; i < 300; ++i) doc["board"]["shape"].push_back(".");
  expectError(parseErrorOf(doc), {"board.shape: 300 rows exceed the limit of 255"});
  doc["board"]["shape"] = Json::array();
  for (int i = 0; i < 300; ++i) doc["board"]["shape"].push_back(Json::array({"#"}));
  expectError(parseErrorOf(doc), {"board.shape: 300 layers exceed the limit of 255"});
}

TEST(ParseLimits, GridBoxAndCounts) {
  Json doc = edgeMatching();
  doc["rows"] = 1000000000;
  expectError(parseErrorOf(doc), {"rows: 1000000000 exceeds the limit of 64"});
  doc = snake();
  doc["box"] = Json::array({1000000, 1000000, 1000000});
  expectError(parseErrorOf(doc), {"box[0]: 1000000 exceeds the limit of 64"});
  doc["box"] = Json::array({64, 64, 64});
  expectError(parseErrorOf(doc), {"box: volume 262144 exceeds the limit of 4096"});
  doc = packing();
  doc["pieces"][0]["count"] = 1000000000000000000;
  expectError(parseErrorOf(doc), {"pieces[0].count: 1000000000000000000 exceeds the limit of 4096"});
  expectError(parseErrorOf(std::string(R"({"format": "piecewise/1", "name": "t", "kind": "packing",
    "board": {"shape": ["#"]}, "pieces": [{"name": "a", "shape": ["#"], "count": 1e18}]})")),
              {"pieces[0].count: expected an integer", "limit of 4096"});
  doc["pieces"][0]["count"] = 3000;
  doc["pieces"][1]["count"] = {{"min", 0}, {"max", 3000}};
  expectError(parseErrorOf(doc), {"pieces:", "6000 copies", "limit of 4096"});
  doc = edgeMatching();
  doc["tiles"][0]["count"] = 1000000000000;
  expectError(parseErrorOf(doc), {"tiles[0].count: 1000000000000 exceeds the limit of 4096"});
}

TEST(ParseLimits, ListLengths) {
  Json doc = packing();
  doc["pieces"] = Json::array();
  for (int i = 0; i < 300; ++i) doc["pieces"].push_back({{"name", "p"}, {"shape", {"#"}}});
  expectError(parseErrorOf(doc), {"pieces: 300 pieces exceed the limit of 256"});
  doc = packing();
  doc["pieces"][0]["shape"] = Json::array({std::string(200, '#'), std::string(200, '#')});
  expectError(parseErrorOf(doc), {"pieces[0].shape: 400 cells exceed the limit of 256"});
  doc = snake();
  doc["segments"] = Json::array();
  for (int i = 0; i < 5000; ++i) doc["segments"].push_back(2);
  expectError(parseErrorOf(doc), {"segments: 5000 segments exceed the limit of 4096"});
  doc.erase("segments");
  doc["joints"] = "E" + std::string(5000, 'S') + "E";
  expectError(parseErrorOf(doc), {"joints: 5002 characters exceed the limit of 4096"});
}

TEST(ParseLimits, DocumentSize) {
  std::string big = packing().dump();
  big.insert(1, std::string(limits::kDocumentBytes, ' '));
  expectError(parseErrorOf(big), {"document:", "bytes exceed the limit of 4194304"});
}

// ---- files -------------------------------------------------------------------

TEST(ParseFiles, UnreadableFilesAreNamed) {
  try {
    loadPuzzleFile("/nonexistent/x.puzzle.json");
    ADD_FAILURE() << "accepted a missing file";
  } catch (const PuzzleError& e) {
    expectError(e.what(), {"cannot read /nonexistent/x.puzzle.json: No such file or directory"});
  }
  try {
    loadPuzzleFile(PIECEWISE_PUZZLES_DIR);
    ADD_FAILURE() << "accepted a directory";
  } catch (const PuzzleError& e) {
    expectError(e.what(), {"cannot read", "directory"});
  }
}

TEST(ParseFiles, OversizedFilesAreRefused) {
  const std::string path = (std::filesystem::temp_directory_path() / "piecewise-parse-test-big.json").string();
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(limits::kDocumentBytes + 10, ' ');
  }
  try {
    loadPuzzleFile(path);
    ADD_FAILURE() << "accepted an oversized file";
  } catch (const PuzzleError& e) {
    expectError(e.what(), {"cannot read", path, "limit of 4194304 bytes"});
  }
  std::filesystem::remove(path);
}

TEST(ParseFiles, BadFixturesFromTheTestDataFolder) {
  expectError(parseErrorOf(readText(std::string(PIECEWISE_TEST_DATA_DIR) + "/parse/typo-count.puzzle.json")),
              {"pieces[1].cuont: unknown field", "did you mean \"count\"?"});
  expectError(parseErrorOf(readText(std::string(PIECEWISE_TEST_DATA_DIR) + "/parse/truncated.puzzle.json")),
              {"invalid JSON at line 7, column"});
}

}  // namespace
}  // namespace pw
