#include "disassembly/disassembly.hpp"

namespace pw::disassembly {

namespace {

// Whether the subtree at `index` holds a separation of more than one move.
bool holdsLongSeparation(const Disassembly& d, int index) {
  if (index < 0) return false;
  const Separation& s = d.separations[static_cast<std::size_t>(index)];
  return s.moves.size() > 1 || holdsLongSeparation(d, s.left) || holdsLongSeparation(d, s.removed);
}

void appendLevel(const Disassembly& d, int index, std::vector<int>& level) {
  const Separation& s = d.separations[static_cast<std::size_t>(index)];
  level.push_back(static_cast<int>(s.moves.size()));
  if (holdsLongSeparation(d, s.left)) appendLevel(d, s.left, level);
  if (holdsLongSeparation(d, s.removed)) appendLevel(d, s.removed, level);
}

}  // namespace

std::vector<int> levelOf(const Disassembly& disassembly) {
  std::vector<int> level;
  if (!disassembly.separations.empty()) appendLevel(disassembly, 0, level);
  return level;
}

int totalMoves(const Disassembly& disassembly) {
  int moves = 0;
  for (const Separation& s : disassembly.separations) moves += static_cast<int>(s.moves.size());
  return moves;
}

}  // namespace pw::disassembly
