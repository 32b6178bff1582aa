// The moves from one position of a (part of an) assembly, found and ordered as BurrTools'
// movement analysis finds them (movementAnalysator_c: checkmovement, find, newNodeMerge), so
// that a breadth-first search meets the same first separation:
//   1. removals of one piece: for each direction, for each piece, whether it leaves for ever
//      while every other piece stays;
//   2. removals of a group: for each direction, for each piece, the pieces it must take along
//      to leave for ever, if they are at most half of the pieces;
//   3. slides: for each direction, for each piece, for 1, 2, 3... units, the pieces it must take
//      along to slide that far (at most half of the pieces); each new group is followed by its
//      unions with the groups found before in that direction that slide as far (newest first),
//      so that independent groups also slide together. One slide is one move, however far.
// A piece must take along every piece it would run into: the group grows from the piece by
// the free distances until no member is stopped. When the group holds a heavier piece than
// any that stays, the others slide the opposite way instead (BurrTools' weights: a box stays).
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "disassembly/free_distances.hpp"

namespace pw::disassembly {

// A move of a position: the pieces (bits of local piece numbers) slide `distance` units
// (Slide::kForEver: out of the assembly) along `direction`.
struct Move {
  std::uint64_t pieces = 0;
  int direction = 0;
  int distance = 0;
};

class MoveFinder {
 public:
  // `pieces`: the assembly's piece numbers of the part, local number i being pieces[i].
  MoveFinder(const Assembly& assembly, FreeDistances& distances, std::vector<int> pieces);

  // Reads the position: `offsets` holds x, y, z per local piece, from its place in the assembly.
  void analyse(const int* offsets);

  // The first group that leaves for ever, in the order above (steps 1 and 2), if any.
  std::optional<Move> firstRemoval() const;

  // Every slide by a bounded distance (step 3), in order, to `visit(const Move&)`.
  template <class Visit>
  void forEachSlide(Visit&& visit);

 private:
  // The pieces that move when local piece `p` moves `distance` units along `direction`, or 0
  // when they are more than `limit`.
  std::uint64_t groupOf(int p, int direction, int distance, int limit) const;
  // The least distance at which `group`, sliding along `direction`, must take in another
  // piece (kUnbounded: never); below it groupOf() gives `group` again.
  int growsAt(std::uint64_t group, int direction) const;
  bool seen(std::uint64_t pieces, int distance) const;
  // `move`, or the opposite move of the other pieces when those are lighter.
  Move weighed(const Move& move) const;

  FreeDistances& distances_;
  std::vector<int> pieces_;
  std::vector<int> weights_;
  int n_;
  std::uint64_t all_;
  // free_[(direction * n + i) * n + j]: how far local piece i slides along direction while j stays.
  std::vector<int> free_;
  // blockers_[direction * n + i]: the pieces j that stop i at some distance (bits).
  std::vector<std::uint64_t> blockers_;
  std::vector<int> farthest_;  // per direction: the largest bounded free distance
  std::vector<std::pair<std::uint64_t, int>> found_;  // step 3: this direction's groups and distances
};

template <class Visit>
void MoveFinder::forEachSlide(Visit&& visit) {
  const int half = n_ / 2;
  for (int d = 0; d < kDirectionCount; ++d) {
    found_.clear();
    for (int p = 0; p < n_; ++p) {
      std::uint64_t group = 0;
      int grows = 1;  // the distance at which the group takes in more pieces
      // Past the farthest bounded distance a group no longer grows: it could only leave.
      for (int s = 1; s <= farthest_[static_cast<std::size_t>(d)] + 1; ++s) {
        if (s >= grows) {
          group = groupOf(p, d, s, half);
          if (group == 0) break;
          grows = growsAt(group, d);
        }
        if (seen(group, s)) continue;
        const std::size_t newest = found_.size();
        found_.push_back({group, s});
        visit(weighed(Move{group, d, s}));
        for (std::size_t k = newest; k-- > 0;) {
          if (found_[k].second != s) continue;
          const std::uint64_t both = group | found_[k].first;
          if (both == all_ || both == group || both == found_[k].first || seen(both, s)) continue;
          found_.push_back({both, s});
          visit(weighed(Move{both, d, s}));
        }
      }
    }
  }
}

}  // namespace pw::disassembly
