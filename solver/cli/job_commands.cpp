// count, split and merge: a puzzle's search as jobs (jobs/job.hpp), on this machine's
// threads or on many machines, and count --checkpoint (jobs/checkpoint_count.hpp).
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.hpp"
#include "cli/machine.hpp"
#include "cli/progress_display.hpp"
#include "jobs/checkpoint_count.hpp"
#include "jobs/fingerprint.hpp"
#include "jobs/job_results.hpp"
#include "jobs/parallel_count.hpp"
#include "jobs/split.hpp"
#include "model/error.hpp"
#include "search/search.hpp"
#include "text/display.hpp"

namespace cli {

namespace {

pw::SearchFactory factory(const pw::Puzzle& puzzle, const pw::SearchSettings& settings = {}) {
  return [&puzzle, settings] { return pw::makeSearch(puzzle, settings); };
}

// Each thread's memo and region table, --memo-mb each, must fit in the machine.
void checkMemo(const Options& o, int threads) {
  const std::uint64_t tables = tablesPastMemory(o.memoMegabytes, threads);
  if (tables == 0) return;
  throw UsageError("--memo-mb " + std::to_string(o.memoMegabytes) + ": a memo and a region table of that size for each of " +
                   std::to_string(threads) + (threads == 1 ? " thread" : " threads") + " take " + std::to_string(tables) +
                   " MB, more than this machine's " + std::to_string(machineMemoryBytes() >> 20) + " MB of memory");
}

pw::JobLine jobLine(const std::string& text) {
  try {
    return pw::parseJobLine(text);
  } catch (const pw::JobError& e) {
    throw UsageError(std::string("--job: ") + e.what());
  }
}

}  // namespace

int runCount(const pw::Puzzle& puzzle, const Options& o) {
  const auto start = std::chrono::steady_clock::now();
  pw::CountSettings settings;
  settings.threads = o.threads > 0 ? o.threads : availableCores();
  checkMemo(o, settings.threads);
  pw::SearchSettings search;
  search.memoBytes = static_cast<std::size_t>(o.memoMegabytes << 20);
  // One search chooses (the restricted piece, by its estimates) and finds the job's node; the
  // threads' searches are built from its choice.
  std::unique_ptr<pw::Search> chooser = pw::makeSearch(puzzle, search);
  const pw::SearchSettings used = chooser->settingsUsed();
  const pw::SearchFactory make = factory(puzzle, used);
  const pw::JobLine line = o.job ? jobLine(*o.job) : pw::JobLine{};
  std::optional<std::uint64_t> node;
  if (o.job) {
    node = pw::locateJob(*chooser, line.job);
    if (!node)
      throw pw::PuzzleError("--job " + pw::text::shown(*o.job) + ": this puzzle's search tree has no such node; the job " +
                            "comes from another puzzle, or from a version of piecewise that searches another tree");
  }
  const int symmetries = chooser->symmetryCount();
  chooser.reset();  // its memory, before the threads build their own searches
  std::optional<ProgressDisplay> display;
  if (o.progress) display.emplace();
  if (display && display->active()) {
    settings.progressSeconds = ProgressDisplay::kInterval;
    settings.progress = [&](const pw::CountProgress& p) { display->show(p); };
  }
  pw::JobCount result;
  std::optional<pw::CheckpointedCount> resumed;
  if (o.checkpoint) {
    try {
      resumed = pw::countWithCheckpoint(make, {puzzle.name, pw::puzzleFingerprint(puzzle), used.restrictedType, symmetries},
                                        *o.checkpoint, settings);
    } catch (const pw::CheckpointError& e) {
      throw pw::PuzzleError(std::string("--checkpoint: ") + e.what());
    }
    result.counts = resumed->counts;
    result.threads = resumed->threads;
  } else {
    result = pw::countJob(make, line.job, settings);
  }
  if (display) display->finish();
  if (o.threads > 1 && result.threads < o.threads)
    std::cerr << "piecewise: --threads " << o.threads << ": this build could start only " << result.threads
              << (result.threads == 1 ? " thread" : " threads") << "\n";
  nlohmann::json out = {{"puzzle", puzzle.name},
                        {"kind", pw::kindName(puzzle)},
                        {"solutions", result.counts.solutions},
                        {"unique", result.counts.unique},
                        {"symmetries", result.counts.symmetries},
                        {"nodes", result.counts.nodes},
                        {"seconds", secondsSince(start)}};
  if (!o.places.empty()) out["placed"] = o.places;
  if (o.job) pw::addJobFields(out, line, pw::puzzleFingerprint(puzzle), *node);
  if (resumed) out["checkpoint"] = {{"jobs", resumed->jobs}, {"recorded", resumed->recorded}};
  std::cout << out.dump() << "\n";
  return 0;
}

int runSplit(const pw::Puzzle& puzzle, const Options& o) {
  const pw::Split split = pw::splitSearch(factory(puzzle), pw::puzzleFingerprint(puzzle), o.jobs);
  std::string out;
  for (const pw::JobLine& line : pw::splitLines(split)) out += pw::jobLineText(line) + "\n";
  std::cout << out;
  return 0;
}

int runMerge() {
  try {
    std::cout << pw::mergeJobResults(std::cin).dump() << "\n";
    return 0;
  } catch (const pw::MergeError& e) {
    std::cerr << "piecewise: merge: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace cli
