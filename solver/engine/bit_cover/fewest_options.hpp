// The bit-cover engine's fewest-options rule: live option lists filtered from the parent's
// (with hole patterns), bit-sliced counts of the options covering each open cell, and the
// branches on the cell with the fewest. SSE2 and WebAssembly SIMD where they exist.
// Included only by engine/bit_cover.cpp, which compiles the engine as one unit: the
// search loop inlines these members.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "engine/bit_cover/engine.hpp"

namespace pw {
namespace {

// Where 128-bit SIMD exists (SSE2 on x86-64, the SIMD WebAssembly build) the fewest-options
// count adds two options a turn: 2-6% natively. Lowered to scalar code (the baseline
// WebAssembly build) the pairs cost about 5% more than one option a turn.
#if defined(__SSE2__) || defined(__wasm_simd128__)
constexpr bool kPairedCount = true;
#else
constexpr bool kPairedCount = false;
#endif

// The fewest-options rule (Knuth's for dancing links, on bitsets): this node's live
// options are its parent's that still fit (every option at the first level), kept as bare
// masks in one segment per type (which option a mask is, is looked up only for the
// branches); bit-sliced counters count, per open cell, the live options covering it; the
// node branches on the cell with the fewest, the first in search order among equals. A
// cell that no live option covers, or a type with copies left and no live option, ends the
// branch (returns false). Most of what the first-open-cell rule meets at the leaves (a
// cell no piece can reach any more) is seen here a few levels higher.
//
// Hole patterns: an open cell next to the piece just placed with one or two open neighbours
// is walled in by any option that covers those neighbours but not the cell, and a single
// cell is a region no piece fills. Such an option stays useless below this node (should
// another piece cover the cell, it covers one of those neighbours too), so the filter drops
// it for good while many copies are left (kHolePatternCopies). Measured in a helper's
// prototype, like the masks by segment and the branches found as bits: Bedlam 20.9M ->
// 18.6M nodes; the lot, 1.7x on Bedlam and the Tetris Cube.
template <int W>
inline bool BitCover<W>::chooseFewest(Frame& f) {
  const Frame* parent = !stack_.empty() && stack_.back().listed ? &stack_.back() : nullptr;
  const std::size_t begin = liveTop_, segmentBegin = segmentTop_;
  const std::size_t n = parent ? static_cast<std::size_t>(parent->liveEnd - parent->liveBegin) : firstMasks_.size() - kPad;
  const int segmentCount = parent ? parent->segmentEnd - parent->segmentBegin : static_cast<int>(firstSegments_.size());
  // Room first (it may move the parent's list): grows, never shrinks.
  if (liveMasks_.size() < begin + n + kPad) liveMasks_.resize(std::max(begin + n + kPad, 2 * liveMasks_.size()));
  if (liveSegments_.size() < segmentBegin + static_cast<std::size_t>(segmentCount))
    liveSegments_.resize(std::max(segmentBegin + static_cast<std::size_t>(segmentCount), 2 * liveSegments_.size()));
  const Bits<W>* from = parent ? liveMasks_.data() + parent->liveBegin : firstMasks_.data();
  const Segment* segments = parent ? liveSegments_.data() + parent->segmentBegin : firstSegments_.data();
  Bits<W>* to = liveMasks_.data() + begin;
  Segment* kept = liveSegments_.data() + segmentBegin;
  const Bits<W> decided = decided_;  // a local: the stores below could alias the member
  const Bits<W> open = all_.without(decided);
  std::array<Bits<W>, kMaxHolePatterns> enclosing{}, around{};
  int patterns = 0;
  if (holePatterns_ && piecesLeft_ >= kHolePatternCopies && !stack_.empty() && stack_.back().chosen >= 0) {
    (options_[stack_.back().chosen].around & open).forEach([&](int x) {
      const Bits<W> neighbours = neighbours_[x] & open;
      const int c = neighbours.count();
      if (patterns == kMaxHolePatterns || c < 1 || c > 2) return;
      around[static_cast<std::size_t>(patterns)] = neighbours;
      enclosing[static_cast<std::size_t>(patterns)] = neighbours;
      enclosing[static_cast<std::size_t>(patterns)].set(x);
      ++patterns;
    });
  }
  Bits<W>* end = to;
  int keptSegments = 0;
  bool alive = false;
  switch (patterns) {
    case 0: alive = filterSegments<0>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
    case 1: alive = filterSegments<1>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
    case 2: alive = filterSegments<2>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
    case 3: alive = filterSegments<3>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
    default: alive = filterSegments<4>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
  }
  if (!alive) return false;
  const auto live = static_cast<std::size_t>(end - to);
  Bits<W> c0, c1, c2, c3;  // the first digits of each cell's count of covering live options
  Bits<W> many;            // cells whose count overflowed them
  if constexpr (W == 1 && kPairedCount) {
    // Two options a turn, one in each half of a 128-bit vector, the halves' counts added
    // at the end; sixteen at a time through carry-save adders (Harley and Seal's popcount),
    // which add three digits in five operations.
    using Pair = std::uint64_t __attribute__((vector_size(16)));
    Pair d0{}, d1{}, d2{}, d3{}, over{};
    const auto add = [&](Pair carry) {
      for (Pair* digit : {&d0, &d1, &d2, &d3}) {
        const Pair next = *digit & carry;
        *digit ^= carry;
        carry = next;
      }
      over |= carry;
    };
    const auto load = [](const Bits<W>* at) {
      Pair two;
      std::memcpy(&two, at, sizeof two);  // one 128-bit load
      return two;
    };
    // high:low = a + b + c, digit by digit.
    const auto carrySave = [](Pair& high, Pair& low, Pair a, Pair b, Pair c) {
      const Pair u = a ^ b;
      high = (a & b) | (u & c);
      low = u ^ c;
    };
    const Bits<W>* l = to;
    for (; end - l >= 16; l += 16) {
      Pair twosA, twosB, foursA, foursB, eights;
      carrySave(twosA, d0, d0, load(l), load(l + 2));
      carrySave(twosB, d0, d0, load(l + 4), load(l + 6));
      carrySave(foursA, d1, d1, twosA, twosB);
      carrySave(twosA, d0, d0, load(l + 8), load(l + 10));
      carrySave(twosB, d0, d0, load(l + 12), load(l + 14));
      carrySave(foursB, d1, d1, twosA, twosB);
      carrySave(eights, d2, d2, foursA, foursB);
      over |= d3 & eights;
      d3 ^= eights;
    }
    for (; end - l >= 2; l += 2) add(load(l));
    if (l != end) add(Pair{l->word[0], 0});
    std::uint64_t carry = 0;
    Bits<W>* digits[] = {&c0, &c1, &c2, &c3};
    const Pair halves[] = {d0, d1, d2, d3};
    for (int d = 0; d < kQuickDigits; ++d) {
      const std::uint64_t a = halves[d][0], b = halves[d][1];
      digits[d]->word[0] = a ^ b ^ carry;
      carry = (a & b) | (carry & (a ^ b));
    }
    many.word[0] = over[0] | over[1] | carry;
  } else {
    for (const Bits<W>* l = to; l != end; ++l) {
      Bits<W> carry = *l;
      addDigit(c0, carry);
      addDigit(c1, carry);
      addDigit(c2, carry);
      addDigit(c3, carry);
      many.add(carry);
    }
  }
  std::array<Bits<W>, kCountDigits> count{c0, c1, c2, c3};
  if (open.without(many).none()) {
    // Every open cell has 2^kQuickDigits options or more (near the root): count in full.
    count = {};
    many = {};
    for (const Bits<W>* l = to; l != end; ++l) {
      Bits<W> carry = *l;
      for (Bits<W>& digit : count) {
        addDigit(digit, carry);
        if (carry.none()) break;
      }
      many.add(carry);
    }
  }
  // Narrow the open cells to those of the smallest count, digit by digit from the top.
  Bits<W> fewest = open;
  if (!fewest.without(many).none()) fewest.remove(many);
  for (int d = kCountDigits - 1; d >= 0; --d) {
    const Bits<W> zero = fewest.without(count[static_cast<std::size_t>(d)]);
    if (!zero.none()) fewest = zero;
  }
  const int cell = fewest.first();
  // The branches: the live masks covering `cell`, found as bits, each told as its option.
  if (branches_.size() < branchTop_ + live) branches_.resize(std::max(branchTop_ + live, 2 * branches_.size()));
  int* out = branches_.data() + branchTop_;
  std::size_t branches = 0;
  int segment = 0;
  std::size_t segmentEnd = static_cast<std::size_t>(kept[0].length);
  for (std::size_t base = 0; base < live; base += 64) {
    for (std::uint64_t bits = coverBits(to + base, std::min<std::size_t>(64, live - base), cell); bits; bits &= bits - 1) {
      const std::size_t at = base + static_cast<std::size_t>(std::countr_zero(bits));
      while (at >= segmentEnd) segmentEnd += static_cast<std::size_t>(kept[++segment].length);
      out[branches++] = optionOf(kept[segment].type, to[at]);
    }
  }
  // A cell that no live option covers has the smallest count of all: it is `cell`.
  if (branches == 0) return false;
  f.bit = cell;
  f.listed = true;
  f.liveBegin = static_cast<int>(begin);
  f.liveEnd = static_cast<int>(begin + live);
  f.segmentBegin = static_cast<int>(segmentBegin);
  f.segmentEnd = static_cast<int>(segmentBegin) + keptSegments;
  liveTop_ = begin + live;
  segmentTop_ = segmentBegin + static_cast<std::size_t>(keptSegments);
  f.begin = static_cast<int>(branchTop_);
  branchTop_ += branches;
  f.end = static_cast<int>(branchTop_);
  return true;
}

// One filter pass of chooseFewest: the parent's live masks that miss `decided` and match no
// hole pattern (enclosing[p] & mask == around[p]: the option covers every open neighbour of
// a cell but not the cell), segment by segment, skipping the segments of types with no copy
// left. False as soon as a segment ends up empty: that piece has nowhere to go. Four masks
// a turn, their keep flags summed off the output's chain; a segment's last 1-3 masks are
// done without branches too, reading and writing up to kPad masks past the lists (padded).
// The cells and patterns come by value: as locals, the compiler knows that the list's
// stores do not change them and keeps them in registers.
template <int W>
template <int Patterns>
inline bool BitCover<W>::filterSegments(const Bits<W>* from, const Segment* segments, int segmentCount, Bits<W>* to, Segment* kept,
                    const Bits<W> decided, const std::array<Bits<W>, kMaxHolePatterns> enclosing,
                    const std::array<Bits<W>, kMaxHolePatterns> around, Bits<W>*& end, int& keptSegments) const {
  const auto keep = [&](const Bits<W>& m) -> std::size_t {
    bool ok = !m.meets(decided);
    for (int p = 0; p < Patterns; ++p) ok &= !((m & enclosing[static_cast<std::size_t>(p)]) == around[static_cast<std::size_t>(p)]);
    return ok;
  };
#if defined(__wasm_simd128__)
  // WebAssembly: the tests of two masks at once in a 128-bit vector (Bedlam: 5.3 -> 5.0 s,
  // the scalar tests ran at 1.37x the native time).
  const v128_t taken = wasm_i64x2_splat(static_cast<std::int64_t>(decided.word[0]));
  std::array<v128_t, kMaxHolePatterns> enclose{}, neighbours{};
  for (int p = 0; p < Patterns; ++p) {
    enclose[static_cast<std::size_t>(p)] = wasm_i64x2_splat(static_cast<std::int64_t>(enclosing[static_cast<std::size_t>(p)].word[0]));
    neighbours[static_cast<std::size_t>(p)] = wasm_i64x2_splat(static_cast<std::int64_t>(around[static_cast<std::size_t>(p)].word[0]));
  }
  // Bit i set when two[i] is kept (i < 2).
  const auto keepTwo = [&](const Bits<W>* two) {
    const v128_t m = wasm_v128_load(two);
    v128_t ok = wasm_i64x2_eq(wasm_v128_and(m, taken), wasm_i64x2_splat(0));
    for (int p = 0; p < Patterns; ++p)
      ok = wasm_v128_andnot(ok, wasm_i64x2_eq(wasm_v128_and(m, enclose[static_cast<std::size_t>(p)]), neighbours[static_cast<std::size_t>(p)]));
    return static_cast<std::size_t>(wasm_i64x2_bitmask(ok));
  };
#endif
  Bits<W>* out = to;
  int count = 0;
  for (int s = 0; s < segmentCount; ++s) {
    const int length = segments[s].length, type = segments[s].type;
    if (remaining_[static_cast<std::size_t>(type)] == 0) {
      from += length;
      continue;
    }
    Bits<W>* const start = out;
    const Bits<W>* at = from;
#if defined(__wasm_simd128__)
    if constexpr (W == 1) {
      for (const Bits<W>* stop = from + (length & ~3); at != stop; at += 4) {
        const std::size_t low = keepTwo(at), high = keepTwo(at + 2);
        const Bits<W> m0 = at[0], m1 = at[1], m2 = at[2], m3 = at[3];
        out[0] = m0;
        out += low & 1;
        out[0] = m1;
        out += low >> 1;
        out[0] = m2;
        out += high & 1;
        out[0] = m3;
        out += high >> 1;
      }
    }
#endif
    for (const Bits<W>* stop = from + (length & ~3); at != stop; at += 4) {
      const Bits<W> m0 = at[0], m1 = at[1], m2 = at[2], m3 = at[3];
      const std::size_t k0 = keep(m0), k1 = keep(m1), k2 = keep(m2), k3 = keep(m3);
      out[0] = m0;
      out[k0] = m1;
      out[k0 + k1] = m2;
      out[k0 + k1 + k2] = m3;
      out += k0 + k1 + k2 + k3;
    }
    const int rest = length & 3;
    const Bits<W> m0 = at[0], m1 = at[1], m2 = at[2];
    out[0] = m0;
    out += keep(m0) & static_cast<std::size_t>(rest > 0);
    out[0] = m1;
    out += keep(m1) & static_cast<std::size_t>(rest > 1);
    out[0] = m2;
    out += keep(m2) & static_cast<std::size_t>(rest > 2);
    from += length;
    if (out == start) return false;
    kept[count++] = {type, static_cast<int>(out - start)};
  }
  end = out;
  keptSegments = count;
  return true;
}

// Bit i set when masks[i] (i < count) covers `cell`; may read up to kPad masks past count.
template <int W>
inline std::uint64_t BitCover<W>::coverBits(const Bits<W>* masks, std::size_t count, int cell) {
  std::uint64_t bits = 0;
  if constexpr (W == 1) {
#if defined(__SSE2__)
    // Each mask's bit moved to the top of its lane, four lanes' tops at once.
    const __m128i shift = _mm_cvtsi32_si128(63 - cell);
    const auto at = [&](std::size_t i) {
      return _mm_castsi128_ps(_mm_sll_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(masks + i)), shift));
    };
    for (std::size_t i = 0; i < count; i += 4)
      bits |= static_cast<std::uint64_t>(_mm_movemask_ps(_mm_shuffle_ps(at(i), at(i + 2), _MM_SHUFFLE(3, 1, 3, 1)))) << i;
#elif defined(__wasm_simd128__)
    // The cell's bit and a compare: shifting by a variable count, as above, took 6% more of
    // Bedlam's time in V8 (4.96 against 4.66 s).
    const v128_t bit = wasm_i64x2_splat(static_cast<std::int64_t>(std::uint64_t{1} << cell)), none = wasm_i64x2_splat(0);
    const auto at = [&](std::size_t i) {
      return static_cast<std::uint64_t>(wasm_i64x2_bitmask(wasm_i64x2_ne(wasm_v128_and(wasm_v128_load(masks + i), bit), none)));
    };
    for (std::size_t i = 0; i < count; i += 4) bits |= (at(i) | at(i + 2) << 2) << i;
#else
    for (std::size_t i = 0; i < count; ++i) bits |= ((masks[i].word[0] >> cell) & 1) << i;
#endif
  } else {
    const int word = cell >> 6, at = cell & 63;
    for (std::size_t i = 0; i < count; ++i) bits |= ((masks[i].word[word] >> at) & 1) << i;
  }
  return count < 64 ? bits & ((std::uint64_t{1} << count) - 1) : bits;
}

// One digit of a bit-sliced add: `carry` (cells to add one to) goes into `digit`, and
// becomes the carry into the next digit.
template <int W>
inline void BitCover<W>::addDigit(Bits<W>& digit, Bits<W>& carry) {
  for (int w = 0; w < W; ++w) {
    const std::uint64_t next = digit.word[w] & carry.word[w];
    digit.word[w] ^= carry.word[w];
    carry.word[w] = next;
  }
}

}  // namespace
}  // namespace pw
