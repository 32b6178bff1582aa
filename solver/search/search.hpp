// The one interface every puzzle kind's search implements. It is resumable: the caller
// hands out node budgets ("advance at most N nodes"), which is how the browser worker
// streams solutions, reports progress and stays able to cancel between slices. It can be
// confined to a job, a part of its tree (jobs/job.hpp), and give away work while it runs,
// which is how the search runs on many threads or machines (jobs/splittable.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>

#include "jobs/splittable.hpp"
#include "model/puzzle.hpp"
#include "model/solution.hpp"

namespace pw {

// Called for every solution found. `representative` is true for exactly one solution of
// each class under the puzzle's symmetry group, so counting those gives the unique count.
// The flag is decided by the solution alone, never by the job it was found in, so it stays
// exact when the jobs' counts are added up. Return false to pause the search right after
// this solution.
using SolutionSink = std::function<bool(const Solution& solution, bool representative)>;

// Counts of solutions found, for searches that only count.
struct SolutionTally {
  std::uint64_t solutions = 0;
  std::uint64_t unique = 0;
};

// Settings every search accepts.
struct SearchSettings {
  // Bound of a search's memo (packing: engine/cover_memo.hpp), and as much again of its region
  // table (engine/region_counts.hpp); 0 turns both off. Small on
  // purpose: the memo pays by cutting dead states met again soon, and a table that stays in
  // the processor's cache beats a larger one (measured: 4 MB counts a polycube box 1.6x
  // faster than 256 MB, and pentominoes as fast).
  std::size_t memoBytes = std::size_t{4} << 20;
  // Packing: where the tree with the piece of fewest orbits restricted by symmetry is
  // estimated at this many nodes or more, estimate the trees of the other pieces that could be
  // restricted and take the smallest (packing/restriction_choice.hpp): the Tetris Cube counts
  // 2.6x faster, for 0.05 s before the search starts. kNeverEstimate: the page, so that a first
  // solution waits for nothing. Every search of one split must agree on it.
  double estimateTreesAbove = 2e6;
  // Packing: the piece type restricted by symmetry once it has been chosen, so that the
  // searches of one run (every job, thread and page worker) grow the same tree without each
  // estimating again (0.05 s natively on the Tetris Cube, per search). kChooseRestriction:
  // chosen by this search (estimateTreesAbove); kNoRestriction: none. Search::settingsUsed()
  // gives it back once chosen.
  int restrictedType = kChooseRestriction;

  static constexpr int kChooseRestriction = -2;
  static constexpr int kNoRestriction = -1;
};

inline constexpr double kNeverEstimate = std::numeric_limits<double>::infinity();

class Search : public Splittable {
 public:
  virtual ~Search() = default;

  // Explores at most about `nodeBudget` more search nodes, reporting solutions to `sink`;
  // reporting a solution counts as a node, so that a call's work stays within its budget
  // even where one search node stands for many solutions (images under symmetry, faces).
  // Returns true once the whole search space (of its job) has been explored; calling it again then
  // does nothing and returns true.
  virtual bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) = 0;

  // advance() for a caller that only counts: adds the solutions met to `tally`. A search
  // may count many at once where it knows a subtree's count, so one node of the budget can
  // stand for many solutions here. The same search may mix both calls.
  virtual bool advanceCounting(std::uint64_t nodeBudget, SolutionTally& tally) {
    return advance(nodeBudget, [&](const Solution&, bool representative) {
      ++tally.solutions;
      if (representative) ++tally.unique;
      return true;
    });
  }

  // advanceCounting() may count a subtree without visiting it, so that counting a job searches
  // fewer nodes than visiting it; false where the two search the very same nodes.
  virtual bool countsInBulk() const { return false; }

  // advance() for a caller that wants one solution per class: `sink` gets exactly the
  // solutions advance() flags representative (in the same order, the flag true). A search may
  // skip the rest: the packing search then builds no image of a solution under its symmetries
  // (CubeInCage, taken apart: 96 solutions reported rather than 1,152).
  virtual bool advanceRepresentatives(std::uint64_t nodeBudget, const SolutionSink& sink) {
    return advance(nodeBudget, [&](const Solution& solution, bool representative) {
      return !representative || sink(solution, true);
    });
  }

  // Drops what the node found last still has to report (its images under the symmetries, its
  // expansions into identical tiles' faces: 16! of them for 16 tiles alike): the next advance()
  // goes on from the next node. For callers that want each leaf once (listing a depth of the
  // tree, split.cpp); the same leaves, in the same order, follow. Nothing to drop by default.
  virtual void skipPending() {}

  // Nodes searched since the search was built, over every job it was restarted on.
  virtual std::uint64_t nodes() const = 0;

  // The settings that build this search's very tree again, its choices made (the packing
  // search's restricted piece): every other search of the same run is built from them.
  virtual SearchSettings settingsUsed() const = 0;

  // In any state, finished or not: abandons the current job and stands at the root, confined
  // to `job` (Job{} for the whole tree), as a search just built and confined to it would, with
  // nothing pending (no images left to report, no cut, no donation: its scope is new). What it
  // learnt that holds anywhere in the tree (the memo of subtree counts, the region table) is
  // kept, so that the jobs of a run cost one search's set-up and one warm memo. The same
  // solutions, in the same order and with the same flags, as a fresh search; fewer nodes
  // where the memo knows a state. Costs what undoing the current path costs (microseconds).
  // nodes() goes on counting: a caller wanting a job's nodes subtracts those before it.
  virtual void restart(const Job& job) = 0;

  // Order of the puzzle's symmetry group (1 when the puzzle has no symmetry).
  virtual int symmetryCount() const = 0;
};

// Builds the search for any puzzle kind. Throws PuzzleError when the puzzle is valid as a
// document but too large to search within the limits (placements, memory).
std::unique_ptr<Search> makeSearch(const Puzzle& puzzle, const SearchSettings& settings = {});

std::unique_ptr<Search> makePackingSearch(const PackingPuzzle& puzzle, const SearchSettings& settings = {});
std::unique_ptr<Search> makeEdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings = {});
std::unique_ptr<Search> makeSnakeSearch(const SnakePuzzle& puzzle, const SearchSettings& settings = {});

}  // namespace pw
