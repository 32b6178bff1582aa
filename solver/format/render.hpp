// Turning solutions into text for people (ASCII art) and into JSON for programs.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw {

// Multi-line ASCII art, ending with a newline.
std::string renderText(const Puzzle& puzzle, const Solution& solution);
// A JSON value describing the solution with the puzzle's own names.
nlohmann::json solutionToJson(const Puzzle& puzzle, const Solution& solution);

std::string renderPackingText(const PackingPuzzle& puzzle, const PackingSolution& solution);
std::string renderEdgeMatchingText(const EdgeMatchingPuzzle& puzzle, const EdgeMatchingSolution& solution);
std::string renderSnakeText(const SnakePuzzle& puzzle, const SnakeSolution& solution);

// One character per placement, as the ASCII art shows it: the piece's name when every placed
// piece has a distinct one-character name, otherwise letters and digits in placement order
// (then `needLegend` is set).
std::vector<char> packingPlacementSymbols(const PackingPuzzle& puzzle, const PackingSolution& solution, bool& needLegend);

nlohmann::json packingSolutionToJson(const PackingPuzzle& puzzle, const PackingSolution& solution);
nlohmann::json edgeMatchingSolutionToJson(const EdgeMatchingPuzzle& puzzle, const EdgeMatchingSolution& solution);
nlohmann::json snakeSolutionToJson(const SnakePuzzle& puzzle, const SnakeSolution& solution);

}  // namespace pw
