#include "cover/piece_types.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "lattice/lattice.hpp"

namespace pw {

void colouredOrientations(const Lattice& lattice, const std::vector<std::vector<Cell>>& poses, const std::vector<int>& colours,
                          std::vector<std::vector<Cell>>& out, std::vector<std::vector<std::vector<int>>>& colourings) {
  std::map<std::vector<Cell>, std::set<std::vector<int>>> images;
  for (const std::vector<Cell>& moved : poses) {
    std::vector<std::pair<Cell, int>> image(moved.size());
    const Cell shift = lattice.normalizingShift(moved);
    for (std::size_t i = 0; i < moved.size(); ++i)
      image[i] = {{moved[i].x + shift.x, moved[i].y + shift.y, moved[i].z + shift.z}, colours.empty() ? 0 : colours[i]};
    std::sort(image.begin(), image.end());
    std::vector<Cell> shape(moved.size());
    std::vector<int> colouring(moved.size());
    for (std::size_t i = 0; i < moved.size(); ++i) std::tie(shape[i], colouring[i]) = image[i];
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
    std::vector<std::vector<Cell>> shapes;
    std::vector<std::vector<std::vector<int>>> colourings;
    if (puzzle.colours.empty())
      shapes = lattice.pieceOrientations(def.cells, def.rotations, def.reflections);
    else
      colouredOrientations(lattice, lattice.poses(def.cells, def.rotations, def.reflections), def.colours, shapes, colourings);
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
