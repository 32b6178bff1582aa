// The snake's box as numbered cells: cell number x + X*(y + Y*z), the six unit steps
// between cells, and the box's symmetries as permutations of cell numbers.
#pragma once

#include <array>
#include <vector>

#include "model/puzzle.hpp"

namespace pw {

// Directions 0..5: +x, -x, +y, -y, +z, -z. Direction d runs along axis d / 2.
inline constexpr int kDirections = 6;
inline int axisOf(int direction) { return direction / 2; }

struct SnakeBox {
  std::array<int, 3> side{};
  int cells = 0;
  std::vector<Cell> at;    // cell number -> coordinates
  std::vector<int> step;   // cell * kDirections + d -> the neighbouring cell, or -1 at a wall
  // The lattice symmetries that map the box onto itself, as permutations of cell
  // numbers, identity first. Transforms that act alike on the cells (a flip across a
  // side of length 1) are kept once: the group acting on solutions.
  std::vector<std::vector<int>> symmetries;

  int number(const Cell& c) const { return c.x + side[0] * (c.y + side[1] * c.z); }
  int next(int cell, int direction) const { return step[cell * kDirections + direction]; }
  int colour(int cell) const { return (at[cell].x + at[cell].y + at[cell].z) & 1; }
};

SnakeBox makeSnakeBox(const std::array<int, 3>& side);

// Whether the chain reads the same from both ends (its segments are a palindrome):
// then reading it backwards is one more symmetry.
bool isPalindromic(const std::vector<int>& segments);

}  // namespace pw
