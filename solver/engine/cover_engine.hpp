// What the packing search needs from an exact-cover engine: resumable runs that report
// each solution as the sorted list of its option numbers, inside a job if confined to one
// (jobs/splittable.hpp). Two engines implement it: ExactCover (dancing links, any problem)
// and BitCover (bitsets, small boards, fast).
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "jobs/splittable.hpp"

namespace pw {

class CoverEngine : public Splittable {
 public:
  enum class Stop { Paused, BudgetUsed, Finished };
  // Called with the chosen option numbers, ascending; return false to pause right after it.
  using Visitor = std::function<bool(std::span<const int> options)>;

  // Counting without visiting: where `allowed(rootOption)` holds, solutions below that root
  // option are handed over as counts, many at once where the engine knows a subtree's count
  // (its memo), instead of one visit each. rootOption is the option placed at the root
  // (BitCoverProblem::rootType), or -1 when there is none.
  class Bulk {
   public:
    virtual ~Bulk() = default;
    virtual bool allowed(int rootOption) const = 0;
    virtual void tally(int rootOption, std::uint64_t count) = 0;
  };

  // Explores at most `nodeBudget` more nodes (a node: one option tried, or one "no more").
  // Engines without a memo may ignore `bulk` and visit every solution.
  virtual Stop run(std::uint64_t nodeBudget, const Visitor& visit, Bulk* bulk = nullptr) = 0;
  // Nodes since the engine was built, over every restart.
  virtual std::uint64_t nodes() const = 0;
  // In any state run() left it in (or a cut's callback threw out of): abandons the run and
  // stands at the root confined to `job` (Job{}: the whole tree), as an engine just built and
  // confined to it would. What holds anywhere in the tree is kept (BitCover's memo and region
  // table: they keep only whole subtrees, jobs/job_scope.hpp's whole()).
  virtual void restart(const Job& job) = 0;
};

}  // namespace pw
