// One problem of a BurrTools file as a piecewise/1 packing puzzle.
//
// Mapping. The result shape becomes the board (filled voxels '#', variable voxels '+'),
// each piece shape with a count or a min/max range becomes a piece. BurrTools turns pieces
// in space and never mirrors them: a 3D problem becomes a 3D puzzle with rotations and
// without reflections. When the result and every piece are one voxel thick (a flat
// puzzle), it becomes a 2D puzzle with rotations and reflections, since turning a flat
// piece over in space is flipping it in the plane. BurrTools' y axis points up, so rows
// are written top (largest y) first, the way its editor shows them.
//
// Counts. piecewise's `unique` is what BurrTools calls assemblies (arrangements up to the
// result's symmetries, mirror images merged only when the piece set is closed under
// mirroring). Where a file holds something piecewise/1 cannot say, the problem is refused
// with a message naming it; what does not change the counts is ignored and listed in the
// notes (disassembly settings, stored solutions, ...).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "burrtools/xmpuzzle.hpp"
#include "model/puzzle.hpp"

namespace pw::burrtools {

struct ImportedProblem {
  Puzzle puzzle;                   // checked by the piecewise/1 parser, limits included
  std::string document;            // the same puzzle as a piecewise/1 document
  std::vector<std::string> notes;  // one line each: what was ignored or counts differently
};

// Converts problem `index` (0-based). `title` (e.g. the file name without extension)
// names the puzzle, with the problem's name. Throws PuzzleError "problem N ...: ..." when
// the problem cannot be expressed.
ImportedProblem importProblem(const File& file, int index, std::string_view title);

struct ProblemSummary {
  std::string label;    // problem 2 "Another example"
  std::string name;     // as in the file, may be empty
  int pieces = 0;       // copies at most (the sum of the max counts)
  std::string refusal;  // empty when the problem converts, else importProblem's message
};

// Every problem of the file, in order, each tried.
std::vector<ProblemSummary> summarizeProblems(const File& file);

// The problem a user means (0-based). `choice`: "#N" is the N-th problem (1-based); otherwise a
// problem named exactly `choice`, else the number N, else a name in other letter case; empty
// selects the only problem. Throws PuzzleError listing the problems (the first few, "and N
// more") when the choice is empty and there are several, when nothing matches, or listing the
// candidates when several problems have the name.
int chooseProblem(const File& file, std::string_view choice);

}  // namespace pw::burrtools
