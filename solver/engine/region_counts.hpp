// The region table of the bitset cover engine: for a set of decided cells, in how many ways
// each set of pieces tiles exactly the cells left open. Deep in a search the memo's states
// (decided cells, pieces left) are mostly the same few open regions met with different pieces
// left (pentominoes 6x10, five pieces left: 2,721 regions among 73,212 states), and the memo
// searches each region again for every set of pieces. Kept per region, one search answers
// them all: a state's count is then one lookup of its pieces left in its region's list.
//
// A list holds (pieces, count) pairs sorted by pieces, each pieces a code of how many copies
// of each type (BitCover's packed digits), only the sets that tile the region. The table is
// bounded: a quarter of its budget for the slots, the rest for the lists, and a list that
// does not fit clears the table
// first (its regions are simply searched again, so a puzzle that outgrows it still counts
// right; the engine stops asking a table that keeps clearing). Open addressing, linear probing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "lattice/cell_bits.hpp"

namespace pw {

template <int W>
class RegionCounts {
 public:
  struct Entry {
    std::uint64_t pieces;  // copies of each type, as BitCover's packed digits
    std::uint64_t count;   // tilings of the region's open cells with exactly those pieces
  };

  // `budgetBytes` bounds the slots and the lists together; below a minimal table it stays off.
  explicit RegionCounts(std::size_t budgetBytes) : budget_(budgetBytes) {}

  bool enabled() const { return budget_ >= kMinBytes; }

  // The most entries one list may have: a longer one could never be kept.
  std::size_t maxEntries() const { return poolEntries() / 2; }

  // The list of the region of `cells` (decided cells), if kept; valid until the next store().
  std::optional<std::span<const Entry>> find(const CellBits<W>& cells) const {
    if (slots_.empty()) return std::nullopt;
    for (std::size_t at = hashOf(cells) & (slots_.size() - 1);; at = (at + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[at];
      if (s.size == kEmpty) return std::nullopt;
      if (s.cells == cells) return std::span<const Entry>(pool_.data() + s.begin, s.size);
    }
  }

  // Keeps `list` (at most maxEntries()) for the region of `cells`, which find() does not hold;
  // returns the kept copy, valid until the next store().
  std::span<const Entry> store(const CellBits<W>& cells, std::span<const Entry> list) {
    if (slots_.empty()) {
      slots_.assign(kStartSlots, Slot{});
      pool_.reserve(poolEntries());  // room only: pages come as lists do
    }
    if ((used_ + 1) * 2 > slots_.size() && !grow()) clear();
    if (pool_.size() + list.size() > poolEntries()) clear();
    const auto begin = static_cast<std::uint32_t>(pool_.size());
    pool_.insert(pool_.end(), list.begin(), list.end());
    std::size_t at = hashOf(cells) & (slots_.size() - 1);
    while (slots_[at].size != kEmpty) at = (at + 1) & (slots_.size() - 1);
    slots_[at] = Slot{cells, begin, static_cast<std::uint32_t>(list.size())};
    ++used_;
    return {pool_.data() + begin, list.size()};
  }

  std::size_t regions() const { return used_; }
  // How many times the table was full and cleared.
  std::size_t clears() const { return clears_; }
  std::size_t bytes() const { return slots_.size() * sizeof(Slot) + pool_.capacity() * sizeof(Entry); }

 private:
  static constexpr std::uint32_t kEmpty = UINT32_MAX;  // Slot::size of a free slot
  struct Slot {
    CellBits<W> cells{};
    std::uint32_t begin = 0;  // its list: pool_[begin, begin + size)
    std::uint32_t size = kEmpty;
  };
  static constexpr std::size_t kStartSlots = 1024;
  static constexpr std::size_t kMinBytes = kStartSlots * sizeof(Slot) * 4;
  // A quarter of the budget for the slots, the rest for the lists.
  std::size_t slotBytes() const { return budget_ / 4; }
  std::size_t poolEntries() const { return (budget_ - slotBytes()) / sizeof(Entry); }

  // The decided cells' low words are mostly all ones (everything before the first open cell):
  // every bit must reach the bucket bits, which a single multiply does not do.
  static std::size_t hashOf(const CellBits<W>& cells) {
    std::uint64_t h = 0;
    for (std::uint64_t w : cells.word) {
      h ^= w;
      h ^= h >> 31;
      h *= 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
      h *= 0xBF58476D1CE4E5B9ull;
    }
    return static_cast<std::size_t>(h ^ (h >> 32));
  }

  // Doubles the slots if they keep to their part of the budget; false if not.
  bool grow() {
    const std::size_t next = slots_.size() * 2;
    if (next * sizeof(Slot) > slotBytes()) return false;
    std::vector<Slot> old(next);
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.size == kEmpty) continue;
      std::size_t at = hashOf(s.cells) & (slots_.size() - 1);
      while (slots_[at].size != kEmpty) at = (at + 1) & (slots_.size() - 1);
      slots_[at] = s;
    }
    return true;
  }

  void clear() {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    pool_.clear();
    used_ = 0;
    ++clears_;
  }

  std::size_t budget_;
  std::vector<Slot> slots_;
  std::vector<Entry> pool_;  // every kept list, one after another
  std::size_t used_ = 0;
  std::size_t clears_ = 0;
};

}  // namespace pw
