// What the disassembler takes apart: the pieces of one packing solution, each with its cells,
// in BurrTools' frame (y up) and in BurrTools' order (by piece definition, copies after one
// another), since the order decides which of several shortest disassemblies is found.
#pragma once

#include <vector>

#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw::disassembly {

struct AssembledPiece {
  int placement = 0;        // index into the solution's placements
  int group = 0;            // 0: none; pieces of one group may stay together
  int weight = 1;           // of two groups sliding apart, the one with the heaviest piece stays
  std::vector<Cell> cells;  // y negated: BurrTools' y points up
};

struct Assembly {
  std::vector<AssembledPiece> pieces;
};

// The pieces of `solution` ordered by definition, copies of one definition by their cells.
// Groups are numbered from 1 in order of first appearance among the definitions.
Assembly assemblyOf(const PackingPuzzle& puzzle, const PackingSolution& solution);

}  // namespace pw::disassembly
