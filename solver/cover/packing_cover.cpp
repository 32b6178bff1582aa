#include "cover/packing_cover.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <climits>
#include <map>
#include <tuple>
#include <string>

#include "cover/board_rows.hpp"
#include "lattice/lattice.hpp"
#include "model/colour_rule.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"

namespace pw {

namespace {

[[noreturn]] void refuse(std::int64_t placements, std::int64_t entries) {
  if (placements > limits::kPlacements)
    throw PuzzleError("pieces: more than " + std::to_string(limits::kPlacements) +
                      " placements on this board exceed the limit");
  throw PuzzleError("pieces: the exact-cover matrix would need more than " + std::to_string(entries) +
                    " entries, over the limit of " + std::to_string(limits::kMatrixEntries));
}

// Whether some choice of counts (each type between its min and max copies) covers between
// `mustCover` and `cells` cells: a bitset of the reachable areas, grown type by type.
bool someAreaFits(const std::vector<PieceType>& types, int mustCover, int cells) {
  std::bitset<limits::kBoardCells + 1> reachable, next;
  reachable.set(0);
  for (const PieceType& type : types) {
    const auto size = static_cast<int>(type.orientations.front().size());
    next.reset();
    for (int copies = type.min; copies <= type.max && copies * size <= cells; ++copies)
      next |= reachable << static_cast<std::size_t>(copies * size);
    reachable = next;
  }
  for (int area = mustCover; area <= cells; ++area)
    if (reachable.test(static_cast<std::size_t>(area))) return true;
  return false;
}

// Per axis, the board's extent: its largest coordinate less its smallest.
std::array<int, 3> extentOf(const PackingCover& pc) {
  std::array<int, 3> lo{INT_MAX, INT_MAX, INT_MAX}, hi{INT_MIN, INT_MIN, INT_MIN};
  for (const Cell& c : pc.cells) {
    const std::array<int, 3> at{c.x, c.y, c.z};
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], at[a]);
      hi[a] = std::max(hi[a], at[a]);
    }
  }
  return {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
}

}  // namespace

PackingCover compilePlacements(const PackingPuzzle& puzzle) {
  PackingCover pc;
  pc.grid = puzzle.grid;
  for (const BoardCell& b : puzzle.board) {
    pc.cells.push_back(b.at);
    pc.optional.push_back(b.optional);
    if (!puzzle.colours.empty()) pc.colours.push_back(b.colour);
  }
  pc.types = pieceTypes(puzzle);
  pc.placementStart.push_back(0);
  // When no choice of counts covers the `#` cells without covering more than the board (every
  // piece a multiple of 3 cells on 64 cells, say), no placement can be part of a solution:
  // none is listed, and the search ends at once instead of trying every partial tiling.
  const auto mustCover = static_cast<int>(std::count(pc.optional.begin(), pc.optional.end(), false));
  if (!someAreaFits(pc.types, mustCover, static_cast<int>(pc.cells.size()))) return pc;
  const Lattice& lattice = Lattice::of(puzzle.grid);
  const BoardRows rows(pc.cells, lattice.parityAxes(), lattice.period());

  // Count first, storing nothing, and stop at the first limit exceeded: the entries are
  // those buildExactCover would lay out (a placement's cells, its type and its spacer;
  // three per `+` cell for its hole option).
  std::int64_t placements = 0;
  std::int64_t entries = 3 * static_cast<std::int64_t>(std::count(pc.optional.begin(), pc.optional.end(), true));
  std::int64_t cells = 0;
  for (const PieceType& type : pc.types)
    for (const auto& shape : type.orientations) {
      const auto size = static_cast<std::int64_t>(shape.size());
      const std::int64_t room =
          std::min<std::int64_t>(limits::kPlacements - placements, (limits::kMatrixEntries - entries) / (size + 2));
      const std::int64_t fits = rows.countFits(shape, room);
      placements += fits;
      entries += fits * (size + 2);
      cells += fits * size;
      if (fits > room) refuse(placements, entries);
    }

  pc.placementType.reserve(static_cast<std::size_t>(placements));
  pc.placementStart.reserve(static_cast<std::size_t>(placements) + 1);
  pc.placementCells.reserve(static_cast<std::size_t>(cells));
  // With colours, a placement is listed when one of its orientation's colourings fits.
  const auto colourFitsAt = [&](const std::vector<int>& colouring, const std::vector<int>& placed) {
    for (std::size_t i = 0; i < placed.size(); ++i)
      if (!colourFits(puzzle, colouring[i], pc.colours[static_cast<std::size_t>(placed[i])])) return false;
    return true;
  };
  for (int t = 0; t < static_cast<int>(pc.types.size()); ++t)
    for (std::size_t o = 0; o < pc.types[t].orientations.size(); ++o)
      rows.forEachFit(pc.types[t].orientations[o], [&](const std::vector<int>& placed) {
        if (!pc.colours.empty()) {
          const auto& colourings = pc.types[t].colourings[o];
          if (std::none_of(colourings.begin(), colourings.end(), [&](const std::vector<int>& c) { return colourFitsAt(c, placed); }))
            return;
        }
        pc.placementType.push_back(t);
        pc.placementCells.insert(pc.placementCells.end(), placed.begin(), placed.end());
        pc.placementStart.push_back(static_cast<int>(pc.placementCells.size()));
      });
  return pc;
}

ExactCover buildExactCover(const PackingCover& pc, std::span<const int> placements) {
  const int cellCount = static_cast<int>(pc.cells.size());
  const auto optionalCount = static_cast<int>(std::count(pc.optional.begin(), pc.optional.end(), true));
  // How many cells can stay empty: all cells minus the area the pieces cover, which lies
  // between the area of the minimum and of the maximum copies.
  std::int64_t minArea = 0, maxArea = 0;
  for (const PieceType& t : pc.types) {
    const auto size = static_cast<std::int64_t>(t.orientations.front().size());
    minArea += size * t.min;
    maxArea += size * t.max;
  }
  const std::int64_t mostHoles = std::min<std::int64_t>(optionalCount, cellCount - minArea);
  const std::int64_t fewestHoles = std::max<std::int64_t>(0, cellCount - maxArea);
  const bool holeOptions = optionalCount > 0 && mostHoles >= fewestHoles && 2 * mostHoles <= optionalCount;

  // Item numbers: primary `#` cells (and `+` cells with hole options), types, the HOLES
  // item, then secondary `+` cells.
  std::vector<int> cellItem(cellCount);
  ExactCoverBuilder builder;
  for (int c = 0; c < cellCount; ++c)
    if (!pc.optional[c] || holeOptions) cellItem[c] = builder.addPrimary({1, 1});
  std::vector<int> typeItem;
  for (const PieceType& t : pc.types) typeItem.push_back(builder.addPrimary({t.min, t.max}));
  int holesItem = -1;
  if (holeOptions && mostHoles > 0)
    holesItem = builder.addPrimary({static_cast<int>(fewestHoles), static_cast<int>(mostHoles)});
  if (mostHoles < 0) builder.addPrimary({1, 1});  // the pieces' minimum area exceeds the board: no option can cover this
  for (int c = 0; c < cellCount; ++c)
    if (pc.optional[c] && !holeOptions) cellItem[c] = builder.addSecondary();

  std::vector<int> items;
  for (const int k : placements) {
    items.clear();
    items.push_back(typeItem[pc.placementType[k]]);
    for (int i = pc.placementStart[k]; i < pc.placementStart[k + 1]; ++i) items.push_back(cellItem[pc.placementCells[i]]);
    builder.addOption(items);
  }
  if (holesItem >= 0)
    for (int c = 0; c < cellCount; ++c)
      if (pc.optional[c]) builder.addOption(std::vector<int>{cellItem[c], holesItem});
  return builder.build();
}

std::array<int, 3> searchAxes(const PackingCover& pc) {
  const std::array<int, 3> extent = extentOf(pc);
  std::array<int, 3> axes{0, 1, 2};
  std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) { return extent[a] > extent[b]; });
  return axes;
}

BitCoverProblem bitCoverProblem(const PackingCover& pc, std::span<const int> placements) {
  BitCoverProblem p;
  p.cellCount = static_cast<int>(pc.cells.size());
  p.optional = pc.optional;
  for (const PieceType& t : pc.types) p.types.push_back({t.min, t.max, static_cast<int>(t.orientations.front().size())});

  // Sort key: coordinates from the longest axis (slowest) to the shortest (fastest).
  const auto coords = [](const Cell& c) { return std::array<int, 3>{c.x, c.y, c.z}; };
  const std::array<int, 3> axes = searchAxes(pc);
  std::vector<int> byOrder(pc.cells.size());
  for (std::size_t c = 0; c < byOrder.size(); ++c) byOrder[c] = static_cast<int>(c);
  std::sort(byOrder.begin(), byOrder.end(), [&](int a, int b) {
    const auto ca = coords(pc.cells[a]), cb = coords(pc.cells[b]);
    return std::tie(ca[axes[0]], ca[axes[1]], ca[axes[2]]) < std::tie(cb[axes[0]], cb[axes[1]], cb[axes[2]]);
  });
  // Solid boards (three axes of more than one layer) branch on the cell with the fewest
  // options: measured, it cuts a polycube box's nodes 5-16x (Tetris Cube 15x, Bedlam 16x);
  // flat boards do better with the first open cell (pentominoes 6x10: twice the time).
  const std::array<int, 3> extent = extentOf(pc);
  p.fewestOptionsFirst = std::all_of(extent.begin(), extent.end(), [](int e) { return e > 0; });
  p.order.assign(pc.cells.size(), 0);
  for (std::size_t rank = 0; rank < byOrder.size(); ++rank) p.order[byOrder[rank]] = static_cast<int>(rank);

  const Lattice& lattice = Lattice::of(pc.grid);
  std::map<Cell, int> index;
  for (std::size_t c = 0; c < pc.cells.size(); ++c) index.emplace(pc.cells[c], static_cast<int>(c));
  p.neighbours.resize(pc.cells.size());
  for (std::size_t c = 0; c < pc.cells.size(); ++c)
    for (const Cell& n : lattice.neighbours(pc.cells[c])) {
      const auto it = index.find(n);
      if (it != index.end()) p.neighbours[c].push_back(it->second);
    }
  // The whole-board pocket test knows the shapes of small regions of squares and cubes only.
  p.boxNeighbours = pc.grid == Grid::Square || pc.grid == Grid::Cube;

  for (const int k : placements) {
    p.optionType.push_back(pc.placementType[k]);
    p.optionCells.emplace_back(pc.placementCells.begin() + pc.placementStart[k],
                               pc.placementCells.begin() + pc.placementStart[k + 1]);
  }
  return p;
}

}  // namespace pw
