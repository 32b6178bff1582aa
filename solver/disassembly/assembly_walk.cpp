#include "disassembly/assembly_walk.hpp"

#include <string>

#include "model/error.hpp"
#include "search/search.hpp"

namespace pw::disassembly {

const PackingPuzzle& slidingPuzzle(const Puzzle& puzzle) {
  const auto* packing = std::get_if<PackingPuzzle>(&puzzle.body);
  if (packing == nullptr) throw PuzzleError(std::string("taking apart: only packing puzzles come apart, and this puzzle is ") + kindName(puzzle));
  if (packing->grid != Grid::Square && packing->grid != Grid::Cube)
    throw PuzzleError(std::string("taking apart: pieces slide apart on the square and cube grids only, and this puzzle lies on the ") +
                      gridName(packing->grid) + " grid");
  return *packing;
}

WalkCounts walkAssemblies(const Puzzle& puzzle, const DisassemblySettings& settings, const AssemblyVisit& visit) {
  const PackingPuzzle* packing = &slidingPuzzle(puzzle);
  WalkCounts counts;
  auto search = makeSearch(puzzle);
  Disassembler disassembler(settings);
  bool stopped = false;
  const SolutionSink sink = [&](const Solution& s, bool) {
    const auto& solution = std::get<PackingSolution>(s);
    const Assembly assembly = assemblyOf(*packing, solution);
    const std::optional<Disassembly> taken = disassembler.takeApart(assembly);
    ++counts.assemblies;
    if (taken) ++counts.solutions;
    stopped = !visit(TakenApart{solution, assembly, taken});
    return !stopped;
  };
  bool done = false;
  while (!done && !stopped) done = search->advanceRepresentatives(std::uint64_t{1} << 22, sink);
  counts.complete = done;
  counts.nodes = search->nodes();
  counts.symmetries = search->symmetryCount();
  return counts;
}

}  // namespace pw::disassembly
