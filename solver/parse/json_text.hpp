// Turning document text into JSON: size limit, syntax errors with line and column,
// duplicate keys (which JSON libraries silently resolve) and absurd nesting rejected.
#pragma once

#include <string_view>

#include "parse/json_node.hpp"

namespace pw::parse {

inline constexpr int kMaxNesting = 64;  // far deeper than any puzzle document needs

// Throws PuzzleError: "invalid JSON at line L, column C: <reason>", "document: N bytes exceed
// the limit of M", "pieces[0].count: duplicate field", "...: nesting deeper than 64 levels".
Json readJson(std::string_view text);

}  // namespace pw::parse
