#include <string>

#include "model/limits.hpp"
#include "parse/kind_readers.hpp"

namespace pw::parse {

namespace {

EdgeMatch readMatch(const Node& match) {
  const std::string value = match.text(limits::kLabelChars);
  if (value == "same") return EdgeMatch::Same;
  if (value == "complement") return EdgeMatch::Complement;
  const std::string hint = didYouMean(value, {"same", "complement"});
  match.fail("unknown value " + quotedText(value) + "; expected \"same\" or \"complement\"" +
             (hint.empty() ? "" : "; " + hint));
}

void readDistinct(const Node& distinct, EdgeMatchingPuzzle& puzzle) {
  const std::size_t n = distinct.arraySize(0, limits::kDocumentBytes, "\"row\" / \"column\" entries");
  for (std::size_t i = 0; i < n; ++i) {
    const Node entry = distinct.element(i);
    const std::string value = entry.text(limits::kLabelChars);
    bool* flag = value == "row" ? &puzzle.distinctRow : value == "column" ? &puzzle.distinctColumn : nullptr;
    if (!flag) {
      const std::string hint = didYouMean(value, {"row", "column"});
      entry.fail("unknown value " + quotedText(value) + "; expected \"row\" or \"column\"" +
                 (hint.empty() ? "" : "; " + hint));
    }
    if (*flag) entry.fail(quotedText(value) + " is listed twice");
    *flag = true;
  }
}

std::array<std::string, 4> readEdges(const Node& edges, EdgeMatch match) {
  const Json& v = edges.value();
  if (!v.is_array() || v.size() != 4) {
    edges.fail("expected 4 edge labels [top, right, bottom, left], got " +
               (v.is_array() ? std::to_string(v.size()) : describe(v)));
  }
  std::array<std::string, 4> labels;
  for (std::size_t side = 0; side < 4; ++side) {
    const Node label = edges.element(side);
    labels[side] = label.text(limits::kLabelChars);
    const char last = labels[side].back();
    if (match == EdgeMatch::Complement && last != '+' && last != '-') {
      label.fail("label " + quotedText(labels[side]) + " must end in '+' or '-' because match is \"complement\"");
    }
  }
  return labels;
}

}  // namespace

EdgeMatchingPuzzle readEdgeMatching(const Node& root) {
  expectDocumentFields(root, {"rows", "cols", "tiles", "rotations", "match", "border", "distinct"});
  EdgeMatchingPuzzle puzzle;
  puzzle.rows = root.field("rows").integer(1, limits::kGridSide);
  puzzle.cols = root.field("cols").integer(1, limits::kGridSide);
  if (const std::optional<Node> node = root.optionalField("rotations")) puzzle.rotations = node->boolean();
  if (const std::optional<Node> node = root.optionalField("match")) puzzle.match = readMatch(*node);
  if (const std::optional<Node> node = root.optionalField("border")) puzzle.border = node->text(limits::kLabelChars);
  if (const std::optional<Node> node = root.optionalField("distinct")) readDistinct(*node, puzzle);

  const Node tiles = root.field("tiles");
  const std::size_t n = tiles.arraySize(1, static_cast<std::size_t>(limits::kTileDefs), "tiles");
  const int places = puzzle.rows * puzzle.cols;
  long long copies = 0;  // at most kTileDefs * places: no overflow
  puzzle.tiles.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Node tile = tiles.element(i);
    tile.expectObject({"name", "edges", "face", "count"});
    TileDef def;
    const std::optional<Node> name = tile.optionalField("name");
    def.name = name ? name->text(limits::kNameChars) : std::to_string(i);
    def.edges = readEdges(tile.field("edges"), puzzle.match);
    if (const std::optional<Node> face = tile.optionalField("face")) def.face = face->text(limits::kLabelChars);
    if (const std::optional<Node> count = tile.optionalField("count")) {
      def.count = count->integer(1, limits::kGridSide * limits::kGridSide);
    }
    if ((puzzle.distinctRow || puzzle.distinctColumn) && def.face.empty()) {
      tile.failField("face", "missing, but \"distinct\" compares the faces of all tiles");
    }
    copies += def.count;
    puzzle.tiles.push_back(std::move(def));
  }
  if (copies != places) {
    tiles.fail(std::to_string(copies) + " tile copies (the sum of the counts) for a " + std::to_string(puzzle.rows) +
               "x" + std::to_string(puzzle.cols) + " grid of " + std::to_string(places) +
               " places; they must be equal");
  }
  return puzzle;
}

}  // namespace pw::parse
