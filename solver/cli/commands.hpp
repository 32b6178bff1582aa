// The command line's commands, each printing its result on stdout (errors are thrown).
#pragma once

#include <chrono>

#include "cli/options.hpp"
#include "model/puzzle.hpp"

namespace cli {

// jobs: count (the whole puzzle or one job, on threads), split, merge
int runCount(const pw::Puzzle& puzzle, const Options& o);
int runSplit(const pw::Puzzle& puzzle, const Options& o);
int runMerge();

// disassembly: count and solve with --disassemble
int runCountDisassembling(const pw::Puzzle& puzzle, const Options& o);
int runSolveDisassembling(const pw::Puzzle& puzzle, const Options& o);

double secondsSince(std::chrono::steady_clock::time_point start);

}  // namespace cli
