// The memo of the bitset cover engine (DXZ-style memoized exact cover): how many ways the
// rest of a search can complete, keyed by what is still open. In a packing search the rest
// depends only on the decided cells and on the copies each piece type has left, whatever
// placements led there, and many paths meet the same state (two pentominoes swapped in a
// 2×5 box above the same frontier). A count of zero prunes any later visit; a nonzero count
// lets a count skip the subtree.
//
// The table is bounded: 4-way set-associative buckets, grown by doubling while more than
// half full and the next size fits the budget; once it cannot grow, a new entry replaces
// the one of its bucket that cost the fewest nodes to compute. Evicted states are simply
// searched again, so a puzzle that outgrows the budget still counts right, only slower.
//
// Most lookups miss, and reading a bucket mostly misses every cache: a word per bucket holds
// a 16-bit tag of each way's key (1/17 of the room), so that most misses are answered from a
// table small enough to stay cached. Pentominoes 6x10: 421K lookups, 33K past the tags, 16K
// found (0.085 -> 0.081 s).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "lattice/cell_bits.hpp"

namespace pw {

template <int W>
class CoverMemo {
 public:
  struct Key {
    CellBits<W> decided;  // cells covered or left empty
    std::uint64_t left;   // copies left per type, in mixed radix (BitCover::leftKey_)
    friend bool operator==(const Key&, const Key&) = default;
  };

  // `budgetBytes` bounds the table; below one bucket the memo stays off.
  explicit CoverMemo(std::size_t budgetBytes) : budget_(budgetBytes) {}

  bool enabled() const { return budget_ >= kStartBuckets * kBucketBytes; }

  std::optional<std::uint64_t> find(const Key& key) const {
    if (buckets_.empty()) return std::nullopt;
    const std::uint64_t h = hashOf(key);
    const std::size_t at = h & (buckets_.size() - 1);
    if (!holdsTag(tags_[at], tagOf(h))) return std::nullopt;
    const Bucket& b = buckets_[at];
    for (const Entry& e : b.ways)
      if (e.work != 0 && e.key == key) return e.count;
    return std::nullopt;
  }

  // Starts loading the filter word of `key`, for a find() a little later.
  void prefetch(const Key& key) const {
    if (buckets_.empty()) return;
    const std::uint64_t h = hashOf(key);
    __builtin_prefetch(&tags_[h & (buckets_.size() - 1)]);
  }

  // `work`: the nodes the count cost; what eviction keeps.
  void store(const Key& key, std::uint64_t count, std::uint64_t work) {
    if (!enabled()) return;
    if (buckets_.empty()) {
      buckets_.assign(kStartBuckets, Bucket{});
      tags_.assign(kStartBuckets, 0);
    }
    if (used_ * 2 > buckets_.size() * kWays) grow();
    const auto w = static_cast<std::uint32_t>(std::clamp<std::uint64_t>(work, 1, UINT32_MAX));
    insert({key, count, w});
  }

  std::size_t entries() const { return used_; }
  std::size_t bytes() const { return buckets_.size() * kBucketBytes; }

 private:
  static constexpr std::size_t kWays = 4;  // a bucket's tags fill one word
  static constexpr std::size_t kStartBuckets = 512;
  struct Entry {
    Key key{};
    std::uint64_t count = 0;
    std::uint32_t work = 0;  // 0: the way is empty
  };
  struct Bucket {
    Entry ways[kWays];
  };
  static constexpr std::size_t kBucketBytes = sizeof(Bucket) + sizeof(std::uint64_t);  // with its tags

  static std::uint64_t hashOf(const Key& key) {
    std::uint64_t h = key.left * 0x9E3779B97F4A7C15ull;
    for (std::uint64_t w : key.decided.word) h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
  }

  void insert(const Entry& e) {
    const std::uint64_t h = hashOf(e.key);
    const std::size_t at = h & (buckets_.size() - 1);
    Bucket& b = buckets_[at];
    std::size_t victim = 0;
    for (std::size_t way = 0; way < kWays; ++way) {
      if (b.ways[way].work != 0 && b.ways[way].key == e.key) {
        b.ways[way] = e;
        return;
      }
      if (b.ways[way].work < b.ways[victim].work) victim = way;
    }
    if (b.ways[victim].work == 0) ++used_;
    b.ways[victim] = e;
    const unsigned shift = 16 * static_cast<unsigned>(victim);
    tags_[at] = (tags_[at] & ~(std::uint64_t{0xFFFF} << shift)) | tagOf(h) << shift;
  }

  // A key's tag: 16 bits of its hash other than the bucket's, never 0 (an empty way's).
  static std::uint64_t tagOf(std::uint64_t hash) { return (hash >> 48) | 1; }
  // Whether one of the four 16-bit tags in `tags` is `tag` (a zero lane of their XOR).
  static bool holdsTag(std::uint64_t tags, std::uint64_t tag) {
    constexpr std::uint64_t kLow = 0x0001000100010001ull, kHigh = 0x8000800080008000ull;
    const std::uint64_t x = tags ^ (tag * kLow);
    return ((x - kLow) & ~x & kHigh) != 0;
  }

  // Doubles the table if the old and new tables fit the budget together (both live while
  // entries move over).
  void grow() {
    const std::size_t next = buckets_.size() * 2;
    if ((next + buckets_.size()) * kBucketBytes > budget_) return;
    std::vector<Bucket> old(next);
    old.swap(buckets_);
    tags_.assign(next, 0);
    used_ = 0;
    for (const Bucket& b : old)
      for (const Entry& e : b.ways)
        if (e.work != 0) insert(e);
  }

  std::size_t budget_;
  std::vector<Bucket> buckets_;
  std::vector<std::uint64_t> tags_;  // per bucket: its ways' tags (tagOf), 16 bits each
  std::size_t used_ = 0;
};

}  // namespace pw
