#include "disassembly/assembly.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace pw::disassembly {

Assembly assemblyOf(const PackingPuzzle& puzzle, const PackingSolution& solution) {
  std::map<std::string, int> groups;
  std::vector<int> groupOfDef;
  for (const PieceDef& def : puzzle.pieces) {
    int group = 0;
    if (!def.group.empty()) group = groups.emplace(def.group, static_cast<int>(groups.size()) + 1).first->second;
    groupOfDef.push_back(group);
  }
  Assembly out;
  for (std::size_t p = 0; p < solution.placements.size(); ++p) {
    const PiecePlacement& placement = solution.placements[p];
    AssembledPiece piece;
    piece.placement = static_cast<int>(p);
    piece.group = groupOfDef[static_cast<std::size_t>(placement.piece)];
    piece.weight = puzzle.pieces[static_cast<std::size_t>(placement.piece)].weight;
    for (const Cell& c : placement.cells) piece.cells.push_back({c.x, -c.y, c.z});
    out.pieces.push_back(std::move(piece));
  }
  const auto key = [&](const AssembledPiece& a) { return solution.placements[static_cast<std::size_t>(a.placement)].piece; };
  std::sort(out.pieces.begin(), out.pieces.end(), [&](const AssembledPiece& a, const AssembledPiece& b) {
    if (key(a) != key(b)) return key(a) < key(b);
    return solution.placements[static_cast<std::size_t>(a.placement)].cells <
           solution.placements[static_cast<std::size_t>(b.placement)].cells;
  });
  return out;
}

}  // namespace pw::disassembly
