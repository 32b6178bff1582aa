#include "edge/label_balance.hpp"

namespace pw {

LabelBalance::LabelBalance(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles)
    : tiles_(tiles),
      rows_(puzzle.rows),
      cols_(puzzle.cols),
      labels_(static_cast<int>(tiles.labels.size())),
      fixedSides_(!puzzle.rotations) {
  loose_.assign(static_cast<std::size_t>(fixedSides_ ? 4 : 1) * labels_, 0);
  pinned_.assign(loose_.size(), 0);
  for (const TileType& type : tiles.types)
    for (int side = 0; side < 4; ++side) loose_[at(pool(side), type.edges[side])] += type.count;
  emptyRim_[Top] = emptyRim_[Bottom] = cols_;
  emptyRim_[Left] = emptyRim_[Right] = rows_;
}

void LabelBalance::update(int cell, int o, const std::vector<int>& grid, int delta) {
  const int row = cell / cols_, col = cell % cols_;
  const int neighbour[4] = {row > 0 ? cell - cols_ : -1, col < cols_ - 1 ? cell + 1 : -1,
                            row < rows_ - 1 ? cell + cols_ : -1, col > 0 ? cell - 1 : -1};
  const EdgeLabels& edges = tiles_.orientations[o].edges;
  for (int side = 0; side < 4; ++side) {
    loose_[at(pool(side), edges[side])] += delta;
    if (neighbour[side] < 0) {
      emptyRim_[side] += delta;
    } else if (const int other = grid[neighbour[side]]; other >= 0) {  // the boundary closes
      const int facing = (side + 2) % 4;
      pinned_[at(pool(facing), tiles_.orientations[other].edges[facing])] += delta;
    } else {  // the edge now faces an empty cell
      pinned_[at(pool(side), edges[side])] -= delta;
    }
  }
}

int LabelBalance::unpaired(int pool, int partnerPool) const {
  int total = 0;
  for (int label = 0; label < labels_; ++label) {
    const int partner = tiles_.partner[label];
    const int supply = partner >= 0 ? loose_[at(partnerPool, partner)] : 0;
    if (pinned_[at(pool, label)] > supply) return -1;
    const int open = pinned_[at(pool, label)] + loose_[at(pool, label)];
    int excess;
    if (pool == partnerPool && partner == label) excess = open % 2;  // pairs of equal labels
    else excess = open - (partner >= 0 ? supply + pinned_[at(partnerPool, partner)] : 0);
    if (excess <= 0) continue;
    if (tiles_.border >= 0 && label != tiles_.border) return -1;
    total += excess;
  }
  return total;
}

// With rotations off, a side's pool pairs with the opposite side's, and the excess of one
// label on one side is the deficit of its partner on the other (partner() is an involution):
// one pass over the labels settles both sides of a pair, at half the cost of two unpaired().
bool LabelBalance::pairFeasible(int side) const {
  const int opposite = (side + 2) % 4;
  const int* looseSide = loose_.data() + static_cast<std::size_t>(side) * labels_;
  const int* pinnedSide = pinned_.data() + static_cast<std::size_t>(side) * labels_;
  const int* looseOpposite = loose_.data() + static_cast<std::size_t>(opposite) * labels_;
  const int* pinnedOpposite = pinned_.data() + static_cast<std::size_t>(opposite) * labels_;
  const int* partner = tiles_.partner.data();
  const int border = tiles_.border;
  int sideTotal = 0, oppositeTotal = 0;
  for (int label = 0; label < labels_; ++label) {
    const int other = partner[label];
    if (other < 0) {  // nothing faces it: every open edge with it must stay unpaired
      if (pinnedSide[label] > 0 || pinnedOpposite[label] > 0) return false;
      if (border >= 0 && label != border && (looseSide[label] > 0 || looseOpposite[label] > 0)) return false;
      sideTotal += looseSide[label];
      oppositeTotal += looseOpposite[label];
      continue;
    }
    if (pinnedSide[label] > looseOpposite[other] || pinnedOpposite[other] > looseSide[label]) return false;
    const int excess = pinnedSide[label] + looseSide[label] - pinnedOpposite[other] - looseOpposite[other];
    if (excess > 0) {
      if (border >= 0 && label != border) return false;
      sideTotal += excess;
    } else if (excess < 0) {
      if (border >= 0 && other != border) return false;
      oppositeTotal -= excess;
    }
  }
  return sideTotal <= emptyRim_[side] && oppositeTotal <= emptyRim_[opposite];
}

bool LabelBalance::feasible() const {
  if (!fixedSides_) {
    const int rim = emptyRim_[0] + emptyRim_[1] + emptyRim_[2] + emptyRim_[3];
    const int left = unpaired(0, 0);
    return left >= 0 && left <= rim;
  }
  return pairFeasible(Top) && pairFeasible(Left);
}

}  // namespace pw
