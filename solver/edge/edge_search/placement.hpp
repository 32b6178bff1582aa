// Placing and removing a tile in the general edge-matching search: the neighbours' fitting
// orientations narrowed and restored, the frontier, copies and labels left, faces per row and
// column.
// Included only by edge/edge_search.cpp, which compiles the search as one unit: its loop
// inlines these members.
#pragma once

#include <algorithm>
#include <cstdint>

#include "edge/edge_search/search.hpp"

namespace pw {
namespace {

template <int kWords>
inline Word* EdgeMatchingSearch<kWords>::scratch() {
  if (scratch_.size() < words()) scratch_.resize(words());
  return scratch_.data();
}

// Narrows the fitting orientations of the empty neighbours to those that face o's edges,
// saving the old masks (four per placement, one per side) so that remove() can put them back.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::place(int cell, int o) {
  const int depth = placements_++;
  const EdgeLabels& edges = searched_.orientations[o].edges;
  for (int side = 0; side < 4; ++side) {
    const int next = neighbour_[4 * cell + side];
    if (next < 0) continue;
    ++placedNeighbours_[next];
    tieRank_[next] -= emptyWeight_ - placedWeight_;
    if (grid_[next] >= 0) continue;
    setFrontier(next, true);
    Word* fitting = fittingOf(next);
    Word* saved = saved_.data() + (4 * static_cast<std::size_t>(depth) + side) * words();
    const Word* facing = masks_.facingMask((side + 2) % 4, edges[side]);
    for (std::size_t w = 0; w < words(); ++w) {
      saved[w] = fitting[w];
      fitting[w] &= facing[w];
    }
  }
  grid_[cell] = o;
  setFrontier(cell, false);
  if (!slot_.empty()) std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cell), 4, kNoFilter);
  balance_.place(cell, o, grid_);
  const int type = searched_.orientations[o].type;
  if (matching_) {
    copiesLeft_ &= ~matching_->copy(type, left_[type] - 1);
    emptyCells_ &= ~(std::uint64_t{1} << cell);
  }
  if (--left_[type] == 0) {
    const Word* mask = masks_.typeMask(type);
    for (std::size_t w = 0; w < words(); ++w) available_[w] &= ~mask[w];
    countShown(type, -1);
  }
  markFace(cell, searched_.types[type].face, true);
}

template <int kWords>
inline void EdgeMatchingSearch<kWords>::remove(int cell, int o) {
  const int depth = --placements_;
  grid_[cell] = -1;
  if (placedNeighbours_[cell] > 0) setFrontier(cell, true);
  if (!slot_.empty()) std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cell), 4, kAvailable);
  for (int side = 0; side < 4; ++side) {
    const int next = neighbour_[4 * cell + side];
    if (next < 0) continue;
    --placedNeighbours_[next];
    tieRank_[next] += emptyWeight_ - placedWeight_;
    if (grid_[next] >= 0) continue;
    if (placedNeighbours_[next] == 0) setFrontier(next, false);
    const Word* saved = saved_.data() + (4 * static_cast<std::size_t>(depth) + side) * words();
    std::copy_n(saved, words(), fittingOf(next));
  }
  balance_.remove(cell, o, grid_);
  const int type = searched_.orientations[o].type;
  if (matching_) {
    copiesLeft_ |= matching_->copy(type, left_[type]);
    emptyCells_ |= std::uint64_t{1} << cell;
  }
  if (left_[type]++ == 0) {
    const Word* mask = masks_.typeMask(type);
    for (std::size_t w = 0; w < words(); ++w) available_[w] |= mask[w];
    countShown(type, +1);
  }
  markFace(cell, searched_.types[type].face, false);
}

// frontier_: the empty cells next to a placed tile, as bits.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::setFrontier(int cell, bool on) {
  const Word bit = Word{1} << (cell % 64);
  Word& word = frontier_[static_cast<std::size_t>(cell / 64)];
  word = on ? word | bit : word & ~bit;
}

// Counts the labels the type's orientations show in or out of availableLabels_.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::countShown(int type, int delta) {
  if (!filterByLabels_) return;
  for (int o = firstOrientation_[type]; o < firstOrientation_[type + 1]; ++o)
    for (int side = 0; side < 4; ++side) {
      const int label = searched_.orientations[o].edges[side];
      int& shown = availableShown_[static_cast<std::size_t>(side) * labels_ + label];
      shown += delta;
      if (shown == 0) availableLabels_[side] &= ~(Word{1} << label);
      else availableLabels_[side] |= Word{1} << label;
    }
}

// Bars (or frees) the face's orientations from the cell's row / column. Under the rule a
// face is in a row at most once, so freeing on removal undoes exactly what placing did.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::markFace(int cell, int face, bool used) {
  if (face < 0) return;
  const Word* mask = masks_.faceMask(face);
  const auto mark = [&](Word* faces) {
    for (std::size_t w = 0; w < words(); ++w) faces[w] = used ? faces[w] | mask[w] : faces[w] & ~mask[w];
  };
  if (distinctRow_) mark(rowFaces_.data() + static_cast<std::size_t>(cell / cols_) * words());
  if (distinctColumn_) mark(columnFaces_.data() + static_cast<std::size_t>(cell % cols_) * words());
}

}  // namespace
}  // namespace pw
