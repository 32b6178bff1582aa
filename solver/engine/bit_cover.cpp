// The bit-cover engine (engine/bit_cover.hpp says what it does): its set-up, the search loop
// and its path, jobs, and the functions the header declares. The engine is one class whose
// members are defined by concept in engine/bit_cover/ (engine.hpp lists them), all compiled
// here as one unit so that the loop inlines them.
#include "engine/bit_cover.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/bit_cover/engine.hpp"
#include "engine/bit_cover/estimate.hpp"
#include "engine/bit_cover/fewest_options.hpp"
#include "engine/bit_cover/memo_keys.hpp"
#include "engine/bit_cover/option_lists.hpp"
#include "engine/bit_cover/region_table_use.hpp"
#include "engine/bit_cover/region_test.hpp"

namespace pw {
namespace {

// make.template operator()<W>() with the fewest words W that hold `cells` cells, or `tooLarge`.
template <typename Result, typename Make>
Result byWidth(int cells, Result tooLarge, Make make) {
  if (cells <= 64) return make.template operator()<1>();
  if (cells <= 128) return make.template operator()<2>();
  if (cells <= kBitCoverMaxCells) return make.template operator()<4>();
  return tooLarge;
}

template <int W>
BitCover<W>::BitCover(const BitCoverProblem& p)
    : neighbours_(inSearchOrder(p)),
      pockets_(neighbours_),
      optionalBit_(p.cellCount, false),
      start_(p.cellCount + 1, 0),
      rootType_(p.rootType),
      memo_(leftKeyFits(p.types) ? p.memoBytes : 0),
      regions_(p.regionBytes) {
  for (int c = 0; c < p.cellCount; ++c) {
    all_.set(p.order[c]);
    optionalBit_[p.order[c]] = p.optional[c];
    if (p.optional[c]) optional_.set(p.order[c]);
  }
  // Region sizes that some multiset of pieces can fill exactly (counts ignored).
  fillable_.assign(p.cellCount + 1, false);
  fillable_[0] = true;
  for (int n = 1; n <= p.cellCount; ++n)
    for (const auto& t : p.types)
      if (t.max > 0 && t.size <= n && fillable_[n - t.size]) fillable_[n] = true;
  std::int64_t minArea = 0;
  std::uint64_t radix = 1;
  for (const auto& t : p.types) {
    leftKey_ += radix * static_cast<std::uint64_t>(t.max);
    radix_.push_back(radix);
    radix *= static_cast<std::uint64_t>(t.max) + 1;  // leftKeyFits() checked it
    remaining_.push_back(t.max);
    piecesLeft_ += t.max;
    missing_.push_back(t.min);
    size_.push_back(t.size);
    fillLimit_ = std::max(fillLimit_, t.size);
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
    o.around = neighboursOf(o.mask).without(o.mask);
    options_.push_back(o);
  }
  // The root type's options go last, as the root's branches, and in no cell's list.
  const auto rootLast = [&](const Option& o) { return o.type == rootType_; };
  std::sort(options_.begin(), options_.end(), [&](const Option& a, const Option& b) {
    if (rootLast(a) != rootLast(b)) return rootLast(b);
    return a.first != b.first ? a.first < b.first : a.type != b.type ? a.type < b.type : a.number < b.number;
  });
  rootBegin_ = static_cast<int>(std::find_if(options_.begin(), options_.end(), rootLast) - options_.begin());
  for (int k = 0; k < rootBegin_; ++k) ++start_[options_[k].first + 1];
  for (int c = 0; c < p.cellCount; ++c) start_[c + 1] += start_[c];
  infeasible_ = holesLeft_ < 0;  // the required pieces do not fit on the board
  finished_ = infeasible_;
  // The fewest-options rule needs every cell covered and every copy placed (its counts
  // know no "stays empty"), and room for a live list per level (one level per placed piece,
  // so at most one per cell).
  const bool exact = exactProblem(p);
  const auto levels = static_cast<std::size_t>(p.cellCount) + 1;
  fewestOptions_ = p.fewestOptionsFirst && exact && (options_.size() + kPad) * levels * sizeof(Bits<W>) <= kMaxLiveBytes;
  buildWindows(p.cellCount);
  usePieceCodes(p);
  if (memo_.enabled() || regionCounts_) keepMemoSymmetries(p);
  regionTest_ = piecesConnected();
  // The pockets stand in for the flood fill where every unfillable size it would measure
  // is one they recognise: the same verdicts (pentominoes 6x10: 0.056 s against 0.062 s,
  // Bedlam 5.7 against 6.3, the same nodes).
  std::array<bool, SmallPockets<W>::kLargest + 1> unfillable{};
  for (int n = 1; n <= SmallPockets<W>::kLargest && n <= p.cellCount; ++n) unfillable[n] = !fillable_[n];
  pockets_.lookFor(unfillable);
  bool recognised = true;
  for (int n = SmallPockets<W>::kLargest + 1; n <= fillLimit_ && n <= p.cellCount; ++n) recognised &= fillable_[n];
  pocketTest_ = regionTest_ && recognised && p.boxNeighbours && pockets_.usable();
  if (fewestOptions_) buildFirstList();
  // Hole patterns (chooseFewest) need a single cell to be a region no piece fills, and every
  // piece to lie in one region.
  holePatterns_ = fewestOptions_ && regionTest_ && !fillable_[1];
}

template <int W>
inline auto BitCover<W>::run(std::uint64_t nodeBudget, const Visitor& visit, Bulk* bulk) -> Stop {
  if (finished_) return Stop::Finished;
  bulk_ = bulk;
  bulkOn_ = bulk_ && bulk_->allowed(rootOption_);
  const std::uint64_t limit = nodes_ + nodeBudget;
  for (;;) {
    if (state_ == kEnter) {
      if (nodes_ >= limit) return Stop::BudgetUsed;
      state_ = kBacktrack;
      // Prune: the required copies need more room than is left, or the copies still
      // allowed cannot cover enough cells to keep the holes within their budget.
      if (requiredArea_ > freeCells_ || freeCells_ - coverableArea_ > holesLeft_) continue;
      const int depth = static_cast<int>(stack_.size());
      Frame f{kRootBit, rootWindow_, static_cast<int>(windowed_.size()), kNone, depth, 0, 0, 0, false, false, 0, 0};
      if (depth > 0 || rootType_ < 0) {
        f.bit = decided_.firstMissing(all_);
        if (f.bit < 0) {
          if (std::any_of(missing_.begin(), missing_.end(), [](int m) { return m > 0; })) continue;
          credit(1);
          if (bulkOn_) {
            bulk_->tally(rootOption_, 1);
            continue;
          }
          collectSolution();
          if (!visit(solution_)) return Stop::Paused;
          continue;
        }
        openList(f);
      }
      if (scope_.cut(depth)) continue;
      if (regionCounts_ && bulkOn_ && piecesLeft_ <= regionPieces_ && depth > 0 && scope_.whole(depth)) {
        if (const auto count = completions()) {
          credit(*count);
          bulk_->tally(rootOption_, *count);
          continue;
        }
      }
      f.whole = memoAsked() && depth > 0 && scope_.whole(depth);
      if (f.whole) {
        const auto at = static_cast<std::size_t>(depth);
        if (keys_.size() <= at) keys_.resize(at + 1);
        keys_[at] = keyFresh_ ? nextKey_ : key();  // worked out with the placement, for the prefetch
        if (const auto known = memo_.find(keys_[at])) {
          if (*known == 0) continue;
          if (bulkOn_) {
            credit(*known);
            bulk_->tally(rootOption_, *known);
            continue;
          }
        }
      }
      // Branch numbers (jobs): the options of the cell's list for the pattern of the cells
      // after it (buildWindows), in order, those that do not fit included; then "stays
      // empty". Under the fewest-options rule: the live options on the cell with the fewest,
      // in list order.
      if (fewestOptions_ && f.bit != kRootBit && !chooseFewest(f)) continue;
      f.next = f.begin + std::min(scope_.first(depth), f.end - f.begin);
      f.startNodes = nodes_;
      push(f);
      state_ = kTry;
    } else if (state_ == kTry) {
      Frame& f = stack_.back();
      // The next option that fits and cuts off no region it cannot fill.
      if (f.listed) {
        while (f.next < f.end) {
          if (triable(f, options_[branches_[f.next]])) break;
          ++f.next;
        }
      } else {
        // Which of the next 64 options fit is worked out at once, without branches (a
        // node's placements undo themselves, so the answer holds while the frame lasts):
        // whether an option fits is a coin toss that a branch per option mispredicts.
        while (f.next < f.end) {
          if (f.next >= f.fitsFrom + 64) markFits(f);
          const std::uint64_t ahead = f.fits >> (f.next - f.fitsFrom);
          if (ahead == 0) {
            f.next = std::min(f.end, f.fitsFrom + 64);
            continue;
          }
          f.next += std::countr_zero(ahead);
          if (leavesFillable(options_[windowed_[f.next].option])) break;
          ++f.next;
        }
      }
      if (f.next < f.end && !scope_.past(f.depth, f.next - f.begin)) {
        f.chosen = optionAt(f, f.next++);
        place(options_[f.chosen], +1);
        if (memoAsked()) {  // the next node's lookup, after its pruning tests
          nextKey_ = key();
          keyFresh_ = true;
          memo_.prefetch(nextKey_);
        }
        if (f.bit == kRootBit) enterRoot(options_[f.chosen].number);
      } else if (f.chosen != kEmpty && f.bit >= 0 && optionalBit_[f.bit] && holesLeft_ > 0 &&
                 !scope_.past(f.depth, f.end - f.begin) && scope_.first(f.depth) <= f.end - f.begin) {
        f.chosen = kEmpty;
        decided_.set(f.bit);
        keyFresh_ = false;
        --holesLeft_;
        --freeCells_;
      } else {
        finish(f);
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
      undo(stack_.back());
      state_ = kTry;
    }
  }
}

// The path is undone as backtracking would, deepest first: a few word operations a level.
// Every frame's choice is in force, but the top one's while it is about to try its next
// branch (kTry). The memo and the region table stay.
template <int W>
inline void BitCover<W>::restart(const Job& job) {
  bulk_ = nullptr;  // the last run's caller's: gone
  bool inForce = state_ != kTry;
  for (auto f = stack_.rbegin(); f != stack_.rend(); ++f, inForce = true)
    if (inForce) undo(*f);
  stack_.clear();
  liveTop_ = segmentTop_ = branchTop_ = 0;
  keyFresh_ = false;
  rootOption_ = -1;
  bulkOn_ = false;
  state_ = kEnter;
  finished_ = infeasible_;
  scope_.reset(job);
}

template <int W>
inline void BitCover<W>::tracePath(std::vector<Step>& out) const {
  out.clear();
  for (const Frame& f : stack_) {
    if (f.chosen == kNone) break;
    const int options = f.end - f.begin;
    const int branch = f.chosen == kEmpty ? options : f.next - 1 - f.begin;  // f.next is one past the choice
    out.push_back({branch, options + (f.bit >= 0 && optionalBit_[f.bit] ? 1 : 0),
                   f.chosen == kEmpty ? -1 - f.bit : options_[f.chosen].number});
  }
}

// Takes back f's choice (it stays f's chosen, for tracePath and the next branch).
template <int W>
inline void BitCover<W>::undo(const Frame& f) {
  if (f.chosen == kEmpty) {
    decided_.remove(Bits<W>::only(f.bit));
    ++holesLeft_;
    ++freeCells_;
  } else if (f.chosen != kNone) {
    place(options_[f.chosen], -1);
    if (f.bit == kRootBit) enterRoot(-1);
  }
}

// Adds `count` solutions to the subtree of the top frame.
template <int W>
inline void BitCover<W>::credit(std::uint64_t count) {
  if (!stack_.empty()) stack_.back().found += count;
}

// Gives back a listed frame's room in liveMasks_, liveSegments_ and branches_.
template <int W>
inline void BitCover<W>::release(const Frame& f) {
  branchTop_ = static_cast<std::size_t>(f.begin);
  liveTop_ = static_cast<std::size_t>(f.liveBegin);
  segmentTop_ = static_cast<std::size_t>(f.segmentBegin);
}

// Pops a frame whose branches are all done, keeping its count while its subtree was
// searched whole (a donation may have given part of it away since it began).
template <int W>
inline void BitCover<W>::finish(const Frame& f) {
  const std::uint64_t found = f.found;
  if (f.listed) release(f);
  if (f.whole && nodes_ - f.startNodes >= memoMinNodes() && scope_.whole(f.depth)) memo_.store(keys_[static_cast<std::size_t>(f.depth)], found, nodes_ - f.startNodes);
  stack_.pop_back();
  credit(found);
}

// Pushes `f` built from its fields: copied whole, its fields just written one by one were
// read back as wide words, which waits for those stores to complete (pentominoes: 11% of the
// time).
template <int W>
inline void BitCover<W>::push(const Frame& f) {
  stack_.push_back({f.bit, f.begin, f.end, f.chosen, f.depth, f.next, f.found, f.startNodes, f.whole, f.listed,
                    f.liveBegin, f.liveEnd, f.segmentBegin, f.segmentEnd, f.fitsFrom, f.fits});
}

template <int W>
inline void BitCover<W>::enterRoot(int option) {
  rootOption_ = option;
  bulkOn_ = bulk_ && bulk_->allowed(rootOption_);
}

template <int W>
inline void BitCover<W>::place(const Option& o, int direction) {
  if (direction > 0) decided_.add(o.mask);
  else decided_.remove(o.mask);
  if (direction > 0) leftKey_ -= radix_[o.type];
  else leftKey_ += radix_[o.type];
  const int size = size_[o.type];
  // Required area shrinks only while copies are still required.
  if (direction > 0 && missing_[o.type] > 0) requiredArea_ -= size;
  remaining_[o.type] -= direction;
  piecesLeft_ -= direction;
  if (direction > 0) leftCode_ -= unit_[o.type];
  else leftCode_ += unit_[o.type];
  missing_[o.type] -= direction;
  if (direction < 0 && missing_[o.type] > 0) requiredArea_ += size;
  coverableArea_ -= direction * size;
  freeCells_ -= direction * size;
}

template <int W>
inline void BitCover<W>::collectSolution() {
  solution_.clear();
  for (const Frame& f : stack_)
    if (f.chosen >= 0) solution_.push_back(options_[f.chosen].number);
  std::sort(solution_.begin(), solution_.end());
}

}  // namespace

std::optional<double> estimateBitCoverNodes(const BitCoverProblem& problem, int walks, std::uint64_t seed,
                                            std::uint64_t budget) {
  if (!exactProblem(problem) || walks <= 0) return std::nullopt;
  return byWidth(problem.cellCount, std::optional<double>(), [&]<int W>() { return estimate<W>(problem, walks, seed, budget); });
}

std::unique_ptr<CoverEngine> makeBitCover(const BitCoverProblem& problem) {
  return byWidth(problem.cellCount, std::unique_ptr<CoverEngine>(),
                 [&]<int W>() -> std::unique_ptr<CoverEngine> { return std::make_unique<BitCover<W>>(problem); });
}

}  // namespace pw
