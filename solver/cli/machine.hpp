// What this machine offers a count: the cores it may run on and its memory, so that options
// are checked against them before anything is built.
#pragma once

#include <cstdint>

namespace cli {

// The cores this process may run on: those of its CPU affinity (taskset, a container's
// cpuset) where the platform says, else every core of the machine.
int availableCores();

// The threads of `wanted` this build can start: one where it has none (WebAssembly without
// pthreads, whose counts run on the calling thread), else all of them.
int startableThreads(int wanted);

// MB that the memos and region tables of `threads` searches take, `memoMegabytes` each, when
// that is more than the machine's memory; 0 when they fit or the memory is unknown. A larger
// bound would pass and then fail as "out of memory" once the tables are built.
std::uint64_t tablesPastMemory(std::uint64_t memoMegabytes, int threads);

// Bytes of memory the process could ever use: the machine's physical memory natively, the
// module's largest heap in WebAssembly; 0 when unknown.
std::uint64_t machineMemoryBytes();

}  // namespace cli
