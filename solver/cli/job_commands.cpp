// count, split and merge: a puzzle's search as jobs (jobs/job.hpp), on this machine's
// threads or on many machines.
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "cli/commands.hpp"
#include "cli/progress_display.hpp"
#include "jobs/fingerprint.hpp"
#include "jobs/job_results.hpp"
#include "jobs/parallel_count.hpp"
#include "jobs/split.hpp"
#include "model/error.hpp"
#include "search/search.hpp"

namespace cli {

namespace {

pw::SearchFactory factory(const pw::Puzzle& puzzle) {
  return [&puzzle] { return pw::makeSearch(puzzle); };
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
  const pw::SearchFactory make = factory(puzzle);
  const pw::JobLine line = o.job ? jobLine(*o.job) : pw::JobLine{};
  std::optional<std::uint64_t> node;
  if (o.job) {
    node = pw::locateJob(make, line.job);
    if (!node)
      throw pw::PuzzleError("--job " + *o.job + ": this puzzle's search tree has no node " + pw::jobText(line.job) +
                            "; the job comes from another puzzle, or from a version of piecewise that searches another tree");
  }
  const unsigned cores = std::thread::hardware_concurrency();
  pw::CountSettings settings;
  settings.threads = o.threads > 0 ? o.threads : static_cast<int>(cores > 0 ? cores : 1);
  std::optional<ProgressDisplay> display;
  if (o.progress) {
    display.emplace();
    settings.progressSeconds = display->interval();
    settings.progress = [&](const pw::CountProgress& p) { display->show(p); };
  }
  const pw::JobCount result = pw::countJob(make, line.job, settings);
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
  if (o.job) pw::addJobFields(out, line, pw::puzzleFingerprint(puzzle), *node);
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
