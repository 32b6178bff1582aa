// The command line's arguments: which command, its file and options, checked before anything runs.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cli {

extern const char* const kUsage;

// Bad arguments: exit status 2 and a pointer to --help.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string command;  // count, split, merge, solve, validate, convert
  std::string file;     // every command but merge
  std::string problem;  // BurrTools files: which problem
  std::vector<std::string> places;  // count, split, solve: pieces placed by hand (PIECE@x,y;...)
  // convert
  std::string to;  // piecewise, xmpuzzle or xml
  // solve
  std::uint64_t from = 1;   // the first solution printed, 1-based in the search's order
  std::uint64_t limit = 0;  // 0: no limit
  bool unique = false;
  bool json = false;
  // count
  int threads = 0;  // 0: one per core
  std::uint64_t memoMegabytes = 4;  // the packing memo of each thread
  std::optional<std::string> job;
  std::optional<std::string> checkpoint;  // a file of finished jobs, appended to and resumed from
  bool progress = false;
  // split
  int jobs = 0;
  // count and solve: only assemblies that come apart (disassembly/)
  bool disassemble = false;
  std::optional<std::uint64_t> disassemblyMegabytes;  // the memory bound of one search for a separation
};

Options parseArguments(const std::vector<std::string>& args);

}  // namespace cli
