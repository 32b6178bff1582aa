// The `piecewise` command line: count and solve puzzles in `piecewise/1` files (or
// BurrTools .xmpuzzle files, converted on the way in), convert between the two, and count
// puzzles as jobs on many threads or machines (job_commands.cpp).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "burrtools/xmpuzzle_writer.hpp"
#include "check/check.hpp"
#include "cli/commands.hpp"
#include "cli/machine.hpp"
#include "cli/options.hpp"
#include "format/render.hpp"
#include "files/puzzle_file.hpp"
#include "jobs/solution_seek.hpp"
#include "model/error.hpp"
#include "place/placed_puzzle.hpp"
#include "search/search.hpp"
#include "text/display.hpp"

namespace cli {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// `placed`: the puzzle searched when pieces were placed by hand (--place); solutions are shown
// with those pieces, as solutions of `puzzle`.
int runSolve(const pw::Puzzle& puzzle, const pw::PlacedPuzzle* placed, const Options& o) {
  const auto start = std::chrono::steady_clock::now();
  const pw::Puzzle& searched = placed ? placed->puzzle : puzzle;
  // The solutions before --from are counted on threads: their searches' tables must fit (checked
  // for the threads asked, as count does).
  const int asked = o.threads > 0 ? o.threads : availableCores();
  if (const std::uint64_t tables = tablesPastMemory(o.memoMegabytes, asked))
    throw UsageError("--threads " + std::to_string(asked) + ": the memo and region table of each thread's search (" +
                     std::to_string(o.memoMegabytes) + " MB each) take " + std::to_string(tables) + " MB, more than this machine's " +
                     std::to_string(machineMemoryBytes() >> 20) + " MB of memory");
  const int threads = startableThreads(asked);
  if (o.threads > threads)
    std::cerr << "piecewise: --threads " << o.threads << ": this build could start only " << threads
              << (threads == 1 ? " thread" : " threads") << "\n";
  // The first search chooses what the tree depends on (the restricted piece); every job's
  // search is built with its choice, so that all of them are parts of one tree.
  std::unique_ptr<pw::Search> first = pw::makeSearch(searched);
  const pw::SearchSettings settings = first->settingsUsed();
  const int symmetries = first->symmetryCount();
  const pw::SearchFactory make = [&searched, settings] { return pw::makeSearch(searched, settings); };
  pw::JobRunner runner(make, std::move(first));
  // JSON is written as solutions are found, so that memory stays bounded however many there are.
  if (o.json)
    std::cout << "{\"puzzle\":" << nlohmann::json(puzzle.name).dump() << ",\"kind\":\"" << pw::kindName(puzzle)
              << "\",\"from\":" << o.from << ",\"solutions\":[";
  std::uint64_t shown = 0;
  const pw::SeekSink sink = [&](const pw::Solution& found, bool, const pw::SolutionTally&) {
    const pw::Solution s = placed ? pw::withPlacements(*placed, found) : found;
    const std::uint64_t number = o.from + shown++;
    if (const auto problem = pw::checkSolution(puzzle, s))  // never expected: say so loudly
      throw std::logic_error("internal error: solution " + std::to_string(number) + " fails the checker: " + *problem);
    if (o.json) {
      std::cout << (shown > 1 ? "," : "") << pw::solutionToJson(puzzle, s).dump();
    } else {
      std::cout << "solution " << number << (o.unique ? " (one per symmetry class)" : "") << "\n"
                << pw::renderText(puzzle, s) << "\n";
    }
    return o.limit == 0 || shown < o.limit;
  };
  const pw::SeekTally tally = pw::seekSolutionsOnThreads(runner, make, o.from - 1, o.unique, threads, sink);
  const bool complete = !tally.stopped;  // the search ran to its end: tally.met holds its counts
  const double seconds = secondsSince(start);
  const std::uint64_t total = o.unique ? tally.met.unique : tally.met.solutions;
  if (complete && o.from > total)
    std::cerr << "piecewise: --from " << o.from << ": the puzzle has " << total << (o.unique ? " unique" : "")
              << (total == 1 ? " solution" : " solutions") << "\n";
  if (o.json) {
    std::cout << "],\"complete\":" << (complete ? "true" : "false");
    if (complete)
      std::cout << ",\"counts\":"
                << nlohmann::json{{"solutions", tally.met.solutions}, {"unique", tally.met.unique}, {"symmetries", symmetries}}.dump();
    std::cout << ",\"seconds\":" << nlohmann::json(seconds).dump() << "}\n";
  } else if (complete) {
    std::cout << tally.met.solutions << " solutions, " << tally.met.unique << " unique (symmetry group of order "
              << symmetries << "), " << seconds << " s\n";
  } else {
    std::cout << "stopped after " << shown << " solutions (--limit)\n";
  }
  return 0;
}

int runConvert(const pw::PuzzleInput& input, const Options& o) {
  const std::string to = o.to.empty() ? "piecewise" : o.to;
  if (to == "piecewise") {
    if (!input.converted) throw pw::PuzzleError(pw::text::shown(o.file, 200) + " is already a piecewise/1 document; use --to xmpuzzle to write it for BurrTools");
    std::cout << input.document;
  } else {
    const std::string bytes = to == "xml" ? pw::burrtools::xmpuzzleXml(input.puzzle) : pw::xmpuzzleFile(input.puzzle);
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  std::cout.flush();
  return 0;
}

int runValidate(const pw::Puzzle& puzzle) {
  std::cout << "ok: " << pw::kindName(puzzle) << " puzzle '" << puzzle.name << "'\n";
  return 0;
}

}  // namespace cli

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h" || args[0] == "help")) {
    std::cout << cli::kUsage;
    return 0;
  }
  try {
    const cli::Options o = cli::parseArguments(args);
    if (o.command == "merge") return cli::runMerge();
    const pw::PuzzleInput input = pw::loadPuzzleInput(o.file, o.problem);
    for (const std::string& note : input.notes) std::cerr << "piecewise: note: " << note << "\n";
    const pw::Puzzle& puzzle = input.puzzle;
    if (o.command == "convert") return cli::runConvert(input, o);
    std::optional<pw::PlacedPuzzle> placed;
    if (!o.places.empty()) {
      std::vector<pw::GivenPlacement> given;
      for (const std::string& p : o.places) given.push_back(pw::parsePlacement(p));
      placed = pw::placePieces(puzzle, given);
    }
    const pw::Puzzle& searched = placed ? placed->puzzle : puzzle;
    if (o.command == "count") return o.disassemble ? cli::runCountDisassembling(puzzle, o) : cli::runCount(searched, o);
    if (o.command == "split") return cli::runSplit(searched, o);
    if (o.command == "solve")
      return o.disassemble ? cli::runSolveDisassembling(puzzle, o) : cli::runSolve(puzzle, placed ? &*placed : nullptr, o);
    return cli::runValidate(puzzle);
  } catch (const cli::UsageError& e) {
    std::cerr << "piecewise: " << e.what() << " (see piecewise --help)\n";
    return 2;
  } catch (const pw::PuzzleError& e) {
    std::cerr << "piecewise: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "piecewise: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "piecewise: " << e.what() << "\n";
    return 1;
  }
}
