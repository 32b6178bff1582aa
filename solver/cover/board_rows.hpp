// The board as rows of bits along x, one row per (y, z) line of its bounding box, so that the
// translations at which a shape fits are found 64 at a time: a shape fits at x offset p on a
// (y, z) placement exactly when each of its lines, shifted by p, lies inside the board row
// it lands on, i.e. the AND over the shape's cells (x, ...) of those rows shifted right by x.
// compilePlacements counts the placements this way before it stores any, so that a board
// and pieces over the limits are refused in milliseconds and without allocating them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "model/puzzle.hpp"

namespace pw {

class BoardRows {
 public:
  // `cells`: the board, sorted by (z, y, x); a cell's number is its index there.
  // `parityAxes` (Lattice::parityAxes): translations keep the sum of that many coordinates even;
  // `period` (Lattice::period): they move each coordinate by a multiple of it.
  explicit BoardRows(const std::vector<Cell>& cells, int parityAxes = 0, int period = 1);

  // Placements of `shape` (sorted by (z, y, x); any translate of it gives the same).
  // Stops counting once the count exceeds `stopAbove`, and then returns what it has.
  std::int64_t countFits(const std::vector<Cell>& shape, std::int64_t stopAbove) const;

  // Calls visit(cellNumbers) for every placement of `shape`, in increasing order of the
  // board cell its first cell lands on; the numbers are ascending, one per shape cell.
  template <typename Visit>
  void forEachFit(const std::vector<Cell>& shape, Visit&& visit) const {
    Scratch s = prepare(shape);
    std::vector<int> numbers(shape.size());
    scan(s, [&](int ty, int tz, const std::uint64_t* fits) {
      for (int w = 0; w < words_; ++w)
        for (std::uint64_t bits = fits[w]; bits; bits &= bits - 1) {
          const int p = 64 * w + std::countr_zero(bits);
          for (std::size_t i = 0; i < shape.size(); ++i)
            numbers[i] = number({shape[i].x - s.lo.x, shape[i].y - s.lo.y, shape[i].z - s.lo.z}, p, ty, tz);
          visit(numbers);
        }
      return true;
    });
  }

 private:
  // A shape's cells less its minimum corner `lo`, grouped by (y, z) line, as x positions,
  // and room for the fits.
  struct Scratch {
    Cell lo;
    int height = 0, depth = 0;  // the shape's extent in y and z
    std::vector<int> lineY, lineZ, lineStart, xs;
    std::vector<std::uint64_t> periodMask;  // per word: the x offsets p that are whole periods
    std::vector<std::uint64_t> fits;
  };

  Scratch prepare(const std::vector<Cell>& shape) const;

  // For every translation (ty, tz) of the shape's lines that keeps it inside the bounding
  // box, computes in s.fits the x offsets p at which it fits and calls f(ty, tz, fits) when
  // there is one; stops when f returns false.
  template <typename F>
  void scan(Scratch& s, F&& f) const;

  // The number of the board cell that shape cell c covers at offset (p, ty, tz).
  int number(const Cell& c, int p, int ty, int tz) const {
    const int x = c.x + p;
    const int row = rowOf_[static_cast<std::size_t>(c.y + ty) + static_cast<std::size_t>(height_) * (c.z + tz)];
    const std::uint64_t* bits = bits_.data() + static_cast<std::size_t>(row) * words_;
    const std::uint64_t below = bits[x >> 6] & ((std::uint64_t{1} << (x & 63)) - 1);
    return cellsBefore_[static_cast<std::size_t>(row) * words_ + (x >> 6)] + std::popcount(below);
  }

  // Whether the translation by (ty, tz), less the x offset, moves y and z by whole periods.
  bool wholePeriods(const Scratch& s, int ty, int tz) const {
    return period_ == 1 || ((lo_.y - s.lo.y + ty) % period_ == 0 && (lo_.z - s.lo.z + tz) % period_ == 0);
  }

  // The x offsets p at which a translation keeps the parity, for one (ty, tz).
  std::uint64_t parityMask(const Scratch& s, int ty, int tz) const {
    if (parityAxes_ == 0) return ~std::uint64_t{0};
    int odd = lo_.x + lo_.y - s.lo.x - s.lo.y + ty;  // the translation's sum, less p
    if (parityAxes_ == 3) odd += lo_.z - s.lo.z + tz;
    return (odd & 1) ? 0xAAAAAAAAAAAAAAAAull : 0x5555555555555555ull;  // words_ bits start at even p
  }

  Cell lo_{};                           // the bounding box's minimum corner
  int parityAxes_ = 0;
  int period_ = 1;
  int width_ = 0, height_ = 0, depth_ = 0;
  int words_ = 0;                       // 64-bit words per row
  std::vector<int> rowOf_;              // [(y - lo.y) + height * (z - lo.z)]: row number, -1 when empty
  std::vector<std::uint64_t> bits_;     // [row][word]: bit x - lo.x set for a board cell
  std::vector<int> cellsBefore_;        // [row][word]: number of the first board cell at or after that word
};

template <typename F>
void BoardRows::scan(Scratch& s, F&& f) const {
  const std::size_t lines = s.lineY.size();
  for (int tz = 0; tz + s.depth <= depth_; ++tz)
    for (int ty = 0; ty + s.height <= height_; ++ty) {
      if (!wholePeriods(s, ty, tz)) continue;
      const std::uint64_t parity = parityMask(s, ty, tz);
      for (int w = 0; w < words_; ++w) s.fits[static_cast<std::size_t>(w)] = parity & s.periodMask[static_cast<std::size_t>(w)];
      bool any = true;
      for (std::size_t l = 0; l < lines && any; ++l) {
        const int row = rowOf_[static_cast<std::size_t>(s.lineY[l] + ty) + static_cast<std::size_t>(height_) * (s.lineZ[l] + tz)];
        if (row < 0) {
          any = false;
          break;
        }
        const std::uint64_t* bits = bits_.data() + static_cast<std::size_t>(row) * words_;
        for (int i = s.lineStart[l]; i < s.lineStart[l + 1] && any; ++i) {
          // fits &= the row shifted right by x: offset p fits this cell when bit p + x is set.
          const int x = s.xs[i], skip = x >> 6, shift = x & 63;
          std::uint64_t seen = 0;
          for (int w = 0; w < words_; ++w) {
            const std::uint64_t low = w + skip < words_ ? bits[w + skip] >> shift : 0;
            const std::uint64_t high = shift && w + skip + 1 < words_ ? bits[w + skip + 1] << (64 - shift) : 0;
            s.fits[w] &= low | high;
            seen |= s.fits[w];
          }
          any = seen != 0;
        }
      }
      if (any && !f(ty, tz, s.fits.data())) return;
    }
}

}  // namespace pw
