// Reading .xmpuzzle files: XML in BurrTools' layout. BurrTools gzips its files; the edges
// inflate them first (solver/files/gzip.hpp, web/src/files/gzip.ts).
#pragma once

#include <string_view>

#include "burrtools/xmpuzzle.hpp"

namespace pw::burrtools {

// True when `bytes` look like an .xmpuzzle file rather than a piecewise/1 document: gzip
// data (magic 1f 8b) or XML (after an optional byte order mark and white space, a '<').
bool looksLikeXmpuzzle(std::string_view bytes);

// Reads a file's XML (at most limits::kDocumentBytes; gzip data is refused: inflate it first).
// Refuses, in one line, malformed XML, files that are not BurrTools puzzles, and
// puzzles on BurrTools' tetrahedron-octahedron grid (naming it). Everything it skips is listed in
// File::notes or Problem::ignored.
File readXmpuzzle(std::string_view bytes);

}  // namespace pw::burrtools
