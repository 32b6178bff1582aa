// The memo of the bitset cover engine (DXZ-style memoized exact cover): how many ways the
// rest of a search can complete, keyed by what is still open. In a packing search the rest
// depends only on the decided cells and on the copies each piece type has left, whatever
// placements led there, and many paths meet the same state (two pentominoes swapped in a
// 2×5 box above the same frontier). A count of zero prunes any later visit; a nonzero count
// lets a count skip the subtree.
//
// The table is bounded: 4-way set-associative buckets, grown by doubling while more than
// half full and the next size fits the budget; once it cannot grow, a new entry replaces
// the one of its bucket that cost the fewest nodes to compute (to 4 bits: the bit width of
// its node count). Evicted states are simply searched again, so a puzzle that outgrows the
// budget still counts right, only slower.
//
// Most lookups miss, and reading a bucket mostly misses every cache: a word per bucket holds
// a 12-bit tag and that 4-bit cost of each way (1/17 of the room), so that most misses are
// answered, and most stores placed, from a table small enough to stay cached. Pentominoes
// 6x10: 421K lookups, 16K past the tags, nearly all found; the tags took it from 0.085 to 0.081 s,
// the stores that do not read their bucket another 1.5% (the pentacube proxy box 2.5%).
#pragma once

#include <algorithm>
#include <bit>
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
    if (!holdsTag(tags_[at] & kTagBits, tagOf(h))) return std::nullopt;
    const Bucket& b = buckets_[at];
    for (const Entry& e : b.ways)
      if (e.work != 0 && e.key == key) return e.count;
    return std::nullopt;
  }

  // Starts loading the tag word of `key`'s bucket, for a find() a little later.
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

  // A store only writes: the way it takes is chosen from the bucket's lanes in tags_ (an
  // empty way, else the cheapest), so that it does not wait for the bucket to come from
  // memory. Only a key whose tag is there already reads the bucket, to replace its own entry.
  void insert(const Entry& e) {
    const std::uint64_t h = hashOf(e.key);
    const std::size_t at = h & (buckets_.size() - 1);
    const std::uint64_t lanes = tags_[at], tag = tagOf(h);
    const auto lane = [&](std::size_t way) { return lanes >> (16 * way) & 0xFFFF; };
    std::size_t victim = kWays;
    if (holdsTag(lanes & kTagBits, tag))
      for (std::size_t way = 0; way < kWays && victim == kWays; ++way)
        if (lane(way) != 0 && buckets_[at].ways[way].key == e.key) victim = way;
    if (victim == kWays) {
      std::uint64_t cheapest = UINT64_MAX;
      for (std::size_t way = 0; way < kWays; ++way) {
        const std::uint64_t cost = lane(way) == 0 ? 0 : (lane(way) & 0xF) + 1;
        if (cost < cheapest) {
          cheapest = cost;
          victim = way;
        }
      }
      if (cheapest == 0) ++used_;
    }
    buckets_[at].ways[victim] = e;
    const unsigned shift = 16 * static_cast<unsigned>(victim);
    const std::uint64_t cost = std::min<std::uint64_t>(static_cast<std::uint64_t>(std::bit_width(e.work)), 15);
    tags_[at] = (lanes & ~(std::uint64_t{0xFFFF} << shift)) | (tag | cost) << shift;
  }

  // A way's lane in tags_: a 12-bit tag of its key (hash bits other than the bucket's, never
  // 0) over 4 bits of what it cost (the bit width of its work, at most 15); 0 when empty.
  static constexpr std::uint64_t kTagBits = 0xFFF0FFF0FFF0FFF0ull;
  static std::uint64_t tagOf(std::uint64_t hash) { return ((hash >> 52) | 1) << 4; }
  // Whether one of the four 16-bit lanes of `lanes` is `tag` (a zero lane of their XOR).
  static bool holdsTag(std::uint64_t lanes, std::uint64_t tag) {
    constexpr std::uint64_t kLow = 0x0001000100010001ull, kHigh = 0x8000800080008000ull;
    const std::uint64_t x = lanes ^ (tag * kLow);
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
  std::vector<std::uint64_t> tags_;  // per bucket: its ways' lanes (tag and cost, see tagOf), 16 bits each
  std::size_t used_ = 0;
};

}  // namespace pw
