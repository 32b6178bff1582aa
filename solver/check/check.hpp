// The independent checker. It reads only the puzzle model and the solution, never the
// search's compiled data, so a bug in compilation or search cannot vouch for itself.
#pragma once

#include <optional>
#include <string>

#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw {

// nullopt when `solution` solves `puzzle`; otherwise one line saying what is wrong.
std::optional<std::string> checkSolution(const Puzzle& puzzle, const Solution& solution);

// "(x,y,z)", as the checkers' messages name cells.
std::string cellText(const Cell& c);

std::optional<std::string> checkPackingSolution(const PackingPuzzle& puzzle, const PackingSolution& solution);
std::optional<std::string> checkEdgeMatchingSolution(const EdgeMatchingPuzzle& puzzle, const EdgeMatchingSolution& solution);
std::optional<std::string> checkSnakeSolution(const SnakePuzzle& puzzle, const SnakeSolution& solution);

}  // namespace pw
