#include "edge/orientation_masks.hpp"

#include <string>

#include "model/error.hpp"
#include "model/limits.hpp"

namespace pw {

namespace {
void set(std::vector<std::uint64_t>& masks, std::size_t row, int words, int bit) {
  masks[row * static_cast<std::size_t>(words) + static_cast<std::size_t>(bit / 64)] |= std::uint64_t{1} << (bit % 64);
}
}  // namespace

OrientationMasks compileMasks(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles) {
  OrientationMasks m;
  const int count = static_cast<int>(tiles.orientations.size());
  const int cells = puzzle.rows * puzzle.cols;
  m.words = (count + 63) / 64;
  m.labels = static_cast<int>(tiles.labels.size());
  const std::size_t rows = 4 * static_cast<std::size_t>(m.labels) + cells + tiles.types.size() + tiles.faces + 1;
  const std::size_t bytes = rows * static_cast<std::size_t>(m.words) * sizeof(std::uint64_t);
  if (bytes > static_cast<std::size_t>(limits::kEdgeMaskBytes))
    throw PuzzleError("tiles: " + std::to_string(count) + " tile orientations and " + std::to_string(m.labels) +
                      " labels need " + std::to_string(bytes >> 20) + " MB of candidate masks, over the limit of " +
                      std::to_string(limits::kEdgeMaskBytes >> 20) + " MB");

  m.facing.assign(4 * static_cast<std::size_t>(m.labels) * m.words, 0);
  m.onCell.assign(static_cast<std::size_t>(cells) * m.words, 0);
  m.ofType.assign(tiles.types.size() * m.words, 0);
  m.ofFace.assign(static_cast<std::size_t>(tiles.faces) * m.words, 0);
  m.all.assign(static_cast<std::size_t>(m.words), 0);

  for (int o = 0; o < count; ++o) {
    const TileOrientation& orientation = tiles.orientations[o];
    const TileType& type = tiles.types[orientation.type];
    set(m.all, 0, m.words, o);
    set(m.ofType, orientation.type, m.words, o);
    if (type.face >= 0) set(m.ofFace, type.face, m.words, o);
    // Orientation o may face a neighbour's label on `side` when its own edge there is that
    // label's partner; partnering is symmetric, so that label is its own edge's partner.
    for (int side = 0; side < 4; ++side)
      if (const int label = tiles.partner[orientation.edges[side]]; label >= 0)
        set(m.facing, static_cast<std::size_t>(side) * m.labels + label, m.words, o);
    for (int cell = 0; cell < cells; ++cell) {
      const int row = cell / puzzle.cols, col = cell % puzzle.cols;
      const bool rimOk = tiles.border < 0 || ((row > 0 || orientation.edges[Top] == tiles.border) &&
                                              (col < puzzle.cols - 1 || orientation.edges[Right] == tiles.border) &&
                                              (row < puzzle.rows - 1 || orientation.edges[Bottom] == tiles.border) &&
                                              (col > 0 || orientation.edges[Left] == tiles.border));
      if (rimOk) set(m.onCell, cell, m.words, o);
    }
  }
  return m;
}

}  // namespace pw
