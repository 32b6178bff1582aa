// A puzzle from a document in any format the solver reads: a piecewise/1 document, or a
// BurrTools .xmpuzzle file's XML (recognised by its content, not by its name; gzip is
// inflated before, at the edges: solver/files/puzzle_file.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/puzzle.hpp"

namespace pw {

struct PuzzleInput {
  Puzzle puzzle;
  std::string document;            // the piecewise/1 text: as given, or converted
  std::vector<std::string> notes;  // what a conversion ignored or counts differently
  bool converted = false;          // true for .xmpuzzle input
};

// `problem` picks one problem of a BurrTools file (a 1-based number or a name; empty
// when the file has one); it is refused for piecewise/1 input. `title` names an imported
// puzzle (e.g. the file name without its extension). Throws PuzzleError.
PuzzleInput readPuzzleInput(std::string_view bytes, std::string_view problem, std::string_view title);

}  // namespace pw
