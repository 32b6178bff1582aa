#include "cli/machine.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten/heap.h>
#else
#include <unistd.h>
#endif
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sched.h>
#endif

#include <thread>

namespace cli {

int availableCores() {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
#endif
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? static_cast<int>(cores) : 1;
}

std::uint64_t machineMemoryBytes() {
#if defined(__EMSCRIPTEN__)
  return emscripten_get_heap_max();
#else
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size) : 0;
#endif
}

int startableThreads(int wanted) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return wanted > 0 ? 1 : wanted;
#else
  return wanted;
#endif
}

std::uint64_t tablesPastMemory(std::uint64_t memoMegabytes, int threads) {
  const std::uint64_t machine = machineMemoryBytes() >> 20, tables = 2 * memoMegabytes * static_cast<std::uint64_t>(threads);
  return machine == 0 || tables <= machine ? 0 : tables;
}

}  // namespace cli
