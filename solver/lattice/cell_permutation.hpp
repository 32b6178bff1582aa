// A permutation of cell numbers applied to a whole set of cells at once: one table per byte
// of the set holds the images of its 256 values, so that an image costs 8 lookups and ORs a
// word instead of a loop over the cells (the bitset engine's memo keys up to symmetry).
#pragma once

#include <cstddef>
#include <vector>

#include "lattice/cell_bits.hpp"

namespace pw {

template <int W>
class CellPermutation {
 public:
  // image[c]: where cell c goes; every image below 64 W.
  explicit CellPermutation(const std::vector<int>& image)
      : bytes_((image.size() + 7) / 8), table_(bytes_ * 256) {
    for (std::size_t c = 0; c < image.size(); ++c)
      for (std::size_t v = 0; v < 256; ++v)
        if (v >> (c & 7) & 1) table_[(c >> 3) * 256 + v].set(image[c]);
  }

  CellBits<W> operator()(const CellBits<W>& cells) const {
    CellBits<W> out;
    for (std::size_t b = 0; b < bytes_; ++b) out.add(table_[b * 256 + ((cells.word[b >> 3] >> (8 * (b & 7))) & 255)]);
    return out;
  }

 private:
  std::size_t bytes_;  // the bytes that hold cells
  std::vector<CellBits<W>> table_;
};

}  // namespace pw
