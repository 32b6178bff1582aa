// The bit-cover engine's option lists: options in search order, the first-open-cell lists
// (one per cell and pattern of the cells after it), which options of a list fit, and the
// hash that tells which option a bare mask is (for the fewest-options rule).
// Included only by engine/bit_cover.cpp, which compiles the engine as one unit: the
// search loop inlines these members.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/bit_cover/engine.hpp"

namespace pw {
namespace {

// The first-open-cell lists: per cell and per pattern of the window_ cells after it (which
// are decided), the options whose first cell it is that miss all those decided, in
// options_ order. A node scans only its pattern's list (pentominoes 6x10: 108K copies,
// 0.084 -> 0.075 s; a window of 4 or 6 cells gains less, 10 loses). The window shrinks
// until the copies fit kMaxWindowed; the root type's options follow, as the root's list.
template <int W>
inline void BitCover<W>::buildWindows(int cellCount) {
  int window = fewestOptions_ ? 0 : kMaxWindow;
  std::size_t copies = static_cast<std::size_t>(rootBegin_);
  for (; window > 0; --window) {
    copies = 0;
    for (int k = 0; k < rootBegin_; ++k)
      copies += std::size_t{1} << (window - std::popcount(bitsAfter(options_[k].mask, options_[k].first, window)));
    if (copies <= kMaxWindowed) break;
    copies = static_cast<std::size_t>(rootBegin_);
  }
  window_ = window;
  // Each option goes into the list of every pattern that misses its own cells there (the
  // subsets of the cells it leaves open): lists sized first, then filled in options_ order.
  // Walking those subsets rather than testing every option against every pattern keeps the
  // setup, which a user waits for too, small (pentominoes 6x10: 2.1 -> about 1.1 ms of 43).
  const std::size_t patterns = std::size_t{1} << window;
  const auto forEachList = [&](int k, auto&& visit) {
    const Option& o = options_[static_cast<std::size_t>(k)];
    const std::size_t open = ~bitsAfter(o.mask, o.first, window) & (patterns - 1);
    const std::size_t base = static_cast<std::size_t>(o.first) << window;
    for (std::size_t sub = open;; sub = (sub - 1) & open) {
      visit(base + sub);
      if (sub == 0) break;
    }
  };
  windowBegin_.assign(static_cast<std::size_t>(cellCount) * patterns + 1, 0);
  for (int k = 0; k < rootBegin_; ++k) forEachList(k, [&](std::size_t list) { ++windowBegin_[list + 1]; });
  for (std::size_t list = 1; list < windowBegin_.size(); ++list) windowBegin_[list] += windowBegin_[list - 1];
  windowed_.reserve(copies + (options_.size() - static_cast<std::size_t>(rootBegin_)));
  windowed_.resize(copies);
  std::vector<int> next(windowBegin_.begin(), windowBegin_.end() - 1);
  for (int k = 0; k < rootBegin_; ++k)
    forEachList(k, [&](std::size_t list) { windowed_[static_cast<std::size_t>(next[list]++)] = {options_[k].mask, k, options_[k].type}; });
  rootWindow_ = static_cast<int>(windowed_.size());
  for (int k = rootBegin_; k < static_cast<int>(options_.size()); ++k) windowed_.push_back({options_[k].mask, k, options_[k].type});
}

// The fewest-options rule's first list: every option but the root type's, in one segment
// per type with copies to place (options_ order within it: by first cell), padded; and a
// table to tell which option a live mask of a type is (optionOf).
template <int W>
inline void BitCover<W>::buildFirstList() {
  std::vector<std::vector<int>> ofType(remaining_.size());
  for (int k = 0; k < rootBegin_; ++k) ofType[static_cast<std::size_t>(options_[k].type)].push_back(k);
  for (std::size_t t = 0; t < remaining_.size(); ++t) {
    if (remaining_[t] == 0) continue;
    // A type without options still gets its (empty) segment: the first filter ends there.
    firstSegments_.push_back({static_cast<int>(t), static_cast<int>(ofType[t].size())});
    for (int k : ofType[t]) firstMasks_.push_back(options_[static_cast<std::size_t>(k)].mask);
  }
  firstMasks_.resize(firstMasks_.size() + kPad);
  optionSlots_.assign(std::bit_ceil(2 * static_cast<std::size_t>(rootBegin_) + 2), OptionSlot{});
  for (int k = 0; k < rootBegin_; ++k) {
    const Option& o = options_[static_cast<std::size_t>(k)];
    std::size_t at = slotOf(o.type, o.mask);
    for (; optionSlots_[at].option >= 0; at = (at + 1) & (optionSlots_.size() - 1))
      if (optionSlots_[at].type == o.type && optionSlots_[at].mask == o.mask) fewestOptions_ = false;  // a placement listed twice (never seen): play safe
    optionSlots_[at] = {o.mask, o.type, k};
  }
}

template <int W>
inline std::size_t BitCover<W>::slotOf(int type, const Bits<W>& mask) const {
  std::uint64_t h = static_cast<std::uint64_t>(type) * 0x9E3779B97F4A7C15ull;
  for (std::uint64_t w : mask.word) h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
  return static_cast<std::size_t>(h ^ (h >> 29)) & (optionSlots_.size() - 1);
}

// The option of `type` whose cells are `mask` (one of them: buildFirstList()). Open
// addressing, at most half full; measured against a binary search per type (10% of the
// time went there) and buckets of four compared at once (2% slower).
template <int W>
inline int BitCover<W>::optionOf(int type, const Bits<W>& mask) const {
  for (std::size_t at = slotOf(type, mask);; at = (at + 1) & (optionSlots_.size() - 1)) {
    const OptionSlot& slot = optionSlots_[at];
    if (slot.mask == mask && slot.type == type) return slot.option;
  }
}

// The `count` cells after `cell` in search order, as the low bits of a number: decided
// ones set.
template <int W>
inline std::size_t BitCover<W>::bitsAfter(const Bits<W>& bits, int cell, int count) {
  if (count == 0) return 0;
  const int at = cell + 1;
  const int word = at >> 6, shift = at & 63;
  std::uint64_t low = word < W ? bits.word[word] >> shift : 0;
  if (shift != 0 && word + 1 < W) low |= bits.word[word + 1] << (64 - shift);
  return static_cast<std::size_t>(low & ((std::uint64_t{1} << count) - 1));
}

// The branches of the first-open-cell rule at f.bit: its list for the pattern of the
// window_ cells after it (buildWindows).
template <int W>
inline void BitCover<W>::openList(Frame& f) const {
  const std::size_t list = (static_cast<std::size_t>(f.bit) << window_) + bitsAfter(decided_, f.bit, window_);
  f.begin = windowBegin_[list];
  f.end = windowBegin_[list + 1];
}

// f.fits: bit i for windowed_[f.next + i] (i < 64, within the frame's list) when that
// option fits (a copy left, its cells open); the region test is left to the caller.
template <int W>
inline void BitCover<W>::markFits(Frame& f) const {
  f.fitsFrom = f.next;
  const int count = std::min(64, f.end - f.next);
  const Live* list = windowed_.data() + f.next;
  const Bits<W> decided = decided_;
  std::uint64_t fits = 0;
  for (int i = 0; i < count; ++i)
    fits |= (static_cast<std::uint64_t>(!list[i].mask.meets(decided)) & static_cast<std::uint64_t>(remaining_[list[i].type] > 0))
            << i;
  f.fits = fits;
}

template <int W>
inline std::vector<Bits<W>> BitCover<W>::inSearchOrder(const BitCoverProblem& p) {
  std::vector<Bits<W>> neighbours(static_cast<std::size_t>(p.cellCount));
  for (int c = 0; c < p.cellCount; ++c)
    for (int n : p.neighbours[c]) neighbours[static_cast<std::size_t>(p.order[c])].set(p.order[n]);
  return neighbours;
}

}  // namespace
}  // namespace pw
