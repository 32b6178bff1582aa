#include "io/puzzle_input.hpp"

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"

namespace pw {

PuzzleInput readPuzzleInput(std::string_view bytes, std::string_view problem, std::string_view title) {
  PuzzleInput in;
  if (!burrtools::looksLikeXmpuzzle(bytes)) {
    if (!problem.empty()) throw PuzzleError("--problem applies to BurrTools (.xmpuzzle) files only");
    in.puzzle = parsePuzzle(bytes);
    in.document = std::string(bytes);
    return in;
  }
  const burrtools::File file = burrtools::readXmpuzzle(bytes);
  burrtools::ImportedProblem imported = burrtools::importProblem(file, burrtools::chooseProblem(file, problem), title);
  in.puzzle = std::move(imported.puzzle);
  in.document = std::move(imported.document);
  in.notes = std::move(imported.notes);
  in.converted = true;
  return in;
}

}  // namespace pw
