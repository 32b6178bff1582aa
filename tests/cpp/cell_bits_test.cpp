// CellBits: the single-cell set and the lowest cell, on sets of one, two and four words
// (boards of up to 64, 128 and 256 cells), at the words' edges.
#include <gtest/gtest.h>

#include "lattice/cell_bits.hpp"

namespace pw {
namespace {

template <int W>
void checkOnlyAndFirst() {
  EXPECT_EQ(CellBits<W>{}.first(), -1);
  for (int c = 0; c < 64 * W; ++c) {
    CellBits<W> indexed;
    indexed.set(c);
    const CellBits<W> one = CellBits<W>::only(c);
    EXPECT_TRUE(one == indexed) << "cell " << c;
    EXPECT_EQ(one.count(), 1) << "cell " << c;
    EXPECT_EQ(one.first(), c);
    // The lowest of several cells, whichever words they are in.
    CellBits<W> two = one;
    two.set(64 * W - 1);
    EXPECT_EQ(two.first(), c);
  }
}

TEST(CellBits, OnlyAndFirstOneWord) { checkOnlyAndFirst<1>(); }
TEST(CellBits, OnlyAndFirstTwoWords) { checkOnlyAndFirst<2>(); }
TEST(CellBits, OnlyAndFirstFourWords) { checkOnlyAndFirst<4>(); }

}  // namespace
}  // namespace pw
