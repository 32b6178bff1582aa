// Reporting an arrangement the general edge-matching search found: its images under the seed's
// coset (symmetry_seed.hpp), each expanded into the puzzle's tiles (face_expansion.hpp), each
// marked when it is its class's representative.
// Included only by edge/edge_search.cpp, which compiles the search as one unit: its loop
// inlines these members.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "edge/edge_search/search.hpp"

namespace pw {
namespace {

// A complete arrangement stands for its images under the seed placement's coset elements
// (only itself without a seed), each expanded into every assignment of the puzzle's tiles.
template <int kWords>
inline const std::vector<int>& EdgeMatchingSearch<kWords>::reportedImages() const {
  return seeded() ? seed_.placements[frameTried_[0] - 1].images : identityOnly_;
}

template <int kWords>
inline void EdgeMatchingSearch<kWords>::startReport() {
  image_ = 0;
  startImage();
  reporting_ = true;
}

template <int kWords>
inline void EdgeMatchingSearch<kWords>::startImage() {
  const int g = reportedImages()[image_];
  const EdgeSymmetry& symmetry = group_[g];
  for (int c = 0; c < cells_; ++c) imageGrid_[symmetry.cellImage[c]] = searchedImages_[g][grid_[c]];
  expansion_.start(imageGrid_);
}

// Reports the pending solutions of the arrangement found, one budget step each; false
// when the sink paused or the budget ran out before the last one.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::report(const SolutionSink& sink, std::uint64_t& budget) {
  while (reporting_) {
    if (budget == 0) return false;
    --budget;
    const std::vector<int>& original = expansion_.grid(imageGrid_);
    const bool more = sink(solutionFromGrid(tiles_, original), isRepresentative(original));
    if (!expansion_.next()) {
      if (++image_ < static_cast<int>(reportedImages().size())) startImage();
      else reporting_ = false;
    }
    if (!more) return false;
  }
  return true;
}

// The grid of orientation numbers names a solution exactly (identical copies share a
// number), so the class's representative is its member with the smallest grid.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::isRepresentative(const std::vector<int>& grid) {
  for (std::size_t g = 1; g < group_.size(); ++g) {
    for (int c = 0; c < cells_; ++c) moved_[group_[g].cellImage[c]] = group_[g].orientationImage[grid[c]];
    if (std::lexicographical_compare(moved_.begin(), moved_.end(), grid.begin(), grid.end())) return false;
  }
  return true;
}

}  // namespace
}  // namespace pw
