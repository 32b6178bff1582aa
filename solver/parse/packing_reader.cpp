#include <algorithm>
#include <optional>
#include <string>

#include "lattice/lattice.hpp"
#include "model/limits.hpp"
#include "parse/colour_reader.hpp"
#include "parse/kind_readers.hpp"
#include "parse/shape_reader.hpp"

namespace pw::parse {

namespace {

bool optionalBoolean(const Node& object, const char* key, bool fallback) {
  const std::optional<Node> node = object.optionalField(key);
  return node ? node->boolean() : fallback;
}

// `count`: an integer n (exactly n copies) or {"min": a, "max": b}.
CopyCount readCount(const Node& count) {
  const Json& v = count.value();
  if (v.is_number()) {
    const int n = count.integer(1, limits::kPieceCopies);
    return CopyCount{n, n};
  }
  if (!v.is_object()) {
    count.fail("expected an integer or {\"min\": a, \"max\": b}, got " + describe(v));
  }
  count.expectObject({"min", "max"});
  const Node minNode = count.field("min");
  const Node maxNode = count.field("max");
  const int lo = minNode.integer(0, limits::kPieceCopies);
  const int hi = maxNode.integer(0, limits::kPieceCopies);
  if (hi == 0) maxNode.fail("max 0 never places the piece; give at least 1 or remove the piece");
  if (lo > hi) {
    count.fail("inverted range: min " + std::to_string(lo) + " is greater than max " + std::to_string(hi));
  }
  return CopyCount{lo, hi};
}

std::string dimensionName(int dimensions) { return dimensions == 3 ? "3D" : "2D"; }

// `grid`: one of the names docs/puzzle-format.md lists.
Grid readGrid(const Node& node) {
  const std::string name = node.text(limits::kNameChars);
  if (const std::optional<Grid> grid = gridNamed(name)) return *grid;
  const std::vector<std::string_view> names = {"square", "cube", "triangle", "hexagon", "sphere", "rhombic-dodecahedron",
                                               "prism", "rhombic-tetrahedron"};
  const std::string hint = didYouMean(name, names);
  node.fail("unknown grid " + quotedText(name) +
            "; expected \"square\", \"cube\", \"triangle\", \"hexagon\", \"sphere\", \"rhombic-dodecahedron\", "
            "\"prism\" or \"rhombic-tetrahedron\"" + (hint.empty() ? "" : "; " + hint));
}

std::string cellText(const Cell& c) {
  std::string text = "[";
  for (const int v : {c.x, c.y, c.z}) text.append(text.size() > 1 ? ", " : "").append(std::to_string(v));
  return text.append("]");
}

// The cells of `shape` as cells of `grid`, or a message naming the first that is not one.
// On the sphere grids a flat shape is a layer of balls: its square cell (i, j) is the ball
// at (i + j, i - j, 0), so that flat pieces are written as they are drawn.
void placeOnGrid(const Node& owner, ReadShape& shape, Grid grid) {
  const bool spheres = grid == Grid::Sphere || grid == Grid::RhombicDodecahedron;
  const char* key = owner.has("shape") ? "shape" : "cells";
  if (spheres && shape.dimensions == 2) {
    for (BoardCell& b : shape.cells) b.at = {b.at.x + b.at.y, b.at.x - b.at.y, 0};
    std::sort(shape.cells.begin(), shape.cells.end(), [](const BoardCell& a, const BoardCell& b) { return a.at < b.at; });
    shape.dimensions = 3;
    return;
  }
  if (shape.dimensions != gridDimensions(grid))
    owner.failField(key, "a " + dimensionName(shape.dimensions) + " shape on the " + gridName(grid) + " grid, whose cells are " +
                             (gridDimensions(grid) == 3 ? "[x, y, z]" : "[x, y]"));
  const Lattice& lattice = Lattice::of(grid);
  for (const BoardCell& b : shape.cells)
    if (!lattice.holds(b.at))
      owner.failField(key, cellText(b.at) + " is not a cell of the " + std::string(gridName(grid)) + " grid: " + lattice.cellRule());
}

PieceDef readPiece(const Node& piece, int dimensions, std::optional<Grid> grid, bool rotations, bool reflections,
                   const std::vector<Colour>& colours) {
  piece.expectObject({"name", "shape", "cells", "count", "rotations", "reflections", "group", "weight", "colours"});
  PieceDef def;
  def.name = piece.field("name").text(limits::kNameChars);
  ReadShape shape = readShapeOrCells(piece, ShapeOwner::Piece);
  if (grid) {
    placeOnGrid(piece, shape, *grid);
  } else if (shape.dimensions != dimensions) {
    const bool ascii = piece.has("shape");
    piece.failField(ascii ? "shape" : "cells",
                    "a " + dimensionName(shape.dimensions) + " piece on a " + dimensionName(dimensions) + " board; " +
                        (dimensions == 3 ? (ascii ? "write it as layers of rows, e.g. [[\"##\"]]" : "give [x, y, z] cells")
                                         : (ascii ? "write it as rows, e.g. [\"##\"]" : "give [x, y] cells")));
  }
  def.cells.reserve(shape.cells.size());
  for (const BoardCell& c : shape.cells) def.cells.push_back(c.at);
  if (const std::optional<Node> count = piece.optionalField("count")) def.count = readCount(*count);
  def.rotations = optionalBoolean(piece, "rotations", rotations);
  def.reflections = optionalBoolean(piece, "reflections", reflections);
  if (const std::optional<Node> group = piece.optionalField("group")) def.group = group->text(limits::kLabelChars);
  if (const std::optional<Node> weight = piece.optionalField("weight"))
    def.weight = weight->integer(-limits::kPieceWeight, limits::kPieceWeight);
  if (const std::optional<Node> coloured = piece.optionalField("colours")) {
    def.colours = readCellColours(*coloured, def.cells, dimensions, colours);
    if (std::all_of(def.colours.begin(), def.colours.end(), [](int c) { return c == 0; })) def.colours.clear();
  }
  return def;
}

}  // namespace

PackingPuzzle readPacking(const Node& root) {
  expectDocumentFields(root, {"grid", "board", "pieces", "rotations", "reflections", "colours", "disassemble"});
  PackingPuzzle puzzle;
  if (const std::optional<Node> colours = root.optionalField("colours")) puzzle.colours = readColours(*colours);
  std::optional<Grid> grid;
  if (const std::optional<Node> node = root.optionalField("grid")) grid = readGrid(*node);
  const Node board = root.field("board");
  board.expectObject({"shape", "cells", "colours"});
  ReadShape shape = readShapeOrCells(board, ShapeOwner::Board);
  if (grid) placeOnGrid(board, shape, *grid);
  puzzle.grid = grid ? *grid : defaultGrid(shape.dimensions);
  puzzle.dimensions = gridDimensions(puzzle.grid);
  puzzle.board = std::move(shape.cells);
  if (const std::optional<Node> coloured = board.optionalField("colours")) {
    std::vector<Cell> cells;
    for (const BoardCell& b : puzzle.board) cells.push_back(b.at);
    const std::vector<int> colours = readCellColours(*coloured, cells, puzzle.dimensions, puzzle.colours);
    for (std::size_t i = 0; i < cells.size(); ++i) puzzle.board[i].colour = colours[i];
  }

  puzzle.disassemble = optionalBoolean(root, "disassemble", false);
  const bool rotations = optionalBoolean(root, "rotations", true);
  // Flipping a flat piece over is a physical move; mirroring a solid one is not.
  const bool reflections = optionalBoolean(root, "reflections", puzzle.dimensions == 2);

  const Node pieces = root.field("pieces");
  const std::size_t n = pieces.arraySize(1, static_cast<std::size_t>(limits::kPieceDefs), "pieces");
  puzzle.pieces.reserve(n);
  long long copies = 0;  // each max is at most kPieceCopies, so no overflow
  for (std::size_t i = 0; i < n; ++i) {
    puzzle.pieces.push_back(readPiece(pieces.element(i), puzzle.dimensions, grid, rotations, reflections, puzzle.colours));
    copies += puzzle.pieces.back().count.max;
  }
  if (copies > limits::kPieceCopies) {
    pieces.fail("the pieces' counts allow up to " + std::to_string(copies) + " copies, over the limit of " +
                std::to_string(limits::kPieceCopies));
  }
  return puzzle;
}

}  // namespace pw::parse
