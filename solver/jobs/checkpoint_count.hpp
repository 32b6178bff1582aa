// Counting the whole puzzle so that a killed count resumes where it was: the tree is cut into a
// deterministic split (the same jobs in every run of the same puzzle, settings and version), the
// threads count its jobs in order, and each job is appended to the checkpoint file
// (checkpoint_file.hpp) once all of it is counted. A run skips the jobs the file records. The
// jobs are many and small (kCheckpointJobs: on the Bedlam cube the largest is 0.6% of the
// tree), so a kill loses little more than the jobs running then; a thread idle at the end
// still gets work given away by a running job (parallel_count.hpp), whose record waits for
// all its parts.
#pragma once

#include <string>

#include "jobs/checkpoint_file.hpp"
#include "jobs/parallel_count.hpp"

namespace pw {

inline constexpr int kCheckpointJobs = 1024;

// The run, less its split (countWithCheckpoint makes that).
struct CheckpointRun {
  std::string puzzle;
  std::uint64_t fingerprint = 0;
  int restrictedType = 0;  // of the searches' settingsUsed()
  int symmetries = 1;
};

struct CheckpointedCount {
  Counts counts;      // the whole puzzle's: the jobs recorded and those counted now
  int threads = 1;    // as JobCount::threads
  int jobs = 0;       // the split's
  int recorded = 0;   // read from the file, not counted again
};

// Counts every job of the split of `make`'s tree that `path` does not record, appending each.
// Throws CheckpointError when `path` is another run's checkpoint (naming what differs) or
// cannot be read or written.
CheckpointedCount countWithCheckpoint(const SearchFactory& make, const CheckpointRun& run, const std::string& path,
                                      const CountSettings& settings, int splitJobs = kCheckpointJobs);

}  // namespace pw
