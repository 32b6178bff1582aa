#include "edge/copy_matching.hpp"

#include <bit>

namespace pw {

CopyMatching::CopyMatching(const std::vector<int>& copies) {
  for (const int count : copies) {
    first_.push_back(total_);
    count_.push_back(count);
    total_ += count;
    typeOf_.insert(typeOf_.end(), count, static_cast<int>(count_.size()) - 1);
  }
  for (int i = 0; i < 64; ++i) {
    copyOfCell_[i] = -1;
    cellOfCopy_[i] = -1;
    options_[i] = 0;
  }
}

bool CopyMatching::feasible(std::span<const int> cells, std::span<const std::uint64_t> options) {
  // The last matching's pairs that still hold are kept; the other cells are matched anew.
  std::uint64_t taken = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int cell = cells[i];
    options_[cell] = options[i];
    const int copy = copyOfCell_[cell];
    if (copy >= 0 && (options[i] >> copy & 1) && !(taken >> copy & 1)) {
      taken |= std::uint64_t{1} << copy;
      cellOfCopy_[copy] = cell;
    } else {
      copyOfCell_[cell] = -1;
    }
  }
  for (const int cell : cells)
    if (copyOfCell_[cell] < 0 && !augment(cell, options_, taken)) return false;
  return true;
}

// Breadth-first search for an augmenting path from `start` (unmatched): cells reach the
// copies they can take; a taken copy leads on to the cell holding it; a free copy ends it.
bool CopyMatching::augment(int start, const std::uint64_t* optionsOf, std::uint64_t& taken) {
  int queue[65];  // each copy leads to one cell at most, plus the start
  int reachedFrom[64];  // per copy: the cell whose options led to it
  int head = 0, tail = 0;
  queue[tail++] = start;
  std::uint64_t seen = 0;
  while (head < tail) {
    int cell = queue[head++];
    if (const std::uint64_t free = optionsOf[cell] & ~taken) {
      // Flip the path: each cell on it takes the copy that led past it.
      int copy = std::countr_zero(free);
      taken |= std::uint64_t{1} << copy;
      while (true) {
        const int held = copyOfCell_[cell];
        copyOfCell_[cell] = copy;
        cellOfCopy_[copy] = cell;
        if (cell == start) return true;
        copy = held;
        cell = reachedFrom[held];
      }
    }
    const std::uint64_t fresh = optionsOf[cell] & ~seen;
    seen |= fresh;
    for (std::uint64_t bits = fresh; bits; bits &= bits - 1) {
      const int copy = std::countr_zero(bits);
      reachedFrom[copy] = cell;
      queue[tail++] = cellOfCopy_[copy];
    }
  }
  return false;
}

}  // namespace pw
