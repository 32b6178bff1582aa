#include "jobs/split.hpp"

#include <algorithm>
#include <stdexcept>

#include "jobs/fingerprint.hpp"

namespace pw {

namespace {

// Runs the search to its end, passing every solution to `found` (once per node: a node's
// symmetric images and expansions are one leaf).
void runTop(Search& search, const std::function<void()>& found) {
  std::vector<Step> last, now;
  bool any = false;
  const SolutionSink sink = [&](const Solution&, bool) {
    search.tracePath(now);
    const bool same = any && now.size() == last.size() &&
                      std::equal(now.begin(), now.end(), last.begin(),
                                 [](const Step& a, const Step& b) { return a.branch == b.branch; });
    if (!same) found();
    last = now;
    any = true;
    return true;
  };
  while (!search.advance(1u << 16, sink)) {
  }
}

Job jobOfPath(const std::vector<Step>& path, std::size_t levels) {
  Job job;
  for (std::size_t d = 0; d < levels; ++d) job.levels.push_back({path[d].branch, path[d].branch});
  return job;
}

bool sameParent(const std::vector<Step>& a, const std::vector<Step>& b) {
  if (a.size() != b.size() || a.empty()) return false;
  for (std::size_t d = 0; d + 1 < a.size(); ++d)
    if (a[d].branch != b[d].branch) return false;
  return true;
}

// Joins runs of siblings at `depth` into about `wanted` jobs in all: a parent with k of the
// `total` nodes gets ceil(k * wanted / total) jobs of nearly equal numbers of nodes.
std::vector<SplitJob> group(const std::vector<std::vector<Step>>& nodes, std::size_t depth, int wanted) {
  std::vector<SplitJob> jobs;
  const std::size_t total = nodes.size();
  std::size_t k = 0;
  while (k < total) {
    const std::vector<Step>& node = nodes[k];
    std::size_t end = k + 1;
    if (node.size() == depth)
      while (end < total && sameParent(nodes[end], node)) ++end;
    const std::size_t siblings = end - k;
    const std::size_t parts =
        std::min(siblings, (siblings * static_cast<std::size_t>(wanted) + total - 1) / total);
    for (std::size_t part = 0; part < parts; ++part) {
      const std::size_t from = k + siblings * part / parts;
      const std::size_t to = k + siblings * (part + 1) / parts - 1;  // inclusive
      const std::vector<Step>& first = nodes[from];
      if (from == to) {
        jobs.push_back({jobOfPath(first, first.size()), pathFingerprint(first, static_cast<int>(first.size()))});
      } else {
        Job job = jobOfPath(first, depth - 1);
        job.levels.push_back({first[depth - 1].branch, nodes[to][depth - 1].branch});
        jobs.push_back({std::move(job), pathFingerprint(first, static_cast<int>(depth) - 1)});
      }
    }
    k = end;
  }
  return jobs;
}

}  // namespace

std::vector<std::vector<Step>> listNodes(const SearchFactory& make, int depth) {
  std::unique_ptr<Search> search = make();
  std::vector<std::vector<Step>> nodes;
  Search& s = *search;
  s.scope().cutAt(depth, [&] { nodes.push_back(s.path()); });
  runTop(s, [&] { nodes.push_back(s.path()); });
  return nodes;
}

Split splitSearch(const SearchFactory& make, std::uint64_t puzzleFingerprint, int wanted) {
  if (wanted < 1 || wanted > kMaxSplitJobs)
    throw std::invalid_argument("the number of jobs must be between 1 and " + std::to_string(kMaxSplitJobs));
  Split split;
  if (wanted == 1) {
    split.jobs.push_back({Job{}, pathFingerprint({}, 0)});
  } else {
    // The smallest depth with enough nodes; when the tree ends first, the depth with the most.
    std::vector<std::vector<Step>> best;
    int bestDepth = 1;
    for (int depth = 1;; ++depth) {
      std::vector<std::vector<Step>> nodes = listNodes(make, depth);
      const bool deeper = std::any_of(nodes.begin(), nodes.end(), [&](const auto& n) { return n.size() == static_cast<std::size_t>(depth); });
      if (nodes.size() > best.size() || best.empty()) {
        best = std::move(nodes);
        bestDepth = depth;
      }
      if (best.size() >= static_cast<std::size_t>(wanted) || !deeper) break;
    }
    split.jobs = best.empty() ? std::vector<SplitJob>{{Job{}, pathFingerprint({}, 0)}}
                              : group(best, static_cast<std::size_t>(bestDepth), wanted);
  }
  split.id = splitId(puzzleFingerprint, split.jobs);
  return split;
}

std::optional<std::uint64_t> locateJob(const SearchFactory& make, const Job& job) {
  const int levels = job.fixedLevels();
  if (levels == 0) return pathFingerprint({}, 0);
  std::unique_ptr<Search> search = make();
  Search& s = *search;
  s.confine(job);
  std::optional<std::vector<Step>> node;
  const auto found = [&] {
    std::vector<Step> path = s.path();
    if (static_cast<int>(path.size()) == levels && !node) node = std::move(path);
  };
  s.scope().cutAt(levels, found);
  runTop(s, found);
  if (!node) return std::nullopt;
  return pathFingerprint(*node, levels);
}

std::string splitId(std::uint64_t puzzleFingerprint, const std::vector<SplitJob>& jobs) {
  Fingerprint f;
  f.add(static_cast<std::int64_t>(puzzleFingerprint)).add(static_cast<std::int64_t>(jobs.size()));
  for (const SplitJob& j : jobs) f.add(jobText(j.job)).add(static_cast<std::int64_t>(j.node));
  return hexDigits(f.value(), 12);
}

std::vector<JobLine> splitLines(const Split& split) {
  std::vector<JobLine> lines;
  const int count = static_cast<int>(split.jobs.size());
  for (int i = 0; i < count; ++i) lines.push_back({split.id, i + 1, count, split.jobs[i].job});
  return lines;
}

}  // namespace pw
