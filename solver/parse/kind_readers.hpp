// One reader per puzzle kind; each validates the kind's fields of the document root.
#pragma once

#include <string_view>
#include <vector>

#include "model/puzzle.hpp"
#include "parse/json_node.hpp"

namespace pw::parse {

// Rejects any top-level field that is neither common (format, name, kind, notes) nor in `kindFields`.
void expectDocumentFields(const Node& root, const std::vector<std::string_view>& kindFields);

PackingPuzzle readPacking(const Node& root);
EdgeMatchingPuzzle readEdgeMatching(const Node& root);
SnakePuzzle readSnake(const Node& root);

}  // namespace pw::parse
