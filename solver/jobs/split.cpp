#include "jobs/split.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "jobs/fingerprint.hpp"

namespace pw {

namespace {

// Runs the search to its end, calling `found` once per leaf: its first solution pauses the
// search, and the rest of what it stands for (images, face expansions) is skipped. Only after a
// pause: a call whose budget ran out on reaching a leaf has not reported it yet, and the next
// call reports it first.
void runTop(Search& search, const std::function<void()>& found) {
  bool paused = false;
  const SolutionSink sink = [&](const Solution&, bool) {
    found();
    paused = true;
    return false;
  };
  while (!search.advance(1u << 16, sink))
    if (std::exchange(paused, false)) search.skipPending();
}

Job jobOfNode(const NodeList& nodes, std::size_t k, int levels) {
  Job job;
  for (int d = 0; d < levels; ++d) job.levels.push_back({nodes.branch(k, d), nodes.branch(k, d)});
  return job;
}

bool sameParent(const NodeList& nodes, std::size_t a, std::size_t b) {
  const int depth = nodes.depth(a);
  if (nodes.depth(b) != depth || depth == 0) return false;
  for (int d = 0; d + 1 < depth; ++d)
    if (nodes.branch(a, d) != nodes.branch(b, d)) return false;
  return true;
}

// Joins runs of siblings at `depth` into about `wanted` jobs in all: a parent with k of the
// `total` nodes gets ceil(k * wanted / total) jobs of nearly equal numbers of nodes.
std::vector<SplitJob> group(const NodeList& nodes, int depth, int wanted) {
  std::vector<SplitJob> jobs;
  const std::size_t total = nodes.size();
  std::size_t k = 0;
  while (k < total) {
    std::size_t end = k + 1;
    if (nodes.depth(k) == depth)
      while (end < total && sameParent(nodes, end, k)) ++end;
    const std::size_t siblings = end - k;
    const std::size_t parts =
        std::min(siblings, (siblings * static_cast<std::size_t>(wanted) + total - 1) / total);
    for (std::size_t part = 0; part < parts; ++part) {
      const std::size_t from = k + siblings * part / parts;
      const std::size_t to = k + siblings * (part + 1) / parts - 1;  // inclusive
      if (from == to) {
        jobs.push_back({jobOfNode(nodes, from, nodes.depth(from)), nodes.node(from)});
      } else {
        Job job = jobOfNode(nodes, from, depth - 1);
        job.levels.push_back({nodes.branch(from, depth - 1), nodes.branch(to, depth - 1)});
        jobs.push_back({std::move(job), nodes.parent(from)});
      }
    }
    k = end;
  }
  return jobs;
}

// Thrown from a listing's callbacks to stop it once it holds too many nodes.
struct TooMany {};

}  // namespace

void NodeList::add(const std::vector<Step>& path) {
  for (const Step& step : path) branch_.push_back(step.branch);
  start_.push_back(branch_.size());
  const int depth = static_cast<int>(path.size());
  node_.push_back(pathFingerprint(path, depth));
  parent_.push_back(pathFingerprint(path, depth - 1));
}

std::optional<NodeList> listNodes(Search& search, int depth, std::size_t most, const Job& within) {
  NodeList nodes;
  const auto add = [&] {
    if (nodes.size() >= most) throw TooMany{};
    nodes.add(search.path());
  };
  search.restart(within);
  search.scope().cutAt(depth, add);
  try {
    runTop(search, add);
  } catch (const TooMany&) {
    return std::nullopt;
  }
  return nodes;
}

std::optional<NodeList> listNodes(const SearchFactory& make, int depth, std::size_t most) {
  return listNodes(*make(), depth, most);
}

NodeListing listEnoughNodes(Search& search, std::size_t wanted, std::size_t most, const Job& within) {
  const int fixed = within.fixedLevels();
  NodeListing best;
  std::size_t previous = 0;
  int step = 1, listed = fixed;
  for (int depth = fixed + 1; best.nodes.size() < wanted; depth += step) {
    std::optional<NodeList> nodes = listNodes(search, depth, most, within);
    if (!nodes) {
      if (step == 1) break;
      depth = listed;
      step = 1;
      continue;
    }
    bool deeper = false;
    for (std::size_t k = 0; k < nodes->size() && !deeper; ++k) deeper = nodes->depth(k) == depth;
    step = nodes->size() > previous ? 1 : 2 * step;
    previous = nodes->size();
    listed = depth;
    if (nodes->size() > best.nodes.size()) best = {std::move(*nodes), depth};
    if (!deeper) break;
  }
  return best;
}

Split splitSearch(const SearchFactory& make, std::uint64_t puzzleFingerprint, int wanted) {
  if (wanted < 1 || wanted > kMaxSplitJobs)
    throw std::invalid_argument("the number of jobs must be between 1 and " + std::to_string(kMaxSplitJobs));
  Split split;
  NodeListing best;
  if (wanted > 1) {
    const std::size_t most = std::max<std::size_t>(1'000'000, 16 * static_cast<std::size_t>(wanted));
    best = listEnoughNodes(*make(), static_cast<std::size_t>(wanted), most);
  }
  if (best.nodes.size() == 0) split.jobs.push_back({Job{}, pathFingerprint({}, 0)});
  else split.jobs = group(best.nodes, best.depth, wanted);
  split.id = splitId(puzzleFingerprint, split.jobs);
  return split;
}

std::optional<std::uint64_t> locateJob(Search& search, const Job& job) {
  const int levels = job.fixedLevels();
  if (levels == 0) return pathFingerprint({}, 0);
  search.restart(job);
  std::optional<std::vector<Step>> node;
  const auto found = [&] {
    std::vector<Step> path = search.path();
    if (static_cast<int>(path.size()) == levels && !node) node = std::move(path);
  };
  search.scope().cutAt(levels, found);
  runTop(search, found);
  if (!node) return std::nullopt;
  return pathFingerprint(*node, levels);
}

std::optional<std::uint64_t> locateJob(const SearchFactory& make, const Job& job) {
  if (job.fixedLevels() == 0) return pathFingerprint({}, 0);
  return locateJob(*make(), job);
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
