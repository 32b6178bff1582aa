// The general edge-matching search's candidates: the orientations an empty cell may take now
// (fitting its placed neighbours, types with copies left, faces free in its row and column),
// narrowed so that every empty neighbour can still show a label that faces them.
// Included only by edge/edge_search.cpp, which compiles the search as one unit: its loop
// inlines these members.
#pragma once

#include <algorithm>
#include <cstdint>

#include "edge/edge_search/search.hpp"

namespace pw {
namespace {

// labelBits_[4 * o + side]: o's label on that side as a bit. facingAny_: for each side and
// set of labels, the orientations whose edge on that side faces one of them.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::compileLabelMasks() {
  const std::size_t count = searched_.orientations.size();
  labelBits_.resize(4 * count);
  for (std::size_t o = 0; o < count; ++o)
    for (int side = 0; side < 4; ++side)
      labelBits_[4 * o + side] = Word{1} << searched_.orientations[o].edges[side];
  firstOrientation_.assign(searched_.types.size() + 1, 0);
  for (const TileOrientation& orientation : searched_.orientations) ++firstOrientation_[orientation.type + 1];
  for (std::size_t t = 0; t < searched_.types.size(); ++t) firstOrientation_[t + 1] += firstOrientation_[t];
  availableShown_.assign(4 * static_cast<std::size_t>(labels_), 0);
  for (std::size_t t = 0; t < searched_.types.size(); ++t) countShown(static_cast<int>(t), +1);
  if (labels_ > 8) return;  // then the masks are ORed label by label
  facingAny_.assign(4 * std::size_t{kSlots} * words(), 0);
  for (int side = 0; side < 4; ++side) std::fill_n(facingAnyMask(side, kNoFilter), words(), ~Word{0});
  // Each cell side's slot in the table: placed cells (and the off-board stand-in, cell
  // cells_) filter nothing, empty cells show what the orientations left show until a scan
  // computes their own labels.
  slot_.assign(4 * (static_cast<std::size_t>(cells_) + 1), kAvailable);
  std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cells_), 4, kNoFilter);
  slotNeighbour_.resize(4 * static_cast<std::size_t>(cells_));
  for (std::size_t i = 0; i < slotNeighbour_.size(); ++i) slotNeighbour_[i] = neighbour_[i] < 0 ? cells_ : neighbour_[i];
  for (int side = 0; side < 4; ++side)
    for (int set = 1; set < 256; ++set) {
      Word* out = facingAnyMask(side, set);
      for (int label = 0; label < labels_; ++label) {
        if (!(set >> label & 1)) continue;
        const Word* facing = masks_.facingMask(side, label);
        for (std::size_t w = 0; w < words(); ++w) out[w] |= facing[w];
      }
    }
}

template <int kWords>
inline Word* EdgeMatchingSearch<kWords>::facingAnyMask(int side, int set) {
  return facingAny_.data() + (static_cast<std::size_t>(side) * kSlots + set) * words();
}

// The labels the orientations of `set` show on each side, as bits.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::labelsOf(const Word* set, Word* out) const {
  Word top = 0, right = 0, bottom = 0, left = 0;
  for (std::size_t w = 0; w < words(); ++w)
    for (Word bits = set[w]; bits; bits &= bits - 1) {
      const Word* b = labelBits_.data() + 4 * (w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      top |= b[0];
      right |= b[1];
      bottom |= b[2];
      left |= b[3];
    }
  out[Top] = top;
  out[Right] = right;
  out[Bottom] = bottom;
  out[Left] = left;
}

// The orientations that may go on an empty cell now, into `out`; false when none.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::candidates(int cell, Word* out) const {
  const Word* fitting = fitting_.data() + static_cast<std::size_t>(cell) * words();
  Word any = 0;
  if (distinctRow_ || distinctColumn_) {
    const Word* rowFaces = rowFaces_.data() + static_cast<std::size_t>(cell / cols_) * words();
    const Word* columnFaces = columnFaces_.data() + static_cast<std::size_t>(cell % cols_) * words();
    for (std::size_t w = 0; w < words(); ++w) {
      out[w] = available_[w] & fitting[w] & ~rowFaces[w] & ~columnFaces[w];
      any |= out[w];
    }
  } else {
    for (std::size_t w = 0; w < words(); ++w) {
      out[w] = available_[w] & fitting[w];
      any |= out[w];
    }
  }
  return any != 0;
}

}  // namespace
}  // namespace pw
