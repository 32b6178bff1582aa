// What a search keeps to run inside a job (job.hpp), and the few hooks that make any
// explicit-stack search splittable. A search implementing `Search` (search/search.hpp):
//   - when it is about to branch on a live node at depth d (not a dead end, not a
//     solution), calls cut(d) and, if true, backtracks instead (the node was reported);
//   - starts a new node at depth d at branch first(d), skipping the branches before it
//     without searching them (they belong to other jobs), but numbering them;
//   - treats the node as finished once past(d, branch) holds for its next branch;
//   - describes its current path as Steps (Search::path): these give the job's progress
//     estimate, the jobs a running search can give away (donate), and the listing of jobs.
// Branch numbers must depend on the path only (see job.hpp); donate() relies on the rule
// that a node's branch numbers are taken in increasing order.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "jobs/job.hpp"

namespace pw {

// One level of the path from the root to the node a search stands on.
struct Step {
  int branch = 0;    // the branch taken at this level
  int branches = 1;  // how many the node has (an upper bound where unknown before trying them)
  // What the branch does, in the search's own terms (an option, a cell and orientation, a
  // direction): the fingerprint that tells whether two runs are in the same tree.
  std::int64_t decision = 0;
};

// Work given away by a running search: a job, and the share of the donor's work it was
// (by the progress estimate) so that progress over many jobs adds up.
struct Donation {
  Job job;
  double share = 0;
};

// Whether the node at the end of `path` lies in `job`: at every level of the job, the path's
// branch is in the job's range there.
bool jobHolds(const Job& job, const std::vector<Step>& path);

class JobScope {
 public:
  // Before the first advance(): the search explores `job` only.
  void confine(const Job& job);
  // A search restarted on `job` (Search::restart): confined to it, its donations and any cut
  // gone, as the scope of a search just built and confined to it.
  void reset(const Job& job) {
    *this = JobScope{};
    confine(job);
  }
  // Before the first advance(): nodes at `depth` (at least 1) are not searched but passed to
  // `reached`, which can read the search's path (see split.hpp).
  void cutAt(int depth, std::function<void()> reached);

  // Called at every branch: a search that is not confined pays one test of `limited_`.
  int first(int depth) const { return limited_ != 0 && depth < firstLevels_ ? first_[depth] : 0; }
  bool past(int depth, int branch) const { return limited_ != 0 && depth < limited_ && branch > last_[depth]; }
  // The node at `depth` on the current path is searched with its whole subtree: no level
  // from it down is limited, and no split cuts below it. A count over it is then the
  // count of its state, which a memo may keep.
  bool whole(int depth) const { return cutDepth_ < 0 && depth >= firstLevels_ && depth >= limited_; }
  bool cut(int depth) {
    if (cutDepth_ < 0 || depth != cutDepth_) return false;
    reached_();
    return true;
  }

  // Share of the job explored, by Knuth's estimate over the path: at each level the branches
  // finished (and given away), each level weighing what its parent branch stands for.
  double fraction(const std::vector<Step>& path) const;
  // Gives away the untried branches of the shallowest level of `path` that has some, and
  // confines this search to what it keeps. Nothing when the path has no untried branch.
  std::optional<Donation> donate(const std::vector<Step>& path);

 private:
  // One level of the estimate: of the `width` branches the job has there, `finished` are done
  // (searched, or given away); `last` is the last one this search may still take.
  struct Level {
    int finished = 0;
    int width = 1;
    int last = 0;
  };
  Level level(int depth, const Step& step) const;
  int lastOf(const std::vector<int>& last, int depth) const {
    return depth < static_cast<int>(last.size()) ? last[depth] : BranchRange::kOpen;
  }

  std::vector<int> first_;         // per level of the job: its first branch
  std::vector<int> last_;          // per level: its last branch, lowered by donations
  int firstLevels_ = 0;            // first_.size()
  int limited_ = 0;                // last_.size(): no level from there on is limited
  std::vector<int> confinedLast_;  // per level: its last branch as confined, for the estimate
  double donated_ = 0;             // share of the job given away, by the estimate
  int cutDepth_ = -1;
  std::function<void()> reached_;
};

}  // namespace pw
