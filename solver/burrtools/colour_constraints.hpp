// BurrTools' colour constraints as piecewise/1 colours: each of the file's colours becomes a
// colour named "colour N" (its RGB kept), whose `fits` are the problem's allowed pairs.
#pragma once

#include <string>
#include <vector>

#include "burrtools/xmpuzzle.hpp"
#include "model/puzzle.hpp"

namespace pw::burrtools {

// The colours a problem needs, or none when no voxel of its result or pieces has a colour, or
// when the file defines no colours (BurrTools then ignores voxel colours; a note says so).
std::vector<Colour> importColours(const File& file, const Problem& problem, std::vector<std::string>& notes);

}  // namespace pw::burrtools
