// The shortest way to the first separation of a part of an assembly: breadth first over its
// positions, as BurrTools' disassembler_0_c::disassemble_rec searches, stopping at the first
// position (in breadth-first order) from which a group leaves for ever.
//
// A position is the offset of every piece from its place in the assembly, less that of the
// part's first piece (only relative positions matter; BurrTools compares nodes the same way).
// Positions live in an arena, each with the position it was reached from and the move that
// reached it; a hash table of arena indices tells positions already met. The search is bounded
// in memory: past the bound it throws PuzzleError, never runs on.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "disassembly/free_distances.hpp"
#include "disassembly/move_finder.hpp"

namespace pw::disassembly {

struct FirstSeparation {
  std::vector<Move> moves;   // from the start; the last takes a group away for ever
  std::vector<int> offsets;  // x, y, z per local piece just before that last move
};

// `pieces`: the part (assembly piece numbers); `offsets`: x, y, z per piece at the start.
// nullopt when no group can ever leave. Throws PuzzleError when the search would need more
// than `memoryBytes` (counting the free distances' table).
std::optional<FirstSeparation> findFirstSeparation(const Assembly& assembly, FreeDistances& distances, const std::vector<int>& pieces,
                                                   const std::vector<int>& offsets, std::size_t memoryBytes);

}  // namespace pw::disassembly
