#include "files/puzzle_file.hpp"

#include "burrtools/xmpuzzle_writer.hpp"
#include "files/gzip.hpp"
#include "model/limits.hpp"
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

PuzzleInput loadPuzzleInput(const std::string& path, std::string_view problem) {
  std::string bytes = readPuzzleFile(path);
  if (gzip::isGzip(bytes)) bytes = gzip::inflate(bytes, limits::kDocumentBytes);
  return readPuzzleInput(bytes, problem, titleOf(path));
}

std::string xmpuzzleFile(const Puzzle& puzzle) { return gzip::deflate(burrtools::xmpuzzleXml(puzzle)); }

}  // namespace pw
