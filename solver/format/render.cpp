#include "format/render.hpp"

#include <nlohmann/json.hpp>
#include <type_traits>

namespace pw {

namespace {
// Calls the kind's own function with the puzzle body and the matching solution.
template <typename PackingFn, typename EdgeFn, typename SnakeFn>
auto dispatch(const Puzzle& puzzle, const Solution& solution, PackingFn packing, EdgeFn edge, SnakeFn snake) {
  return std::visit(
      [&](const auto& body) {
        using Body = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<Body, PackingPuzzle>) return packing(body, std::get<PackingSolution>(solution));
        else if constexpr (std::is_same_v<Body, EdgeMatchingPuzzle>) return edge(body, std::get<EdgeMatchingSolution>(solution));
        else return snake(body, std::get<SnakeSolution>(solution));
      },
      puzzle.body);
}
}  // namespace

std::string renderText(const Puzzle& puzzle, const Solution& solution) {
  return dispatch(
      puzzle, solution, [](const auto& p, const auto& s) { return renderPackingText(p, s); },
      [](const auto& p, const auto& s) { return renderEdgeMatchingText(p, s); },
      [](const auto& p, const auto& s) { return renderSnakeText(p, s); });
}

nlohmann::json solutionToJson(const Puzzle& puzzle, const Solution& solution) {
  return dispatch(
      puzzle, solution, [](const auto& p, const auto& s) { return packingSolutionToJson(p, s); },
      [](const auto& p, const auto& s) { return edgeMatchingSolutionToJson(p, s); },
      [](const auto& p, const auto& s) { return snakeSolutionToJson(p, s); });
}

}  // namespace pw
