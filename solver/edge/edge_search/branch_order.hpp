// The general edge-matching search's branch order: the empty cell with the fewest candidates
// (ties broken by empty and placed neighbours, then centrality), or a tile with fewer places
// than that cell has candidates; and the frame that branches on it.
// Included only by edge/edge_search.cpp, which compiles the search as one unit: its loop
// inlines these members.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "edge/edge_search/search.hpp"

namespace pw {
namespace {

// Chooses the next cell and pushes its frame; false (nothing pushed) when some empty cell
// has no candidate. Cells next to placed tiles are the constrained ones, and so are the
// rim's when the puzzle has a border (on MacMahon's squares, checking those too cuts the
// nodes 4-fold); at the root, before anything is placed, every cell competes.
// Among cells with equally few candidates the one with the most empty neighbours wins (its
// tile narrows the most cells next), then the one with the most placed neighbours, then the
// most central one (at the root, every cell open, that starts in the middle, not a corner):
// on tropical-fish-any less than half the nodes of reading order.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::pushFrame() {
  for (const int cell : scannedList_) {
    scanned_[cell] = 0;
    if (!slot_.empty() && grid_[cell] < 0) std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cell), 4, kAvailable);
  }
  scannedList_.clear();
  if (depth_ == 0) {
    for (int cell = 0; cell < cells_; ++cell)
      if (grid_[cell] < 0) scannedList_.push_back(cell);
  } else {
    for (std::size_t w = 0; w < frontier_.size(); ++w)
      for (Word bits = frontier_[w]; bits; bits &= bits - 1)
        scannedList_.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
    for (const int cell : bordered_)
      if (grid_[cell] < 0 && placedNeighbours_[cell] == 0) scannedList_.push_back(cell);
  }
  for (const int cell : scannedList_) {
    scanned_[cell] = 1;
    if (!candidates(cell, cellCandidates(cell))) return false;
  }
  fewestPlaces_ = (cells_ - placements_ - static_cast<long long>(scannedList_.size())) * fewestOrientations_;
  if (filterByLabels_) {
    // The labels each scanned cell can show; an empty cell that is not scanned can show
    // whatever the orientations left show (a superset of its candidates'), kept in
    // availableLabels_.
    // Most cells' candidates are as they were at the last node, so their labels are kept
    // with the set they came from and only recomputed when it differs.
    for (const int cell : scannedList_) {
      const Word* set = cellCandidates(cell);
      Word* labelled = labelledSet_.data() + static_cast<std::size_t>(cell) * words();
      if (labelledValid_[cell] && std::equal(set, set + words(), labelled)) continue;
      std::copy_n(set, words(), labelled);
      labelledValid_[cell] = 1;
      labelsOf(set, cellLabels_.data() + 4 * cell);
    }
  }
  int best = -1, bestCount = 0;
  if (!facingAny_.empty()) {
    for (int side = 0; side < 4; ++side)
      std::copy_n(facingAnyMask(side, static_cast<int>(availableLabels_[(side + 2) % 4])), words(),
                  facingAnyMask(side, kAvailable));
    for (const int cell : scannedList_) {
      const Word* labels = cellLabels_.data() + 4 * cell;
      for (int side = 0; side < 4; ++side) slot_[4 * cell + side] = static_cast<int>(labels[side]);
    }
    for (const int cell : scannedList_) {
      const Word* set = cellCandidates(cell);
      const int* next = slotNeighbour_.data() + 4 * cell;
      const Word* top = facingAnyMask(Top, slot_[4 * next[Top] + Bottom]);
      const Word* right = facingAnyMask(Right, slot_[4 * next[Right] + Left]);
      const Word* bottom = facingAnyMask(Bottom, slot_[4 * next[Bottom] + Top]);
      const Word* left = facingAnyMask(Left, slot_[4 * next[Left] + Right]);
      int count = 0;
      for (std::size_t w = 0; w < words(); ++w) {
        filtered_[w] = set[w] & top[w] & right[w] & bottom[w] & left[w];
        count += std::popcount(filtered_[w]);
      }
      if (count == 0) return false;
      if (matching_) cellCopies_[cell] = copiesIn(filtered_.data());
      if (best < 0 || count < bestCount || (count == bestCount && tieRank_[cell] > tieRank_[best])) {
        best = cell;
        bestCount = count;
        std::copy_n(filtered_.data(), words(), best_.data());
      }
      if (mayTakeTile(bestCount)) keepCandidates(cell, filtered_.data());
    }
    if (!copiesFit()) return false;
    return mayTakeTile(bestCount) ? pushBest(best, bestCount) : pushChosen(best, bestCount);
  }
  for (const int cell : scannedList_) {
    const Word* set = cellCandidates(cell);
    if (filterByLabels_) {
      std::copy_n(set, words(), filtered_.data());
      for (int side = 0; side < 4; ++side) {
        const int next = neighbour_[4 * cell + side];
        if (next < 0 || grid_[next] >= 0) continue;
        const int facing = (side + 2) % 4;
        Word shown = scanned_[next] ? cellLabels_[4 * next + facing] : availableLabels_[facing];
        // Orientations whose edge on `side` faces one of the labels shown.
        if (!facingAny_.empty()) {
          const Word* mask = facingAnyMask(side, static_cast<int>(shown));
          for (std::size_t w = 0; w < words(); ++w) filtered_[w] &= mask[w];
        } else {
          Word* any = scratch();
          std::fill(any, any + words(), 0);
          for (; shown; shown &= shown - 1) {
            const Word* mask = masks_.facingMask(side, std::countr_zero(shown));
            for (std::size_t w = 0; w < words(); ++w) any[w] |= mask[w];
          }
          for (std::size_t w = 0; w < words(); ++w) filtered_[w] &= any[w];
        }
      }
      set = filtered_.data();
    }
    int count = 0;
    for (std::size_t w = 0; w < words(); ++w) count += std::popcount(set[w]);
    if (count == 0) return false;
    if (matching_) cellCopies_[cell] = copiesIn(set);
    if (best < 0 || count < bestCount || (count == bestCount && tieRank_[cell] > tieRank_[best])) {
      best = cell;
      bestCount = count;
      std::copy_n(set, words(), best_.data());
    }
    if (mayTakeTile(bestCount)) keepCandidates(cell, set);
  }
  if (!copiesFit()) return false;
  return mayTakeTile(bestCount) ? pushBest(best, bestCount) : pushChosen(best, bestCount);
}

// Pushes the frame of the cell chosen, unless the job cuts the tree here. A job's first
// branches at this level are skipped (taken out, counted as tried).
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::pushChosen(int best, int bestCount) {
  if (scope_.cut(depth_)) return false;
  Word* candidates = candidatesOf(depth_);
  std::copy_n(best_.data(), words(), candidates);
  frameListEnd_[depth_] = listStart(depth_);
  frameCell_[depth_] = best;
  frameBranches_[depth_] = bestCount;
  frameTried_[depth_] = 0;
  framePlaced_[depth_] = -1;
  for (int skip = scope_.first(depth_); frameTried_[depth_] < skip && takeFirst(candidates) >= 0;) ++frameTried_[depth_];
  ++depth_;
  return true;
}

// The rule of pushBest(): a tile with `places` is taken rather than a cell with `bestCount`
// candidates when places <= bestCount * (orientations / types).
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::tileTighter(long long places, int bestCount) const {
  return places * typeCount_ <= bestCount * orientationCount_;
}

// Counts the scanned cells' candidates as places of their types.
template <int kWords>
inline void EdgeMatchingSearch<kWords>::countPlaces() {
  std::fill(typePlaces_.begin(), typePlaces_.end(), 0);
  for (const int cell : scannedList_) {
    const Word* set = filteredOf(cell);
    for (std::size_t w = 0; w < words(); ++w)
      for (Word bits = set[w]; bits; bits &= bits - 1)
        ++typePlaces_[orientationType_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))]];
  }
}

// Every tile is placed somewhere (copies equal cells), so the search may branch on where a
// tile goes instead of on what a cell holds: once the board closes in, the tile with the
// fewest places is often the tighter choice. A tile's places are its candidates on the
// scanned cells plus every orientation on each empty cell not scanned (no placed
// neighbour, no rim rule there: anything fits). A cell's candidates count orientations, a
// tile's places count cells times orientations, so the tile is taken while its places are
// at most the best cell's candidates times the mean orientations per tile (MacMahon 4x6:
// 26.1M -> 1.6M nodes; on tropical-fish-any, one orientation per tile, preferring tiles
// any further doubles the nodes). Only a type with one copy left is branched on: copies
// are interchangeable. A type with no place at all ends the branch. Called only when
// mayTakeTile(): while the empty cells not scanned give every tile too many places (on
// open boards, most nodes), nothing is counted.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::pushBest(int best, int bestCount) {
  const int unscanned = cells_ - placements_ - static_cast<int>(scannedList_.size());
  countPlaces();
  int tile = -1, tileCount = 0;
  for (std::size_t t = 0; t < typePlaces_.size(); ++t) {
    if (left_[t] == 0) continue;
    const int places = typePlaces_[t] + unscanned * typeOrientations_[t];
    if (places == 0) return false;
    if (left_[t] == 1 && (tile < 0 ? tileTighter(places, bestCount) : places < tileCount)) {
      tile = static_cast<int>(t);
      tileCount = places;
    }
  }
  return tile < 0 ? pushChosen(best, bestCount) : pushTile(tile);
}

// Pushes the frame of a tile's placements: on each empty cell in order, its orientations
// in increasing order. A job's first branches are skipped as in pushChosen().
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::pushTile(int type) {
  if (scope_.cut(depth_)) return false;
  const Word* mask = masks_.typeMask(type);
  const std::size_t start = listStart(depth_);
  const std::size_t room = static_cast<std::size_t>(cells_ - placements_) * typeOrientations_[type];
  if (frameList_.size() < start + room) frameList_.resize(start + room);
  Placement* list = frameList_.data() + start;
  int count = 0;
  Word* set = scratch();
  for (int cell = 0; cell < cells_; ++cell) {
    if (grid_[cell] >= 0) continue;
    if (scanned_[cell]) std::copy_n(filteredOf(cell), words(), set);
    else candidates(cell, set);
    for (std::size_t w = 0; w < words(); ++w)
      for (Word bits = set[w] & mask[w]; bits; bits &= bits - 1)
        list[count++] = {cell, static_cast<int>(w * 64) + std::countr_zero(bits)};
  }
  if (count == 0) return false;
  frameListEnd_[depth_] = start + static_cast<std::size_t>(count);
  frameBranches_[depth_] = count;
  frameTried_[depth_] = std::min(scope_.first(depth_), count);
  framePlaced_[depth_] = -1;
  ++depth_;
  return true;
}

}  // namespace
}  // namespace pw
