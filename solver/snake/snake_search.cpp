// The snake search: folds the chain segment by segment into the box, depth-first with an
// explicit stack so that advance() can stop after any node and resume there.
// At each node the next segment turns 90° from the previous one (up to 4 directions) and
// must run through free cells before the wall. After placing it, the free cells must
// still admit the rest of the chain as a path from the head:
//   - every free cell but one (the chain's end) has at least 2 neighbours among the free
//     cells and the head, and that end has the colour the last cube must have;
//   - the free cells are connected to the head (a flood fill on the cell bitset).
// The start is reduced by the box's symmetries (start_orbits.hpp); parity (the 2-colouring)
// is decided there too, since the chain alternates colours from cube 0 on.
#include <algorithm>
#include <memory>
#include <string>

#include "lattice/cell_bits.hpp"
#include "snake/snake_box.hpp"
#include "snake/snake_symmetry.hpp"
#include "snake/start_orbits.hpp"
#include "model/error.hpp"
#include "search/search.hpp"

namespace pw {

namespace {

template <int W>
class SnakeSearch final : public Search {
  using Bits = CellBits<W>;

 public:
  SnakeSearch(const SnakePuzzle& puzzle, SnakeBox box, const SearchSettings& settings)
      : settings_(settings),
        box_(std::move(box)),
        symmetry_(box_, isPalindromic(puzzle.segments)),
        starts_(startOrbits(box_, puzzle.segments.front())) {
    const int segments = static_cast<int>(puzzle.segments.size());
    int corner = 0;
    for (int run : puzzle.segments) {
      corner_.push_back(corner);
      runs_.push_back(run - 1);
      corner += run - 1;
    }
    chain_.assign(box_.cells, 0);
    options_.resize(segments);
    optionCount_.assign(segments, 0);
    nextOption_.assign(segments, 0);
    branch_.assign(segments, -1);
    const int shifts[3] = {1, box_.side[0], box_.side[0] * box_.side[1]};
    for (int d = 0; d < kDirections; ++d) {
      shift_[d] = d % 2 == 0 ? shifts[axisOf(d)] : -shifts[axisOf(d)];
      for (int c = 0; c < box_.cells; ++c)
        if (box_.next(c, d) >= 0) mayStep_[d].set(c);
    }
    for (int c = 0; c < box_.cells; ++c) all_.set(c);
  }

  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    // Reported solutions count against the budget like nodes: a chain found stands for its
    // images under the start's symmetries, and a call must still return within its budget.
    reportsLeft_ = nodeBudget;
    if (!flushImages(sink)) return false;
    const std::uint64_t stopAt = nodes_ + nodeBudget;
    while (!done_) {
      if (depth_ < 0) {
        next_ = std::max<std::size_t>(next_, scope_.first(0));
        if (next_ == starts_.size() || scope_.past(0, static_cast<int>(next_))) {
          done_ = true;
          break;
        }
        beginStart(starts_[next_++]);
      }
      if (nodes_ >= stopAt) return false;
      if (!step(sink)) return false;
    }
    return true;
  }

  std::uint64_t nodes() const override { return nodes_; }
  SearchSettings settingsUsed() const override { return settings_; }
  // Between starts nothing is placed: beginStart() sets the chain and its free cells anew.
  void restart(const Job& job) override {
    next_ = 0;
    depth_ = -1;
    done_ = false;
    pending_ = nullptr;
    nextImage_ = 0;
    scope_.reset(job);
  }
  int symmetryCount() const override { return symmetry_.order(); }
  // The images of the chain found last still to report.
  void skipPending() override { pending_ = nullptr; }

  // Jobs: the root's branches are the start orbits (cube 0's cell and segment 0's
  // direction); below, level k's branches are segment k's directions, in listOptions' order.
  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return done_; }
  void tracePath(std::vector<Step>& out) const override {
    out.clear();
    if (depth_ < 0) return;
    const StartOrbit& start = starts_[next_ - 1];
    out.push_back({static_cast<int>(next_ - 1), static_cast<int>(starts_.size()), start.cell * kDirections + start.direction});
    for (int k = 1; k <= depth_ && branch_[k] >= 0; ++k) out.push_back({branch_[k], optionCount_[k], options_[k][branch_[k]]});
  }

 private:
  void beginStart(const StartOrbit& start) {
    free_ = all_;
    chain_[0] = start.cell;
    free_.reset(start.cell);
    const int cubes = box_.cells;
    endColour_ = box_.colour(start.cell) ^ ((cubes - 1) & 1);
    startImages_ = &start.images;
    depth_ = 0;
    options_[0][0] = start.direction;
    optionCount_[0] = 1;
    nextOption_[0] = 0;
    branch_[0] = -1;
  }

  // One node of the depth-first search. Returns false when the sink asked to pause.
  bool step(const SolutionSink& sink) {
    const int k = depth_;
    if (nextOption_[k] == optionCount_[k] || (k > 0 && scope_.past(k, nextOption_[k]))) {
      if (--depth_ >= 0) unplace(depth_);
      return true;
    }
    branch_[k] = nextOption_[k];
    const int direction = options_[k][nextOption_[k]++];
    place(k, direction);
    ++nodes_;
    if (k + 1 == static_cast<int>(runs_.size())) {
      found_ = chain_;
      symmetry_.smallestImage(found_, smallest_);
      pending_ = startImages_;
      nextImage_ = 0;
      unplace(k);
      return flushImages(sink);
    }
    if (!viable(chain_[corner_[k + 1]])) {
      unplace(k);
      return true;
    }
    listOptions(k + 1, direction);
    if (optionCount_[k + 1] > 0 && scope_.cut(k + 1)) {
      unplace(k);
      return true;
    }
    depth_ = k + 1;
    return true;
  }

  void place(int k, int direction) {
    int cell = chain_[corner_[k]];
    for (int i = 1; i <= runs_[k]; ++i) {
      cell = box_.next(cell, direction);
      chain_[corner_[k] + i] = cell;
      free_.reset(cell);
    }
  }

  void unplace(int k) {
    for (int i = 1; i <= runs_[k]; ++i) free_.set(chain_[corner_[k] + i]);
  }

  // The directions segment k can take: a quarter turn from the previous segment, through
  // free cells up to its last cube.
  void listOptions(int k, int previous) {
    const int head = chain_[corner_[k]];
    int count = 0;
    for (int d = 0; d < kDirections; ++d) {
      if (axisOf(d) == axisOf(previous)) continue;
      int cell = head;
      for (int i = 0; i < runs_[k] && cell >= 0; ++i) {
        cell = box_.next(cell, d);
        if (cell >= 0 && !free_.test(cell)) cell = -1;
      }
      if (cell >= 0) options_[k][count++] = d;
    }
    optionCount_[k] = count;
    nextOption_[k] = std::min(scope_.first(k), count);  // a job's first branches are skipped
    branch_[k] = -1;
  }

  Bits moved(const Bits& cells, int direction) const { return (cells & mayStep_[direction]).shifted(shift_[direction]); }

  Bits neighbours(const Bits& cells) const {
    Bits result;
    for (int d = 0; d < kDirections; ++d) result = result | moved(cells, d);
    return result;
  }

  // Whether the free cells can still be one path starting next to `head` (see the top).
  bool viable(int head) const {
    Bits open = free_;
    open.set(head);
    Bits once, twice;  // cells with at least one / two neighbours in `open`
    for (int d = 0; d < kDirections; ++d) {
      const Bits n = moved(open, d);
      twice = twice | (once & n);
      once = once | n;
    }
    const Bits deadEnds = free_.without(twice);
    if (!deadEnds.none()) {
      if (deadEnds.count() > 1 || box_.colour(deadEnds.first()) != endColour_) return false;
    }
    Bits headCell;
    headCell.set(head);
    Bits reached = neighbours(headCell) & free_;
    for (;;) {
      const Bits grown = (reached | neighbours(reached)) & free_;
      if (grown == reached) break;
      reached = grown;
    }
    return reached == free_;
  }

  // Reports the solution in found_ under each symmetry of its start's orbit, one unit of
  // reportsLeft_ each. Returns false if the sink paused us or reportsLeft_ ran out first; the
  // remaining images are reported first on the next advance().
  bool flushImages(const SolutionSink& sink) {
    if (!pending_) return true;
    while (nextImage_ < pending_->size()) {
      if (reportsLeft_ == 0) return false;
      --reportsLeft_;
      const std::vector<int>& g = box_.symmetries[(*pending_)[nextImage_++]];
      SnakeSolution solution;
      solution.chain.reserve(found_.size());
      bool smallest = true;
      for (std::size_t i = 0; i < found_.size(); ++i) {
        const int cell = g[found_[i]];
        smallest = smallest && cell == smallest_[i];
        solution.chain.push_back(box_.at[cell]);
      }
      if (!sink(solution, smallest)) return false;
    }
    pending_ = nullptr;
    return true;
  }

  const SearchSettings settings_;
  SnakeBox box_;
  SnakeSymmetry symmetry_;
  std::vector<StartOrbit> starts_;
  std::vector<int> runs_;    // cubes each segment adds after its corner
  std::vector<int> corner_;  // chain index of segment k's first cube (the previous one's last)
  std::array<Bits, kDirections> mayStep_;  // cells with a neighbour in direction d
  std::array<int, kDirections> shift_{};   // cell number difference of a step in direction d
  Bits all_;

  // The search state: the chain so far, its free cells, and per depth the directions to try.
  std::size_t next_ = 0;  // next start orbit to begin
  int depth_ = -1;        // segment being chosen; -1 between starts
  Bits free_;
  int endColour_ = 0;
  std::vector<int> chain_;
  std::vector<std::array<int, 4>> options_;
  std::vector<int> optionCount_, nextOption_;
  std::vector<int> branch_;  // per depth: the option being explored, -1 before the first
  JobScope scope_;
  std::uint64_t nodes_ = 0;
  bool done_ = false;

  // The last solution found, awaiting its report under its start orbit's symmetries.
  const std::vector<int>* startImages_ = nullptr;  // the current start's orbit symmetries
  const std::vector<int>* pending_ = nullptr;      // set while found_ has images to report
  std::uint64_t reportsLeft_ = 0;                  // solutions this advance() may still report
  std::vector<int> found_, smallest_;
  std::size_t nextImage_ = 0;
};

template <int W>
std::unique_ptr<Search> makeWithWords(const SnakePuzzle& puzzle, SnakeBox box, const SearchSettings& settings) {
  if (box.cells <= 64 * W) return std::make_unique<SnakeSearch<W>>(puzzle, std::move(box), settings);
  if constexpr (W < 64) return makeWithWords<W * 2>(puzzle, std::move(box), settings);
  else  // the parser's kChainCubes limit stops this earlier
    throw PuzzleError("box: " + std::to_string(box.cells) + " cells; the snake search supports at most " +
                      std::to_string(64 * W));
}

}  // namespace

std::unique_ptr<Search> makeSnakeSearch(const SnakePuzzle& puzzle, const SearchSettings& settings) {
  return makeWithWords<1>(puzzle, makeSnakeBox(puzzle.box), settings);
}

}  // namespace pw
