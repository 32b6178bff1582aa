#include "jobs/solution_seek.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "jobs/parallel_count.hpp"

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

// A job with more parts than this one level down is visited instead (a listing holds them all).
constexpr std::size_t kMostParts = 100'000;
// The parts of a job are listed deep enough for at least this many, so that the part that holds
// the solution sought, counted up to it and then searched again part by part, is a small share
// of the job: one level down, a board of dominoes has two parts, one of them most of the tree.
constexpr std::size_t kFewestParts = 64;

std::uint64_t kindCount(const SolutionTally& t, bool unique) { return unique ? t.unique : t.solutions; }

void add(SolutionTally& to, const SolutionTally& t) {
  to.solutions += t.solutions;
  to.unique += t.unique;
}

// The job's parts below its node, in search order: each live node at the smallest depth with
// kFewestParts of them (listEnoughNodes), and each solution met above it (a leaf, whose path is
// shorter), as a job of its own. Empty when the job has no part below its node (it is one leaf) or
// too many one level down.
std::vector<Job> partsOf(JobRunner& runner, const Job& job) {
  const NodeListing listing = listEnoughNodes(runner.search(), kFewestParts, kMostParts, job);
  const NodeList& nodes = listing.nodes;
  std::vector<Job> parts;
  bool below = false;
  for (std::size_t k = 0; k < nodes.size(); ++k) below |= nodes.depth(k) > job.fixedLevels();
  if (!below) return parts;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    Job part;
    for (int d = 0; d < nodes.depth(k); ++d) part.levels.push_back({nodes.branch(k, d), nodes.branch(k, d)});
    parts.push_back(std::move(part));
  }
  return parts;
}

// Counting a part stops after this many nodes to see whether it already holds the solution sought.
constexpr std::uint64_t kCountSlice = std::uint64_t{1} << 12;

struct PartCount {
  SolutionTally tally;
  bool whole = false;  // the part was counted to its end
};

// The part's solutions counted in bulk until more than `skip` of the kind wanted are met: a part
// that holds the solution sought is then searched again part by part, so counting it to its end
// would be wasted (solution 1,000 of the Bedlam cube cost most of a whole count that way).
PartCount countPast(JobRunner& runner, const Job& part, std::uint64_t skip, bool unique) {
  Search& search = runner.begin(part);
  PartCount c;
  while (!(c.whole = search.advanceCounting(kCountSlice, c.tally)) && kindCount(c.tally, unique) <= skip) {
  }
  return c;
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
  const std::vector<Job> parts = partsOf(runner, job);
  // None: the job is one leaf (its solutions are a node's images or expansions).
  if (parts.empty()) return visit(runner, job, skip, unique, sink, before);
  SeekTally total;
  for (const Job& part : parts) {
    if (skip > 0) {
      const PartCount counted = countPast(runner, part, skip, unique);
      if (counted.whole && skip >= kindCount(counted.tally, unique)) {
        skip -= kindCount(counted.tally, unique);
        add(total.met, counted.tally);
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

// seekSolutionsOnThreads() splits the tree into this many jobs a thread: enough that the job
// holding the solution, searched on one thread, is a small share of the whole.
constexpr int kJobsPerThread = 64;

// Thrown by a count's jobFinished to end it: the job that holds the solution sought is known.
struct Located {};

// Where the solution at position `skip` (0-based, of the kind wanted) lies among `jobs`, parts of
// the tree in search order that together hold every solution once (a split).
struct SolutionPlace {
  std::size_t job = 0;   // the one that holds it; jobs.size() when none does
  SolutionTally before;  // the jobs' before that one (every job's when none holds it)
};

// The jobs are counted on `threads` threads, taken in order, until those counted from the first
// hold more than `skip`. Each part stops once it holds more than `skip` (the solution is then in
// its job or before it): a job of far more solutions than that (a board of dominoes cut into 128
// jobs of a billion tilings each, sought at solution 1,000) is not counted whole.
SolutionPlace locateSolution(const SearchFactory& make, const std::vector<Job>& jobs, std::uint64_t skip, bool unique,
                             int threads) {
  // The jobs finish out of order; `place` moves over those counted from the first.
  std::vector<std::optional<std::pair<SolutionTally, bool>>> counted(jobs.size());
  SolutionPlace place;
  CountSettings settings;
  settings.threads = threads;
  settings.enough = [&](const SolutionTally& t) { return kindCount(t, unique) > skip; };
  settings.jobFinished = [&](std::size_t index, const Counts& counts, bool whole) {
    counted[index] = {SolutionTally{counts.solutions, counts.unique}, whole};
    for (; place.job < jobs.size() && counted[place.job]; ++place.job) {
      const auto& [tally, complete] = *counted[place.job];
      if (!complete || kindCount(tally, unique) > skip - kindCount(place.before, unique)) throw Located{};
      add(place.before, tally);
    }
  };
  try {
    countJobs(make, jobs, settings);
  } catch (const Located&) {
  }
  return place;
}

}  // namespace

SeekTally seekSolutions(JobRunner& runner, const Job& job, std::uint64_t skip, bool unique, const SeekSink& sink) {
  return seekFrom(runner, job, skip, unique, sink, {});
}

SeekTally seekSolutionsOnThreads(JobRunner& runner, const SearchFactory& make, std::uint64_t skip, bool unique,
                                 int threads, const SeekSink& sink) {
  if (threads <= 1 || skip < kVisitBelow) return seekSolutions(runner, Job{}, skip, unique, sink);
  std::vector<Job> jobs;  // the split's id (over the puzzle's fingerprint, 0 here) is not used
  for (SplitJob& j : splitSearch(make, 0, std::min(kMaxSplitJobs, kJobsPerThread * threads)).jobs)
    jobs.push_back(std::move(j.job));
  const SolutionPlace place = locateSolution(make, jobs, skip, unique, threads);
  SeekTally total;
  total.met = place.before;
  skip -= kindCount(place.before, unique);
  for (std::size_t j = place.job; j < jobs.size() && !total.stopped; ++j, skip = 0) {
    // Positions in the whole search: the jobs' before this one, and this one's.
    const SolutionTally jobBefore = total.met;
    const SeekTally t = seekSolutions(runner, jobs[j], skip, unique, [&](const Solution& s, bool representative, const SolutionTally& before) {
      SolutionTally position = jobBefore;
      add(position, before);
      return sink(s, representative, position);
    });
    add(total.met, t.met);
    total.stopped = t.stopped;
  }
  return total;
}

}  // namespace pw
