// A job: one part of a search tree, which a search can be confined to (job_scope.hpp), so
// that parts can run on other threads or machines and their counts be added up.
//
// The tree is the search's own: every node branches in a deterministic order, and branch i
// of a node is the i-th branch the search takes there, counting the ones that fail at once,
// so that a branch number depends only on the path to the node. A job is a path of branch
// numbers from the root, the last level possibly a range of branches:
//   "3.0.12"     the node reached by branch 3 at the root, then 0, then 12, and all below it
//   "3.0.12-20"  branches 12 to 20 of node 3.0 (and all below them), "3.0.12-" from 12 on
//   "root"       the whole tree
// A node belongs to a job when its path is at least as long as the job's and agrees with
// it level by level. Splitting (split.hpp) lists jobs that hold every solution exactly once.
#pragma once

#include <climits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

struct BranchRange {
  static constexpr int kOpen = INT_MAX;  // `last` of "12-": every branch from `first` on
  int first = 0;
  int last = kOpen;  // inclusive
  friend bool operator==(const BranchRange&, const BranchRange&) = default;
};

struct Job {
  // One range per level from the root; every level but the last is a single branch.
  std::vector<BranchRange> levels;

  // Levels that name one branch: the job's node is at this depth, its branches below are
  // all the job's unless the last level is a range.
  int fixedLevels() const;
  friend bool operator==(const Job&, const Job&) = default;
};

// "3.0.12-20", "root" for the whole tree.
std::string jobText(const Job& job);
// Reads a job's text; throws JobError naming what is wrong.
Job parseJob(std::string_view text);

// The line `piecewise split` prints for a job: the split it belongs to (an id over the puzzle
// and the whole job list, split.hpp), its number among the split's jobs, and the job, e.g.
// "5c0f9e2a17d3-12of40-3.0.12-20". One shell word, also usable as a file name.
struct JobLine {
  std::string split;  // 12 hex digits; empty for a bare job ("3.0.12")
  int index = 0;      // 1..count
  int count = 0;
  Job job;
};

std::string jobLineText(const JobLine& line);
// Accepts a split's line or a bare job; throws JobError naming what is wrong.
JobLine parseJobLine(std::string_view text);

class JobError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pw
