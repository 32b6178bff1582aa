#include "burrtools/rhombic_import.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "burrtools/rhombic_voxels.hpp"

namespace pw::burrtools {

namespace {

// A used shape's voxels (filled and variable) with their states and colours.
struct Voxels {
  int shape = 0;
  std::vector<Cell> at;
  std::vector<VoxelState> state;
  std::vector<int> colour;
};

Voxels voxelsOf(const File& file, int index) {
  const Shape& s = file.shapes[static_cast<std::size_t>(index)];
  Voxels out;
  out.shape = index;
  for (int z = 0; z < s.sz; ++z)
    for (int y = 0; y < s.sy; ++y)
      for (int x = 0; x < s.sx; ++x) {
        const std::size_t i = static_cast<std::size_t>(x + s.sx * (y + s.sy * z));
        if (s.state[i] == VoxelState::Empty) continue;
        out.at.push_back({x, y, z});
        out.state.push_back(s.state[i]);
        out.colour.push_back(s.colour[i]);
      }
  return out;
}

// The shape of the dodecahedra's centres (x + y + z even, kept so by the shift), each with its
// voxels' state and colour; or why the voxels of one dodecahedron differ in either.
std::optional<Shape> centresShape(const File& file, const Voxels& v, const Dodecahedra& d, std::string& whyNot) {
  std::map<Cell, std::size_t> first;  // centre -> the first of its voxels
  for (std::size_t i = 0; i < v.at.size(); ++i) {
    const auto [it, added] = first.emplace(d.centre[i], i);
    if (added) continue;
    const std::size_t j = it->second;
    if (v.state[i] != v.state[j] || v.colour[i] != v.colour[j]) {
      whyNot = shapeLabel(file, v.shape) + ": the rhombic dodecahedron around its voxel " + voxelText(v.at[i]) + " mixes " +
               (v.state[i] != v.state[j] ? "filled and variable voxels" : "voxels of different colours");
      return std::nullopt;
    }
  }
  Cell lo{INT_MAX, INT_MAX, INT_MAX}, hi{INT_MIN, INT_MIN, INT_MIN};
  for (const auto& [c, i] : first) {
    lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
    hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
  }
  if ((lo.x + lo.y + lo.z) % 2 != 0) --lo.x;  // a shift by an even sum keeps the lattice
  Shape out = file.shapes[static_cast<std::size_t>(v.shape)];
  out.sx = hi.x - lo.x + 1;
  out.sy = hi.y - lo.y + 1;
  out.sz = hi.z - lo.z + 1;
  const std::size_t volume = static_cast<std::size_t>(out.sx) * static_cast<std::size_t>(out.sy) * static_cast<std::size_t>(out.sz);
  out.state.assign(volume, VoxelState::Empty);
  out.colour.assign(volume, 0);
  for (const auto& [c, i] : first) {
    const std::size_t k = static_cast<std::size_t>((c.x - lo.x) + out.sx * ((c.y - lo.y) + out.sy * (c.z - lo.z)));
    out.state[k] = v.state[i];
    out.colour[k] = static_cast<std::uint8_t>(v.colour[i]);
  }
  return out;
}

}  // namespace

RhombicProblem rhombicProblem(const File& file, const Problem& problem) {
  RhombicProblem out;
  std::vector<int> used{problem.result};
  for (const Part& part : problem.parts)
    if (part.max > 0 && std::find(used.begin(), used.end(), part.shape) == used.end()) used.push_back(part.shape);
  const int shapes = static_cast<int>(file.shapes.size());
  File rewritten = file;
  rewritten.grid = Grid::Spheres;
  std::optional<bool> onCorners;
  int kindShape = 0;
  for (const int index : used) {
    if (index < 0 || index >= shapes) continue;  // importProblem names a missing shape
    const Voxels v = voxelsOf(file, index);
    if (v.at.empty()) continue;  // and an empty one
    const std::optional<Dodecahedra> d = wholeDodecahedra(v.at);
    if (!d) {
      out.whyNot = shapeLabel(file, index) + ": " + partialDodecahedron(v.at);
      return out;
    }
    if (onCorners && *onCorners != d->onCorners) {
      const auto kind = [](bool corners) { return corners ? "corners" : "middles"; };
      out.whyNot = shapeLabel(file, kindShape) + "'s rhombic dodecahedra are centred on cube " + kind(*onCorners) + ", " +
                   shapeLabel(file, index) + "'s on cube " + kind(d->onCorners) + ": BurrTools places them on different lattices";
      return out;
    }
    onCorners = d->onCorners;
    kindShape = index;
    const bool variable = std::find(v.state.begin(), v.state.end(), VoxelState::Variable) != v.state.end();
    if (index == problem.result && variable && offLatticeRoom(d->centre)) {
      out.whyNot = std::string("the result ").append(shapeLabel(file, index)).append(
          " has variable voxels and room for a rhombic dodecahedron half a lattice step off its own, where BurrTools may place a piece");
      return out;
    }
    std::optional<Shape> centres = centresShape(file, v, *d, out.whyNot);
    if (!centres) return out;
    rewritten.shapes[static_cast<std::size_t>(index)] = std::move(*centres);
  }
  out.dodecahedra = std::move(rewritten);
  return out;
}

}  // namespace pw::burrtools
