#include "cover/piece_types.hpp"

#include <algorithm>

#include "lattice/transform.hpp"

namespace pw {

std::vector<PieceType> pieceTypes(const PackingPuzzle& puzzle) {
  std::vector<PieceType> types;
  for (int d = 0; d < static_cast<int>(puzzle.pieces.size()); ++d) {
    const PieceDef& def = puzzle.pieces[d];
    auto shapes = orientations(def.cells, allowedMotions(puzzle.dimensions, def.rotations, def.reflections));
    std::sort(shapes.begin(), shapes.end());
    auto same = std::find_if(types.begin(), types.end(), [&](const PieceType& t) { return t.orientations == shapes; });
    if (same == types.end()) {
      types.push_back({{}, 0, 0, std::move(shapes)});
      same = types.end() - 1;
    }
    same->defs.push_back(d);
    same->min += def.count.min;
    same->max += def.count.max;
  }
  return types;
}

std::vector<int> assignDefinitions(const PackingPuzzle& puzzle, const PieceType& type, int copies) {
  std::vector<int> result;
  result.reserve(copies);
  for (int d : type.defs)
    for (int k = 0; k < puzzle.pieces[d].count.min && static_cast<int>(result.size()) < copies; ++k) result.push_back(d);
  for (int d : type.defs)
    for (int k = puzzle.pieces[d].count.min; k < puzzle.pieces[d].count.max && static_cast<int>(result.size()) < copies; ++k)
      result.push_back(d);
  return result;
}

}  // namespace pw
