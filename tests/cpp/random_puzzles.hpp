// Random small puzzles of every kind, for the tests that hold searches against each other,
// against brute force, and against themselves restarted.
#pragma once

#include <array>
#include <random>
#include <string>

#include "model/puzzle.hpp"

namespace pw::test {

// A packing document: boards that need not be boxes nor one region, `+` cells, pieces of one
// to four cells that need not be one block, identical copies, count ranges, rotations and
// reflections on or off, 2D and 3D. Some are refused (a board drawn all gaps).
std::string randomPackingDocument(std::mt19937& random);

using Edges = std::array<std::string, 4>;  // top, right, bottom, left
// Edges turned r quarter turns.
Edges turn(const Edges& e, int r);

// An edge-matching puzzle of at most 9 cells with 2 or 3 labels. Often its tiles are closed
// under the board's symmetries (each tile comes with its mirror images), so that the puzzle
// has symmetries and the search breaks them; some have faces and the distinct rules.
EdgeMatchingPuzzle randomEdgePuzzle(std::mt19937& random);

// A rows x cols grid whose inner edges get random labels of `labels` (complementary pairs
// x+/x- when `complement`) and whose rim gets `border` or random labels: its cells are the
// tiles (which do not turn), so the puzzle has at least the solution it was cut from.
EdgeMatchingPuzzle cutFromGrid(std::mt19937& random, int rows, int cols, int labels, bool complement, bool border);

// The chain of a random Hamiltonian path of a small box (2x2x2 to 2x3x4 and 3x3x3), so that it
// has that solution at least.
SnakePuzzle randomSnake(std::mt19937& random);

}  // namespace pw::test
