#include "burrtools/xmpuzzle_writer.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "burrtools/rhombic_voxels.hpp"
#include "burrtools/xmpuzzle.hpp"
#include "burrtools/y_axis.hpp"
#include "cover/piece_types.hpp"
#include "lattice/lattice.hpp"
#include "model/error.hpp"
#include "text/display.hpp"
#include "xml/xml_writer.hpp"

namespace pw::burrtools {

namespace {

constexpr std::size_t kBurrToolsColours = 63;  // a voxel's colour is at most 63 in its files

const char* kindWithArticle(const Puzzle& p) {
  static const char* const names[] = {"a packing", "an edge-matching", "a snake"};
  return names[p.body.index()];
}

// A piece whose own motions give other orientations than BurrTools' motions would: every
// rotation of its grid, and in the plane the flips (turning a flat piece over in space).
void checkMotions(const PieceDef& def, std::size_t index, const Lattice& lattice) {
  const int dimensions = lattice.dimensions();
  auto own = lattice.orientations(def.cells, lattice.allowedMotions(def.rotations, def.reflections));
  auto theirs = lattice.orientations(def.cells, lattice.symmetries(dimensions == 2));
  std::sort(own.begin(), own.end());
  std::sort(theirs.begin(), theirs.end());
  if (own == theirs) return;
  const std::string piece = "pieces[" + std::to_string(index) + "] \"" + text::shown(def.name, 40) + "\"";
  std::string why;
  if (!def.rotations) {
    why = "may not be turned (rotations off), but BurrTools turns every piece";
  } else if (dimensions == 3) {
    why = "may be mirrored (reflections on), but BurrTools never mirrors a piece";
  } else {
    why = "may not be flipped over (reflections off), but BurrTools turns flat pieces over";
  }
  throw PuzzleError("cannot write this puzzle as .xmpuzzle: " + piece + " " + why + ", and its placements would differ");
}

struct Box {
  Cell low{INT_MAX, INT_MAX, INT_MAX}, high{INT_MIN, INT_MIN, INT_MIN};
  void add(const Cell& c) {
    low = {std::min(low.x, c.x), std::min(low.y, c.y), std::min(low.z, c.z)};
    high = {std::max(high.x, c.x), std::max(high.y, c.y), std::max(high.z, c.z)};
  }
};

// BurrTools' grid type for a piecewise grid (triangles and hexagons it has not), as the reader names them.
int gridTypeOf(pw::Grid grid) {
  switch (grid) {
    case pw::Grid::Prism: return static_cast<int>(Grid::TriangularPrisms);
    case pw::Grid::Sphere: return static_cast<int>(Grid::Spheres);
    case pw::Grid::RhombicDodecahedron:
    case pw::Grid::RhombicTetrahedron: return static_cast<int>(Grid::RhombicDodecahedra);
    default: return static_cast<int>(Grid::Cubes);
  }
}

// A voxel as BurrTools writes it: '#', '+' or '_', then its colour number unless 0.
struct Voxel {
  char state = '_';
  int colour = 0;
};

// Cell c of `grid` as BurrTools' voxels, y turned to point up (y_axis.hpp): one voxel, or on
// the rhombic dodecahedron grid the 48 tetrahedra of the dodecahedron centred on block c
// (rhombic_voxels.hpp).
std::vector<Cell> voxelsOf(const Cell& c, pw::Grid grid) {
  if (grid == pw::Grid::RhombicDodecahedron) return dodecahedronVoxels(turnedY(c, grid));
  return {turnedY(c, grid)};
}

// One <voxel> element. `mark(index)` gives the Voxel of cells[index].
template <typename Mark>
void writeVoxels(xml::Writer& w, pw::Grid grid, const std::vector<Cell>& cells, const std::string& name, int weight, Mark mark) {
  std::vector<std::pair<Cell, Voxel>> voxels;
  std::vector<Cell> at;
  Box box;
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (const Cell& v : voxelsOf(cells[i], grid)) {
      voxels.emplace_back(v, mark(i));
      at.push_back(v);
      box.add(v);
    }
  // Written from the least corner moved back as the voxels' own lattice moves shapes (x + y or
  // x + y + z even; rhombic: by whole blocks, which BurrTools' rhombic shapes fill).
  const Lattice& lattice = Lattice::of(grid == pw::Grid::RhombicDodecahedron ? pw::Grid::RhombicTetrahedron : grid);
  const Cell shift = lattice.normalizingShift(at);
  const Cell low{-shift.x, -shift.y, -shift.z};
  const int block = lattice.period();
  const auto side = [&](int lo, int hi) { return (hi - lo + block) / block * block; };
  const int sx = side(low.x, box.high.x), sy = side(low.y, box.high.y), sz = side(low.z, box.high.z);
  std::vector<Voxel> space(static_cast<std::size_t>(sx) * static_cast<std::size_t>(sy) * static_cast<std::size_t>(sz));
  for (const auto& [v, voxel] : voxels)
    space[static_cast<std::size_t>((v.x - low.x) + sx * ((v.y - low.y) + sy * (v.z - low.z)))] = voxel;
  std::string text;
  for (const Voxel& v : space) {
    text += v.state;
    if (v.colour != 0) text += std::to_string(v.colour);
  }
  w.start("voxel");
  w.attribute("x", sx);
  w.attribute("y", sy);
  w.attribute("z", sz);
  if (!name.empty()) w.attribute("name", name);
  if (weight != 1) w.attribute("weight", weight);
  w.attribute("type", 0);
  w.text(text);
  w.end();
}

// BurrTools moves a rhombic dodecahedron by whole blocks, half a step of the lattice too; where
// the board's + cells leave room for one so placed, it counts placements piecewise has not.
void checkOffLattice(const PackingPuzzle& packing) {
  std::vector<Cell> centres;
  bool variable = false;
  for (const BoardCell& b : packing.board) {
    centres.push_back(b.at);
    variable = variable || b.optional;
  }
  if (variable && offLatticeRoom(centres))
    throw PuzzleError("cannot write this puzzle as .xmpuzzle: its board has + cells and room for a rhombic dodecahedron half a "
                      "lattice step off its own, where BurrTools would place pieces that piecewise does not");
}

}  // namespace

std::string xmpuzzleXml(const Puzzle& puzzle) {
  const auto* packing = std::get_if<PackingPuzzle>(&puzzle.body);
  if (!packing)
    throw PuzzleError(std::string("cannot write this puzzle as .xmpuzzle: it is ") + kindWithArticle(puzzle) +
                      " puzzle, and BurrTools holds packing puzzles only");
  if (packing->grid == pw::Grid::Triangle || packing->grid == pw::Grid::Hexagon)
    throw PuzzleError(std::string("cannot write this puzzle as .xmpuzzle: it lies on the ") + gridName(packing->grid) +
                      " grid, which BurrTools has not (it has squares, cubes, triangular prisms, spheres and rhombic "
                      "dodecahedra)");
  const Lattice& lattice = Lattice::of(packing->grid);
  for (std::size_t i = 0; i < packing->pieces.size(); ++i) checkMotions(packing->pieces[i], i, lattice);
  if (packing->grid == pw::Grid::RhombicDodecahedron) checkOffLattice(*packing);
  if (packing->colours.size() > kBurrToolsColours)
    throw PuzzleError("cannot write this puzzle as .xmpuzzle: it has " + std::to_string(packing->colours.size()) +
                      " colours, and BurrTools holds at most " + std::to_string(kBurrToolsColours));
  const std::vector<PieceType> types = pieceTypes(*packing);

  xml::Writer w;
  w.start("puzzle");
  w.attribute("version", 2);
  w.start("gridType");
  w.attribute("type", gridTypeOf(packing->grid));
  w.end();
  w.start("colors");
  for (const Colour& c : packing->colours) {
    const auto channel = [&](int k) { return c.rgb.empty() ? 128 : std::stoi(c.rgb.substr(static_cast<std::size_t>(1 + 2 * k), 2), nullptr, 16); };
    w.start("color");
    w.attribute("red", channel(0));
    w.attribute("green", channel(1));
    w.attribute("blue", channel(2));
    w.end();
  }
  w.end();
  w.start("shapes");
  std::vector<Cell> board;
  for (const BoardCell& b : packing->board) board.push_back(b.at);
  writeVoxels(w, packing->grid, board, "Board", 1, [&](std::size_t i) {
    const BoardCell& b = packing->board[i];
    return Voxel{b.optional ? '+' : '#', b.colour};
  });
  for (const PieceType& type : types) {
    std::string name;
    for (const int d : type.defs) {
      const std::string& n = packing->pieces[static_cast<std::size_t>(d)].name;
      if (name.find(n) == std::string::npos) name += (name.empty() ? "" : ", ") + n;
    }
    const PieceDef& first = packing->pieces[static_cast<std::size_t>(type.defs.front())];
    writeVoxels(w, packing->grid, first.cells, name, first.weight,
                [&](std::size_t i) { return Voxel{'#', first.colours.empty() ? 0 : first.colours[i]}; });
  }
  w.end();
  w.start("problems");
  w.start("problem");
  w.attribute("name", puzzle.name);
  w.attribute("state", 0);
  w.start("shapes");
  std::map<std::string, int> groupNumbers;  // BurrTools numbers its groups from 1
  for (std::size_t t = 0; t < types.size(); ++t) {
    w.start("shape");
    w.attribute("id", static_cast<long long>(t) + 1);
    if (types[t].min == types[t].max) {
      w.attribute("count", types[t].min);
    } else {
      w.attribute("min", types[t].min);
      w.attribute("max", types[t].max);
    }
    const std::string& group = packing->pieces[static_cast<std::size_t>(types[t].defs.front())].group;
    if (!group.empty()) w.attribute("group", groupNumbers.emplace(group, static_cast<int>(groupNumbers.size()) + 1).first->second);
    w.end();
  }
  w.end();
  w.start("result");
  w.attribute("id", 0);
  w.end();
  w.start("bitmap");
  for (std::size_t c = 0; c < packing->colours.size(); ++c)
    for (const int fit : packing->colours[c].fits) {
      w.start("pair");  // stored 0-based
      w.attribute("piece", static_cast<long long>(c));
      w.attribute("result", fit - 1);
      w.end();
    }
  w.end();
  w.end();
  w.end();
  w.start("comment");
  if (!puzzle.notes.empty()) w.text(puzzle.notes);
  w.end();
  w.end();
  return w.finish();
}


}  // namespace pw::burrtools
