#include "disassembly/free_distances.hpp"

#include <algorithm>
#include <utility>

namespace pw::disassembly {

namespace {

constexpr std::int64_t kLineStride = std::int64_t{1} << 20;  // coordinates stay far below 2^19

std::int64_t lineKey(int u, int v) { return u * kLineStride + v; }

// The other two axes of `axis`, in a fixed order.
std::pair<int, int> across(int axis) { return axis == 0 ? std::pair{1, 2} : axis == 1 ? std::pair{0, 2} : std::pair{0, 1}; }

std::uint64_t mix(std::uint64_t k) {
  k ^= k >> 31;
  k *= 0x9E3779B97F4A7C15ull;
  return k ^ (k >> 29);
}

constexpr std::size_t kFirstSlots = 256;

// Where the table of `mask` + 1 slots starts looking for a pair of shapes at an offset.
std::size_t firstSlot(std::uint64_t pair, std::uint64_t offset, std::size_t mask) {
  return mix(pair * 0xff51afd7ed558ccdull ^ offset) & mask;
}

}  // namespace

FreeDistances::FreeDistances() : pairs_(kFirstSlots, 0), offsets_(kFirstSlots, 0), values_(kFirstSlots) {}

void FreeDistances::read(const Assembly& assembly) {
  shapeOf_.clear();
  cornerOf_.clear();
  std::vector<Cell> cells;
  for (const AssembledPiece& piece : assembly.pieces) {
    Cell least = piece.cells.empty() ? Cell{} : piece.cells.front();
    for (const Cell& c : piece.cells) least = {std::min(least.x, c.x), std::min(least.y, c.y), std::min(least.z, c.z)};
    cells.clear();
    for (const Cell& c : piece.cells) cells.push_back({c.x - least.x, c.y - least.y, c.z - least.z});
    std::sort(cells.begin(), cells.end());
    const auto [known, fresh] = shapeNumbers_.emplace(cells, static_cast<int>(shapes_.size()));
    shapeOf_.push_back(known->second);
    cornerOf_.push_back({least.x, least.y, least.z});
    if (!fresh) continue;
    // The shape's key, its map node, and below its lines: kept for as long as this table.
    shapeBytes_ += cells.size() * sizeof(Cell) + sizeof(int) + 4 * sizeof(void*);
    PieceLines lines;
    for (int axis = 0; axis < 3; ++axis) {
      const auto [u, v] = across(axis);
      std::vector<std::pair<std::int64_t, int>> keyed;
      for (const Cell& c : cells) keyed.push_back({lineKey(coordinate(c, u), coordinate(c, v)), coordinate(c, axis)});
      std::sort(keyed.begin(), keyed.end());
      AxisLines& out = lines[static_cast<std::size_t>(axis)];
      for (std::size_t i = 0; i < keyed.size(); ++i) {
        if (i == 0 || keyed[i].first != keyed[i - 1].first)
          out.lines.push_back({keyed[i].first, static_cast<int>(i), static_cast<int>(i)});
        out.coordinates.push_back(keyed[i].second);
        ++out.lines.back().end;
      }
      shapeBytes_ += out.lines.size() * sizeof(Line) + out.coordinates.size() * sizeof(int);
    }
    shapes_.push_back(std::move(lines));
  }
}

void FreeDistances::forget() {
  pairs_.assign(kFirstSlots, 0);
  pairs_.shrink_to_fit();
  offsets_.assign(kFirstSlots, 0);
  offsets_.shrink_to_fit();
  values_.assign(kFirstSlots, Distances{});
  values_.shrink_to_fit();
  used_ = 0;
}

Distances FreeDistances::compute(int a, int b, const std::array<int, 3>& offset) const {
  Distances out;
  out.fill(kUnbounded);
  for (int axis = 0; axis < 3; ++axis) {
    const auto [u, v] = across(axis);
    const std::int64_t shift = lineKey(offset[static_cast<std::size_t>(u)], offset[static_cast<std::size_t>(v)]);
    const int along = offset[static_cast<std::size_t>(axis)];
    const AxisLines& la = shapes_[static_cast<std::size_t>(a)][static_cast<std::size_t>(axis)];
    const AxisLines& lb = shapes_[static_cast<std::size_t>(b)][static_cast<std::size_t>(axis)];
    int& forward = out[static_cast<std::size_t>(2 * axis)];
    int& backward = out[static_cast<std::size_t>(2 * axis + 1)];
    std::size_t i = 0, j = 0;
    while (i < la.lines.size() && j < lb.lines.size()) {
      const std::int64_t ka = la.lines[i].key, kb = lb.lines[j].key + shift;
      if (ka < kb) {
        ++i;
      } else if (kb < ka) {
        ++j;
      } else {
        // Walk both runs in order: a cube of b after a cube of a bounds a's forward slide,
        // one before it the backward slide, by the empty cells between them.
        int x = la.lines[i].begin, y = lb.lines[j].begin;
        const int xe = la.lines[i].end, ye = lb.lines[j].end;
        bool seenA = false, seenB = false;
        int lastA = 0, lastB = 0;
        while (x < xe || y < ye) {
          const int ca = x < xe ? la.coordinates[static_cast<std::size_t>(x)] : kUnbounded;
          const int cb = y < ye ? lb.coordinates[static_cast<std::size_t>(y)] + along : kUnbounded;
          if (ca < cb) {
            if (seenB) backward = std::min(backward, ca - lastB - 1);
            seenA = true;
            lastA = ca;
            ++x;
          } else {
            if (seenA) forward = std::min(forward, cb - lastA - 1);
            seenB = true;
            lastB = cb;
            ++y;
          }
        }
        ++i;
        ++j;
      }
    }
  }
  return out;
}

Distances FreeDistances::between(int a, int b, const std::array<int, 3>& offset) {
  const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
  const int sa = shapeOf_[ia], sb = shapeOf_[ib];
  std::array<int, 3> shift{};  // from shape a's cells to shape b's
  for (std::size_t k = 0; k < 3; ++k) shift[k] = offset[k] + cornerOf_[ib][k] - cornerOf_[ia][k];
  const std::uint64_t pair = (static_cast<std::uint64_t>(sa) + 1) << 32 | static_cast<std::uint64_t>(sb);
  const std::uint64_t packed = static_cast<std::uint64_t>(static_cast<std::uint16_t>(shift[0])) << 32 |
                               static_cast<std::uint64_t>(static_cast<std::uint16_t>(shift[1])) << 16 |
                               static_cast<std::uint64_t>(static_cast<std::uint16_t>(shift[2]));
  const std::size_t mask = pairs_.size() - 1;
  std::size_t slot = firstSlot(pair, packed, mask);
  while (pairs_[slot] != 0) {
    if (pairs_[slot] == pair && offsets_[slot] == packed) return values_[slot];
    slot = (slot + 1) & mask;
  }
  if (2 * (used_ + 1) > pairs_.size()) {
    grow();
    return between(a, b, offset);
  }
  ++used_;
  pairs_[slot] = pair;
  offsets_[slot] = packed;
  values_[slot] = compute(sa, sb, shift);
  return values_[slot];
}

void FreeDistances::grow() {
  std::vector<std::uint64_t> pairs(pairs_.size() * 2, 0), offsets(pairs.size(), 0);
  std::vector<Distances> values(pairs.size());
  const std::size_t mask = pairs.size() - 1;
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    if (pairs_[i] == 0) continue;
    std::size_t slot = firstSlot(pairs_[i], offsets_[i], mask);
    while (pairs[slot] != 0) slot = (slot + 1) & mask;
    pairs[slot] = pairs_[i];
    offsets[slot] = offsets_[i];
    values[slot] = values_[i];
  }
  pairs_.swap(pairs);
  offsets_.swap(offsets);
  values_.swap(values);
}

}  // namespace pw::disassembly
