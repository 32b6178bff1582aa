#include "model/puzzle.hpp"

namespace pw {

int chainLength(const std::vector<int>& segments) {
  if (segments.empty()) return 0;
  int cubes = 1;
  for (int run : segments) cubes += run - 1;
  return cubes;
}

}  // namespace pw
