// A disassembly for programs (JSON) and for people (text). Pieces are named by their
// placement in the solution: its index in the solution's JSON `placements`, or the symbol the
// ASCII art draws it with.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "disassembly/assembly.hpp"
#include "disassembly/disassembly.hpp"
#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw {

// {"level": [...], "moves": total, "separations": [{"pieces", "moves": [{"pieces", "direction",
// "distance"} or {"pieces", "direction", "out": true}], "left"?, "removed"?}]}
nlohmann::json disassemblyToJson(const disassembly::Assembly& assembly, const disassembly::Disassembly& disassembly);

// "4.9.3": BurrTools' way of writing a level.
std::string levelText(const disassembly::Disassembly& disassembly);

// One line per move, numbered, each separation introduced by its pieces.
std::string renderDisassemblyText(const PackingPuzzle& puzzle, const PackingSolution& solution,
                                  const disassembly::Assembly& assembly, const disassembly::Disassembly& disassembly);

}  // namespace pw
