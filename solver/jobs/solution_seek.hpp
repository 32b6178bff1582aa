// Solutions by number: solution k of a search, in search order, without visiting the k before
// it. The parts of the tree before k are counted in bulk (Search::advanceCounting, which takes
// a subtree's count from the memo) and only the part that holds k is searched solution by
// solution. The parts are jobs (job.hpp): inside a job with many solutions before k, the job's
// own parts (listed deep enough for dozens of them), again and again, until few are left to
// visit. A part is counted only until it is known to hold k, so that a seek costs about a count
// of the solutions before k. `solve --from K` and the page's "go to" both use it, so both number
// solutions alike: as a search from the root meets them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "jobs/job.hpp"
#include "jobs/split.hpp"
#include "search/search.hpp"

namespace pw {

// One search restarted on job after job (Search::restart), its memo warm from one to the next,
// so that a run's jobs cost one search's set-up. Built from the run's settings
// (Search::settingsUsed), so that every job is a part of the same tree.
class JobRunner {
 public:
  // `search`, when given, is one `make` built already (it is restarted, not built again).
  explicit JobRunner(SearchFactory make, std::unique_ptr<Search> search = nullptr)
      : make_(std::move(make)), search_(std::move(search)) {}

  // The search, restarted on `job` (Job{}: the whole tree).
  Search& begin(const Job& job);
  // The job's solutions, counted in bulk.
  SolutionTally count(const Job& job);
  // The search, in whatever state the last job left it (built on first use).
  Search& search();

 private:
  SearchFactory make_;
  std::unique_ptr<Search> search_;
};

// What seekSolutions() met: every solution, skipped or reported, of every kind (those counted
// in bulk too); the job's counts when the sink did not stop it.
struct SeekTally {
  SolutionTally met;
  bool stopped = false;  // the sink returned false
};

// Fewer solutions than this before the one wanted are visited rather than counted away: a
// listing of a job's parts costs a search's set-up, and a few hundred solutions cost less.
inline constexpr std::uint64_t kVisitBelow = 512;

// Called for each solution reported, with its position in the job: the solutions before it, and
// the representatives before it. Return false to stop.
using SeekSink = std::function<bool(const Solution& solution, bool representative, const SolutionTally& before)>;

// Reports to `sink` the solutions of `job` from position `skip` on (0-based, in search order;
// counting representatives only, and reporting only them, when `unique`) until `sink` returns
// false or the job ends.
SeekTally seekSolutions(JobRunner& runner, const Job& job, std::uint64_t skip, bool unique, const SeekSink& sink);

// seekSolutions() over the whole search with the solutions before `skip` counted on `threads`
// threads: the tree split into a few dozen jobs a thread, the one that holds solution `skip`
// found by counting the jobs in order on the threads (each only until it holds more than `skip`)
// until those counted from the first hold it, and the seek gone on from there through the jobs
// after it. On one thread, or for a solution near the start, seekSolutions() itself.
SeekTally seekSolutionsOnThreads(JobRunner& runner, const SearchFactory& make, std::uint64_t skip, bool unique,
                                 int threads, const SeekSink& sink);

}  // namespace pw
