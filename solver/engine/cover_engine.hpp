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

  // Explores at most `nodeBudget` more nodes (a node: one option tried, or one "no more").
  virtual Stop run(std::uint64_t nodeBudget, const Visitor& visit) = 0;
  virtual std::uint64_t nodes() const = 0;
};

}  // namespace pw
