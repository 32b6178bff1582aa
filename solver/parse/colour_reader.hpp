// Reading a packing puzzle's colour constraints: the list of colours, and which cells of the
// board and of each piece have which colour.
#pragma once

#include <vector>

#include "model/puzzle.hpp"
#include "parse/json_node.hpp"

namespace pw::parse {

// `colours`: [{"name", "rgb"?, "fits"?: [colour names]}, ...], names distinct.
std::vector<Colour> readColours(const Node& list);

// A board's or piece's `colours`: {"colour name": [[x, y(, z)], ...], ...}, each listed cell one
// of `cells` (sorted), none listed twice. Per cell of `cells`, its 1-based colour or 0.
std::vector<int> readCellColours(const Node& object, const std::vector<Cell>& cells, int dimensions,
                                 const std::vector<Colour>& colours);

}  // namespace pw::parse
