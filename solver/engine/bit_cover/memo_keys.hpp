// What the bit-cover engine's memo (cover_memo.hpp) knows a state by: the decided cells (the
// least of their images under the problem's symmetries that hold) and the pieces left.
// Included only by engine/bit_cover.cpp, which compiles the engine as one unit: the
// search loop inlines these members.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/bit_cover/engine.hpp"

namespace pw {
namespace {

// Π (max + 1) over the types fits leftKey_'s 64 bits.
template <int W>
inline bool BitCover<W>::leftKeyFits(const std::vector<BitCoverProblem::Type>& types) {
  std::uint64_t product = 1;
  for (const auto& t : types)
    if (__builtin_mul_overflow(product, static_cast<std::uint64_t>(t.max) + 1, &product)) return false;
  return true;
}

// The memo's key of the current state: the least of the decided cells' images.
template <int W>
inline typename CoverMemo<W>::Key BitCover<W>::key() const { return {leastImage(decided_), leftKey_}; }

// The least of `decided` and its images under memoImages_: what the memo and the region
// table know a state by.
template <int W>
inline Bits<W> BitCover<W>::leastImage(const Bits<W>& decided) const {
  Bits<W> least = decided;
  for (const CellPermutation<W>& image : memoImages_) least = std::min(least, image(decided));
  return least;
}

// memoImages_: the problem's memo symmetries that hold (BitCoverProblem::memoSymmetries),
// in search order.
template <int W>
inline void BitCover<W>::keepMemoSymmetries(const BitCoverProblem& p) {
  std::vector<std::pair<int, Bits<W>>> kinds;  // every option but the root type's, by type and cells
  for (int k = 0; k < rootBegin_; ++k) kinds.emplace_back(options_[k].type, options_[k].mask);
  std::sort(kinds.begin(), kinds.end());
  for (const std::vector<int>& cellImage : p.memoSymmetries) {
    if (static_cast<int>(cellImage.size()) != p.cellCount) continue;
    std::vector<int> bitImage(static_cast<std::size_t>(p.cellCount));
    bool holds = true;
    for (int c = 0; c < p.cellCount && holds; ++c) {
      const int to = cellImage[static_cast<std::size_t>(c)];
      holds = to >= 0 && to < p.cellCount && p.optional[static_cast<std::size_t>(to)] == p.optional[static_cast<std::size_t>(c)];
      if (holds) bitImage[static_cast<std::size_t>(p.order[c])] = p.order[to];
    }
    if (!holds) continue;
    const CellPermutation<W> image(bitImage);
    for (int k = 0; k < rootBegin_ && holds; ++k)
      holds = std::binary_search(kinds.begin(), kinds.end(), std::pair{options_[k].type, image(options_[k].mask)});
    if (holds) memoImages_.push_back(image);
  }
}

}  // namespace
}  // namespace pw
