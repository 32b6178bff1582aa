// How an assembly comes apart, recorded the way BurrTools records it (its separation_c,
// src/lib/disassembly.h): a tree of separations. Each separation takes one part of the
// assembly (at first all of it) and slides groups of its pieces until one group can leave for
// ever; the pieces that stay ("left") and the group that left ("removed") are each taken apart
// in turn, unless they are one piece or a group of pieces allowed to stay together.
//
// Pieces are numbered as in the Assembly the disassembler was given (disassembly/assembly.hpp).
// Directions are indices into kDirections (disassembly/directions.hpp).
#pragma once

#include <cstdint>
#include <vector>

namespace pw::disassembly {

// One move: a group of pieces slides together along one direction.
struct Slide {
  std::vector<int> pieces;  // ascending
  int direction = 0;
  int distance = 0;  // units; kForEver on a separation's last move
  static constexpr int kForEver = -1;
};

struct Separation {
  std::vector<int> pieces;   // the part taken apart, ascending
  std::vector<Slide> moves;  // the shortest sequence; the last move takes a group away for ever
  // Indices into Disassembly::separations; -1 when the part needs no taking apart (one piece,
  // or pieces of one group).
  int left = -1;     // the pieces that stayed
  int removed = -1;  // the group that left
};

struct Disassembly {
  // [0] is the whole assembly. Each separation comes before those of its parts, the part left
  // behind before the part removed (depth first), which is the order of BurrTools' level.
  std::vector<Separation> separations;
};

// BurrTools' level (separation_c::movesText): the moves of a separation, then the level of
// the part left behind and then that of the part removed, each only when it holds a separation
// of more than one move. A burr whose every later piece slides straight out is level {5}.
std::vector<int> levelOf(const Disassembly& disassembly);

// Moves of every separation together (BurrTools' sumMoves).
int totalMoves(const Disassembly& disassembly);

}  // namespace pw::disassembly
