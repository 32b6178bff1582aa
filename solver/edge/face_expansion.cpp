#include "edge/face_expansion.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace pw {

// For each searched type, the puzzle's types it stands for (one, unless faces were dropped)
// and, for each searched orientation, the orientation of each of those types that shows the
// same edges.
FaceExpansion::FaceExpansion(const EdgeTiles& tiles, const EdgeTiles& searched, bool facesDropped, int cells)
    : tiles_(tiles), searched_(searched), cells_(cells) {
  // Searched orientation by its edges and face (none when faces were dropped).
  std::map<std::pair<EdgeLabels, int>, int> byLook;
  for (std::size_t o = 0; o < searched.orientations.size(); ++o) {
    const TileOrientation& orientation = searched.orientations[o];
    byLook.emplace(std::pair{orientation.edges, searched.types[orientation.type].face}, static_cast<int>(o));
  }
  const auto searchedOf = [&](const TileOrientation& orientation) {
    return byLook.at({orientation.edges, facesDropped ? -1 : tiles.types[orientation.type].face});
  };
  members_.resize(searched.types.size());
  memberOrientation_.resize(searched.orientations.size());
  std::vector<int> memberIndex(tiles.types.size(), -1);
  for (const TileOrientation& orientation : tiles.orientations) {
    const int type = searched.orientations[searchedOf(orientation)].type;
    if (memberIndex[orientation.type] < 0) {
      memberIndex[orientation.type] = static_cast<int>(members_[type].size());
      members_[type].push_back(orientation.type);
    }
  }
  for (std::size_t o = 0; o < tiles.orientations.size(); ++o) {
    const TileOrientation& orientation = tiles.orientations[o];
    const int s = searchedOf(orientation);
    auto& row = memberOrientation_[s];
    row.resize(members_[searched.orientations[s].type].size(), -1);
    row[memberIndex[orientation.type]] = static_cast<int>(o);
  }
  for (const auto& m : members_) merged_ = merged_ || m.size() > 1;
  groupCells_.resize(searched.types.size());
  groupAssignment_.resize(searched.types.size());
  grid_.resize(cells);
}

// Each merged type's cells (in reading order) get the copies of its members, first in the
// smallest order.
void FaceExpansion::start(const std::vector<int>& searchedGrid) {
  if (!merged_) return;
  for (std::size_t t = 0; t < members_.size(); ++t) {
    groupCells_[t].clear();
    groupAssignment_[t].clear();
  }
  for (int cell = 0; cell < cells_; ++cell) groupCells_[searched_.orientations[searchedGrid[cell]].type].push_back(cell);
  for (std::size_t t = 0; t < members_.size(); ++t) {
    if (members_[t].size() < 2) continue;
    for (std::size_t m = 0; m < members_[t].size(); ++m)
      groupAssignment_[t].insert(groupAssignment_[t].end(), tiles_.types[members_[t][m]].count, static_cast<int>(m));
  }
}

const std::vector<int>& FaceExpansion::grid(const std::vector<int>& searchedGrid) {
  for (int cell = 0; cell < cells_; ++cell) grid_[cell] = memberOrientation_[searchedGrid[cell]][0];
  if (merged_)
    for (std::size_t t = 0; t < members_.size(); ++t)
      for (std::size_t k = 0; k < groupAssignment_[t].size(); ++k) {
        const int cell = groupCells_[t][k];
        grid_[cell] = memberOrientation_[searchedGrid[cell]][groupAssignment_[t][k]];
      }
  return grid_;
}

// An odometer of multiset permutations, one per merged type.
bool FaceExpansion::next() {
  if (!merged_) return false;
  for (auto& assignment : groupAssignment_)
    if (assignment.size() > 1 && std::next_permutation(assignment.begin(), assignment.end())) return true;
  return false;  // every type wrapped round to its first order
}

}  // namespace pw
