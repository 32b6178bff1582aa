#include "model/puzzle.hpp"

namespace pw {

int chainLength(const std::vector<int>& segments) {
  if (segments.empty()) return 0;
  int cubes = 1;
  for (int run : segments) cubes += run - 1;
  return cubes;
}

const char* kindName(const Puzzle& puzzle) {
  static const char* const names[] = {"packing", "edge-matching", "snake"};  // the body's alternatives, in order
  return names[puzzle.body.index()];
}

}  // namespace pw
