#include <cstdlib>
#include <set>
#include <string>

#include "check/check.hpp"

namespace pw {

namespace {

Cell difference(const Cell& a, const Cell& b) { return {b.x - a.x, b.y - a.y, b.z - a.z}; }

}  // namespace

std::optional<std::string> checkSnakeSolution(const SnakePuzzle& puzzle, const SnakeSolution& solution) {
  const auto& box = puzzle.box;
  const std::size_t volume = static_cast<std::size_t>(box[0]) * box[1] * box[2];
  const auto& chain = solution.chain;
  if (chain.size() != volume)
    return "the chain has " + std::to_string(chain.size()) + " cubes, the box holds " + std::to_string(volume);
  if (static_cast<std::size_t>(chainLength(puzzle.segments)) != volume)
    return "the puzzle's chain has " + std::to_string(chainLength(puzzle.segments)) + " cubes, the box holds " +
           std::to_string(volume);

  std::set<Cell> used;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const Cell& c = chain[i];
    const std::string where = "cube " + std::to_string(i) + " at " + cellText(c);
    if (c.x < 0 || c.y < 0 || c.z < 0 || c.x >= box[0] || c.y >= box[1] || c.z >= box[2]) return where + " is outside the box";
    if (!used.insert(c).second) return where + ": the cell is already used by an earlier cube";
    if (i > 0) {
      const Cell d = difference(chain[i - 1], c);
      if (std::abs(d.x) + std::abs(d.y) + std::abs(d.z) != 1) return where + " is not next to cube " + std::to_string(i - 1);
    }
  }

  // Cube i is a corner exactly when it ends one segment and starts the next.
  std::set<std::size_t> corners;
  std::size_t at = 0;
  for (std::size_t k = 0; k + 1 < puzzle.segments.size(); ++k) corners.insert(at += puzzle.segments[k] - 1);
  for (std::size_t i = 1; i + 1 < chain.size(); ++i) {
    const Cell in = difference(chain[i - 1], chain[i]);
    const Cell out = difference(chain[i], chain[i + 1]);
    const bool straight = in == out;
    const std::string where = "cube " + std::to_string(i) + " at " + cellText(chain[i]);
    if (corners.count(i) && straight) return where + " joins two segments but the chain goes straight on";
    if (!corners.count(i) && !straight) return where + " is inside a segment but the chain bends";
  }
  return std::nullopt;
}

}  // namespace pw
