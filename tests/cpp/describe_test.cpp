// The description the page draws from (format/describe.hpp) and the notes' expected counts
// (parse/expected_counts.hpp): every default resolved, every kind, the whole library.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "format/describe.hpp"
#include "parse/expected_counts.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

using Json = nlohmann::json;

Json describe(const std::string& document) { return describePuzzle(parsePuzzle(document)); }

TEST(ExpectedCounts, ReadsTheNotesSentence) {
  const std::string notes = "Twelve polycubes. Expected: 236136 solutions, 9839 unique. Hard.";
  const auto a = expectedCounts(notes);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->solutions, 236136u);
  EXPECT_EQ(a->unique, 9839u);
  EXPECT_EQ(notes.substr(a->at, a->length), "Expected: 236136 solutions, 9839 unique.");
  const auto b = expectedCounts("Expected: 1 solution, 1 unique");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->solutions, 1u);
  const auto c = expectedCounts("Expected:\n 1,234 solutions,  5 unique.");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->solutions, 1234u);
  EXPECT_EQ(c->unique, 5u);
  // The first complete sentence counts, even after a broken one.
  const auto d = expectedCounts("Expected: many. Expected: 8 solutions, 2 unique");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->solutions, 8u);
  EXPECT_EQ(d->at, 16u);
  EXPECT_EQ(d->length, 31u);
  const auto big = expectedCounts("Expected: 18446744073709551615 solutions, 1 unique.");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->solutions, 18446744073709551615u);
}

TEST(ExpectedCounts, AnnouncesNothingOtherwise) {
  for (const char* notes : {"", "counting all is out of reach", "expected: 1 solutions, 1 unique.",
                            "Expected: 5 solutions.", "Expected: , 5 unique", "Expected: 5 solutions, unique",
                            "Expected: 18446744073709551616 solutions, 1 unique."})
    EXPECT_FALSE(expectedCounts(notes)) << notes;
}

TEST(Describe, PackingBoardMarksPiecesAndResolvedDefaults) {
  const Json d = describe(R"({"format": "piecewise/1", "name": "F", "kind": "packing", "notes": "n",
    "board": {"shape": ["#+", " #"]},
    "pieces": [{"name": "A", "shape": ["##"], "reflections": false},
               {"name": "B", "cells": [[0, 0]], "count": {"min": 0, "max": 3}}]})");
  EXPECT_EQ(d["kind"], "packing");
  EXPECT_EQ(d["name"], "F");
  EXPECT_EQ(d["notes"], "n");
  EXPECT_TRUE(d["expected"].is_null());
  EXPECT_EQ(d["dimensions"], 2);
  EXPECT_EQ(d["board"]["cells"], Json::parse("[[0,0,0],[1,0,0],[1,1,0]]"));
  EXPECT_EQ(d["board"]["marks"], "#+#");
  EXPECT_EQ(d["pieces"][0], Json::parse(R"({"name":"A","cells":[[0,0,0],[1,0,0]],"min":1,"max":1,
    "rotations":true,"reflections":false})"));
  EXPECT_EQ(d["pieces"][1]["min"], 0);
  EXPECT_EQ(d["pieces"][1]["max"], 3);
  EXPECT_EQ(d["pieces"][1]["reflections"], true);  // 2D default
}

TEST(Describe, PackingDimensionComesFromTheBoardAndReflectionsDefaultOffIn3D) {
  const Json d = describe(R"({"format": "piecewise/1", "name": "C", "kind": "packing",
    "board": {"cells": [[0, 0, 0], [0, 0, 1]]}, "pieces": [{"name": "I", "shape": [["#"], ["#"]]}]})");
  EXPECT_EQ(d["dimensions"], 3);
  EXPECT_EQ(d["board"]["cells"], Json::parse("[[0,0,0],[0,0,1]]"));
  EXPECT_EQ(d["pieces"][0]["cells"], Json::parse("[[0,0,0],[0,0,1]]"));
  EXPECT_EQ(d["pieces"][0]["reflections"], false);
}

TEST(Describe, EdgeMatching) {
  const Json d = describe(R"({"format": "piecewise/1", "name": "E", "kind": "edge-matching", "rows": 1, "cols": 2,
    "match": "complement", "rotations": false, "distinct": ["column"],
    "tiles": [{"edges": ["A+", "B-", "A-", "B+"], "face": "frog"}, {"name": "t", "edges": ["A+", "B-", "A-", "B+"], "face": "toad"}],
    "notes": "Expected: 2 solutions, 1 unique."})");
  EXPECT_EQ(d["kind"], "edge-matching");
  EXPECT_EQ(d["rows"], 1);
  EXPECT_EQ(d["cols"], 2);
  EXPECT_EQ(d["match"], "complement");
  EXPECT_EQ(d["rotations"], false);
  EXPECT_TRUE(d["border"].is_null());
  EXPECT_EQ(d["distinct"], Json::parse(R"({"row": false, "column": true})"));
  EXPECT_EQ(d["tiles"][0], Json::parse(R"({"name":"0","edges":["A+","B-","A-","B+"],"face":"frog","count":1})"));
  EXPECT_EQ(d["tiles"][1]["name"], "t");
  EXPECT_EQ(d["expected"], Json::parse(R"({"solutions": "2", "unique": "1", "sentence": "Expected: 2 solutions, 1 unique."})"));
}

TEST(Describe, SnakeGivesSegmentsAndCubesWhicheverWayTheChainIsWritten) {
  const Json s = describe(R"({"format": "piecewise/1", "name": "S", "kind": "snake", "box": [2, 2, 1], "segments": [2, 2, 2]})");
  EXPECT_EQ(s["box"], Json::parse("[2,2,1]"));
  EXPECT_EQ(s["segments"], Json::parse("[2,2,2]"));
  EXPECT_EQ(s["cubes"], 4);
  EXPECT_EQ(s["givenAs"], "segments");
  const Json j = describe(R"({"format": "piecewise/1", "name": "S", "kind": "snake", "box": [2, 2, 1], "joints": "ECCE"})");
  EXPECT_EQ(j["segments"], Json::parse("[2,2,2]"));
  EXPECT_EQ(j["cubes"], 4);
  EXPECT_EQ(j["givenAs"], "joints");
}

TEST(Describe, EveryLibraryPuzzle) {
  for (const std::string& file : test::libraryFiles()) {
    const Puzzle puzzle = loadPuzzleFile(file);
    const Json d = describePuzzle(puzzle);
    EXPECT_EQ(d["kind"], kindName(puzzle)) << file;
    EXPECT_EQ(d["name"], puzzle.name) << file;
    // Survives a round trip through text, as it crosses the WASM boundary.
    EXPECT_EQ(Json::parse(d.dump()), d) << file;
    if (d["kind"] == "packing") {
      EXPECT_EQ(d["board"]["cells"].size(), d["board"]["marks"].get<std::string>().size()) << file;
    }
    EXPECT_EQ(d["expected"].is_null(), !expectedCounts(puzzle.notes)) << file;
  }
}

}  // namespace
}  // namespace pw
