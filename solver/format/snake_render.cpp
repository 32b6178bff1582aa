#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "format/render.hpp"

namespace pw {

// The box layer by layer (z = 0 first), rows y, columns x, each cell showing the index of
// its cube, right-aligned to the widest index so the columns line up.
std::string renderSnakeText(const SnakePuzzle& puzzle, const SnakeSolution& solution) {
  const auto& box = puzzle.box;
  std::vector<int> cube(static_cast<std::size_t>(box[0]) * box[1] * box[2], -1);
  for (std::size_t i = 0; i < solution.chain.size(); ++i) {
    const Cell& c = solution.chain[i];
    if (c.x >= 0 && c.y >= 0 && c.z >= 0 && c.x < box[0] && c.y < box[1] && c.z < box[2])
      cube[c.x + box[0] * (c.y + box[1] * c.z)] = static_cast<int>(i);
  }
  const std::size_t width = std::to_string(cube.empty() ? 0 : cube.size() - 1).size();
  std::string out;
  for (int z = 0; z < box[2]; ++z) {
    out += "layer z=" + std::to_string(z) + "\n";
    for (int y = 0; y < box[1]; ++y) {
      for (int x = 0; x < box[0]; ++x) {
        const int index = cube[x + box[0] * (y + box[1] * z)];
        const std::string text = index < 0 ? "." : std::to_string(index);
        if (x > 0) out += ' ';
        out += std::string(width - text.size(), ' ') + text;
      }
      out += '\n';
    }
  }
  return out;
}

nlohmann::json snakeSolutionToJson(const SnakePuzzle& puzzle, const SnakeSolution& solution) {
  nlohmann::json chain = nlohmann::json::array();
  for (const Cell& c : solution.chain) chain.push_back({c.x, c.y, c.z});
  return {{"box", {puzzle.box[0], puzzle.box[1], puzzle.box[2]}}, {"chain", std::move(chain)}};
}

}  // namespace pw
