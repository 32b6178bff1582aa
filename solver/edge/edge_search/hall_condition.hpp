// The general edge-matching search's use of Hall's condition (copy_matching.hpp): on bordered
// boards of at most 64 cells, the empty cells must still be able to take a tile copy each.
// Included only by edge/edge_search.cpp, which compiles the search as one unit: its loop
// inlines these members.
#pragma once

#include <cstdint>
#include <vector>

#include "edge/edge_search/search.hpp"

namespace pw {
namespace {

// Boards of at most 64 cells (so at most 64 types and copies) with a border check Hall's
// condition: there the rim cells compete for the few tiles that fit the rim (MacMahon 4x6:
// 5x fewer nodes). Without a border an unscanned cell can take any copy, so the matching
// only sees the scanned cells: on tropical-fish-any 16% fewer nodes for 40% more time.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::prepareMatching() {
  std::vector<int> copies;
  for (const TileType& type : searched_.types) copies.push_back(type.count);
  matching_.emplace(copies);
  copyBits_.resize(searched_.orientations.size());
  for (std::size_t o = 0; o < copyBits_.size(); ++o) copyBits_[o] = matching_->copiesOf(searched_.orientations[o].type);
  rimCopies_.assign(cells_, 0);
  for (int cell = 0; cell < cells_; ++cell) rimCopies_[cell] = copiesIn(masks_.cellMask(cell));
  copiesLeft_ = matching_->allCopies();
  emptyCells_ = cells_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells_) - 1;
  cellCopies_.assign(cells_, 0);
  matchCells_.reserve(cells_);
  matchOptions_.reserve(cells_);
}

// All copies of the types of the orientations in `set`, as bits (matching_ is only used
// with at most 64 copies).
template <int kWords>
inline std::uint64_t EdgeMatchingSearch<kWords>::copiesIn(const Word* set) const {
  std::uint64_t copies = 0;
  for (std::size_t w = 0; w < words(); ++w)
    for (Word bits = set[w]; bits; bits &= bits - 1)
      copies |= copyBits_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
  return copies;
}

// Hall's condition (copy_matching.hpp) over the empty cells: the scanned ones with their
// candidates of this node, the others with whatever the rim lets them take.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::copiesFit() {
  if (!matching_) return true;
  matchCells_.clear();
  matchOptions_.clear();
  for (std::uint64_t empty = emptyCells_; empty; empty &= empty - 1) {
    const int cell = std::countr_zero(empty);
    matchCells_.push_back(cell);
    matchOptions_.push_back((scanned_[cell] ? cellCopies_[cell] : rimCopies_[cell]) & copiesLeft_);
  }
  return matching_->feasible(matchCells_, matchOptions_);
}

}  // namespace
}  // namespace pw
