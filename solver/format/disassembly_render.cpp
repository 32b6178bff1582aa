#include "format/disassembly_render.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "disassembly/directions.hpp"
#include "format/render.hpp"

namespace pw {

namespace {

using disassembly::Assembly;
using disassembly::Disassembly;
using disassembly::Separation;
using disassembly::Slide;

// Placement indices of assembly pieces, ascending.
std::vector<int> placementsOf(const Assembly& assembly, const std::vector<int>& pieces) {
  std::vector<int> out;
  for (const int p : pieces) out.push_back(assembly.pieces[static_cast<std::size_t>(p)].placement);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

nlohmann::json disassemblyToJson(const Assembly& assembly, const Disassembly& disassembly) {
  nlohmann::json separations = nlohmann::json::array();
  for (const Separation& s : disassembly.separations) {
    nlohmann::json moves = nlohmann::json::array();
    for (const Slide& move : s.moves) {
      nlohmann::json m = {{"pieces", placementsOf(assembly, move.pieces)},
                          {"direction", disassembly::kDirectionNames[static_cast<std::size_t>(move.direction)]}};
      if (move.distance == Slide::kForEver) m["out"] = true;
      else m["distance"] = move.distance;
      moves.push_back(std::move(m));
    }
    nlohmann::json separation = {{"pieces", placementsOf(assembly, s.pieces)}, {"moves", std::move(moves)}};
    if (s.left >= 0) separation["left"] = s.left;
    if (s.removed >= 0) separation["removed"] = s.removed;
    separations.push_back(std::move(separation));
  }
  return {{"level", disassembly::levelOf(disassembly)},
          {"moves", disassembly::totalMoves(disassembly)},
          {"separations", std::move(separations)}};
}

std::string levelText(const Disassembly& disassembly) {
  std::string out;
  for (const int moves : disassembly::levelOf(disassembly)) {
    if (!out.empty()) out += '.';
    out += std::to_string(moves);
  }
  return out;
}

std::string renderDisassemblyText(const PackingPuzzle& puzzle, const PackingSolution& solution, const Assembly& assembly,
                                  const Disassembly& disassembly) {
  bool legend = false;
  const std::vector<char> symbols = packingPlacementSymbols(puzzle, solution, legend);
  const auto names = [&](const std::vector<int>& pieces) {
    std::string out;
    for (const int p : placementsOf(assembly, pieces)) out += symbols[static_cast<std::size_t>(p)];
    return out;
  };
  std::string out;
  int number = 0;
  for (const Separation& s : disassembly.separations) {
    out += "taking apart ";
    out += names(s.pieces);
    out += ":\n";
    for (const Slide& move : s.moves) {
      out += "  ";
      out += std::to_string(++number);
      out += ". ";
      out += names(move.pieces);
      out += ' ';
      out += disassembly::kDirectionNames[static_cast<std::size_t>(move.direction)];
      out += ' ';
      out += move.distance == Slide::kForEver ? std::string("out") : std::to_string(move.distance);
      out += '\n';
    }
  }
  return out;
}

}  // namespace pw
