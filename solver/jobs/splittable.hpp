// The part of a search that jobs need: three hooks a search implements (job_scope.hpp says
// how it uses its scope), and what is built on them. Search (search/search.hpp) and the
// packing search's exact-cover engines (engine/cover_engine.hpp) are Splittable.
#pragma once

#include <optional>
#include <vector>

#include "jobs/job_scope.hpp"

namespace pw {

class Splittable {
 public:
  virtual ~Splittable() = default;

  // ---- the hooks ----
  virtual JobScope& scope() = 0;
  virtual const JobScope& scope() const = 0;
  // The path from the root to the node the search stands on (after a solution: that
  // solution's node), one Step per level; a last level whose node has no branch begun yet
  // is left out.
  virtual void tracePath(std::vector<Step>& out) const = 0;
  virtual bool finished() const = 0;

  // ---- built on them ----
  // Before the search starts: explore only `job`.
  void confine(const Job& job) { scope().confine(job); }
  // Between runs of the search: gives away untried work (JobScope::donate).
  std::optional<Donation> donate() { return finished() ? std::nullopt : scope().donate(path()); }
  std::vector<Step> path() const {
    std::vector<Step> out;
    tracePath(out);
    return out;
  }
  // An estimate in [0, 1] of the share of the job already explored; 1 when done.
  double fractionDone() const { return finished() ? 1.0 : scope().fraction(path()); }
};

}  // namespace pw
