// A fixed-width set of lattice cells (cell numbers), W 64-bit words: the snake search's free
// cells and flood fills, and the bitset cover engine's board, are a handful of word operations
// per node. W is a template parameter so that up to 64 cells compile to plain uint64 arithmetic.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace pw {

template <int W>
struct CellBits {
  std::array<std::uint64_t, W> word{};

  void set(int c) { word[c >> 6] |= std::uint64_t{1} << (c & 63); }
  // The set of cell c alone, built word by word rather than by an indexed store: a set
  // written through a variable index lives in memory, and in the WebAssembly SIMD build a
  // 128-bit load of it right after that 64-bit store stalls (the store cannot be forwarded).
  static CellBits only(int c) {
    CellBits r;
    for (int i = 0; i < W; ++i) r.word[i] = (c >> 6) == i ? std::uint64_t{1} << (c & 63) : 0;
    return r;
  }
  void reset(int c) { word[c >> 6] &= ~(std::uint64_t{1} << (c & 63)); }
  bool test(int c) const { return (word[c >> 6] >> (c & 63)) & 1u; }

  bool none() const {
    for (int i = 0; i < W; ++i)
      if (word[i]) return false;
    return true;
  }
  int count() const {
    int n = 0;
    for (int i = 0; i < W; ++i) n += std::popcount(word[i]);
    return n;
  }
  // Lowest cell in the set, or -1 when it is empty. Each word is read by a constant index,
  // for the reason only() gives.
  int first() const {
    for (int i = 0; i < W; ++i)
      if (word[i]) return i * 64 + std::countr_zero(word[i]);
    return -1;
  }

  bool meets(const CellBits& o) const {
    for (int i = 0; i < W; ++i)
      if (word[i] & o.word[i]) return true;
    return false;
  }
  void add(const CellBits& o) {
    for (int i = 0; i < W; ++i) word[i] |= o.word[i];
  }
  void remove(const CellBits& o) {
    for (int i = 0; i < W; ++i) word[i] &= ~o.word[i];
  }
  void keep(const CellBits& o) {
    for (int i = 0; i < W; ++i) word[i] &= o.word[i];
  }
  // Calls f(c) for every cell in the set, in increasing order.
  template <typename F>
  void forEach(F f) const {
    for (int i = 0; i < W; ++i)
      for (std::uint64_t w = word[i]; w; w &= w - 1) f(64 * i + std::countr_zero(w));
  }
  // Lowest cell of `all` not in this set, or -1.
  int firstMissing(const CellBits& all) const {
    for (int i = 0; i < W; ++i)
      if (const std::uint64_t open = all.word[i] & ~word[i]) return 64 * i + std::countr_zero(open);
    return -1;
  }

  CellBits operator&(const CellBits& o) const {
    CellBits r;
    for (int i = 0; i < W; ++i) r.word[i] = word[i] & o.word[i];
    return r;
  }
  CellBits operator|(const CellBits& o) const {
    CellBits r;
    for (int i = 0; i < W; ++i) r.word[i] = word[i] | o.word[i];
    return r;
  }
  CellBits operator^(const CellBits& o) const {
    CellBits r;
    for (int i = 0; i < W; ++i) r.word[i] = word[i] ^ o.word[i];
    return r;
  }
  CellBits without(const CellBits& o) const {
    CellBits r;
    for (int i = 0; i < W; ++i) r.word[i] = word[i] & ~o.word[i];
    return r;
  }
  // Written out: the defaulted comparison of the array became a call to memcmp in hot loops.
  friend bool operator==(const CellBits& a, const CellBits& b) {
    std::uint64_t differ = 0;
    for (int i = 0; i < W; ++i) differ |= a.word[i] ^ b.word[i];
    return differ == 0;
  }
  // Word by word, lowest word first: an order for picking one set among several. (Written
  // out: Emscripten's libc++ has no operator<=> on std::array.)
  friend bool operator<(const CellBits& a, const CellBits& b) {
    for (int i = 0; i < W; ++i)
      if (a.word[i] != b.word[i]) return a.word[i] < b.word[i];
    return false;
  }

  // Every cell c moved to c + by, or to c - by (0 <= by < 64 W); cells leaving the words drop.
  CellBits movedUp(int by) const {
    if constexpr (W == 1) {
      CellBits r;
      r.word[0] = word[0] << by;
      return r;
    } else {
      return shifted(by);
    }
  }
  CellBits movedDown(int by) const {
    if constexpr (W == 1) {
      CellBits r;
      r.word[0] = word[0] >> by;
      return r;
    } else {
      return shifted(-by);
    }
  }

  // Every cell c moved to c + k (k > 0) or c - k (k < 0); cells leaving the words drop.
  CellBits shifted(int k) const {
    CellBits r;
    const int by = k < 0 ? -k : k;
    const int words = by >> 6, bits = by & 63;
    if (words >= W) return r;
    if (k > 0) {
      for (int i = W - 1; i >= words; --i) {
        std::uint64_t v = word[i - words] << bits;
        if (bits && i - words - 1 >= 0) v |= word[i - words - 1] >> (64 - bits);
        r.word[i] = v;
      }
    } else {
      for (int i = 0; i + words < W; ++i) {
        std::uint64_t v = word[i + words] >> bits;
        if (bits && i + words + 1 < W) v |= word[i + words + 1] << (64 - bits);
        r.word[i] = v;
      }
    }
    return r;
  }
};

}  // namespace pw
