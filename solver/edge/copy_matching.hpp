// Hall's condition for the cells left: every empty cell needs a tile copy of its own, so
// there must be a matching that gives each empty cell one of the copies left, each copy to
// one cell, a cell only a copy of a type it can still take. A board can pass every
// one-cell test (each cell has candidates) and still fail this one: two cells that can
// only take the last copy of one tile, or, with a border, more rim cells left than tiles
// that can lie on the rim. On MacMahon's squares it cuts the nodes about 5-fold.
//
// Bitsets of at most 64 cells and 64 copies (the search uses it on boards of at most 64
// cells). The matching found is kept and repaired at the next call: the search's
// consecutive nodes differ by a tile or two, so most calls augment a path or two.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace pw {

class CopyMatching {
 public:
  // `copies[t]`: how many copies of type t the puzzle has (their sum at most 64).
  explicit CopyMatching(const std::vector<int>& copies);

  // All copies of type t as bits, and the bit of its copy k: a search that keeps the copies
  // left of each type as its first ones clears copy(t, left - 1) when it places one.
  std::uint64_t copiesOf(int type) const { return (~std::uint64_t{0} >> (64 - count_[type])) << first_[type]; }
  std::uint64_t copy(int type, int k) const { return std::uint64_t{1} << (first_[type] + k); }
  int typeOf(int copy) const { return typeOf_[copy]; }
  std::uint64_t allCopies() const { return total_ == 0 ? 0 : ~std::uint64_t{0} >> (64 - total_); }

  // `cells`: the empty cells (ids below 64); `options[i]`: the copies cells[i] can take.
  // True when each of them can have a copy of its own.
  bool feasible(std::span<const int> cells, std::span<const std::uint64_t> options);

 private:
  bool augment(int start, const std::uint64_t* optionsOf, std::uint64_t& taken);

  std::vector<int> first_;  // per type: its first copy's bit
  std::vector<int> count_;  // per type: its copies
  std::vector<int> typeOf_;  // per copy: its type
  int total_ = 0;
  int copyOfCell_[64];   // the copy matched to each cell, -1 for none
  int cellOfCopy_[64];   // the cell matched to each copy, -1 for none
  std::uint64_t options_[64];  // per cell: the copies it can take, at this call
};

}  // namespace pw
