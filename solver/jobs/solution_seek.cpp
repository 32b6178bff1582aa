#include "jobs/solution_seek.hpp"

#include <optional>
#include <vector>

namespace pw {

Search& JobRunner::search() {
  if (!search_) search_ = make_();
  return *search_;
}

Search& JobRunner::begin(const Job& job) {
  search().restart(job);
  return *search_;
}

SolutionTally JobRunner::count(const Job& job) {
  Search& search = begin(job);
  SolutionTally tally;
  while (!search.advanceCounting(std::uint64_t{1} << 20, tally)) {
  }
  return tally;
}

namespace {

// A job with more parts one level down than this is visited instead (a listing holds them all).
constexpr std::size_t kMostParts = 100'000;

std::uint64_t kindCount(const SolutionTally& t, bool unique) { return unique ? t.unique : t.solutions; }

void add(SolutionTally& to, const SolutionTally& t) {
  to.solutions += t.solutions;
  to.unique += t.unique;
}

// The job's parts one level below its node, in search order: each live node there, and each
// solution met above it (a leaf, whose path is shorter), as a job of its own.
std::vector<Job> partsOf(JobRunner& runner, const Job& job, int depth) {
  const std::optional<NodeList> nodes = listNodes(runner.search(), depth, kMostParts, job);
  std::vector<Job> parts;
  if (!nodes) return parts;
  for (std::size_t k = 0; k < nodes->size(); ++k) {
    Job part;
    for (int d = 0; d < nodes->depth(k); ++d) part.levels.push_back({nodes->branch(k, d), nodes->branch(k, d)});
    parts.push_back(std::move(part));
  }
  return parts;
}

// Searches the job solution by solution, skipping the first `skip` of the kind wanted. `before`:
// the solutions of the job seekSolutions() was asked for that come before this one.
SeekTally visit(JobRunner& runner, const Job& job, std::uint64_t skip, bool unique, const SeekSink& sink,
                const SolutionTally& before) {
  Search& search = runner.begin(job);
  SeekTally tally;
  const SolutionSink filter = [&](const Solution& solution, bool representative) {
    SolutionTally position = before;
    add(position, tally.met);
    ++tally.met.solutions;
    if (representative) ++tally.met.unique;
    if (unique && !representative) return true;
    if (skip > 0) {
      --skip;
      return true;
    }
    tally.stopped = !sink(solution, representative, position);
    return !tally.stopped;
  };
  while (!tally.stopped && !search.advance(std::uint64_t{1} << 20, filter)) {
  }
  return tally;
}

SeekTally seekFrom(JobRunner& runner, const Job& job, std::uint64_t skip, bool unique, const SeekSink& sink,
                   const SolutionTally& before) {
  if (skip < kVisitBelow) return visit(runner, job, skip, unique, sink, before);
  const int depth = job.fixedLevels() + 1;
  const std::vector<Job> parts = partsOf(runner, job, depth);
  bool deeper = false;  // else the job is one leaf (its solutions are a node's images or expansions)
  for (const Job& part : parts) deeper |= static_cast<int>(part.levels.size()) == depth;
  if (!deeper) return visit(runner, job, skip, unique, sink, before);
  SeekTally total;
  for (const Job& part : parts) {
    if (skip > 0) {
      const SolutionTally counted = runner.count(part);
      if (skip >= kindCount(counted, unique)) {
        skip -= kindCount(counted, unique);
        add(total.met, counted);
        continue;
      }
    }
    SolutionTally partBefore = before;
    add(partBefore, total.met);
    const SeekTally t = seekFrom(runner, part, skip, unique, sink, partBefore);
    skip = 0;
    add(total.met, t.met);
    if (t.stopped) {
      total.stopped = true;
      break;
    }
  }
  return total;
}

}  // namespace

SeekTally seekSolutions(JobRunner& runner, const Job& job, std::uint64_t skip, bool unique, const SeekSink& sink) {
  return seekFrom(runner, job, skip, unique, sink, {});
}

}  // namespace pw
