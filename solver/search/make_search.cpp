#include "search/search.hpp"

#include <type_traits>

namespace pw {

std::unique_ptr<Search> makeSearch(const Puzzle& puzzle, const SearchSettings& settings) {
  return std::visit(
      [&settings](const auto& body) -> std::unique_ptr<Search> {
        using Body = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<Body, PackingPuzzle>) return makePackingSearch(body, settings);
        else if constexpr (std::is_same_v<Body, EdgeMatchingPuzzle>) return makeEdgeMatchingSearch(body, settings);
        else return makeSnakeSearch(body, settings);
      },
      puzzle.body);
}

}  // namespace pw
