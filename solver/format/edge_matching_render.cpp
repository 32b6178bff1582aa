#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "format/render.hpp"

namespace pw {

namespace {

// Labels up to this long are drawn around each tile's name; longer ones would make the
// grid too wide to read, so only names and rotations are shown.
constexpr std::size_t kDrawnLabelChars = 4;

std::string placedName(const EdgeMatchingPuzzle& puzzle, const TilePlacement& p) {
  return puzzle.tiles[p.tile].name + "@" + std::to_string(p.rotation * 90);
}

const std::string& shown(const EdgeMatchingPuzzle& puzzle, const TilePlacement& p, int side) {
  return puzzle.tiles[p.tile].edges[(side - p.rotation + 4) % 4];
}

std::string centred(const std::string& text, std::size_t width) {
  const std::size_t pad = width > text.size() ? width - text.size() : 0;
  return std::string(pad / 2, ' ') + text + std::string(pad - pad / 2, ' ');
}

std::string padded(std::string text, std::size_t width) {
  text.resize(std::max(width, text.size()), ' ');
  return text;
}

std::string trimmedRight(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line + "\n";
}

}  // namespace

std::string renderEdgeMatchingText(const EdgeMatchingPuzzle& puzzle, const EdgeMatchingSolution& solution) {
  const int cols = puzzle.cols;
  std::size_t longestLabel = 0;
  for (const TileDef& t : puzzle.tiles)
    for (const std::string& e : t.edges) longestLabel = std::max(longestLabel, e.size());
  const bool drawLabels = longestLabel <= kDrawnLabelChars;

  // Every cell's middle line: "left name@rotation right", or just the name.
  std::vector<std::string> middle;
  std::size_t width = 0;
  for (const TilePlacement& p : solution.grid) {
    middle.push_back(drawLabels ? shown(puzzle, p, Left) + " " + placedName(puzzle, p) + " " + shown(puzzle, p, Right)
                                : placedName(puzzle, p));
    width = std::max(width, middle.back().size());
  }

  std::string out;
  const std::string separator = drawLabels ? " | " : "  ";
  for (int row = 0; row < puzzle.rows; ++row) {
    std::string top, mid, bottom;
    for (int col = 0; col < cols; ++col) {
      const std::size_t cell = static_cast<std::size_t>(row * cols + col);
      const std::string gap = col == 0 ? "" : separator;
      mid += gap + (drawLabels ? centred(middle[cell], width) : padded(middle[cell], width));
      if (!drawLabels) continue;
      top += gap + centred(shown(puzzle, solution.grid[cell], Top), width);
      bottom += gap + centred(shown(puzzle, solution.grid[cell], Bottom), width);
    }
    if (!drawLabels) {
      out += trimmedRight(mid);
      continue;
    }
    if (row > 0) out += std::string(cols * (width + separator.size()) - separator.size(), '-') + "\n";
    out += trimmedRight(top) + trimmedRight(mid) + trimmedRight(bottom);
  }
  return out;
}

nlohmann::json edgeMatchingSolutionToJson(const EdgeMatchingPuzzle& puzzle, const EdgeMatchingSolution& solution) {
  nlohmann::json cells = nlohmann::json::array();
  for (int row = 0; row < puzzle.rows; ++row) {
    nlohmann::json line = nlohmann::json::array();
    for (int col = 0; col < puzzle.cols; ++col) {
      const TilePlacement& p = solution.grid[static_cast<std::size_t>(row * puzzle.cols + col)];
      line.push_back({{"tile", puzzle.tiles[p.tile].name}, {"index", p.tile}, {"rotation", p.rotation}});
    }
    cells.push_back(std::move(line));
  }
  return {{"rows", puzzle.rows}, {"cols", puzzle.cols}, {"cells", std::move(cells)}};
}

}  // namespace pw
