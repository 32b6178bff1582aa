#include "edge/edge_symmetry.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

namespace pw {

namespace {

// One of the square's 8 symmetries as its linear part on (x = column, y = row):
// (x, y) -> (sx * x, sy * y), or (sx * y, sy * x) when it swaps the axes.
struct SquareSymmetry {
  bool swapsAxes;
  int sx, sy;
  std::pair<int, int> apply(int x, int y) const { return swapsAxes ? std::pair{sx * y, sy * x} : std::pair{sx * x, sy * y}; }
};

constexpr int kStep[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};  // top, right, bottom, left as (dx, dy)

int sideImage(const SquareSymmetry& g, int side) {
  const auto [dx, dy] = g.apply(kStep[side][0], kStep[side][1]);
  for (int s = 0; s < 4; ++s)
    if (kStep[s][0] == dx && kStep[s][1] == dy) return s;
  return -1;  // unreachable: the image of a unit step is a unit step
}

std::vector<int> cellImages(const EdgeMatchingPuzzle& puzzle, const SquareSymmetry& g) {
  // The image of the grid, moved back onto the grid by its smallest corner.
  const auto [x0, y0] = g.apply(puzzle.cols - 1, puzzle.rows - 1);
  const int shiftX = std::max(0, -x0), shiftY = std::max(0, -y0);
  std::vector<int> image;
  for (int y = 0; y < puzzle.rows; ++y)
    for (int x = 0; x < puzzle.cols; ++x) {
      const auto [u, v] = g.apply(x, y);
      image.push_back((v + shiftY) * puzzle.cols + (u + shiftX));
    }
  return image;
}

// Orientation images, or nullopt when some tile's image is not a tile of the puzzle with
// as many copies.
std::optional<std::vector<int>> orientationImages(const EdgeTiles& tiles, const std::array<int, 4>& sideImage) {
  std::map<std::pair<EdgeLabels, int>, int> byLook;  // (edges, face) -> orientation
  for (std::size_t o = 0; o < tiles.orientations.size(); ++o) {
    const TileOrientation& orientation = tiles.orientations[o];
    byLook.emplace(std::pair{orientation.edges, tiles.types[orientation.type].face}, static_cast<int>(o));
  }
  std::vector<int> image;
  for (const TileOrientation& orientation : tiles.orientations) {
    EdgeLabels moved{};
    for (int s = 0; s < 4; ++s) moved[sideImage[s]] = orientation.edges[s];
    const TileType& type = tiles.types[orientation.type];
    const auto it = byLook.find({moved, type.face});
    if (it == byLook.end() || tiles.types[tiles.orientations[it->second].type].count != type.count) return std::nullopt;
    image.push_back(it->second);
  }
  return image;
}

}  // namespace

std::vector<EdgeSymmetry> edgeSymmetries(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles) {
  std::vector<EdgeSymmetry> group;
  for (const bool swapsAxes : {false, true})
    for (const int sy : {1, -1})
      for (const int sx : {1, -1}) {
        const SquareSymmetry g{swapsAxes, sx, sy};
        if (swapsAxes && (puzzle.rows != puzzle.cols || puzzle.distinctRow != puzzle.distinctColumn)) continue;
        const std::array<int, 4> sides{sideImage(g, 0), sideImage(g, 1), sideImage(g, 2), sideImage(g, 3)};
        auto orientations = orientationImages(tiles, sides);
        if (!orientations) continue;
        group.push_back({cellImages(puzzle, g), std::move(*orientations), sides});
      }
  return group;
}

std::vector<std::vector<int>> orientationImagesOn(const EdgeTiles& tiles, const std::vector<EdgeSymmetry>& group) {
  std::vector<std::vector<int>> images;
  for (const EdgeSymmetry& g : group) images.push_back(orientationImages(tiles, g.sideImage).value());
  return images;
}

}  // namespace pw
