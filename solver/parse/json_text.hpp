// Turning a document's bytes into JSON: size limit, UTF-8, syntax errors with line, column
// and byte offset, nothing after the document, too many values,
// duplicate keys (which JSON libraries silently resolve) and absurd nesting rejected.
#pragma once

#include <string_view>

#include "parse/json_node.hpp"

namespace pw::parse {

inline constexpr int kMaxNesting = 64;  // far deeper than any puzzle document needs

// Throws PuzzleError: "invalid JSON at line L, column C (byte offset N): <reason>", "invalid
// UTF-8 at line L, column C (byte offset N): <reason>", "document: N bytes exceed
// the limit of M", "pieces[0].count: duplicate field", "...: nesting deeper than 64 levels".
Json readJson(std::string_view bytes);

}  // namespace pw::parse
