// How far one piece can slide along each of the six directions before it touches another
// that stays where it is: the entries of Bill Cutler's movement matrix ("Computer Analysis of
// All 6 Piece Burrs"), which BurrTools keeps in its movement cache (movementcache_0.cpp). The
// answer depends only on the two pieces' cells and their offset, so each is computed once, from
// the cells grouped into lines along each axis, and kept in an open-addressing table. Pieces
// are known by their cells up to a translation, so the table serves every assembly of a puzzle
// in turn (its pieces turned the same way meet again in other assemblies: CubeInCage's 96
// assemblies need 3,693 distances each on its own, 1,492 together).
#pragma once

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "disassembly/assembly.hpp"
#include "disassembly/directions.hpp"

namespace pw::disassembly {

using Distances = std::array<int, kDirectionCount>;

inline constexpr int kUnbounded = INT_MAX;  // the pieces never meet along that direction

class FreeDistances {
 public:
  FreeDistances();

  // Takes the pieces of `assembly` as the pieces between() numbers. What is known of pieces
  // met before (the same cells up to a translation) is kept.
  void read(const Assembly& assembly);

  // How far piece `a` slides in each direction while piece `b` stays, `b` lying at `offset`
  // (b's displacement minus a's, each from where the assembly has it); a < b. b slides as far
  // in the opposite direction while a stays.
  Distances between(int a, int b, const std::array<int, 3>& offset);

  // The memory it holds: the table and the shapes read (forget() keeps the shapes).
  std::size_t bytes() const {
    return pairs_.capacity() * sizeof(std::uint64_t) + offsets_.capacity() * sizeof(std::uint64_t) +
           values_.capacity() * sizeof(Distances) + shapeBytes_;
  }
  // Forgets the distances (a table grown past what its caller allows), not the pieces.
  void forget();

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

  // Shapes' numbers, `offset` from shape a's cells as read to shape b's.
  Distances compute(int a, int b, const std::array<int, 3>& offset) const;
  void grow();

  std::map<std::vector<Cell>, int> shapeNumbers_;  // cells less their least corner, sorted
  std::vector<PieceLines> shapes_;
  std::size_t shapeBytes_ = 0;                 // what shapes_ and shapeNumbers_ hold, about
  std::vector<int> shapeOf_;                   // per piece of the assembly read
  std::vector<std::array<int, 3>> cornerOf_;   // its least corner: its shape's cells lie there
  // The table: shapes (a + 1) << 32 | b, 0 for an empty slot; the offset, 16 bits an axis.
  std::vector<std::uint64_t> pairs_, offsets_;
  std::vector<Distances> values_;
  std::size_t used_ = 0;
};

}  // namespace pw::disassembly
