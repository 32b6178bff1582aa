#include "cover/piece_types.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "lattice/lattice.hpp"

namespace pw {

void colouredOrientations(const Lattice& lattice, const std::vector<Cell>& cells, const std::vector<int>& colours,
                          const std::vector<Motion>& motions, std::vector<std::vector<Cell>>& out,
                          std::vector<std::vector<std::vector<int>>>& colourings) {
  std::map<std::vector<Cell>, std::set<std::vector<int>>> images;
  std::vector<std::pair<Cell, int>> image(cells.size());
  for (const Motion& t : motions) {
    const std::vector<Cell> moved = lattice.transformed(cells, t);
    const Cell shift = lattice.normalizingShift(moved);
    for (std::size_t i = 0; i < cells.size(); ++i)
      image[i] = {{moved[i].x + shift.x, moved[i].y + shift.y, moved[i].z + shift.z}, colours.empty() ? 0 : colours[i]};
    std::sort(image.begin(), image.end());
    std::vector<Cell> shape(cells.size());
    std::vector<int> colouring(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) std::tie(shape[i], colouring[i]) = image[i];
    images[shape].insert(colouring);
  }
  out.clear();
  colourings.clear();
  for (const auto& [shape, each] : images) {
    out.push_back(shape);
    colourings.emplace_back(each.begin(), each.end());
  }
}

std::vector<PieceType> pieceTypes(const PackingPuzzle& puzzle) {
  const Lattice& lattice = Lattice::of(puzzle.grid);
  std::vector<PieceType> types;
  for (int d = 0; d < static_cast<int>(puzzle.pieces.size()); ++d) {
    const PieceDef& def = puzzle.pieces[d];
    const auto motions = lattice.allowedMotions(def.rotations, def.reflections);
    std::vector<std::vector<Cell>> shapes;
    std::vector<std::vector<std::vector<int>>> colourings;
    if (puzzle.colours.empty()) {
      shapes = lattice.orientations(def.cells, motions);
      std::sort(shapes.begin(), shapes.end());
    } else {
      colouredOrientations(lattice, def.cells, def.colours, motions, shapes, colourings);
    }
    auto same = std::find_if(types.begin(), types.end(),
                             [&](const PieceType& t) { return t.orientations == shapes && t.colourings == colourings; });
    if (same == types.end()) {
      types.push_back({{}, 0, 0, std::move(shapes), std::move(colourings)});
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
