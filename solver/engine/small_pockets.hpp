// Enclosed regions ("pockets") of one to four open cells, found on the whole board at once.
//
// On a box, neighbours lie one of a few distances apart in search order (a rectangle in
// column order: 1 and its height; a box: 1, its height, a layer), so "has an open neighbour
// in direction d" is a shift and a mask for every cell together, and each cell's count of
// open neighbours a bit-sliced sum over the directions. An enclosed region of at most four
// cells is then recognised by its cells' counts alone: four connected cells of a grid (a
// bipartite graph) form a path, a star or a square, so a pocket of
//   1 cell  is a cell with no open neighbour;
//   2 cells is two neighbours with one open neighbour each (each other);
//   3 cells is a cell with two open neighbours that have one each (it);
//   4 cells is a path (two neighbours with two open neighbours each, of which one has only
//           it), a star (a cell with three open neighbours that have one each) or a square
//           (four cells around a square with two open neighbours each).
// A few dozen word operations against a flood fill per region: the bitset engine's region
// test where every unfillable region size it measures is at most four (bit_cover.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "lattice/cell_bits.hpp"

namespace pw {

template <int W>
class SmallPockets {
 public:
  using Bits = CellBits<W>;
  static constexpr int kLargest = 4;  // the largest pocket recognised

  // `neighbours`: per cell (in search order), the cells sharing a face with it.
  explicit SmallPockets(const std::vector<Bits>& neighbours) {
    const int cells = static_cast<int>(neighbours.size());
    std::vector<Axis> found;
    for (int b = 0; b < cells; ++b)
      neighbours[static_cast<std::size_t>(b)].forEach([&](int n) {
        const int by = n > b ? n - b : b - n;
        Axis* axis = nullptr;
        for (Axis& a : found)
          if (a.by == by) axis = &a;
        if (!axis) axis = &found.emplace_back(Axis{by, {}, {}});
        (n > b ? axis->up : axis->down).set(b);
      });
    usable_ = found.size() <= kAxes && boxLike(found, cells);
    if (usable_) std::copy(found.begin(), found.end(), axes_.begin());
  }

  // Whether the neighbours are those of a box (at most three distances, and moving along
  // two of them commutes), which the square test relies on.
  bool usable() const { return usable_; }

  // The pocket sizes any() looks for: n with unfillable[n] (1 <= n <= kLargest).
  void lookFor(const std::array<bool, kLargest + 1>& unfillable) { unfillable_ = unfillable; }

  // Whether `open` holds an enclosed region of a size lookFor() named. Only where usable().
  // (Arguments by value: a WebAssembly call passes a word, not its address in memory.)
  bool any(const Bits open) const {
    const Count around = countIn(open);  // per cell, its open neighbours
    if (unfillable_[1] && !around.exactly(0, open).none()) return true;
    const Bits one = around.exactly(1, open);
    const Bits two = around.exactly(2, open);
    if (unfillable_[4] && hasSquare(two)) return true;
    // Every other pocket has a cell with one open neighbour.
    if (one.none() || (!unfillable_[2] && !unfillable_[3] && !unfillable_[4])) return false;
    const Count ends = countIn(one);  // per cell, its neighbours with only one
    if (unfillable_[2] && one.meets(ends.atLeast(1))) return true;
    if (unfillable_[3] && two.meets(ends.atLeast(2))) return true;
    if (!unfillable_[4]) return false;
    if (around.exactly(3, open).meets(ends.atLeast(3))) return true;  // a star
    const Bits middle = two & ends.exactly(1, open);                   // a path's second or third cell
    return middle.meets(nextTo(middle));
  }

 private:
  struct Axis {
    int by = 0;  // the distance in search order between neighbours along it
    Bits up;  // the cells whose neighbour lies `by` later
    Bits down;  // and those whose neighbour lies `by` earlier
  };
  // A bit-sliced count per cell, 0 to 7.
  struct Count {
    Bits b0, b1, b2;
    void add(const Bits& one) {
      const Bits c0 = b0 & one;
      b0 = b0 ^ one;
      const Bits c1 = b1 & c0;
      b1 = b1 ^ c0;
      b2 = b2 | c1;
    }
    Bits exactly(int n, const Bits& within) const {
      Bits r = within;
      r = (n & 1) ? r & b0 : r.without(b0);
      r = (n & 2) ? r & b1 : r.without(b1);
      r = (n & 4) ? r & b2 : r.without(b2);
      return r;
    }
    Bits atLeast(int n) const {  // n in 1..3
      if (n == 1) return b0 | b1 | b2;
      if (n == 2) return b1 | b2;
      return (b0 & b1) | b2;
    }
  };

  // Per cell, how many of its neighbours are in `set`.
  Count countIn(const Bits& set) const {
    Count c;
    for (const Axis& a : axes_) {
      if (a.by == 0) break;  // the missing axes come last
      c.add((set & a.down).movedDown(a.by));  // (set & down) are the later neighbours of cells `by` earlier
      c.add((set & a.up).movedUp(a.by));
    }
    return c;
  }

  // Four cells of `two` around a square (two with two open neighbours each, on a box).
  bool hasSquare(const Bits& two) const {
    for (std::size_t a = 0; a < kAxes; ++a)
      for (std::size_t b = a + 1; b < kAxes && axes_[b].by != 0; ++b) {
        const Bits twoUpB = two & (two & axes_[b].down).movedDown(axes_[b].by);  // and its neighbour along b
        if (!(twoUpB & twoUpB.movedDown(axes_[a].by) & axes_[a].up).none()) return true;
      }
    return false;
  }

  // The cells with a neighbour in `set`.
  Bits nextTo(const Bits& set) const {
    Bits r;
    for (const Axis& a : axes_) {
      if (a.by == 0) break;
      r = r | (set & a.down).movedDown(a.by) | (set & a.up).movedUp(a.by);
    }
    return r;
  }

  static bool boxLike(const std::vector<Axis>& axes, int cells) {
    for (const Axis& a : axes)
      for (const Axis& b : axes)
        for (int c = 0; &a != &b && c < cells; ++c)
          if (a.up.test(c) && b.up.test(c) && !(b.up.test(c + a.by) && a.up.test(c + b.by))) return false;
    return true;
  }

  // A box has at most three axes; the missing ones come last, with no neighbours (by 0,
  // empty masks): the loops over them have a fixed length to unroll, and stop at the first
  // missing one (a rectangle's pocket test 5% faster than going through it).
  static constexpr std::size_t kAxes = 3;
  std::array<Axis, kAxes> axes_{};
  std::array<bool, kLargest + 1> unfillable_{};
  bool usable_ = false;
};

}  // namespace pw
