#include "cover/board_rows.hpp"

#include <climits>

namespace pw {

BoardRows::BoardRows(const std::vector<Cell>& cells, int parityAxes, int period) : parityAxes_(parityAxes), period_(period) {
  Cell hi{INT_MIN, INT_MIN, INT_MIN};
  lo_ = {INT_MAX, INT_MAX, INT_MAX};
  for (const Cell& c : cells) {
    lo_ = {std::min(lo_.x, c.x), std::min(lo_.y, c.y), std::min(lo_.z, c.z)};
    hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
  }
  if (cells.empty()) return;
  width_ = hi.x - lo_.x + 1;
  height_ = hi.y - lo_.y + 1;
  depth_ = hi.z - lo_.z + 1;
  words_ = (width_ + 63) / 64;
  rowOf_.assign(static_cast<std::size_t>(height_) * depth_, -1);
  std::vector<int> firstCell;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell& c = cells[i];
    int& row = rowOf_[static_cast<std::size_t>(c.y - lo_.y) + static_cast<std::size_t>(height_) * (c.z - lo_.z)];
    if (row < 0) {
      row = static_cast<int>(firstCell.size());
      firstCell.push_back(static_cast<int>(i));
      bits_.resize(bits_.size() + words_, 0);
    }
    const int x = c.x - lo_.x;
    bits_[static_cast<std::size_t>(row) * words_ + (x >> 6)] |= std::uint64_t{1} << (x & 63);
  }
  // The cells are sorted by (z, y, x): a row's cells are numbered consecutively along x.
  cellsBefore_.resize(bits_.size());
  for (std::size_t row = 0; row < firstCell.size(); ++row) {
    int before = firstCell[row];
    for (int w = 0; w < words_; ++w) {
      cellsBefore_[row * words_ + w] = before;
      before += std::popcount(bits_[row * words_ + w]);
    }
  }
}

BoardRows::Scratch BoardRows::prepare(const std::vector<Cell>& shape) const {
  Scratch s;
  s.lo = {INT_MAX, INT_MAX, INT_MAX};
  for (const Cell& c : shape) s.lo = {std::min(s.lo.x, c.x), std::min(s.lo.y, c.y), std::min(s.lo.z, c.z)};
  for (const Cell& at : shape) {
    const Cell c{at.x - s.lo.x, at.y - s.lo.y, at.z - s.lo.z};
    if (s.lineY.empty() || c.y != s.lineY.back() || c.z != s.lineZ.back()) {
      s.lineY.push_back(c.y);
      s.lineZ.push_back(c.z);
      s.lineStart.push_back(static_cast<int>(s.xs.size()));
    }
    s.xs.push_back(c.x);
    s.height = std::max(s.height, c.y + 1);
    s.depth = std::max(s.depth, c.z + 1);
  }
  s.lineStart.push_back(static_cast<int>(s.xs.size()));
  s.fits.resize(words_);
  // Offset p moves x by lo_.x - s.lo.x + p, which must be a whole number of periods.
  s.periodMask.assign(static_cast<std::size_t>(words_), period_ == 1 ? ~std::uint64_t{0} : 0);
  if (period_ > 1) {
    const int first = ((s.lo.x - lo_.x) % period_ + period_) % period_;
    for (int p = first; p < 64 * words_; p += period_) s.periodMask[static_cast<std::size_t>(p >> 6)] |= std::uint64_t{1} << (p & 63);
  }
  return s;
}

std::int64_t BoardRows::countFits(const std::vector<Cell>& shape, std::int64_t stopAbove) const {
  Scratch s = prepare(shape);
  std::int64_t count = 0;
  scan(s, [&](int, int, const std::uint64_t* fits) {
    for (int w = 0; w < words_; ++w) count += std::popcount(fits[w]);
    return count <= stopAbove;
  });
  return count;
}

}  // namespace pw
