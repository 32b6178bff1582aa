// The snake's symmetry group as docs/puzzle-format.md defines it: the box's symmetries, and
// reading the chain from its other end when the chain is the same from both ends.
// It picks one representative per class: the class's lexicographically smallest chain.
#pragma once

#include <span>
#include <vector>

#include "snake/snake_box.hpp"

namespace pw {

class SnakeSymmetry {
 public:
  SnakeSymmetry(const SnakeBox& box, bool palindromic) : box_(&box), palindromic_(palindromic) {}

  int order() const { return static_cast<int>(box_->symmetries.size()) * (palindromic_ ? 2 : 1); }

  // The smallest image of `chain` (cell numbers of cube 0, 1, ...) under the group.
  void smallestImage(std::span<const int> chain, std::vector<int>& out) const;

 private:
  const SnakeBox* box_;
  bool palindromic_;
};

}  // namespace pw
