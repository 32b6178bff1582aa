// The parsed, normalised puzzle as JSON: what the page draws from (through the WASM
// binding's describe()), so that the C++ parser is the only reader of documents.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "model/puzzle.hpp"

namespace pw {

// Common keys: kind, name, notes, expected ({solutions, unique} as decimal strings, since
// counts may exceed 2^53, and the notes' sentence that announces them; null when none does).
// packing: dimensions (2 or 3); grid (its name in docs/puzzle-format.md); board {cells: [[x, y, z], ...], marks: "#+..." one mark per
//   cell}; pieces [{name, cells, min, max, rotations, reflections}] with every default resolved.
// edge-matching: rows, cols, rotations, match ("same" or "complement"), border (string or
//   null), distinct {row, column}; tiles [{name, edges: [top, right, bottom, left], face
//   (string or null), count}].
// snake: box [x, y, z], segments (also when the document gave joints), cubes, givenAs
//   ("segments" or "joints").
// Cells are [x, y, z] (z = 0 in 2D), sorted layer by layer, row by row.
// The TypeScript side of this layout is web/src/solver/description.ts.
nlohmann::json describePuzzle(const Puzzle& puzzle);

}  // namespace pw
