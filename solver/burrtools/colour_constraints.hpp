// BurrTools' colour constraints, judged for one problem: piecewise/1 has no colours, so a
// problem converts only when its colours forbid no placement of any piece.
#pragma once

#include <string>
#include <vector>

#include "burrtools/xmpuzzle.hpp"

namespace pw::burrtools {

// Throws PuzzleError "<where>: ..." naming a piece and a colour pair when the problem's
// colours forbid a placement that the shapes alone allow (or when that is too costly to
// rule out). Otherwise appends to `notes` what the colours mean for the counts, if anything.
void checkColourConstraints(const File& file, const Problem& problem, const std::string& where,
                            std::vector<std::string>& notes);

}  // namespace pw::burrtools
