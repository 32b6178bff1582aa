#include <algorithm>
#include <climits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "format/render.hpp"

namespace pw {

std::vector<char> packingPlacementSymbols(const PackingPuzzle& puzzle, const PackingSolution& solution, bool& needLegend) {
  std::vector<char> symbols;
  needLegend = false;
  std::string seen;
  for (const PiecePlacement& p : solution.placements) {
    const std::string& name = puzzle.pieces[p.piece].name;
    if (name.size() != 1 || name[0] == '.' || name[0] == ' ' || seen.find(name[0]) != std::string::npos) {
      needLegend = true;
      break;
    }
    seen += name[0];
    symbols.push_back(name[0]);
  }
  if (!needLegend) return symbols;
  static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  symbols.clear();
  for (std::size_t i = 0; i < solution.placements.size(); ++i)
    symbols.push_back(i < alphabet.size() ? alphabet[i] : '*');
  return symbols;
}

std::string renderPackingText(const PackingPuzzle& puzzle, const PackingSolution& solution) {
  Cell lo{INT_MAX, INT_MAX, INT_MAX}, hi{INT_MIN, INT_MIN, INT_MIN};
  std::map<Cell, char> grid;
  for (const BoardCell& b : puzzle.board) {
    lo = {std::min(lo.x, b.at.x), std::min(lo.y, b.at.y), std::min(lo.z, b.at.z)};
    hi = {std::max(hi.x, b.at.x), std::max(hi.y, b.at.y), std::max(hi.z, b.at.z)};
    grid[b.at] = b.optional ? '+' : '?';  // `+` marks a hole left empty; `?` would be a bug
  }
  bool legend = false;
  const auto symbols = packingPlacementSymbols(puzzle, solution, legend);
  for (std::size_t p = 0; p < solution.placements.size(); ++p)
    for (const Cell& c : solution.placements[p].cells) grid[c] = symbols[p];

  std::string out;
  for (int z = lo.z; z <= hi.z; ++z) {
    if (puzzle.dimensions == 3) out += "layer z=" + std::to_string(z) + "\n";
    for (int y = lo.y; y <= hi.y; ++y) {
      std::string row;
      for (int x = lo.x; x <= hi.x; ++x) {
        const auto it = grid.find({x, y, z});
        row += it == grid.end() ? '.' : it->second;
      }
      out += row + "\n";
    }
  }
  if (legend) {
    for (std::size_t p = 0; p < solution.placements.size(); ++p)
      out += std::string(1, symbols[p]) + " = " + puzzle.pieces[solution.placements[p].piece].name +
             (p + 1 < solution.placements.size() ? ", " : "\n");
  }
  return out;
}

nlohmann::json packingSolutionToJson(const PackingPuzzle& puzzle, const PackingSolution& solution) {
  nlohmann::json placements = nlohmann::json::array();
  for (const PiecePlacement& p : solution.placements) {
    nlohmann::json cells = nlohmann::json::array();
    for (const Cell& c : p.cells)
      cells.push_back(puzzle.dimensions == 3 ? nlohmann::json{c.x, c.y, c.z} : nlohmann::json{c.x, c.y});
    placements.push_back({{"piece", puzzle.pieces[p.piece].name}, {"index", p.piece}, {"cells", std::move(cells)}});
  }
  return {{"placements", std::move(placements)}};
}

}  // namespace pw
