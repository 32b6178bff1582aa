// Reading `piecewise/1` documents (docs/puzzle-format.md) into the model.
#pragma once

#include <string>
#include <string_view>

#include "model/error.hpp"
#include "model/puzzle.hpp"

namespace pw {

// Parses and validates one document, given as its bytes (never decoded text: every entry
// point hands over the bytes as read, so all refuse the same documents alike). Throws
// PuzzleError with a one-line message that names the field (e.g. `pieces[2].count.max`)
// and the problem, the limit exceeded, or the byte offset of bad UTF-8 or bad JSON.
Puzzle parsePuzzle(std::string_view documentBytes);

// The bytes of a file, refusing files over limits::kDocumentBytes. Throws PuzzleError
// naming the path when the file cannot be read.
std::string readPuzzleFile(const std::string& path);

// Reads a file (refusing files over limits::kDocumentBytes) and parses it. Throws
// PuzzleError naming the path when the file cannot be read.
Puzzle loadPuzzleFile(const std::string& path);

}  // namespace pw
