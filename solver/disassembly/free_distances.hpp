// How far one piece can slide along each of the six directions before it touches another
// that stays where it is: the entries of Bill Cutler's movement matrix ("Computer Analysis of
// All 6 Piece Burrs"), which BurrTools keeps in its movement cache (movementcache_0.cpp). The
// answer depends only on the two pieces and their offset, so each is computed once, from the
// pieces' cells grouped into lines along each axis, and kept in an open-addressing table.
#pragma once

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "disassembly/assembly.hpp"
#include "disassembly/directions.hpp"

namespace pw::disassembly {

using Distances = std::array<int, kDirectionCount>;

inline constexpr int kUnbounded = INT_MAX;  // the pieces never meet along that direction

class FreeDistances {
 public:
  explicit FreeDistances(const Assembly& assembly);

  // How far piece `a` slides in each direction while piece `b` stays, `b` lying at `offset`
  // (b's displacement minus a's, each from where the assembly has it); a < b. b slides as far
  // in the opposite direction while a stays.
  Distances between(int a, int b, const std::array<int, 3>& offset);

  std::size_t bytes() const { return keys_.capacity() * sizeof(std::uint64_t) + values_.capacity() * sizeof(Distances); }

 private:
  // A piece's cells along one axis: runs of coordinates that share the other two.
  struct Line {
    std::int64_t key;  // the other two coordinates, ordered as pairs are
    int begin, end;    // into coordinates
  };
  struct AxisLines {
    std::vector<Line> lines;
    std::vector<int> coordinates;
  };
  using PieceLines = std::array<AxisLines, 3>;

  Distances compute(int a, int b, const std::array<int, 3>& offset) const;
  void grow();

  std::vector<PieceLines> pieces_;
  std::vector<std::uint64_t> keys_;  // 0: empty
  std::vector<Distances> values_;
  std::size_t used_ = 0;
};

}  // namespace pw::disassembly
