// count --disassemble and solve --disassemble: a packing puzzle's assemblies (one solution per
// symmetry class), each taken apart by sliding its pieces (disassembly/); only those that come
// apart completely are solutions, as in BurrTools.
#include <iostream>
#include <nlohmann/json.hpp>

#include "check/check.hpp"
#include "cli/commands.hpp"
#include "disassembly/assembly_walk.hpp"
#include "format/disassembly_render.hpp"
#include "format/render.hpp"

namespace cli {

namespace {

pw::disassembly::DisassemblySettings settingsOf(const Options& o) {
  pw::disassembly::DisassemblySettings settings;
  if (o.disassemblyMegabytes) settings.memoryBytes = static_cast<std::size_t>(*o.disassemblyMegabytes << 20);
  return settings;
}

}  // namespace

int runCountDisassembling(const pw::Puzzle& puzzle, const Options& o) {
  const auto start = std::chrono::steady_clock::now();
  const pw::disassembly::WalkCounts counts =
      pw::disassembly::walkAssemblies(puzzle, settingsOf(o), [](const pw::disassembly::TakenApart&) { return true; });
  const nlohmann::json out = {{"puzzle", puzzle.name},
                              {"kind", pw::kindName(puzzle)},
                              {"assemblies", counts.assemblies},
                              {"solutions", counts.solutions},
                              {"unique", counts.assemblies},
                              {"symmetries", counts.symmetries},
                              {"nodes", counts.nodes},
                              {"seconds", secondsSince(start)}};
  std::cout << out.dump() << "\n";
  return 0;
}

int runSolveDisassembling(const pw::Puzzle& puzzle, const Options& o) {
  const auto start = std::chrono::steady_clock::now();
  const auto& packing = std::get<pw::PackingPuzzle>(puzzle.body);  // walkAssemblies refuses other kinds first
  std::uint64_t shown = 0;
  nlohmann::json shownJson = nlohmann::json::array();
  const pw::disassembly::WalkCounts counts = pw::disassembly::walkAssemblies(
      puzzle, settingsOf(o), [&](const pw::disassembly::TakenApart& taken) {
        if (!taken.disassembly) return true;
        ++shown;
        if (const auto problem = pw::checkSolution(puzzle, taken.solution))  // never expected: say so loudly
          throw std::logic_error("internal error: assembly " + std::to_string(shown) + " fails the checker: " + *problem);
        if (o.json) {
          nlohmann::json solution = pw::solutionToJson(puzzle, taken.solution);
          solution["disassembly"] = pw::disassemblyToJson(taken.assembly, *taken.disassembly);
          shownJson.push_back(std::move(solution));
        } else {
          std::cout << "solution " << shown << " (level " << pw::levelText(*taken.disassembly) << ")\n"
                    << pw::renderText(puzzle, taken.solution)
                    << pw::renderDisassemblyText(packing, taken.solution, taken.assembly, *taken.disassembly) << "\n";
        }
        return o.limit == 0 || shown < o.limit;
      });
  const double seconds = secondsSince(start);
  if (o.json) {
    nlohmann::json out = {{"puzzle", puzzle.name}, {"kind", pw::kindName(puzzle)}, {"solutions", shownJson},
                          {"complete", counts.complete}, {"seconds", seconds}};
    if (counts.complete)
      out["counts"] = {{"assemblies", counts.assemblies}, {"solutions", counts.solutions}, {"symmetries", counts.symmetries}};
    std::cout << out.dump() << "\n";
  } else if (counts.complete) {
    std::cout << counts.solutions << " of " << counts.assemblies << " assemblies come apart (symmetry group of order "
              << counts.symmetries << "), " << seconds << " s\n";
  } else {
    std::cout << "stopped after " << shown << " solutions (--limit)\n";
  }
  return 0;
}

}  // namespace cli
