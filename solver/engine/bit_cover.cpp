#include "engine/bit_cover.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "lattice/cell_bits.hpp"

namespace pw {

namespace {

template <int W>
using Bits = CellBits<W>;

template <int W>
class BitCover final : public CoverEngine {
 public:
  explicit BitCover(const BitCoverProblem& p) : optionalBit_(p.cellCount, false), start_(p.cellCount + 1, 0) {
    neighbours_.resize(p.cellCount);
    for (int c = 0; c < p.cellCount; ++c) {
      all_.set(p.order[c]);
      optionalBit_[p.order[c]] = p.optional[c];
      if (p.optional[c]) optional_.set(p.order[c]);
      for (int n : p.neighbours[c]) neighbours_[p.order[c]].set(p.order[n]);
    }
    // Region sizes that some multiset of pieces can fill exactly (counts ignored).
    fillable_.assign(p.cellCount + 1, false);
    fillable_[0] = true;
    for (int n = 1; n <= p.cellCount; ++n)
      for (const auto& t : p.types)
        if (t.max > 0 && t.size <= n && fillable_[n - t.size]) fillable_[n] = true;
    std::int64_t minArea = 0;
    for (const auto& t : p.types) {
      remaining_.push_back(t.max);
      missing_.push_back(t.min);
      size_.push_back(t.size);
      minArea += static_cast<std::int64_t>(t.min) * t.size;
      coverableArea_ += static_cast<std::int64_t>(t.max) * t.size;
      requiredArea_ += static_cast<std::int64_t>(t.min) * t.size;
    }
    const auto optionalCount = static_cast<std::int64_t>(std::count(p.optional.begin(), p.optional.end(), true));
    holesLeft_ = std::min<std::int64_t>(optionalCount, p.cellCount - minArea);
    freeCells_ = p.cellCount;

    // Options grouped by their first cell in search order, then by type.
    for (int k = 0; k < static_cast<int>(p.optionType.size()); ++k) {
      Option o{{}, {}, p.optionType[k], k, p.cellCount};
      for (int c : p.optionCells[k]) {
        o.mask.set(p.order[c]);
        o.first = std::min(o.first, p.order[c]);
      }
      o.mask.forEach([&](int b) { o.around.add(neighbours_[b]); });
      o.around.remove(o.mask);
      options_.push_back(o);
    }
    std::sort(options_.begin(), options_.end(), [](const Option& a, const Option& b) {
      return a.first != b.first ? a.first < b.first : a.type != b.type ? a.type < b.type : a.number < b.number;
    });
    for (const Option& o : options_) ++start_[o.first + 1];
    for (int c = 0; c < p.cellCount; ++c) start_[c + 1] += start_[c];
    if (holesLeft_ < 0) finished_ = true;  // the required pieces do not fit on the board
  }

  Stop run(std::uint64_t nodeBudget, const Visitor& visit) override {
    if (finished_) return Stop::Finished;
    const std::uint64_t limit = nodes_ + nodeBudget;
    for (;;) {
      if (state_ == kEnter) {
        if (nodes_ >= limit) return Stop::BudgetUsed;
        state_ = kBacktrack;
        // Prune: the required copies need more room than is left, or the copies still
        // allowed cannot cover enough cells to keep the holes within their budget.
        if (requiredArea_ > freeCells_ || freeCells_ - coverableArea_ > holesLeft_) continue;
        if (!stack_.empty() && stack_.back().chosen >= 0 && !regionsFillable(options_[stack_.back().chosen])) continue;
        const int bit = decided_.firstMissing(all_);
        if (bit < 0) {
          if (std::any_of(missing_.begin(), missing_.end(), [](int m) { return m > 0; })) continue;
          collectSolution();
          if (!visit(solution_)) return Stop::Paused;
          continue;
        }
        const int depth = static_cast<int>(stack_.size());
        if (scope_.cut(depth)) continue;
        // Branch numbers (jobs): the options whose first cell this is, in order, those that
        // do not fit included; then "stays empty".
        stack_.push_back({bit, start_[bit] + std::min(scope_.first(depth), start_[bit + 1] - start_[bit]), kNone, depth});
        state_ = kTry;
      } else if (state_ == kTry) {
        Frame& f = stack_.back();
        const int end = start_[f.bit + 1];
        while (f.next < end) {
          const Option& o = options_[f.next];
          if (remaining_[o.type] > 0 && !o.mask.meets(decided_)) break;
          ++f.next;
        }
        if (f.next < end && !scope_.past(f.depth, f.next - start_[f.bit])) {
          f.chosen = f.next++;
          place(options_[f.chosen], +1);
        } else if (f.chosen != kEmpty && optionalBit_[f.bit] && holesLeft_ > 0 &&
                   !scope_.past(f.depth, end - start_[f.bit]) && scope_.first(f.depth) <= end - start_[f.bit]) {
          f.chosen = kEmpty;
          decided_.set(f.bit);
          --holesLeft_;
          --freeCells_;
        } else {
          stack_.pop_back();
          state_ = kBacktrack;
          continue;
        }
        ++nodes_;
        state_ = kEnter;
      } else {  // kBacktrack: undo the top frame's choice and try its next branch
        if (stack_.empty()) {
          finished_ = true;
          return Stop::Finished;
        }
        Frame& f = stack_.back();
        if (f.chosen == kEmpty) {
          Bits<W> one;
          one.set(f.bit);
          decided_.remove(one);
          ++holesLeft_;
          ++freeCells_;
        } else if (f.chosen != kNone) {
          place(options_[f.chosen], -1);
        }
        state_ = kTry;
      }
    }
  }

  std::uint64_t nodes() const override { return nodes_; }

  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return finished_; }

  void tracePath(std::vector<Step>& out) const override {
    out.clear();
    for (const Frame& f : stack_) {
      if (f.chosen == kNone) break;
      const int options = start_[f.bit + 1] - start_[f.bit];
      const int branch = f.chosen == kEmpty ? options : f.chosen - start_[f.bit];
      out.push_back({branch, options + (optionalBit_[f.bit] ? 1 : 0),
                     f.chosen == kEmpty ? -1 - f.bit : options_[f.chosen].number});
    }
  }

 private:
  static constexpr int kNone = -1;   // Frame::chosen before any branch
  static constexpr int kEmpty = -2;  // Frame::chosen when the cell stays empty

  struct Option {
    Bits<W> mask;
    Bits<W> around;  // open neighbours of the piece: where a region may have been cut off
    int type;
    int number;  // the caller's option number
    int first;   // first cell in search order
  };
  struct Frame {
    int bit;     // the undecided cell branched on
    int next;    // next option to look at in options_
    int chosen;  // option index in options_, kNone or kEmpty
    int depth;   // its index in stack_, for the job's limits
  };
  enum State { kEnter, kTry, kBacktrack };

  void place(const Option& o, int direction) {
    if (direction > 0) decided_.add(o.mask);
    else decided_.remove(o.mask);
    const int size = size_[o.type];
    // Required area shrinks only while copies are still required.
    if (direction > 0 && missing_[o.type] > 0) requiredArea_ -= size;
    remaining_[o.type] -= direction;
    missing_[o.type] -= direction;
    if (direction < 0 && missing_[o.type] > 0) requiredArea_ += size;
    coverableArea_ -= direction * size;
    freeCells_ -= direction * size;
  }

  // Flood-fills the open regions touching the piece just placed.
  bool regionsFillable(const Option& placed) const {
    Bits<W> open = all_;
    open.remove(decided_);
    Bits<W> seeds = placed.around;
    seeds.keep(open);
    while (!seeds.none()) {
      Bits<W> region, frontier;
      frontier.set(firstBit(seeds));
      region = frontier;
      while (!frontier.none()) {
        Bits<W> next;
        frontier.forEach([&](int b) { next.add(neighbours_[b]); });
        next.keep(open);
        next.remove(region);
        region.add(next);
        frontier = next;
      }
      seeds.remove(region);
      const bool mustFill = holesLeft_ == 0 || !region.meets(optional_);
      if (mustFill && !fillable_[region.count()]) return false;
    }
    return true;
  }

  static int firstBit(const Bits<W>& b) { return b.none() ? -1 : b.first(); }

  void collectSolution() {
    solution_.clear();
    for (const Frame& f : stack_)
      if (f.chosen >= 0) solution_.push_back(options_[f.chosen].number);
    std::sort(solution_.begin(), solution_.end());
  }

  Bits<W> all_;       // every board cell
  Bits<W> decided_;   // cells covered or left empty on the current path
  Bits<W> optional_;  // `+` cells
  std::vector<Bits<W>> neighbours_;  // per bit
  std::vector<bool> fillable_;       // per region size
  std::vector<bool> optionalBit_;
  std::vector<Option> options_;
  std::vector<int> start_;  // options_ of first cell b: [start_[b], start_[b+1])
  std::vector<int> remaining_, missing_, size_;
  std::int64_t holesLeft_ = 0, freeCells_ = 0, requiredArea_ = 0, coverableArea_ = 0;
  JobScope scope_;
  std::vector<Frame> stack_;
  std::vector<int> solution_;
  std::uint64_t nodes_ = 0;
  State state_ = kEnter;
  bool finished_ = false;
};

}  // namespace

std::unique_ptr<CoverEngine> makeBitCover(const BitCoverProblem& problem) {
  if (problem.cellCount <= 64) return std::make_unique<BitCover<1>>(problem);
  if (problem.cellCount <= 128) return std::make_unique<BitCover<2>>(problem);
  if (problem.cellCount <= 256) return std::make_unique<BitCover<4>>(problem);
  return nullptr;
}

}  // namespace pw
