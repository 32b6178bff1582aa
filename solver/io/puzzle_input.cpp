#include "io/puzzle_input.hpp"

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"

namespace pw {

namespace {

// "dir/AlPackino.xmpuzzle" -> "AlPackino".
std::string titleOf(const std::string& path) {
  std::string name = path.substr(path.find_last_of("/\\") + 1);
  for (const char* suffix : {".gz", ".xmpuzzle", ".xml"})
    if (name.size() > std::string(suffix).size() && name.compare(name.size() - std::string(suffix).size(), std::string::npos, suffix) == 0)
      name.resize(name.size() - std::string(suffix).size());
  return name;
}

}  // namespace

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

PuzzleInput loadPuzzleInput(const std::string& path, std::string_view problem) {
  return readPuzzleInput(readPuzzleFile(path), problem, titleOf(path));
}

}  // namespace pw
