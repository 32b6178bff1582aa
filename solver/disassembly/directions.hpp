// The six directions a group of pieces may slide along, in the order BurrTools' movement
// analysis tries them (movementAnalysator_c::find: direction 2k is +axis k, 2k+1 is -axis k).
// The disassembler works in BurrTools' frame (its y axis points up, piecewise's rows go
// down), so that it meets moves in BurrTools' order; names are piecewise's axes.
#pragma once

#include <array>

namespace pw::disassembly {

inline constexpr int kDirectionCount = 6;

inline constexpr int axisOf(int direction) { return direction / 2; }
inline constexpr int signOf(int direction) { return direction % 2 == 0 ? 1 : -1; }
inline constexpr int opposite(int direction) { return direction ^ 1; }

// In piecewise's coordinates: BurrTools' +y is piecewise's -y.
inline constexpr std::array<const char*, kDirectionCount> kDirectionNames = {"+x", "-x", "-y", "+y", "+z", "-z"};

}  // namespace pw::disassembly
