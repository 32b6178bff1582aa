#include "disassembly/free_distances.hpp"

#include <algorithm>
#include <utility>

namespace pw::disassembly {

namespace {

constexpr std::int64_t kLineStride = std::int64_t{1} << 20;  // coordinates stay far below 2^19

std::int64_t lineKey(int u, int v) { return u * kLineStride + v; }

int coordinate(const Cell& c, int axis) { return axis == 0 ? c.x : axis == 1 ? c.y : c.z; }

// The other two axes of `axis`, in a fixed order.
std::pair<int, int> across(int axis) { return axis == 0 ? std::pair{1, 2} : axis == 1 ? std::pair{0, 2} : std::pair{0, 1}; }

std::uint64_t mix(std::uint64_t k) {
  k ^= k >> 31;
  k *= 0x9E3779B97F4A7C15ull;
  return k ^ (k >> 29);
}

}  // namespace

FreeDistances::FreeDistances(const Assembly& assembly) {
  for (const AssembledPiece& piece : assembly.pieces) {
    PieceLines lines;
    for (int axis = 0; axis < 3; ++axis) {
      const auto [u, v] = across(axis);
      std::vector<std::pair<std::int64_t, int>> cells;
      for (const Cell& c : piece.cells) cells.push_back({lineKey(coordinate(c, u), coordinate(c, v)), coordinate(c, axis)});
      std::sort(cells.begin(), cells.end());
      AxisLines& out = lines[static_cast<std::size_t>(axis)];
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i == 0 || cells[i].first != cells[i - 1].first)
          out.lines.push_back({cells[i].first, static_cast<int>(i), static_cast<int>(i)});
        out.coordinates.push_back(cells[i].second);
        ++out.lines.back().end;
      }
    }
    pieces_.push_back(std::move(lines));
  }
  keys_.assign(1024, 0);
  values_.resize(1024);
}

Distances FreeDistances::compute(int a, int b, const std::array<int, 3>& offset) const {
  Distances out;
  out.fill(kUnbounded);
  for (int axis = 0; axis < 3; ++axis) {
    const auto [u, v] = across(axis);
    const std::int64_t shift = lineKey(offset[static_cast<std::size_t>(u)], offset[static_cast<std::size_t>(v)]);
    const int along = offset[static_cast<std::size_t>(axis)];
    const AxisLines& la = pieces_[static_cast<std::size_t>(a)][static_cast<std::size_t>(axis)];
    const AxisLines& lb = pieces_[static_cast<std::size_t>(b)][static_cast<std::size_t>(axis)];
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
  // 6 bits per piece, 16 per offset component, and a top bit so that no key is 0.
  const std::uint64_t key = (std::uint64_t{1} << 63) | (static_cast<std::uint64_t>(a) << 54) |
                            (static_cast<std::uint64_t>(b) << 48) |
                            (static_cast<std::uint64_t>(static_cast<std::uint16_t>(offset[0])) << 32) |
                            (static_cast<std::uint64_t>(static_cast<std::uint16_t>(offset[1])) << 16) |
                            static_cast<std::uint64_t>(static_cast<std::uint16_t>(offset[2]));
  const std::size_t mask = keys_.size() - 1;
  std::size_t slot = mix(key) & mask;
  while (keys_[slot] != 0) {
    if (keys_[slot] == key) return values_[slot];
    slot = (slot + 1) & mask;
  }
  if (2 * (used_ + 1) > keys_.size()) {
    grow();
    return between(a, b, offset);
  }
  ++used_;
  keys_[slot] = key;
  values_[slot] = compute(a, b, offset);
  return values_[slot];
}

void FreeDistances::grow() {
  std::vector<std::uint64_t> keys(keys_.size() * 2, 0);
  std::vector<Distances> values(keys.size());
  const std::size_t mask = keys.size() - 1;
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] == 0) continue;
    std::size_t slot = mix(keys_[i]) & mask;
    while (keys[slot] != 0) slot = (slot + 1) & mask;
    keys[slot] = keys_[i];
    values[slot] = values_[i];
  }
  keys_.swap(keys);
  values_.swap(values);
}

}  // namespace pw::disassembly
