// Reading .xmpuzzle files: gzip-compressed (or plain) XML in BurrTools' layout.
#pragma once

#include <string_view>

#include "burrtools/xmpuzzle.hpp"

namespace pw::burrtools {

// True when `bytes` look like an .xmpuzzle file rather than a piecewise/1 document: gzip
// data (magic 1f 8b) or XML (after an optional byte order mark and white space, a '<').
bool looksLikeXmpuzzle(std::string_view bytes);

// Decompresses (refusing more than limits::kDocumentBytes of XML) and reads a file.
// Refuses, in one line, malformed gzip or XML, files that are not BurrTools puzzles, and
// puzzles on a grid other than cubes (naming the grid). Everything it skips is listed in
// File::notes or Problem::ignored.
File readXmpuzzle(std::string_view bytes);

}  // namespace pw::burrtools
