// An independent referee for the disassembler's output, for the tests: plays every move of a
// disassembly on the assembly, one unit at a time, and says what went wrong, if anything.
#pragma once

#include <string>

#include "disassembly/assembly.hpp"
#include "disassembly/disassembly.hpp"

namespace pw::test {

// "" when every slide keeps the pieces apart at each unit of the way, every last move of a
// separation takes a group out with nothing ahead of it along its direction, each separation's
// parts are what its last move leaves and takes, and every piece ends alone (or in a part
// whose pieces all belong to one group). Otherwise the first problem met.
std::string replayDisassembly(const disassembly::Assembly& assembly, const disassembly::Disassembly& disassembly);

}  // namespace pw::test
