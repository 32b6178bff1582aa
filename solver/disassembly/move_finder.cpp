#include "disassembly/move_finder.hpp"

#include <algorithm>

#include "disassembly/disassembly.hpp"

namespace pw::disassembly {

MoveFinder::MoveFinder(const Assembly& assembly, FreeDistances& distances, std::vector<int> pieces)
    : distances_(distances),
      pieces_(std::move(pieces)),
      n_(static_cast<int>(pieces_.size())),
      all_(n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1),
      free_(static_cast<std::size_t>(kDirectionCount * n_ * n_), 0),
      blockers_(static_cast<std::size_t>(kDirectionCount * n_), 0),
      farthest_(kDirectionCount, 0) {
  for (const int p : pieces_) weights_.push_back(assembly.pieces[static_cast<std::size_t>(p)].weight);
}

Move MoveFinder::weighed(const Move& move) const {
  int moving = 0, staying = 0;  // BurrTools starts both at 0
  for (int i = 0; i < n_; ++i) {
    int& heaviest = (move.pieces >> i & 1) != 0 ? moving : staying;
    heaviest = std::max(heaviest, weights_[static_cast<std::size_t>(i)]);
  }
  if (staying >= moving) return move;
  return Move{all_ & ~move.pieces, opposite(move.direction), move.distance};
}

void MoveFinder::analyse(const int* offsets) {
  const auto at = [&](int d, int i, int j) -> int& {
    return free_[static_cast<std::size_t>((d * n_ + i) * n_ + j)];
  };
  std::fill(farthest_.begin(), farthest_.end(), 0);
  std::fill(blockers_.begin(), blockers_.end(), 0);
  for (int i = 0; i < n_; ++i) {
    for (int j = i + 1; j < n_; ++j) {
      const std::array<int, 3> offset = {offsets[3 * j] - offsets[3 * i], offsets[3 * j + 1] - offsets[3 * i + 1],
                                         offsets[3 * j + 2] - offsets[3 * i + 2]};
      const Distances free = distances_.between(pieces_[static_cast<std::size_t>(i)], pieces_[static_cast<std::size_t>(j)], offset);
      for (int d = 0; d < kDirectionCount; ++d) {
        const int value = free[static_cast<std::size_t>(d)];
        at(d, i, j) = value;
        at(opposite(d), j, i) = value;
        if (value != kUnbounded) {
          for (const int both : {d, opposite(d)})
            farthest_[static_cast<std::size_t>(both)] = std::max(farthest_[static_cast<std::size_t>(both)], value);
          blockers_[static_cast<std::size_t>(d * n_ + i)] |= std::uint64_t{1} << j;
          blockers_[static_cast<std::size_t>(opposite(d) * n_ + j)] |= std::uint64_t{1} << i;
        }
      }
    }
  }
}

std::uint64_t MoveFinder::groupOf(int p, int direction, int distance, int limit) const {
  std::uint64_t group = std::uint64_t{1} << p, todo = group;
  while (todo != 0) {
    const int i = std::countr_zero(todo);
    todo &= todo - 1;
    // The pieces that stop i short of `distance`: for ever, any that stops it at all.
    std::uint64_t stops = blockers_[static_cast<std::size_t>(direction * n_ + i)];
    if (distance != kUnbounded) {
      const int* row = &free_[static_cast<std::size_t>((direction * n_ + i) * n_)];
      stops = 0;
      for (int j = 0; j < n_; ++j) stops |= static_cast<std::uint64_t>(row[j] < distance) << j;
    }
    const std::uint64_t added = stops & ~group;
    if (added == 0) continue;
    group |= added;
    todo |= added;
    if (std::popcount(group) > limit) return 0;
  }
  return group;
}

int MoveFinder::growsAt(std::uint64_t group, int direction) const {
  int least = kUnbounded;
  for (std::uint64_t members = group; members != 0; members &= members - 1) {
    const int i = std::countr_zero(members);
    const int* row = &free_[static_cast<std::size_t>((direction * n_ + i) * n_)];
    for (std::uint64_t out = blockers_[static_cast<std::size_t>(direction * n_ + i)] & ~group; out != 0; out &= out - 1)
      least = std::min(least, row[std::countr_zero(out)] + 1);
  }
  return least;
}

bool MoveFinder::seen(std::uint64_t pieces, int distance) const {
  return std::find(found_.begin(), found_.end(), std::pair{pieces, distance}) != found_.end();
}

std::optional<Move> MoveFinder::firstRemoval() const {
  // One piece alone: none stops it at any distance.
  for (int d = 0; d < kDirectionCount; ++d)
    for (int p = 0; p < n_; ++p)
      if (blockers_[static_cast<std::size_t>(d * n_ + p)] == 0) return weighed(Move{std::uint64_t{1} << p, d, Slide::kForEver});
  for (int d = 0; d < kDirectionCount; ++d)
    for (int p = 0; p < n_; ++p)
      if (const std::uint64_t group = groupOf(p, d, kUnbounded, n_ / 2)) return weighed(Move{group, d, Slide::kForEver});
  return std::nullopt;
}

}  // namespace pw::disassembly
