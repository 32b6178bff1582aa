#include "format/describe.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>

#include "parse/expected_counts.hpp"

namespace pw {

namespace {

using nlohmann::json;

json cellJson(const Cell& c) { return json::array({c.x, c.y, c.z}); }

json packingJson(const PackingPuzzle& puzzle) {
  json cells = json::array();
  std::string marks;
  marks.reserve(puzzle.board.size());
  for (const BoardCell& b : puzzle.board) {
    cells.push_back(cellJson(b.at));
    marks.push_back(b.optional ? '+' : '#');
  }
  json pieces = json::array();
  for (const PieceDef& p : puzzle.pieces) {
    json pieceCells = json::array();
    for (const Cell& c : p.cells) pieceCells.push_back(cellJson(c));
    pieces.push_back({{"name", p.name},
                      {"cells", std::move(pieceCells)},
                      {"min", p.count.min},
                      {"max", p.count.max},
                      {"rotations", p.rotations},
                      {"reflections", p.reflections}});
  }
  return {{"dimensions", puzzle.dimensions},
          {"disassemble", puzzle.disassemble},
          {"grid", gridName(puzzle.grid)},
          {"board", {{"cells", std::move(cells)}, {"marks", std::move(marks)}}},
          {"pieces", std::move(pieces)}};
}

json edgeMatchingJson(const EdgeMatchingPuzzle& puzzle) {
  json tiles = json::array();
  for (const TileDef& t : puzzle.tiles) {
    tiles.push_back({{"name", t.name},
                     {"edges", t.edges},
                     {"face", t.face.empty() ? json(nullptr) : json(t.face)},
                     {"count", t.count}});
  }
  return {{"rows", puzzle.rows},
          {"cols", puzzle.cols},
          {"rotations", puzzle.rotations},
          {"match", puzzle.match == EdgeMatch::Complement ? "complement" : "same"},
          {"border", puzzle.border ? json(*puzzle.border) : json(nullptr)},
          {"distinct", {{"row", puzzle.distinctRow}, {"column", puzzle.distinctColumn}}},
          {"tiles", std::move(tiles)}};
}

json snakeJson(const SnakePuzzle& puzzle) {
  return {{"box", puzzle.box},
          {"segments", puzzle.segments},
          {"cubes", chainLength(puzzle.segments)},
          {"givenAs", puzzle.givenAsJoints ? "joints" : "segments"}};
}

}  // namespace

json describePuzzle(const Puzzle& puzzle) {
  json out = std::visit(
      [](const auto& body) {
        using Body = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<Body, PackingPuzzle>) return packingJson(body);
        else if constexpr (std::is_same_v<Body, EdgeMatchingPuzzle>) return edgeMatchingJson(body);
        else return snakeJson(body);
      },
      puzzle.body);
  out["kind"] = kindName(puzzle);
  out["name"] = puzzle.name;
  out["notes"] = puzzle.notes;
  const auto expected = expectedCounts(puzzle.notes);
  out["expected"] = expected ? json{{"solutions", std::to_string(expected->solutions)},
                                    {"unique", std::to_string(expected->unique)},
                                    {"sentence", puzzle.notes.substr(expected->at, expected->length)}}
                             : json(nullptr);
  return out;
}

}  // namespace pw
