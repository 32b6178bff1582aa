#include <algorithm>
#include <map>
#include <string>

#include "check/check.hpp"
#include "lattice/lattice.hpp"
#include "model/colour_rule.hpp"

namespace pw {

std::optional<std::string> checkPackingSolution(const PackingPuzzle& puzzle, const PackingSolution& solution) {
  const Lattice& lattice = Lattice::of(puzzle.grid);
  std::map<Cell, bool> board;  // cell -> optional
  for (const BoardCell& b : puzzle.board) board.emplace(b.at, b.optional);
  std::map<Cell, int> boardColour;
  for (const BoardCell& b : puzzle.board) boardColour.emplace(b.at, b.colour);
  // Whether def's cells moved to `moved` (and translated onto `placed`) put every colour where it fits.
  const auto coloursFit = [&](const PieceDef& def, const std::vector<Cell>& moved, const std::vector<Cell>& placed) {
    if (def.colours.empty()) return true;
    const Cell from = lattice.normalizingShift(moved), to = lattice.normalizingShift(placed);
    for (std::size_t i = 0; i < moved.size(); ++i) {
      const auto it = boardColour.find({moved[i].x + from.x - to.x, moved[i].y + from.y - to.y, moved[i].z + from.z - to.z});
      if (it != boardColour.end() && !colourFits(puzzle, def.colours[i], it->second)) return false;
    }
    return true;
  };
  std::map<Cell, int> coveredBy;
  std::vector<int> copies(puzzle.pieces.size(), 0);
  std::map<int, std::vector<std::vector<Cell>>> poses;  // by piece, as the placements meet them

  for (std::size_t p = 0; p < solution.placements.size(); ++p) {
    const PiecePlacement& placement = solution.placements[p];
    const std::string where = "placement " + std::to_string(p);
    if (placement.piece < 0 || placement.piece >= static_cast<int>(puzzle.pieces.size()))
      return where + ": no piece number " + std::to_string(placement.piece);
    const PieceDef& def = puzzle.pieces[placement.piece];
    ++copies[placement.piece];
    // Congruence: some allowed position of the definition, translated, gives these cells.
    const auto shape = lattice.normalized(placement.cells);
    auto known = poses.find(placement.piece);
    if (known == poses.end()) known = poses.emplace(placement.piece, lattice.poses(def.cells, def.rotations, def.reflections)).first;
    bool congruent = false, coloured = false;
    for (const std::vector<Cell>& pose : known->second) {
      if (lattice.normalized(pose) != shape) continue;
      congruent = true;
      coloured = coloured || coloursFit(def, pose, placement.cells);
    }
    if (!congruent) return where + ": cells are not an allowed orientation of piece " + def.name;
    if (!coloured) return where + ": no orientation of piece " + def.name + " on these cells puts its colours where they fit";
    for (const Cell& c : placement.cells) {
      if (!board.count(c)) return where + ": cell " + cellText(c) + " is off the board";
      const auto [it, fresh] = coveredBy.emplace(c, static_cast<int>(p));
      if (!fresh) return where + ": cell " + cellText(c) + " is already covered by placement " + std::to_string(it->second);
    }
  }
  for (const auto& [cell, optional] : board)
    if (!optional && !coveredBy.count(cell)) return "cell " + cellText(cell) + " must be covered but is empty";
  for (std::size_t d = 0; d < puzzle.pieces.size(); ++d) {
    const CopyCount& want = puzzle.pieces[d].count;
    if (copies[d] < want.min || copies[d] > want.max)
      return "piece " + puzzle.pieces[d].name + ": " + std::to_string(copies[d]) + " copies placed, expected " +
             (want.min == want.max ? std::to_string(want.min)
                                   : std::to_string(want.min) + " to " + std::to_string(want.max));
  }
  return std::nullopt;
}

}  // namespace pw
