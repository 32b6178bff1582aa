// Puzzle files on disk, for the command line and the tests: read within the document limit,
// inflated when gzip (an .xmpuzzle file as BurrTools writes it), then read by the core.
#pragma once

#include <string>
#include <string_view>

#include "io/puzzle_input.hpp"
#include "model/puzzle.hpp"

namespace pw {

// Reads `path` (within limits::kDocumentBytes, inflated to at most as much), then as
// readPuzzleInput, with the file's name, less its directory and extension, as the title.
PuzzleInput loadPuzzleInput(const std::string& path, std::string_view problem);

// A packing puzzle as the .xmpuzzle file BurrTools writes: its XML, gzip-compressed.
std::string xmpuzzleFile(const Puzzle& puzzle);

}  // namespace pw
