#include "jobs/checkpoint_count.hpp"

#include <vector>

namespace pw {

CheckpointedCount countWithCheckpoint(const SearchFactory& make, const CheckpointRun& run, const std::string& path,
                                      const CountSettings& settings, int splitJobs) {
  CheckpointWriter writer(path);  // locked before it is read: no other count appends meanwhile
  // Read before the split, so that a file that is no checkpoint is refused at once.
  const CheckpointFile file = readCheckpoint(path);
  const Split split = splitSearch(make, run.fingerprint, splitJobs);
  CheckpointIdentity identity;
  identity.puzzle = run.puzzle;
  identity.fingerprint = run.fingerprint;
  identity.restrictedType = run.restrictedType;
  identity.split = split.id;
  identity.jobs = static_cast<int>(split.jobs.size());
  identity.symmetries = run.symmetries;
  checkCheckpoint(path, file, identity, split);

  CheckpointedCount result;
  result.jobs = identity.jobs;
  result.counts.symmetries = run.symmetries;
  std::vector<bool> recorded(split.jobs.size());
  for (const CheckpointRecord& r : file.records) {
    recorded[static_cast<std::size_t>(r.index - 1)] = true;
    result.counts.solutions += r.counts.solutions;
    result.counts.unique += r.counts.unique;
    result.counts.nodes += r.counts.nodes;
    ++result.recorded;
  }
  std::vector<Job> jobs;
  std::vector<int> indices;  // 1-based in the split, for each of `jobs`
  for (std::size_t i = 0; i < split.jobs.size(); ++i) {
    if (recorded[i]) continue;
    jobs.push_back(split.jobs[i].job);
    indices.push_back(static_cast<int>(i) + 1);
  }

  writer.begin(file, identity);
  CountSettings counting = settings;
  counting.jobFinished = [&](std::size_t k, const Counts& counts, bool) {
    writer.append({indices[k], jobText(jobs[k]), counts});
  };
  result.threads = settings.threads;  // none needed to start
  if (!jobs.empty()) {
    const JobCount counted = countJobs(make, jobs, counting);
    result.threads = counted.threads;
    result.counts.solutions += counted.counts.solutions;
    result.counts.unique += counted.counts.unique;
    result.counts.nodes += counted.counts.nodes;
  }
  writer.sync();
  return result;
}

}  // namespace pw
