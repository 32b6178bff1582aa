// A packing puzzle's assemblies, each taken apart: the search's solutions, one per symmetry
// class (BurrTools' assemblies are classes too: its `assemblies` is piecewise's `unique`), in
// search order.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "disassembly/assembly.hpp"
#include "disassembly/disassembler.hpp"
#include "disassembly/disassembly.hpp"
#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw::disassembly {

struct TakenApart {
  const PackingSolution& solution;
  const Assembly& assembly;
  const std::optional<Disassembly>& disassembly;  // nullopt: it does not come apart
};

// Return false to stop the walk after this assembly.
using AssemblyVisit = std::function<bool(const TakenApart&)>;

struct WalkCounts {
  std::uint64_t assemblies = 0;  // symmetry classes met
  std::uint64_t solutions = 0;   // those that come apart
  std::uint64_t nodes = 0;       // of the packing search
  int symmetries = 1;
  bool complete = false;         // every assembly was met
};

// The packing puzzle whose pieces slide apart: `puzzle` itself, or PuzzleError naming why its
// pieces cannot (another kind of puzzle, or a grid other than the square and cube grids).
const PackingPuzzle& slidingPuzzle(const Puzzle& puzzle);

// Throws PuzzleError as slidingPuzzle() does, or as disassemble() does.
WalkCounts walkAssemblies(const Puzzle& puzzle, const DisassemblySettings& settings, const AssemblyVisit& visit);

}  // namespace pw::disassembly
