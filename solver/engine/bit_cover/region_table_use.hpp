// The bit-cover engine's use of the region table (region_counts.hpp): pieces left as a packed
// code, and the count of a state's completions looked up, or searched once for every set of
// pieces, per region left open.
// Included only by engine/bit_cover.cpp, which compiles the engine as one unit: the
// search loop inlines these members.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>

#include "engine/bit_cover/engine.hpp"

namespace pw {
namespace {

// The region table (region_counts.hpp) where it applies: every cell covered and every copy
// placed (a state's completions then use exactly its pieces left), the first-open-cell rule,
// and each type's copies a digit of a 64-bit code (BitCover::unit_). It answers states with
// at most regionPieces_ pieces left: half of all pieces, less one (measured on pentominoes
// 6x10: 5 of 12 best, 4 and 6 close behind), and at most kMaxRegionPieces, so that a region's
// search and list stay small whatever the puzzle.
template <int W>
inline void BitCover<W>::usePieceCodes(const BitCoverProblem& p) {
  int shift = 0;
  for (const auto& t : p.types) {
    const int digits = std::bit_width(static_cast<unsigned>(t.max));
    if (shift + digits > 64) return;
    unit_.push_back(std::uint64_t{1} << shift);
    digitMask_.push_back(((std::uint64_t{1} << digits) - 1) << shift);
    fullDigit_.push_back(static_cast<std::uint64_t>(t.max) << shift);
    leftCode_ += static_cast<std::uint64_t>(t.max) << shift;
    shift += digits;
  }
  regionPieces_ = std::min((piecesLeft_ - 1) / 2, kMaxRegionPieces);
  regionCounts_ = !fewestOptions_ && exactProblem(p) && regions_.enabled() && regionPieces_ > 0;
}

// How many ways the current state completes, from its region's list: empty when the region
// table gave up (then it is off for good and the search goes on as without it; so it is
// once it has cleared too often).
template <int W>
inline std::optional<std::uint64_t> BitCover<W>::completions() {
  const auto list = tilings(decided_);
  if (!list || regions_.clears() > kMaxRegionClears) regionCounts_ = false;
  if (!list) return std::nullopt;
  const auto at = std::lower_bound(list->begin(), list->end(), leftCode_,
                                   [](const RegionEntry& e, std::uint64_t pieces) { return e.pieces < pieces; });
  return at != list->end() && at->pieces == leftCode_ ? at->count : 0;
}

// The list of the region open under `decided`: for every set of pieces, in how many ways it
// tiles those cells exactly, whatever pieces the current state has left. Searched by the first
// open cell (every type's options there that fit and cut off no unfillable region, each
// a node), each option's type added to every set below it that has a copy of it to spare,
// then kept. Empty when a list grows past what the table could keep.
template <int W>
inline auto BitCover<W>::tilings(const Bits<W>& decided) -> std::optional<std::span<const RegionEntry>> {
  static constexpr RegionEntry kFilled{0, 1};  // the full board: the empty set, one way
  if (decided == all_) return std::span<const RegionEntry>(&kFilled, 1);
  const Bits<W> region = leastImage(decided);
  if (const auto kept = regions_.find(region)) return kept;
  const int cell = decided.firstMissing(all_);
  const std::size_t list = (static_cast<std::size_t>(cell) << window_) + bitsAfter(decided, cell, window_);
  const std::size_t base = scratch_.size();
  for (int i = windowBegin_[list]; i < windowBegin_[list + 1]; ++i) {
    const Live& l = windowed_[static_cast<std::size_t>(i)];
    if (l.mask.meets(decided) || !leavesFillable(decided, options_[static_cast<std::size_t>(l.option)])) continue;
    ++nodes_;
    const auto below = tilings(decided | l.mask);
    if (!below || scratch_.size() - base + below->size() > regions_.maxEntries()) {
      scratch_.resize(base);
      return std::nullopt;
    }
    const auto t = static_cast<std::size_t>(l.type);
    for (const RegionEntry& e : *below)
      if ((e.pieces & digitMask_[t]) < fullDigit_[t]) scratch_.push_back({e.pieces + unit_[t], e.count});
  }
  const auto first = scratch_.begin() + static_cast<std::ptrdiff_t>(base);
  std::sort(first, scratch_.end(), [](const RegionEntry& a, const RegionEntry& b) { return a.pieces < b.pieces; });
  auto last = first;  // equal sets merged, in place
  for (auto e = first; e != scratch_.end(); ++e) {
    if (last != first && (last - 1)->pieces == e->pieces) (last - 1)->count += e->count;
    else *last++ = *e;
  }
  const auto kept = regions_.store(region, std::span<const RegionEntry>(scratch_.data() + base, static_cast<std::size_t>(last - first)));
  scratch_.resize(base);
  return kept;
}

}  // namespace
}  // namespace pw
