// Counting a job, or a list of jobs, on a pool of threads. Each thread runs one job at a time in slices of a few
// thousand nodes; between slices, a thread that sees another one idle with nothing queued
// gives away the untried branches of its shallowest open level (JobScope::donate), so every
// thread has work until the last part of the tree. Counts are the sums over the parts,
// exactly those of one search. So are the nodes: a job's nodes are those of its subtree, not
// the path down to it, which each part walks again. Progress is the parts done plus the running parts' estimates, each part
// weighing the share of the tree it stood for when it was given away.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "jobs/job.hpp"
#include "jobs/split.hpp"
#include "search/count.hpp"

namespace pw {

struct CountProgress {
  double fraction = 0;  // estimated share of the job done
  double seconds = 0;   // since the count began
  std::uint64_t nodes = 0;
  std::uint64_t solutions = 0;
  int partsDone = 0;
  int partsRunning = 0;
};

struct CountSettings {
  int threads = 1;  // 1: on the calling thread only
  // Called on the calling thread about every `progressSeconds` while the count runs.
  std::function<void(const CountProgress&)> progress;
  double progressSeconds = 1;
  // countJobs: called once all of the list's job `index` is counted (the parts it gave away
  // too), with its counts, on the thread that finished it, one call at a time. `whole`: false
  // when a part of it stopped at `enough` (its counts are then fewer than the job's). What it
  // throws ends the count and is thrown by countJobs.
  std::function<void(std::size_t index, const Counts& counts, bool whole)> jobFinished;
  // countJobs: when set, a part stops counting once its tally so far is enough (a seek wants
  // to know only whether a job holds more solutions than those before the one sought).
  std::function<bool(const SolutionTally& tally)> enough;
};

struct JobCount {
  Counts counts;
  int threads = 1;  // threads that ran: fewer than asked when the platform could not start them
  int parts = 1;    // the job and the parts given away
};

JobCount countJob(const SearchFactory& make, const Job& job, const CountSettings& settings);

// Every job of `jobs` (parts of one tree that do not overlap), taken in order by the threads;
// a thread idle at the end gets work given away from a running job, as in countJob. The
// counts are their sum (symmetries: 1 when the list is empty).
JobCount countJobs(const SearchFactory& make, const std::vector<Job>& jobs, const CountSettings& settings);

}  // namespace pw
