#include "disassembly/separation_search.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "model/error.hpp"

namespace pw::disassembly {

namespace {

// Offsets are kept as 16-bit numbers; pieces never drift this far in a real search.
constexpr int kFarthestOffset = 16000;

class PositionArena {
 public:
  explicit PositionArena(int pieces) : width_(3 * (pieces - 1)) { slots_.assign(1024, 0); }

  std::size_t size() const { return parents_.size(); }
  std::size_t bytes() const {
    return offsets_.capacity() * sizeof(std::int16_t) + parents_.capacity() * sizeof(std::uint32_t) +
           moves_.capacity() * sizeof(Move) + slots_.capacity() * sizeof(std::uint32_t);
  }

  // Adds the position (already relative to the first piece: `relative` holds pieces 1..n-1)
  // unless it is known; true when it was new.
  bool add(const std::int16_t* relative, std::uint32_t parent, const Move& move) {
    if (2 * (size() + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = hash(relative) & mask;
    while (slots_[slot] != 0) {
      if (std::equal(relative, relative + width_, at(slots_[slot] - 1))) return false;
      slot = (slot + 1) & mask;
    }
    slots_[slot] = static_cast<std::uint32_t>(size() + 1);
    offsets_.insert(offsets_.end(), relative, relative + width_);
    parents_.push_back(parent);
    moves_.push_back(move);
    return true;
  }

  const std::int16_t* at(std::size_t index) const { return offsets_.data() + index * static_cast<std::size_t>(width_); }
  std::uint32_t parent(std::size_t index) const { return parents_[index]; }
  const Move& move(std::size_t index) const { return moves_[index]; }

 private:
  std::size_t hash(const std::int16_t* relative) const {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < width_; ++i) h = (h ^ static_cast<std::uint16_t>(relative[i])) * 0x100000001b3ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }

  void grow() {
    std::vector<std::uint32_t> slots(slots_.size() * 2, 0);
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = 0; i < size(); ++i) {
      std::size_t slot = hash(at(i)) & mask;
      while (slots[slot] != 0) slot = (slot + 1) & mask;
      slots[slot] = static_cast<std::uint32_t>(i + 1);
    }
    slots_.swap(slots);
  }

  int width_;
  std::vector<std::int16_t> offsets_;
  std::vector<std::uint32_t> parents_;
  std::vector<Move> moves_;
  std::vector<std::uint32_t> slots_;  // arena index + 1; 0: empty
};

}  // namespace

std::optional<FirstSeparation> findFirstSeparation(const Assembly& assembly, FreeDistances& distances, const std::vector<int>& pieces,
                                                   const std::vector<int>& offsets, std::size_t memoryBytes) {
  const int n = static_cast<int>(pieces.size());
  const std::size_t width = 3 * static_cast<std::size_t>(n - 1);
  MoveFinder finder(assembly, distances, pieces);
  PositionArena arena(n);
  std::vector<std::int16_t> relative(width);
  std::vector<int> position(3 * static_cast<std::size_t>(n));
  std::vector<int> child(position.size());

  // Writes `absolute` relative to its first piece into `relative`; false when out of range.
  const auto relate = [&](const std::vector<int>& absolute) {
    for (std::size_t k = 0; k < width; ++k) {
      const int value = absolute[k + 3] - absolute[k % 3];
      if (value > kFarthestOffset || value < -kFarthestOffset) return false;
      relative[k] = static_cast<std::int16_t>(value);
    }
    return true;
  };
  const auto outOfMemory = [&] {
    return PuzzleError("taking an assembly apart needs more than the disassembler's memory bound of " +
                       std::to_string(memoryBytes >> 20) + " MB (" + std::to_string(arena.size()) + " positions of " +
                       std::to_string(n) + " pieces searched without a separation)");
  };
  if (!relate(offsets)) throw PuzzleError("taking an assembly apart: its pieces lie too far apart");
  arena.add(relative.data(), 0, Move{});

  for (std::size_t head = 0; head < arena.size(); ++head) {
    position[0] = position[1] = position[2] = 0;
    std::copy(arena.at(head), arena.at(head) + width, position.begin() + 3);
    finder.analyse(position.data());
    if (const std::optional<Move> removal = finder.firstRemoval()) {
      FirstSeparation out;
      out.moves.push_back(*removal);
      for (std::size_t at = head; at != 0; at = arena.parent(at)) out.moves.push_back(arena.move(at));
      std::reverse(out.moves.begin(), out.moves.end());
      out.offsets = position;
      return out;
    }
    finder.forEachSlide([&](const Move& move) {
      child = position;
      const int axis = axisOf(move.direction), step = signOf(move.direction) * move.distance;
      for (int i = 0; i < n; ++i)
        if (move.pieces >> i & 1) child[static_cast<std::size_t>(3 * i + axis)] += step;
      if (!relate(child))
        throw PuzzleError("taking an assembly apart: its pieces slid more than " + std::to_string(kFarthestOffset) +
                          " units apart");
      arena.add(relative.data(), static_cast<std::uint32_t>(head), move);
    });
    if (arena.bytes() + distances.bytes() > memoryBytes) throw outOfMemory();
  }
  return std::nullopt;
}

}  // namespace pw::disassembly
