#include "snake/snake_box.hpp"

#include <algorithm>
#include <set>

#include "lattice/transform.hpp"

namespace pw {

namespace {

// The permutation of cell numbers by t, or empty when t does not map the box onto itself.
std::vector<int> cellImage(const SnakeBox& box, const Transform& t) {
  for (int i = 0; i < 3; ++i)
    if (box.side[t.axis[i]] != box.side[i]) return {};
  std::vector<int> image(box.cells);
  for (int c = 0; c < box.cells; ++c) {
    const int src[3] = {box.at[c].x, box.at[c].y, box.at[c].z};
    int dst[3];
    for (int i = 0; i < 3; ++i) dst[i] = t.sign[i] > 0 ? src[t.axis[i]] : box.side[i] - 1 - src[t.axis[i]];
    image[c] = box.number({dst[0], dst[1], dst[2]});
  }
  return image;
}

}  // namespace

SnakeBox makeSnakeBox(const std::array<int, 3>& side) {
  SnakeBox box;
  box.side = side;
  box.cells = side[0] * side[1] * side[2];
  box.at.resize(box.cells);
  for (int z = 0; z < side[2]; ++z)
    for (int y = 0; y < side[1]; ++y)
      for (int x = 0; x < side[0]; ++x) box.at[box.number({x, y, z})] = {x, y, z};
  box.step.assign(static_cast<std::size_t>(box.cells) * kDirections, -1);
  for (int c = 0; c < box.cells; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      int p[3] = {box.at[c].x, box.at[c].y, box.at[c].z};
      p[axisOf(d)] += d % 2 == 0 ? 1 : -1;
      if (p[axisOf(d)] >= 0 && p[axisOf(d)] < side[axisOf(d)]) box.step[c * kDirections + d] = box.number({p[0], p[1], p[2]});
    }
  }
  std::set<std::vector<int>> seen;
  for (const Transform& t : latticeSymmetries(3, true)) {
    std::vector<int> image = cellImage(box, t);
    if (!image.empty() && seen.insert(image).second) box.symmetries.push_back(std::move(image));
  }
  return box;
}

bool isPalindromic(const std::vector<int>& segments) {
  return std::equal(segments.begin(), segments.end(), segments.rbegin());
}

}  // namespace pw
