#include "burrtools/rhombic_voxels.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <set>

#include "lattice/tetrahedron.hpp"

namespace pw::burrtools {

namespace {

constexpr int kBlock = kTetrahedronCube;
constexpr int kTetrahedra = 48;  // in one rhombic dodecahedron

using Axes = std::array<int, 3>;

Axes coords(const Cell& c) { return {c.x, c.y, c.z}; }
Cell cell(const Axes& a) { return {a[0], a[1], a[2]}; }

// The two dodecahedra of kind `onCorners` that hold voxel t (lattice/tetrahedron.hpp): on cube
// middles, its own block's and the one across its face; on corners, the two ends of its edge
// (corner k of block b is b + k).
std::array<Axes, 2> holders(const Tetrahedron& t, bool onCorners) {
  Axes first = t.cube, second = t.cube;
  const auto at = [](int axis) { return static_cast<std::size_t>(axis); };
  if (!onCorners) {
    second[at(t.face)] += t.faceSign;
    return {first, second};
  }
  first[at(t.face)] += t.faceSign > 0 ? 1 : 0;
  first[at(t.edge)] += t.edgeSign > 0 ? 1 : 0;
  second = first;
  second[at(t.other)] += 1;
  return {first, second};
}

int parity(const Axes& a) { return ((a[0] + a[1] + a[2]) % 2 + 2) % 2; }

// One tiling: kind and parity of the centres. The voxels grouped by their dodecahedron.
struct Grouping {
  bool onCorners;
  int centreParity;
  std::map<Axes, std::vector<std::size_t>> members;
};

Grouping group(const std::vector<Cell>& voxels, bool onCorners, int centreParity) {
  Grouping g{onCorners, centreParity, {}};
  for (std::size_t i = 0; i < voxels.size(); ++i)
    for (const Axes& centre : holders(Tetrahedron(voxels[i]), onCorners))
      if (parity(centre) == centreParity) g.members[centre].push_back(i);
  return g;
}

std::vector<Grouping> tilings(const std::vector<Cell>& voxels) {
  std::vector<Grouping> out;
  for (const bool onCorners : {false, true})
    for (const int p : {0, 1}) out.push_back(group(voxels, onCorners, p));
  return out;
}

bool whole(const Grouping& g) {
  return std::all_of(g.members.begin(), g.members.end(), [](const auto& m) { return m.second.size() == kTetrahedra; });
}

}  // namespace

// Built with append(): g++ 12 warns wrongly (-Wrestrict) on `"literal" + std::string`.
std::string voxelText(const Cell& v) {
  std::string text = "(";
  return text.append(std::to_string(v.x)).append(", ").append(std::to_string(v.y)).append(", ").append(std::to_string(v.z)).append(")");
}

bool isRhombicVoxel(const Cell& v) { return Tetrahedron(v).valid(); }

std::vector<Cell> dodecahedronVoxels(const Cell& block) {
  const Axes b = coords(block);
  std::vector<Cell> out;
  for (int x = 0; x < kBlock; ++x)
    for (int y = 0; y < kBlock; ++y)
      for (int z = 0; z < kBlock; ++z) {
        const Cell v{kBlock * b[0] + x, kBlock * b[1] + y, kBlock * b[2] + z};
        if (isRhombicVoxel(v)) out.push_back(v);
      }
  // The neighbour across each face gives its 4 tetrahedra standing on that face.
  for (int a = 0; a < 3; ++a)
    for (const int side : {-1, 1}) {
      Axes middle{};
      for (int k = 0; k < 3; ++k) middle[k] = kBlock * b[k] + 2;
      middle[a] += side * kBlock - side * 2;  // on the shared face, seen from the neighbour
      for (const int d : {-1, 1})
        for (const int k : {(a + 1) % 3, (a + 2) % 3}) {
          Axes v = middle;
          v[k] += d;
          out.push_back(cell(v));
        }
    }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<Dodecahedra> wholeDodecahedra(const std::vector<Cell>& voxels) {
  if (voxels.empty() || !std::all_of(voxels.begin(), voxels.end(), isRhombicVoxel)) return std::nullopt;
  for (const Grouping& g : tilings(voxels)) {
    if (!whole(g)) continue;
    Dodecahedra out;
    out.onCorners = g.onCorners;
    out.centre.resize(voxels.size());
    for (const auto& [centre, members] : g.members) {
      Axes fcc = centre;
      fcc[0] += g.centreParity;  // odd centres onto the even lattice
      for (const std::size_t i : members) out.centre[i] = cell(fcc);
    }
    return out;
  }
  return std::nullopt;
}

std::string partialDodecahedron(const std::vector<Cell>& voxels) {
  for (const Cell& v : voxels)
    if (!isRhombicVoxel(v))
      return "its voxel " + voxelText(v) + " is not one of the 24 tetrahedra of a 5 x 5 x 5 block";
  // The tiling with the fewest partial dodecahedra; its first partial one.
  std::size_t fewest = SIZE_MAX;
  std::pair<Cell, std::size_t> named{};
  for (const Grouping& g : tilings(voxels)) {
    std::size_t partial = 0;
    std::pair<Cell, std::size_t> first{};
    for (const auto& [centre, members] : g.members)
      if (members.size() != kTetrahedra && partial++ == 0) first = {voxels[members.front()], members.size()};
    if (partial > 0 && partial < fewest) fewest = partial, named = first;
  }
  const Cell& v = named.first;
  return "the rhombic dodecahedron around its voxel " + voxelText(v) + " holds " + std::to_string(named.second) + " of its 48 voxels";
}

bool offLatticeRoom(const std::vector<Cell>& centres) {
  const std::set<Cell> at(centres.begin(), centres.end());
  for (const Cell& c : at)
    for (const Cell& w : {Cell{c.x + 1, c.y, c.z}, Cell{c.x - 1, c.y, c.z}}) {
      bool fits = true;
      for (int a = 0; a < 3 && fits; ++a)
        for (const int side : {-1, 1}) {
          Axes n = coords(w);
          n[a] += side;
          fits = fits && at.count(cell(n)) > 0;
        }
      if (fits) return true;
    }
  return false;
}

}  // namespace pw::burrtools
