// Cutting a search into jobs (job.hpp) that together hold every solution exactly once.
//
// The jobs at depth D are the live nodes at depth D (searched no further while listing
// them) and the solutions met above D, found by running the top of the tree only. The
// split takes the smallest depth with at least the jobs wanted (or the most the tree has),
// then joins neighbouring siblings into ranges ("3.0.12-20") until about as many jobs as
// wanted are left. It is deterministic: same puzzle, same search, same jobs.
//
// Each job carries the fingerprint of the path to its node (the decisions on its fixed
// levels), and the split an id over the puzzle and all its jobs, so that `piecewise merge`
// can tell whether results cover one split of one puzzle exactly (job_results.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jobs/job.hpp"
#include "search/search.hpp"

namespace pw {

// Builds a search of one run's tree. Where the search makes choices (the packing search's
// restricted piece), a factory of the settings one search used (Search::settingsUsed()) spares
// every other search the choice; each function below builds one search and restarts it.
using SearchFactory = std::function<std::unique_ptr<Search>()>;

struct SplitJob {
  Job job;
  std::uint64_t node = 0;  // pathFingerprint of its node
};

struct Split {
  std::vector<SplitJob> jobs;
  std::string id;  // splitId()
};

inline constexpr int kMaxSplitJobs = 100'000;

// About `wanted` jobs (at least that many when the tree has them), 1 <= wanted <= kMaxSplitJobs.
Split splitSearch(const SearchFactory& make, std::uint64_t puzzleFingerprint, int wanted);

// The nodes a listing found, in search order, held compactly (a split may list millions).
class NodeList {
 public:
  std::size_t size() const { return start_.size() - 1; }
  int depth(std::size_t k) const { return static_cast<int>(start_[k + 1] - start_[k]); }
  int branch(std::size_t k, int level) const { return branch_[start_[k] + static_cast<std::size_t>(level)]; }
  std::uint64_t node(std::size_t k) const { return node_[k]; }      // pathFingerprint of the whole path
  std::uint64_t parent(std::size_t k) const { return parent_[k]; }  // ... of all but its last level
  void add(const std::vector<Step>& path);

 private:
  std::vector<int> branch_;
  std::vector<std::size_t> start_{0};
  std::vector<std::uint64_t> node_, parent_;
};

// Every live node at `depth` and every solution above it, in search order (of job `within`
// only, when given); nullopt when there are more than `most`. On `search`, restarted whatever
// its state, and left mid-run or finished.
std::optional<NodeList> listNodes(Search& search, int depth, std::size_t most, const Job& within = {});
std::optional<NodeList> listNodes(const SearchFactory& make, int depth, std::size_t most);

// The nodes of `within` at the smallest depth below its node with at least `wanted` of them
// (and the solutions met above that depth); when the tree ends first, or the next depth has more
// than `most`, the listing with the most (none: depth 0, when one level down has more than
// `most`). Levels where the count does not grow (forced moves: a board of 4096 one-cell pieces is
// a path 4096 levels deep) are passed in steps that double, so that listing costs about as much
// as the deepest depth listed, not its square; a step that goes past what a listing holds goes
// back to the last depth listed. On `search` as listNodes() does.
struct NodeListing {
  NodeList nodes;
  int depth = 0;
};
NodeListing listEnoughNodes(Search& search, std::size_t wanted, std::size_t most, const Job& within = {});

// The fingerprint of the job's node, found by walking down to it; nullopt when this
// search's tree has no such node (a job from another puzzle or another version of a search).
// On `search` as listNodes() does.
std::optional<std::uint64_t> locateJob(Search& search, const Job& job);
std::optional<std::uint64_t> locateJob(const SearchFactory& make, const Job& job);

// 12 hex digits over the puzzle's fingerprint and the jobs in order.
std::string splitId(std::uint64_t puzzleFingerprint, const std::vector<SplitJob>& jobs);

// The job lines (job.hpp) of a split, in order.
std::vector<JobLine> splitLines(const Split& split);

}  // namespace pw
