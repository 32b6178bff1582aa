// Reading the two ways of writing a shape: ASCII art (`shape`) and coordinates (`cells`).
#pragma once

#include <vector>

#include "model/puzzle.hpp"
#include "parse/json_node.hpp"

namespace pw::parse {

// Boards may have `+` cells (may stay empty) and up to limits::kBoardCells cells;
// pieces only `#`, up to limits::kPieceCells.
enum class ShapeOwner { Board, Piece };

struct ReadShape {
  int dimensions = 2;
  std::vector<BoardCell> cells;  // sorted by cell, no duplicates, at least one
};

// `shape`: a list of row strings (2D) or a list of layers of row strings (3D).
// x = column, y = row (top row first), z = layer (first layer first).
ReadShape readAsciiShape(const Node& shape, ShapeOwner owner);

// `cells`: [[x, y], ...] or [[x, y, z], ...], coordinates within ±limits::kCoordinate.
ReadShape readCellList(const Node& cells, ShapeOwner owner);

// Whichever of `shape` / `cells` the board or piece `object` gives (exactly one of them).
ReadShape readShapeOrCells(const Node& object, ShapeOwner owner);

}  // namespace pw::parse
