#include "packing/packing_symmetry.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <set>
#include <utility>

#include "lattice/lattice.hpp"

namespace pw {

namespace {

// The board cell numbers of g's image of the board, or empty when g does not map the
// board (with its `#`/`+` rules) onto itself.
std::vector<int> boardImage(const Lattice& lattice, const PackingCover& pc, const Motion& g,
                            const std::map<Cell, int>& index) {
  std::vector<Cell> image = lattice.transformed(pc.cells, g);
  // Both normalized, by translations of the lattice (a triangle never lands on its mirror).
  const Cell from = lattice.normalizingShift(image);
  const Cell to = lattice.normalizingShift(pc.cells);
  std::vector<int> result;
  result.reserve(image.size());
  for (std::size_t c = 0; c < image.size(); ++c) {
    const Cell moved{image[c].x + from.x - to.x, image[c].y + from.y - to.y, image[c].z + from.z - to.z};
    const auto it = index.find(moved);
    if (it == index.end() || pc.optional[it->second] != pc.optional[c]) return {};
    if (!pc.colours.empty() && pc.colours[static_cast<std::size_t>(it->second)] != pc.colours[c]) return {};
    result.push_back(it->second);
  }
  return result;
}

std::vector<std::vector<Cell>> sortedImages(const Lattice& lattice, const std::vector<std::vector<Cell>>& shapes,
                                            const Motion& g) {
  std::vector<std::vector<Cell>> images;
  images.reserve(shapes.size());
  for (const auto& shape : shapes) images.push_back(lattice.normalized(lattice.transformed(shape, g)));
  std::sort(images.begin(), images.end());
  return images;
}

// A coloured type's orientations and colourings under g, as PieceType keeps them.
std::pair<std::vector<std::vector<Cell>>, std::vector<std::vector<std::vector<int>>>> colouredImages(const Lattice& lattice,
                                                                                                  const PieceType& type,
                                                                                                  const Motion& g) {
  std::map<std::vector<Cell>, std::set<std::vector<int>>> images;
  std::vector<std::vector<Cell>> shapes;
  std::vector<std::vector<std::vector<int>>> colourings;
  for (std::size_t o = 0; o < type.orientations.size(); ++o)
    for (const std::vector<int>& colouring : type.colourings[o]) {
      colouredOrientations(lattice, type.orientations[o], colouring, {g}, shapes, colourings);
      images[shapes.front()].insert(colourings.front().front());
    }
  std::pair<std::vector<std::vector<Cell>>, std::vector<std::vector<std::vector<int>>>> out;
  for (const auto& [shape, each] : images) {
    out.first.push_back(shape);
    out.second.emplace_back(each.begin(), each.end());
  }
  return out;
}

// The type with these orientations (and colourings) and t's counts, or -1.
int typeWith(const PackingCover& pc, const std::vector<std::vector<Cell>>& shapes, const PieceType& t,
             const std::vector<std::vector<std::vector<int>>>& colourings = {}) {
  for (std::size_t u = 0; u < pc.types.size(); ++u)
    if (pc.types[u].orientations == shapes && pc.types[u].colourings == colourings && pc.types[u].min == t.min &&
        pc.types[u].max == t.max)
      return static_cast<int>(u);
  return -1;
}

// How a type's orientations move under the lattice symmetries. Pieces that may turn have as
// orientations the orbit of one shape under all rotations (and mirrors): every rotation (and
// mirror) maps that set onto itself, and every mirror maps it onto one same set, the mirror
// pieces'. Knowing that, no symmetry is applied cell by cell to such a type, which for 256
// pieces of 256 cells in a cube saves 48 x 256 x 24 transformed and sorted shapes.
struct TypeMotion {
  bool allFix = false;        // its orientations are a shape's orbit under every symmetry
  bool rotationsFix = false;  // ... under every rotation
  int mirrorType = -1;        // when rotationsFix: the type every mirror maps it to, -1 for none
};

std::vector<TypeMotion> typeMotions(const Lattice& lattice, const PackingCover& pc) {
  const std::vector<Motion>& all = lattice.symmetries();
  const std::vector<Motion> rotations = lattice.symmetries(false);
  const auto orbit = [&](const std::vector<Cell>& shape, const std::vector<Motion>& group) {
    std::vector<std::vector<Cell>> images = lattice.orientations(shape, group);
    std::sort(images.begin(), images.end());
    return images;
  };
  std::vector<TypeMotion> motions(pc.types.size());
  for (std::size_t t = 0; t < pc.types.size(); ++t) {
    const PieceType& type = pc.types[t];
    TypeMotion& m = motions[t];
    if (!type.colourings.empty()) continue;  // coloured: each symmetry is applied to it (typeImage)
    m.allFix = orbit(type.orientations.front(), all) == type.orientations;
    m.rotationsFix = m.allFix || orbit(type.orientations.front(), rotations) == type.orientations;
    if (m.allFix) m.mirrorType = static_cast<int>(t);
    else if (m.rotationsFix) m.mirrorType = typeWith(pc, sortedImages(lattice, type.orientations, lattice.mirror()), type);
  }
  return motions;
}

// Type images under g, or empty when the piece multiset is not preserved.
std::vector<int> typeImage(const Lattice& lattice, const PackingCover& pc, const Motion& g,
                           const std::vector<TypeMotion>& motions) {
  std::vector<int> result;
  for (std::size_t t = 0; t < pc.types.size(); ++t) {
    const TypeMotion& m = motions[t];
    int image = -1;
    if (m.allFix || (m.rotationsFix && g.determinant() > 0)) image = static_cast<int>(t);
    else if (m.rotationsFix) image = m.mirrorType;
    else if (!pc.types[t].colourings.empty()) {
      const auto [shapes, colourings] = colouredImages(lattice, pc.types[t], g);
      image = typeWith(pc, shapes, pc.types[t], colourings);
    }
    else image = typeWith(pc, sortedImages(lattice, pc.types[t].orientations, g), pc.types[t]);
    if (image < 0) return {};
    result.push_back(image);
  }
  return result;
}

}  // namespace

std::vector<PackingSymmetry> packingSymmetries(const PackingCover& pc) {
  const Lattice& lattice = Lattice::of(pc.grid);
  std::map<Cell, int> index;
  for (std::size_t c = 0; c < pc.cells.size(); ++c) index.emplace(pc.cells[c], static_cast<int>(c));

  const std::vector<TypeMotion> motions = typeMotions(lattice, pc);
  std::vector<PackingSymmetry> group;
  for (const Motion& g : lattice.symmetries()) {
    PackingSymmetry s{boardImage(lattice, pc, g, index), {}};
    if (s.cellImage.empty()) continue;
    s.typeImage = typeImage(lattice, pc, g, motions);
    if (s.typeImage.empty() && !pc.types.empty()) continue;
    group.push_back(std::move(s));
  }
  return group;
}

}  // namespace pw
