// Writing a packing puzzle as a piecewise/1 document (the inverse of parse/packing_reader),
// for puzzles that come from other formats. Shapes are written as ASCII art when their
// bounding box is not much larger than the shape, as `cells` lists otherwise.
#pragma once

#include <string>

#include "model/puzzle.hpp"

namespace pw {

// The document text, in the layout of the library files (one space of indentation).
// `puzzle.body` must hold a PackingPuzzle. Per-piece rotations/reflections are written
// only where a piece differs from the puzzle's setting.
std::string packingDocument(const Puzzle& puzzle);

}  // namespace pw
