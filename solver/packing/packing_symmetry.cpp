#include "packing/packing_symmetry.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "lattice/transform.hpp"

namespace pw {

namespace {

Cell minCorner(const std::vector<Cell>& cells) {
  Cell lo{INT_MAX, INT_MAX, INT_MAX};
  for (const Cell& c : cells) lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
  return lo;
}

// The board cell numbers of g's image of the board, or empty when g does not map the
// board (with its `#`/`+` rules) onto itself.
std::vector<int> boardImage(const PackingCover& pc, const Transform& g, const std::map<Cell, int>& index) {
  std::vector<Cell> image = transformed(pc.cells, g);
  const Cell from = minCorner(image);
  const Cell to = minCorner(pc.cells);
  std::vector<int> result;
  result.reserve(image.size());
  for (std::size_t c = 0; c < image.size(); ++c) {
    const Cell moved{image[c].x - from.x + to.x, image[c].y - from.y + to.y, image[c].z - from.z + to.z};
    const auto it = index.find(moved);
    if (it == index.end() || pc.optional[it->second] != pc.optional[c]) return {};
    result.push_back(it->second);
  }
  return result;
}

// Type images under g, or empty when the piece multiset is not preserved.
std::vector<int> typeImage(const PackingCover& pc, const Transform& g) {
  std::vector<int> result;
  for (const PieceType& t : pc.types) {
    std::vector<std::vector<Cell>> shapes;
    for (const auto& shape : t.orientations) shapes.push_back(normalized(transformed(shape, g)));
    std::sort(shapes.begin(), shapes.end());
    const auto match = std::find_if(pc.types.begin(), pc.types.end(), [&](const PieceType& u) {
      return u.orientations == shapes && u.min == t.min && u.max == t.max;
    });
    if (match == pc.types.end()) return {};
    result.push_back(static_cast<int>(match - pc.types.begin()));
  }
  return result;
}

}  // namespace

std::vector<PackingSymmetry> packingSymmetries(int dimensions, const PackingCover& pc) {
  std::map<Cell, int> index;
  for (std::size_t c = 0; c < pc.cells.size(); ++c) index.emplace(pc.cells[c], static_cast<int>(c));

  std::vector<PackingSymmetry> group;
  for (const Transform& g : latticeSymmetries(dimensions, true)) {
    PackingSymmetry s{boardImage(pc, g, index), typeImage(pc, g)};
    if (s.cellImage.empty() || (s.typeImage.empty() && !pc.types.empty())) continue;
    group.push_back(std::move(s));
  }
  return group;
}

}  // namespace pw
