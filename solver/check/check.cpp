#include "check/check.hpp"

#include <type_traits>

namespace pw {

std::string cellText(const Cell& c) {
  // Appended piece by piece: g++ 12 -O3 warns falsely (-Wrestrict) on "(" + std::string.
  std::string text = "(";
  text += std::to_string(c.x);
  text += ',';
  text += std::to_string(c.y);
  text += ',';
  text += std::to_string(c.z);
  text += ')';
  return text;
}

std::optional<std::string> checkSolution(const Puzzle& puzzle, const Solution& solution) {
  return std::visit(
      [&](const auto& body) -> std::optional<std::string> {
        using Body = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<Body, PackingPuzzle>) {
          if (const auto* s = std::get_if<PackingSolution>(&solution)) return checkPackingSolution(body, *s);
        } else if constexpr (std::is_same_v<Body, EdgeMatchingPuzzle>) {
          if (const auto* s = std::get_if<EdgeMatchingSolution>(&solution)) return checkEdgeMatchingSolution(body, *s);
        } else {
          if (const auto* s = std::get_if<SnakeSolution>(&solution)) return checkSnakeSolution(body, *s);
        }
        return std::string("solution is of another puzzle kind");
      },
      puzzle.body);
}

}  // namespace pw
