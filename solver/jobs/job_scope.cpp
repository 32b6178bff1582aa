#include "jobs/job_scope.hpp"

#include <algorithm>
#include <stdexcept>

namespace pw {

bool jobHolds(const Job& job, const std::vector<Step>& path) {
  if (path.size() < job.levels.size()) return false;
  for (std::size_t d = 0; d < job.levels.size(); ++d)
    if (path[d].branch < job.levels[d].first || path[d].branch > job.levels[d].last) return false;
  return true;
}

JobScope::Level JobScope::level(int depth, const Step& step) const {
  const int top = step.branches - 1;
  const int confined = std::min(lastOf(confinedLast_, depth), top);
  Level l;
  l.last = std::min(lastOf(last_, depth), top);
  l.finished = std::max(0, step.branch - first(depth)) + std::max(0, confined - l.last);
  l.width = std::max(confined - first(depth) + 1, l.finished + 1);
  return l;
}

void JobScope::confine(const Job& job) {
  first_.clear();
  last_.clear();
  for (const BranchRange& r : job.levels) {
    first_.push_back(r.first);
    last_.push_back(r.last);
  }
  confinedLast_ = last_;
  firstLevels_ = limited_ = static_cast<int>(last_.size());
  donated_ = 0;
}

void JobScope::cutAt(int depth, std::function<void()> reached) {
  if (depth < 1) throw std::logic_error("JobScope::cutAt: the root cannot be cut");
  cutDepth_ = depth;
  reached_ = std::move(reached);
}

double JobScope::fraction(const std::vector<Step>& path) const {
  double done = 0, weight = 1;
  for (int d = 0; d < static_cast<int>(path.size()); ++d) {
    const Level l = level(d, path[d]);
    done += weight * l.finished / l.width;
    weight /= l.width;
  }
  return std::clamp((done - donated_) / (1 - donated_), 0.0, 1.0);
}

std::optional<Donation> JobScope::donate(const std::vector<Step>& path) {
  double weight = 1;
  for (int d = 0; d < static_cast<int>(path.size()); ++d) {
    const Step& s = path[d];
    const Level l = level(d, s);
    if (s.branch < l.last) {
      Donation out;
      for (int j = 0; j < d; ++j) out.job.levels.push_back({path[j].branch, path[j].branch});
      // Open-ended when this level was: `branches` only bounds the estimate, never the job.
      out.job.levels.push_back({s.branch + 1, lastOf(last_, d)});
      const double given = weight * (l.last - s.branch) / l.width;
      out.share = given / (1 - donated_);
      donated_ += given;
      // The donor keeps its current path down to this level, and the current branch here.
      if (static_cast<int>(last_.size()) <= d) last_.resize(d + 1, BranchRange::kOpen);
      limited_ = static_cast<int>(last_.size());
      for (int j = 0; j < d; ++j) last_[j] = std::min(last_[j], path[j].branch);
      last_[d] = s.branch;
      return out;
    }
    weight /= l.width;
  }
  return std::nullopt;
}

}  // namespace pw
