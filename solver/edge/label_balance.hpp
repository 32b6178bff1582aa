// Label-balance pruning. Every boundary between two cells that is not yet closed (one side
// still empty) will pair an open edge with its partner; only edges on the rim stay
// unpaired. So, counting the open edges (those of unplaced tiles, and those of placed tiles
// that face an empty cell), the edges that cannot find a partner must fit on the empty rim
// (and carry the border label, when there is one). With rotations off, the edges keep their
// sides, and the right-facing ones must pair with the left-facing ones, the bottom-facing
// ones with the top-facing ones: much sharper than one pool of edges.
// An open edge of a placed tile faces an empty cell, so its partner must come from an
// unplaced tile: the demands for each label must not exceed the unplaced supply.
#pragma once

#include <vector>

#include "edge/edge_tiles.hpp"

namespace pw {

class LabelBalance {
 public:
  LabelBalance(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles);

  // Update the counts for orientation `o` placed on / removed from `cell`; `grid` holds the
  // other cells' orientations (-1 empty) and is the same for a removal as for its placing.
  void place(int cell, int o, const std::vector<int>& grid) { update(cell, o, grid, -1); }
  void remove(int cell, int o, const std::vector<int>& grid) { update(cell, o, grid, +1); }

  // False when the open edges can no longer all be paired.
  bool feasible() const;

 private:
  void update(int cell, int o, const std::vector<int>& grid, int delta);
  int pool(int side) const { return fixedSides_ ? side : 0; }
  std::size_t at(int pool, int label) const { return static_cast<std::size_t>(pool) * labels_ + label; }
  // How many edges of `pool` must stay unpaired when pairing with `partnerPool`; -1 when
  // a demand exceeds the supply or an unpaired edge would need a label the rim does not take.
  int unpaired(int pool, int partnerPool) const;
  // With rotations off: whether `side`'s open edges and the opposite side's can all pair up.
  bool pairFeasible(int side) const;

  const EdgeTiles& tiles_;
  int rows_, cols_, labels_;
  bool fixedSides_;        // rotations off: one pool of open edges per side
  std::vector<int> loose_;   // [pool][label]: edges of unplaced tiles
  std::vector<int> pinned_;  // [pool][label]: edges of placed tiles that face an empty cell
  int emptyRim_[4] = {};   // per side: rim edges of empty cells
};

}  // namespace pw
