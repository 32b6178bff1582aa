#include "engine/bit_cover.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <utility>

#include "engine/cover_memo.hpp"
#include "engine/region_counts.hpp"
#include "engine/small_pockets.hpp"
#include "lattice/cell_bits.hpp"
#include "lattice/cell_permutation.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace pw {

namespace {

template <int W>
using Bits = CellBits<W>;

// Where 128-bit SIMD exists (SSE2 on x86-64, the SIMD WebAssembly build) the fewest-options
// count adds two options a turn: 2-6% natively. Lowered to scalar code (the baseline
// WebAssembly build) the pairs cost about 5% more than one option a turn.
#if defined(__SSE2__) || defined(__wasm_simd128__)
constexpr bool kPairedCount = true;
#else
constexpr bool kPairedCount = false;
#endif

// Every cell covered and every copy placed: what the fewest-options rule and the walks of
// estimateBitCoverNodes() need (neither models "stays empty" or a range of copies).
bool exactProblem(const BitCoverProblem& p) {
  return std::none_of(p.optional.begin(), p.optional.end(), [](bool b) { return b; }) &&
         std::all_of(p.types.begin(), p.types.end(), [](const auto& t) { return t.min == t.max; });
}

// make.template operator()<W>() with the fewest words W that hold `cells` cells, or `tooLarge`.
template <typename Result, typename Make>
Result byWidth(int cells, Result tooLarge, Make make) {
  if (cells <= 64) return make.template operator()<1>();
  if (cells <= 128) return make.template operator()<2>();
  if (cells <= kBitCoverMaxCells) return make.template operator()<4>();
  return tooLarge;
}

// SplitMix64 (Steele, Lea, Flood 2014): integer operations only, the same on every platform.
class Draws {
 public:
  explicit Draws(std::uint64_t seed) : state_(seed) {}
  // A number in [0, n), n > 0 (the modulo's slight bias does not matter to an estimate).
  std::size_t below(std::size_t n) {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return static_cast<std::size_t>((z ^ (z >> 31)) % n);
  }

 private:
  std::uint64_t state_;
};

template <int W>
class BitCover final : public CoverEngine {
 public:
  explicit BitCover(const BitCoverProblem& p)
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
    pocketTest_ = regionTest_ && recognised && pockets_.usable();
    if (fewestOptions_) buildFirstList();
    // Hole patterns (chooseFewest) need a single cell to be a region no piece fills, and every
    // piece to lie in one region.
    holePatterns_ = fewestOptions_ && regionTest_ && !fillable_[1];
  }

  Stop run(std::uint64_t nodeBudget, const Visitor& visit, Bulk* bulk) override {
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

  std::uint64_t nodes() const override { return nodes_; }

  // The path is undone as backtracking would, deepest first: a few word operations a level.
  // Every frame's choice is in force, but the top one's while it is about to try its next
  // branch (kTry). The memo and the region table stay.
  void restart(const Job& job) override {
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

  // estimateBitCoverNodes(): the size of the subtree below the current state, every branch
  // followed in full down `exhaustive` levels, then `walks` random walks from each node
  // reached. Leaves the state as it found it. Empty once the walks have looked at more than
  // `budget` options.
  std::optional<double> estimateSubtree(int exhaustive, int walks, Draws& draws, std::uint64_t budget) {
    Frame f;
    if (!branchesThatFit(f)) return 1.0;
    const std::vector<int> branches = fits_;
    double nodes = 1;
    if (exhaustive > 0) {
      for (const int position : branches) {
        enter(f, position);
        const auto below = estimateSubtree(exhaustive - 1, walks, draws, budget);
        leave();
        if (!below) break;
        nodes += *below;
      }
    } else {
      double sum = 0;
      for (int k = 0; k < walks && walkWork_ <= budget; ++k) sum += walk(f, branches, draws);
      nodes += sum / walks;
    }
    if (f.listed) release(f);
    if (walkWork_ > budget) return std::nullopt;
    return nodes;
  }

  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return finished_; }

  void tracePath(std::vector<Step>& out) const override {
    out.clear();
    for (const Frame& f : stack_) {
      if (f.chosen == kNone) break;
      const int options = f.end - f.begin;
      const int branch = f.chosen == kEmpty ? options : f.next - 1 - f.begin;  // f.next is one past the choice
      out.push_back({branch, options + (f.bit >= 0 && optionalBit_[f.bit] ? 1 : 0),
                     f.chosen == kEmpty ? -1 - f.bit : options_[f.chosen].number});
    }
  }

 private:
  static constexpr int kNone = -1;   // Frame::chosen before any branch
  static constexpr int kEmpty = -2;  // Frame::chosen when the cell stays empty
  static constexpr int kRootBit = -2;  // Frame::bit of the root's frame when it places the root type
  static constexpr int kNoFits = -64;  // Frame::fitsFrom before markFits()

  struct Option {
    Bits<W> mask;
    Bits<W> around;  // open neighbours of the piece: where a region may have been cut off
    int type;
    int number;  // the caller's option number
    int first;   // first cell in search order
  };
  struct Frame {
    int bit;     // the undecided cell branched on, or kRootBit
    int begin;   // its branches: options_[begin, end), then maybe "stays empty"
    int end;
    int chosen;  // option index in options_, kNone or kEmpty
    int depth;   // its index in stack_, for the job's limits
    int next;    // next option to look at in options_
    std::uint64_t found;       // solutions below it so far
    std::uint64_t startNodes;  // nodes_ when it began: its cost, for the memo
    bool whole;                // its whole subtree is searched here: its count can be kept
    bool listed = false;       // [begin, end) index branches_, not options_ (fewest-options rule)
    int liveBegin = 0;         // its live options: liveMasks_[liveBegin, liveEnd),
    int liveEnd = 0;
    int segmentBegin = 0;      // in runs of one type: liveSegments_[segmentBegin, segmentEnd)
    int segmentEnd = 0;
    int fitsFrom = kNoFits;    // first-open-cell rule: `fits` tells of windowed_[fitsFrom, fitsFrom + 64)
    std::uint64_t fits = 0;
  };
  // An option copied into a first-open-cell list, which a node scans in one linear pass.
  struct Live {
    Bits<W> mask;
    int option;  // index in options_
    int type;
  };
  // A run of one type's options in a fewest-options live list (chooseFewest).
  struct Segment {
    int type;
    int length;
  };
  static constexpr int kMaxHolePatterns = 4;  // chooseFewest: at most so many a node
  enum State { kEnter, kTry, kBacktrack };
  using RegionEntry = typename RegionCounts<W>::Entry;

  // One random walk down from the node of frame f, whose options that fit are `branches`:
  // the estimate of the size of the subtree of f's node, less that node.
  double walk(Frame f, const std::vector<int>& branches, Draws& draws) {
    const std::size_t base = stack_.size();
    double weight = static_cast<double>(branches.size()), nodes = weight;
    enter(f, branches[draws.below(branches.size())]);
    Frame next;
    while (branchesThatFit(next)) {
      weight *= static_cast<double>(fits_.size());
      nodes += weight;
      enter(next, fits_[draws.below(fits_.size())]);
    }
    // Unwound deepest first: each frame but f's own gives back its room.
    while (stack_.size() > base + 1) {
      const Frame done = leave();
      if (done.listed) release(done);
    }
    leave();
    return nodes;
  }

  // The frame of a node at the current state and, in fits_, the positions of its options
  // that fit; false at a leaf (a solution or a dead end), with nothing kept.
  bool branchesThatFit(Frame& f) {
    const int depth = static_cast<int>(stack_.size());
    f = Frame{kRootBit, rootWindow_, static_cast<int>(windowed_.size()), kNone, depth, 0, 0, 0, false, false, 0, 0};
    if (depth > 0 || rootType_ < 0) {
      f.bit = decided_.firstMissing(all_);
      if (f.bit < 0) return false;
      openList(f);
      if (fewestOptions_ && !chooseFewest(f)) return false;
    }
    fits_.clear();
    walkWork_ += static_cast<std::uint64_t>(f.end - f.begin + f.liveEnd - f.liveBegin) + 1;
    for (int i = f.begin; i < f.end; ++i) {
      const Option& o = options_[optionAt(f, i)];
      if (triable(f, o)) fits_.push_back(i);
    }
    if (!fits_.empty()) return true;
    if (f.listed) release(f);
    return false;
  }

  void enter(Frame f, int position) {
    f.chosen = optionAt(f, position);
    push(f);
    place(options_[f.chosen], +1);
  }
  // Undoes the top frame's choice and pops it; its room in the live lists and branches_ stays taken
  // (its node may have more branches to try).
  Frame leave() {
    const Frame f = stack_.back();
    stack_.pop_back();
    place(options_[f.chosen], -1);
    return f;
  }

  static std::vector<Bits<W>> inSearchOrder(const BitCoverProblem& p) {
    std::vector<Bits<W>> neighbours(static_cast<std::size_t>(p.cellCount));
    for (int c = 0; c < p.cellCount; ++c)
      for (int n : p.neighbours[c]) neighbours[static_cast<std::size_t>(p.order[c])].set(p.order[n]);
    return neighbours;
  }

  // Π (max + 1) over the types fits leftKey_'s 64 bits.
  static bool leftKeyFits(const std::vector<BitCoverProblem::Type>& types) {
    std::uint64_t product = 1;
    for (const auto& t : types)
      if (__builtin_mul_overflow(product, static_cast<std::uint64_t>(t.max) + 1, &product)) return false;
    return true;
  }

  // The memo's key of the current state: the least of the decided cells' images.
  typename CoverMemo<W>::Key key() const { return {leastImage(decided_), leftKey_}; }

  // The least of `decided` and its images under memoImages_: what the memo and the region
  // table know a state by.
  Bits<W> leastImage(const Bits<W>& decided) const {
    Bits<W> least = decided;
    for (const CellPermutation<W>& image : memoImages_) least = std::min(least, image(decided));
    return least;
  }

  // The region table (region_counts.hpp) where it applies: every cell covered and every copy
  // placed (a state's completions then use exactly its pieces left), the first-open-cell rule,
  // and each type's copies a digit of a 64-bit code (BitCover::unit_). It answers states with
  // at most regionPieces_ pieces left: half of all pieces, less one (measured on pentominoes
  // 6x10: 5 of 12 best, 4 and 6 close behind), and at most kMaxRegionPieces, so that a region's
  // search and list stay small whatever the puzzle.
  void usePieceCodes(const BitCoverProblem& p) {
    int shift = 0;
    for (const auto& t : p.types) {
      const int digits = std::bit_width(static_cast<unsigned>(t.max));
      if (shift + digits > 64) return;
      unit_.push_back(std::uint64_t{1} << shift);
      digitMask_.push_back(((std::uint64_t{1} << digits) - 1) << shift);
      fullDigit_.push_back(static_cast<std::uint64_t>(t.max) << shift);
      leftCode_ += static_cast<std::uint64_t>(t.max) << shift;
      shift += digits;
    }
    regionPieces_ = std::min((piecesLeft_ - 1) / 2, kMaxRegionPieces);
    regionCounts_ = !fewestOptions_ && exactProblem(p) && regions_.enabled() && regionPieces_ > 0;
  }

  // How many ways the current state completes, from its region's list: empty when the region
  // table gave up (then it is off for good and the search goes on as without it; so it is
  // once it has cleared too often).
  std::optional<std::uint64_t> completions() {
    const auto list = tilings(decided_);
    if (!list || regions_.clears() > kMaxRegionClears) regionCounts_ = false;
    if (!list) return std::nullopt;
    const auto at = std::lower_bound(list->begin(), list->end(), leftCode_,
                                     [](const RegionEntry& e, std::uint64_t pieces) { return e.pieces < pieces; });
    return at != list->end() && at->pieces == leftCode_ ? at->count : 0;
  }

  // The list of the region open under `decided`: for every set of pieces, in how many ways it
  // tiles those cells exactly, whatever pieces the current state has left. Searched by the first
  // open cell (every type's options there that fit and cut off no unfillable region, each
  // a node), each option's type added to every set below it that has a copy of it to spare,
  // then kept. Empty when a list grows past what the table could keep.
  std::optional<std::span<const RegionEntry>> tilings(const Bits<W>& decided) {
    static constexpr RegionEntry kFilled{0, 1};  // the full board: the empty set, one way
    if (decided == all_) return std::span<const RegionEntry>(&kFilled, 1);
    const Bits<W> region = leastImage(decided);
    if (const auto kept = regions_.find(region)) return kept;
    const int cell = decided.firstMissing(all_);
    const std::size_t list = (static_cast<std::size_t>(cell) << window_) + bitsAfter(decided, cell, window_);
    const std::size_t base = scratch_.size();
    for (int i = windowBegin_[list]; i < windowBegin_[list + 1]; ++i) {
      const Live& l = windowed_[static_cast<std::size_t>(i)];
      if (l.mask.meets(decided) || !leavesFillable(decided, options_[static_cast<std::size_t>(l.option)])) continue;
      ++nodes_;
      const auto below = tilings(decided | l.mask);
      if (!below || scratch_.size() - base + below->size() > regions_.maxEntries()) {
        scratch_.resize(base);
        return std::nullopt;
      }
      const auto t = static_cast<std::size_t>(l.type);
      for (const RegionEntry& e : *below)
        if ((e.pieces & digitMask_[t]) < fullDigit_[t]) scratch_.push_back({e.pieces + unit_[t], e.count});
    }
    const auto first = scratch_.begin() + static_cast<std::ptrdiff_t>(base);
    std::sort(first, scratch_.end(), [](const RegionEntry& a, const RegionEntry& b) { return a.pieces < b.pieces; });
    auto last = first;  // equal sets merged, in place
    for (auto e = first; e != scratch_.end(); ++e) {
      if (last != first && (last - 1)->pieces == e->pieces) (last - 1)->count += e->count;
      else *last++ = *e;
    }
    const auto kept = regions_.store(region, std::span<const RegionEntry>(scratch_.data() + base, static_cast<std::size_t>(last - first)));
    scratch_.resize(base);
    return kept;
  }

  // memoImages_: the problem's memo symmetries that hold (BitCoverProblem::memoSymmetries),
  // in search order.
  void keepMemoSymmetries(const BitCoverProblem& p) {
    std::vector<std::pair<int, Bits<W>>> kinds;  // every option but the root type's, by type and cells
    for (int k = 0; k < rootBegin_; ++k) kinds.emplace_back(options_[k].type, options_[k].mask);
    std::sort(kinds.begin(), kinds.end());
    for (const std::vector<int>& cellImage : p.memoSymmetries) {
      if (static_cast<int>(cellImage.size()) != p.cellCount) continue;
      std::vector<int> bitImage(static_cast<std::size_t>(p.cellCount));
      bool holds = true;
      for (int c = 0; c < p.cellCount && holds; ++c) {
        const int to = cellImage[static_cast<std::size_t>(c)];
        holds = to >= 0 && to < p.cellCount && p.optional[static_cast<std::size_t>(to)] == p.optional[static_cast<std::size_t>(c)];
        if (holds) bitImage[static_cast<std::size_t>(p.order[c])] = p.order[to];
      }
      if (!holds) continue;
      const CellPermutation<W> image(bitImage);
      for (int k = 0; k < rootBegin_ && holds; ++k)
        holds = std::binary_search(kinds.begin(), kinds.end(), std::pair{options_[k].type, image(options_[k].mask)});
      if (holds) memoImages_.push_back(image);
    }
  }

  // Takes back f's choice (it stays f's chosen, for tracePath and the next branch).
  void undo(const Frame& f) {
    if (f.chosen == kEmpty) {
      Bits<W> one;
      one.set(f.bit);
      decided_.remove(one);
      ++holesLeft_;
      ++freeCells_;
    } else if (f.chosen != kNone) {
      place(options_[f.chosen], -1);
      if (f.bit == kRootBit) enterRoot(-1);
    }
  }

  // Adds `count` solutions to the subtree of the top frame.
  void credit(std::uint64_t count) {
    if (!stack_.empty()) stack_.back().found += count;
  }

  // f.fits: bit i for windowed_[f.next + i] (i < 64, within the frame's list) when that
  // option fits (a copy left, its cells open); the region test is left to the caller.
  void markFits(Frame& f) const {
    f.fitsFrom = f.next;
    const int count = std::min(64, f.end - f.next);
    const Live* list = windowed_.data() + f.next;
    const Bits<W> decided = decided_;
    std::uint64_t fits = 0;
    for (int i = 0; i < count; ++i)
      fits |= (static_cast<std::uint64_t>(!list[i].mask.meets(decided)) & static_cast<std::uint64_t>(remaining_[list[i].type] > 0))
              << i;
    f.fits = fits;
  }

  // The branches of the first-open-cell rule at f.bit: its list for the pattern of the
  // window_ cells after it (buildWindows).
  void openList(Frame& f) const {
    const std::size_t list = (static_cast<std::size_t>(f.bit) << window_) + bitsAfter(decided_, f.bit, window_);
    f.begin = windowBegin_[list];
    f.end = windowBegin_[list + 1];
  }

  // Gives back a listed frame's room in liveMasks_, liveSegments_ and branches_.
  void release(const Frame& f) {
    branchTop_ = static_cast<std::size_t>(f.begin);
    liveTop_ = static_cast<std::size_t>(f.liveBegin);
    segmentTop_ = static_cast<std::size_t>(f.segmentBegin);
  }

  // Pops a frame whose branches are all done, keeping its count while its subtree was
  // searched whole (a donation may have given part of it away since it began).
  void finish(const Frame& f) {
    const std::uint64_t found = f.found;
    if (f.listed) release(f);
    if (f.whole && nodes_ - f.startNodes >= memoMinNodes() && scope_.whole(f.depth)) memo_.store(keys_[static_cast<std::size_t>(f.depth)], found, nodes_ - f.startNodes);
    stack_.pop_back();
    credit(found);
  }

  // Pushes `f` built from its fields: copied whole, its fields just written one by one were
  // read back as wide words, which waits for those stores to complete (pentominoes: 11% of the
  // time).
  void push(const Frame& f) {
    stack_.push_back({f.bit, f.begin, f.end, f.chosen, f.depth, f.next, f.found, f.startNodes, f.whole, f.listed,
                      f.liveBegin, f.liveEnd, f.segmentBegin, f.segmentEnd, f.fitsFrom, f.fits});
  }

  void enterRoot(int option) {
    rootOption_ = option;
    bulkOn_ = bulk_ && bulk_->allowed(rootOption_);
  }

  void place(const Option& o, int direction) {
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

  // The cells sharing a face with some cell of `cells`.
  Bits<W> neighboursOf(const Bits<W>& cells) const {
    Bits<W> next;
    cells.forEach([&](int b) { next.add(neighbours_[b]); });
    return next;
  }

  // Whether placing `o` cuts off no region it cannot fill: tested before a placement, like
  // "does not fit" (on pentominoes 6x10 more than half the options that fit fail it). The
  // pockets look at the whole board: a region cut off earlier was fillable then and still is.
  bool leavesFillable(const Option& o) const { return leavesFillable(decided_, o); }
  bool leavesFillable(const Bits<W>& decided, const Option& o) const {
    if (pocketTest_ && holesLeft_ == 0) return !pockets_.any(all_.without(decided).without(o.mask));
    return !regionTest_ || regionsFillable(decided, o);
  }

  // Whether `o` may be placed now: a copy left, its cells open, no region cut off.
  bool fits(const Option& o) const { return remaining_[o.type] > 0 && !o.mask.meets(decided_) && leavesFillable(o); }

  // Whether `o`, a branch of f's node, may be placed: a listed frame's branches are live
  // options of that node (a copy left, cells open; the state is the node's again whenever
  // a branch is tried), so only the region test is left for them.
  bool triable(const Frame& f, const Option& o) const { return f.listed ? leavesFillable(o) : fits(o); }

  // regionsFillable() assumes that every piece lies within one region: a piece whose cells
  // do not touch face to face (a BurrTools shape may be two blocks) can straddle regions,
  // so that no region need be a sum of piece sizes. Such puzzles go without the test.
  bool piecesConnected() const {
    return std::all_of(options_.begin(), options_.end(), [&](const Option& o) { return connected(o.mask); });
  }

  // Whether the cells of `cells` are one region of face-sharing neighbours (true when empty).
  bool connected(const Bits<W>& cells) const {
    if (cells.none()) return true;
    Bits<W> reached, frontier;
    frontier.set(cells.first());
    while (!frontier.none()) {
      reached.add(frontier);
      frontier = (neighboursOf(frontier) & cells).without(reached);
    }
    return reached == cells;
  }

  // Flood-fills the open regions that would touch `placed` once placed, each only up to
  // fillLimit_ cells: larger regions are left to the area tests and to deeper nodes (they
  // are rarely cut off, and filling them costs most of a node).
  bool regionsFillable(const Bits<W>& decided, const Option& placed) const {
    Bits<W> open = all_;
    open.remove(decided);
    open.remove(placed.mask);
    Bits<W> seeds = placed.around;
    seeds.keep(open);
    Bits<W> large;  // cells of regions found larger than the limit
    while (!seeds.none()) {
      Bits<W> region, frontier;
      frontier.set(firstBit(seeds));
      region = frontier;
      int size = 1;
      while (!frontier.none() && size <= fillLimit_) {
        Bits<W> next = neighboursOf(frontier);
        next.keep(open);
        next.remove(region);
        if (next.meets(large)) size = fillLimit_ + 1;
        region.add(next);
        size += next.count();
        frontier = next;
      }
      seeds.remove(region);
      if (size > fillLimit_) {
        large.add(region);
        continue;
      }
      const bool mustFill = holesLeft_ == 0 || !region.meets(optional_);
      if (mustFill && !fillable_[size]) return false;
    }
    return true;
  }

  static int firstBit(const Bits<W>& b) { return b.none() ? -1 : b.first(); }

  // One digit of a bit-sliced add: `carry` (cells to add one to) goes into `digit`, and
  // becomes the carry into the next digit.
  static void addDigit(Bits<W>& digit, Bits<W>& carry) {
    for (int w = 0; w < W; ++w) {
      const std::uint64_t next = digit.word[w] & carry.word[w];
      digit.word[w] ^= carry.word[w];
      carry.word[w] = next;
    }
  }

  int optionAt(const Frame& f, int position) const { return f.listed ? branches_[position] : windowed_[position].option; }

  // The `count` cells after `cell` in search order, as the low bits of a number: decided
  // ones set.
  static std::size_t bitsAfter(const Bits<W>& bits, int cell, int count) {
    if (count == 0) return 0;
    const int at = cell + 1;
    const int word = at >> 6, shift = at & 63;
    std::uint64_t low = word < W ? bits.word[word] >> shift : 0;
    if (shift != 0 && word + 1 < W) low |= bits.word[word + 1] << (64 - shift);
    return static_cast<std::size_t>(low & ((std::uint64_t{1} << count) - 1));
  }

  // The first-open-cell lists: per cell and per pattern of the window_ cells after it (which
  // are decided), the options whose first cell it is that miss all those decided, in
  // options_ order. A node scans only its pattern's list (pentominoes 6x10: 108K copies,
  // 0.084 -> 0.075 s; a window of 4 or 6 cells gains less, 10 loses). The window shrinks
  // until the copies fit kMaxWindowed; the root type's options follow, as the root's list.
  void buildWindows(int cellCount) {
    int window = fewestOptions_ ? 0 : kMaxWindow;
    std::size_t copies = static_cast<std::size_t>(rootBegin_);
    for (; window > 0; --window) {
      copies = 0;
      for (int k = 0; k < rootBegin_; ++k)
        copies += std::size_t{1} << (window - std::popcount(bitsAfter(options_[k].mask, options_[k].first, window)));
      if (copies <= kMaxWindowed) break;
      copies = static_cast<std::size_t>(rootBegin_);
    }
    window_ = window;
    // Each option goes into the list of every pattern that misses its own cells there (the
    // subsets of the cells it leaves open): lists sized first, then filled in options_ order.
    // Walking those subsets rather than testing every option against every pattern keeps the
    // setup, which a user waits for too, small (pentominoes 6x10: 2.1 -> about 1.1 ms of 43).
    const std::size_t patterns = std::size_t{1} << window;
    const auto forEachList = [&](int k, auto&& visit) {
      const Option& o = options_[static_cast<std::size_t>(k)];
      const std::size_t open = ~bitsAfter(o.mask, o.first, window) & (patterns - 1);
      const std::size_t base = static_cast<std::size_t>(o.first) << window;
      for (std::size_t sub = open;; sub = (sub - 1) & open) {
        visit(base + sub);
        if (sub == 0) break;
      }
    };
    windowBegin_.assign(static_cast<std::size_t>(cellCount) * patterns + 1, 0);
    for (int k = 0; k < rootBegin_; ++k) forEachList(k, [&](std::size_t list) { ++windowBegin_[list + 1]; });
    for (std::size_t list = 1; list < windowBegin_.size(); ++list) windowBegin_[list] += windowBegin_[list - 1];
    windowed_.reserve(copies + (options_.size() - static_cast<std::size_t>(rootBegin_)));
    windowed_.resize(copies);
    std::vector<int> next(windowBegin_.begin(), windowBegin_.end() - 1);
    for (int k = 0; k < rootBegin_; ++k)
      forEachList(k, [&](std::size_t list) { windowed_[static_cast<std::size_t>(next[list]++)] = {options_[k].mask, k, options_[k].type}; });
    rootWindow_ = static_cast<int>(windowed_.size());
    for (int k = rootBegin_; k < static_cast<int>(options_.size()); ++k) windowed_.push_back({options_[k].mask, k, options_[k].type});
  }

  // The fewest-options rule's first list: every option but the root type's, in one segment
  // per type with copies to place (options_ order within it: by first cell), padded; and a
  // table to tell which option a live mask of a type is (optionOf).
  void buildFirstList() {
    std::vector<std::vector<int>> ofType(remaining_.size());
    for (int k = 0; k < rootBegin_; ++k) ofType[static_cast<std::size_t>(options_[k].type)].push_back(k);
    for (std::size_t t = 0; t < remaining_.size(); ++t) {
      if (remaining_[t] == 0) continue;
      // A type without options still gets its (empty) segment: the first filter ends there.
      firstSegments_.push_back({static_cast<int>(t), static_cast<int>(ofType[t].size())});
      for (int k : ofType[t]) firstMasks_.push_back(options_[static_cast<std::size_t>(k)].mask);
    }
    firstMasks_.resize(firstMasks_.size() + kPad);
    optionSlots_.assign(std::bit_ceil(2 * static_cast<std::size_t>(rootBegin_) + 2), OptionSlot{});
    for (int k = 0; k < rootBegin_; ++k) {
      const Option& o = options_[static_cast<std::size_t>(k)];
      std::size_t at = slotOf(o.type, o.mask);
      for (; optionSlots_[at].option >= 0; at = (at + 1) & (optionSlots_.size() - 1))
        if (optionSlots_[at].type == o.type && optionSlots_[at].mask == o.mask) fewestOptions_ = false;  // a placement listed twice (never seen): play safe
      optionSlots_[at] = {o.mask, o.type, k};
    }
  }

  std::size_t slotOf(int type, const Bits<W>& mask) const {
    std::uint64_t h = static_cast<std::uint64_t>(type) * 0x9E3779B97F4A7C15ull;
    for (std::uint64_t w : mask.word) h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 29)) & (optionSlots_.size() - 1);
  }

  // The option of `type` whose cells are `mask` (one of them: buildFirstList()). Open
  // addressing, at most half full; measured against a binary search per type (10% of the
  // time went there) and buckets of four compared at once (2% slower).
  int optionOf(int type, const Bits<W>& mask) const {
    for (std::size_t at = slotOf(type, mask);; at = (at + 1) & (optionSlots_.size() - 1)) {
      const OptionSlot& slot = optionSlots_[at];
      if (slot.mask == mask && slot.type == type) return slot.option;
    }
  }

  // One filter pass of chooseFewest: the parent's live masks that miss `decided` and match no
  // hole pattern (enclosing[p] & mask == around[p]: the option covers every open neighbour of
  // a cell but not the cell), segment by segment, skipping the segments of types with no copy
  // left. False as soon as a segment ends up empty: that piece has nowhere to go. Four masks
  // a turn, their keep flags summed off the output's chain; a segment's last 1-3 masks are
  // done without branches too, reading and writing up to kPad masks past the lists (padded).
  // The cells and patterns come by value: as locals, the compiler knows that the list's
  // stores do not change them and keeps them in registers.
  template <int Patterns>
  bool filterSegments(const Bits<W>* from, const Segment* segments, int segmentCount, Bits<W>* to, Segment* kept,
                      const Bits<W> decided, const std::array<Bits<W>, kMaxHolePatterns> enclosing,
                      const std::array<Bits<W>, kMaxHolePatterns> around, Bits<W>*& end, int& keptSegments) const {
    const auto keep = [&](const Bits<W>& m) -> std::size_t {
      bool ok = !m.meets(decided);
      for (int p = 0; p < Patterns; ++p) ok &= !((m & enclosing[static_cast<std::size_t>(p)]) == around[static_cast<std::size_t>(p)]);
      return ok;
    };
#if defined(__wasm_simd128__)
    // WebAssembly: the tests of two masks at once in a 128-bit vector (Bedlam: 5.3 -> 5.0 s,
    // the scalar tests ran at 1.37x the native time).
    const v128_t taken = wasm_i64x2_splat(static_cast<std::int64_t>(decided.word[0]));
    std::array<v128_t, kMaxHolePatterns> enclose{}, neighbours{};
    for (int p = 0; p < Patterns; ++p) {
      enclose[static_cast<std::size_t>(p)] = wasm_i64x2_splat(static_cast<std::int64_t>(enclosing[static_cast<std::size_t>(p)].word[0]));
      neighbours[static_cast<std::size_t>(p)] = wasm_i64x2_splat(static_cast<std::int64_t>(around[static_cast<std::size_t>(p)].word[0]));
    }
    // Bit i set when two[i] is kept (i < 2).
    const auto keepTwo = [&](const Bits<W>* two) {
      const v128_t m = wasm_v128_load(two);
      v128_t ok = wasm_i64x2_eq(wasm_v128_and(m, taken), wasm_i64x2_splat(0));
      for (int p = 0; p < Patterns; ++p)
        ok = wasm_v128_andnot(ok, wasm_i64x2_eq(wasm_v128_and(m, enclose[static_cast<std::size_t>(p)]), neighbours[static_cast<std::size_t>(p)]));
      return static_cast<std::size_t>(wasm_i64x2_bitmask(ok));
    };
#endif
    Bits<W>* out = to;
    int count = 0;
    for (int s = 0; s < segmentCount; ++s) {
      const int length = segments[s].length, type = segments[s].type;
      if (remaining_[static_cast<std::size_t>(type)] == 0) {
        from += length;
        continue;
      }
      Bits<W>* const start = out;
      const Bits<W>* at = from;
#if defined(__wasm_simd128__)
      if constexpr (W == 1) {
        for (const Bits<W>* stop = from + (length & ~3); at != stop; at += 4) {
          const std::size_t low = keepTwo(at), high = keepTwo(at + 2);
          const Bits<W> m0 = at[0], m1 = at[1], m2 = at[2], m3 = at[3];
          out[0] = m0;
          out += low & 1;
          out[0] = m1;
          out += low >> 1;
          out[0] = m2;
          out += high & 1;
          out[0] = m3;
          out += high >> 1;
        }
      }
#endif
      for (const Bits<W>* stop = from + (length & ~3); at != stop; at += 4) {
        const Bits<W> m0 = at[0], m1 = at[1], m2 = at[2], m3 = at[3];
        const std::size_t k0 = keep(m0), k1 = keep(m1), k2 = keep(m2), k3 = keep(m3);
        out[0] = m0;
        out[k0] = m1;
        out[k0 + k1] = m2;
        out[k0 + k1 + k2] = m3;
        out += k0 + k1 + k2 + k3;
      }
      const int rest = length & 3;
      const Bits<W> m0 = at[0], m1 = at[1], m2 = at[2];
      out[0] = m0;
      out += keep(m0) & static_cast<std::size_t>(rest > 0);
      out[0] = m1;
      out += keep(m1) & static_cast<std::size_t>(rest > 1);
      out[0] = m2;
      out += keep(m2) & static_cast<std::size_t>(rest > 2);
      from += length;
      if (out == start) return false;
      kept[count++] = {type, static_cast<int>(out - start)};
    }
    end = out;
    keptSegments = count;
    return true;
  }

  // Bit i set when masks[i] (i < count) covers `cell`; may read up to kPad masks past count.
  static std::uint64_t coverBits(const Bits<W>* masks, std::size_t count, int cell) {
    std::uint64_t bits = 0;
    if constexpr (W == 1) {
#if defined(__SSE2__)
      // Each mask's bit moved to the top of its lane, four lanes' tops at once.
      const __m128i shift = _mm_cvtsi32_si128(63 - cell);
      const auto at = [&](std::size_t i) {
        return _mm_castsi128_ps(_mm_sll_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(masks + i)), shift));
      };
      for (std::size_t i = 0; i < count; i += 4)
        bits |= static_cast<std::uint64_t>(_mm_movemask_ps(_mm_shuffle_ps(at(i), at(i + 2), _MM_SHUFFLE(3, 1, 3, 1)))) << i;
#elif defined(__wasm_simd128__)
      // The cell's bit and a compare: shifting by a variable count, as above, took 6% more of
      // Bedlam's time in V8 (4.96 against 4.66 s).
      const v128_t bit = wasm_i64x2_splat(static_cast<std::int64_t>(std::uint64_t{1} << cell)), none = wasm_i64x2_splat(0);
      const auto at = [&](std::size_t i) {
        return static_cast<std::uint64_t>(wasm_i64x2_bitmask(wasm_i64x2_ne(wasm_v128_and(wasm_v128_load(masks + i), bit), none)));
      };
      for (std::size_t i = 0; i < count; i += 4) bits |= (at(i) | at(i + 2) << 2) << i;
#else
      for (std::size_t i = 0; i < count; ++i) bits |= ((masks[i].word[0] >> cell) & 1) << i;
#endif
    } else {
      const int word = cell >> 6, at = cell & 63;
      for (std::size_t i = 0; i < count; ++i) bits |= ((masks[i].word[word] >> at) & 1) << i;
    }
    return count < 64 ? bits & ((std::uint64_t{1} << count) - 1) : bits;
  }

  // The fewest-options rule (Knuth's for dancing links, on bitsets): this node's live
  // options are its parent's that still fit (every option at the first level), kept as bare
  // masks in one segment per type (which option a mask is, is looked up only for the
  // branches); bit-sliced counters count, per open cell, the live options covering it; the
  // node branches on the cell with the fewest, the first in search order among equals. A
  // cell that no live option covers, or a type with copies left and no live option, ends the
  // branch (returns false). Most of what the first-open-cell rule meets at the leaves (a
  // cell no piece can reach any more) is seen here a few levels higher.
  //
  // Hole patterns: an open cell next to the piece just placed with one or two open neighbours
  // is walled in by any option that covers those neighbours but not the cell, and a single
  // cell is a region no piece fills. Such an option stays useless below this node (should
  // another piece cover the cell, it covers one of those neighbours too), so the filter drops
  // it for good while many copies are left (kHolePatternCopies). Measured in a helper's
  // prototype, like the masks by segment and the branches found as bits: Bedlam 20.9M ->
  // 18.6M nodes; the lot, 1.7x on Bedlam and the Tetris Cube.
  bool chooseFewest(Frame& f) {
    const Frame* parent = !stack_.empty() && stack_.back().listed ? &stack_.back() : nullptr;
    const std::size_t begin = liveTop_, segmentBegin = segmentTop_;
    const std::size_t n = parent ? static_cast<std::size_t>(parent->liveEnd - parent->liveBegin) : firstMasks_.size() - kPad;
    const int segmentCount = parent ? parent->segmentEnd - parent->segmentBegin : static_cast<int>(firstSegments_.size());
    // Room first (it may move the parent's list): grows, never shrinks.
    if (liveMasks_.size() < begin + n + kPad) liveMasks_.resize(std::max(begin + n + kPad, 2 * liveMasks_.size()));
    if (liveSegments_.size() < segmentBegin + static_cast<std::size_t>(segmentCount))
      liveSegments_.resize(std::max(segmentBegin + static_cast<std::size_t>(segmentCount), 2 * liveSegments_.size()));
    const Bits<W>* from = parent ? liveMasks_.data() + parent->liveBegin : firstMasks_.data();
    const Segment* segments = parent ? liveSegments_.data() + parent->segmentBegin : firstSegments_.data();
    Bits<W>* to = liveMasks_.data() + begin;
    Segment* kept = liveSegments_.data() + segmentBegin;
    const Bits<W> decided = decided_;  // a local: the stores below could alias the member
    const Bits<W> open = all_.without(decided);
    std::array<Bits<W>, kMaxHolePatterns> enclosing{}, around{};
    int patterns = 0;
    if (holePatterns_ && piecesLeft_ >= kHolePatternCopies && !stack_.empty() && stack_.back().chosen >= 0) {
      (options_[stack_.back().chosen].around & open).forEach([&](int x) {
        const Bits<W> neighbours = neighbours_[x] & open;
        const int c = neighbours.count();
        if (patterns == kMaxHolePatterns || c < 1 || c > 2) return;
        around[static_cast<std::size_t>(patterns)] = neighbours;
        enclosing[static_cast<std::size_t>(patterns)] = neighbours;
        enclosing[static_cast<std::size_t>(patterns)].set(x);
        ++patterns;
      });
    }
    Bits<W>* end = to;
    int keptSegments = 0;
    bool alive = false;
    switch (patterns) {
      case 0: alive = filterSegments<0>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
      case 1: alive = filterSegments<1>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
      case 2: alive = filterSegments<2>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
      case 3: alive = filterSegments<3>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
      default: alive = filterSegments<4>(from, segments, segmentCount, to, kept, decided, enclosing, around, end, keptSegments); break;
    }
    if (!alive) return false;
    const auto live = static_cast<std::size_t>(end - to);
    Bits<W> c0, c1, c2, c3;  // the first digits of each cell's count of covering live options
    Bits<W> many;            // cells whose count overflowed them
    if constexpr (W == 1 && kPairedCount) {
      // Two options a turn, one in each half of a 128-bit vector, the halves' counts added
      // at the end; sixteen at a time through carry-save adders (Harley and Seal's popcount),
      // which add three digits in five operations.
      using Pair = std::uint64_t __attribute__((vector_size(16)));
      Pair d0{}, d1{}, d2{}, d3{}, over{};
      const auto add = [&](Pair carry) {
        for (Pair* digit : {&d0, &d1, &d2, &d3}) {
          const Pair next = *digit & carry;
          *digit ^= carry;
          carry = next;
        }
        over |= carry;
      };
      const auto load = [](const Bits<W>* at) {
        Pair two;
        std::memcpy(&two, at, sizeof two);  // one 128-bit load
        return two;
      };
      // high:low = a + b + c, digit by digit.
      const auto carrySave = [](Pair& high, Pair& low, Pair a, Pair b, Pair c) {
        const Pair u = a ^ b;
        high = (a & b) | (u & c);
        low = u ^ c;
      };
      const Bits<W>* l = to;
      for (; end - l >= 16; l += 16) {
        Pair twosA, twosB, foursA, foursB, eights;
        carrySave(twosA, d0, d0, load(l), load(l + 2));
        carrySave(twosB, d0, d0, load(l + 4), load(l + 6));
        carrySave(foursA, d1, d1, twosA, twosB);
        carrySave(twosA, d0, d0, load(l + 8), load(l + 10));
        carrySave(twosB, d0, d0, load(l + 12), load(l + 14));
        carrySave(foursB, d1, d1, twosA, twosB);
        carrySave(eights, d2, d2, foursA, foursB);
        over |= d3 & eights;
        d3 ^= eights;
      }
      for (; end - l >= 2; l += 2) add(load(l));
      if (l != end) add(Pair{l->word[0], 0});
      std::uint64_t carry = 0;
      Bits<W>* digits[] = {&c0, &c1, &c2, &c3};
      const Pair halves[] = {d0, d1, d2, d3};
      for (int d = 0; d < kQuickDigits; ++d) {
        const std::uint64_t a = halves[d][0], b = halves[d][1];
        digits[d]->word[0] = a ^ b ^ carry;
        carry = (a & b) | (carry & (a ^ b));
      }
      many.word[0] = over[0] | over[1] | carry;
    } else {
      for (const Bits<W>* l = to; l != end; ++l) {
        Bits<W> carry = *l;
        addDigit(c0, carry);
        addDigit(c1, carry);
        addDigit(c2, carry);
        addDigit(c3, carry);
        many.add(carry);
      }
    }
    std::array<Bits<W>, kCountDigits> count{c0, c1, c2, c3};
    if (open.without(many).none()) {
      // Every open cell has 2^kQuickDigits options or more (near the root): count in full.
      count = {};
      many = {};
      for (const Bits<W>* l = to; l != end; ++l) {
        Bits<W> carry = *l;
        for (Bits<W>& digit : count) {
          addDigit(digit, carry);
          if (carry.none()) break;
        }
        many.add(carry);
      }
    }
    // Narrow the open cells to those of the smallest count, digit by digit from the top.
    Bits<W> fewest = open;
    if (!fewest.without(many).none()) fewest.remove(many);
    for (int d = kCountDigits - 1; d >= 0; --d) {
      const Bits<W> zero = fewest.without(count[static_cast<std::size_t>(d)]);
      if (!zero.none()) fewest = zero;
    }
    const int cell = fewest.first();
    // The branches: the live masks covering `cell`, found as bits, each told as its option.
    if (branches_.size() < branchTop_ + live) branches_.resize(std::max(branchTop_ + live, 2 * branches_.size()));
    int* out = branches_.data() + branchTop_;
    std::size_t branches = 0;
    int segment = 0;
    std::size_t segmentEnd = static_cast<std::size_t>(kept[0].length);
    for (std::size_t base = 0; base < live; base += 64) {
      for (std::uint64_t bits = coverBits(to + base, std::min<std::size_t>(64, live - base), cell); bits; bits &= bits - 1) {
        const std::size_t at = base + static_cast<std::size_t>(std::countr_zero(bits));
        while (at >= segmentEnd) segmentEnd += static_cast<std::size_t>(kept[++segment].length);
        out[branches++] = optionOf(kept[segment].type, to[at]);
      }
    }
    // A cell that no live option covers has the smallest count of all: it is `cell`.
    if (branches == 0) return false;
    f.bit = cell;
    f.listed = true;
    f.liveBegin = static_cast<int>(begin);
    f.liveEnd = static_cast<int>(begin + live);
    f.segmentBegin = static_cast<int>(segmentBegin);
    f.segmentEnd = static_cast<int>(segmentBegin) + keptSegments;
    liveTop_ = begin + live;
    segmentTop_ = segmentBegin + static_cast<std::size_t>(keptSegments);
    f.begin = static_cast<int>(branchTop_);
    branchTop_ += branches;
    f.end = static_cast<int>(branchTop_);
    return true;
  }

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
  SmallPockets<W> pockets_;
  bool pocketTest_ = false;  // pockets_ rather than regionsFillable() while no holes are left
  std::vector<bool> fillable_;       // per region size
  int fillLimit_ = 0;                // largest region regionsFillable() measures: the largest piece
  bool regionTest_ = false;          // regionsFillable() runs before each placement (piecesConnected())
  std::vector<bool> optionalBit_;
  std::vector<Option> options_;
  // The fewest-options rule (chooseFewest), where the problem asks for it and it applies.
  static constexpr std::size_t kMaxLiveBytes = std::size_t{256} << 20;  // liveMasks_ at its worst
  static constexpr std::size_t kPad = 3;   // masks a filter or coverBits() may read past a list
  static constexpr int kQuickDigits = 4;   // counts are first kept up to 15: enough below the top levels
  static constexpr int kCountDigits = 10;  // and where no cell has fewer, up to 1023
  bool fewestOptions_ = false;
  std::vector<Bits<W>> firstMasks_;      // every option but the root type's: the first level's list
  std::vector<Segment> firstSegments_;   // and its segments
  struct OptionSlot {
    Bits<W> mask;
    int type = -1;
    int option = -1;  // -1: a free slot
  };
  std::vector<OptionSlot> optionSlots_;  // options by (type, mask), hashed: optionOf()
  std::vector<Bits<W>> liveMasks_;       // the live lists of the frames on the stack, in stack order
  std::size_t liveTop_ = 0;              // liveMasks_[0, liveTop_) is in use; the rest is room kept for reuse
  std::vector<Segment> liveSegments_;    // their segments, likewise
  std::size_t segmentTop_ = 0;
  // Hole patterns (chooseFewest) where they hold, while at least kHolePatternCopies copies are
  // left to place: below that the patterns cost more than the nodes they save (measured on
  // Bedlam and the Tetris Cube: 7 and 8 alike, 6 about 10% slower, every node 37% slower).
  static constexpr int kHolePatternCopies = 7;
  bool holePatterns_ = false;
  std::vector<int> branches_;    // the listed frames' branches (indices in options_), in stack order
  std::size_t branchTop_ = 0;    // branches_[0, branchTop_) is in use
  std::vector<int> start_;  // options_ of first cell b: [start_[b], start_[b+1])
  static constexpr int kMaxWindow = 8;
  static constexpr std::size_t kMaxWindowed = std::size_t{1} << 18;  // copies: 4 MB with 64 cells, 10 MB with 256
  int window_ = 0;                  // cells after the first open one that pick its list
  std::vector<Live> windowed_;       // the lists, then the root's
  std::vector<int> windowBegin_;    // [cell << window_ | pattern]: its list's start in windowed_
  int rootWindow_ = 0;              // the root's list: windowed_[rootWindow_ ..)
  std::vector<int> remaining_, missing_, size_;
  std::vector<std::uint64_t> radix_;  // per type: its digit's weight in leftKey_
  std::uint64_t leftKey_ = 0;         // remaining_ in mixed radix: the memo's key with decided_
  int rootType_;
  int rootBegin_ = 0;    // options_[rootBegin_ ..) are the root type's
  int rootOption_ = -1;  // the root's option number on the current path, or -1
  CoverMemo<W> memo_;
  // The region table (usePieceCodes, tilings): the packed code of a set of pieces has a digit
  // per type, unit_ its weight, digitMask_ its bits, fullDigit_ its value when all copies are in.
  static constexpr int kMaxRegionPieces = 5;
  // A table too small for the puzzle's regions clears over and over, each time searching its
  // regions again at a cost the memo alone does not pay (pentominoes 5x12 in 128 KB: 445K
  // nodes against 375K without either table): after this many clears it is asked no more.
  static constexpr std::size_t kMaxRegionClears = 4;
  RegionCounts<W> regions_;
  bool regionCounts_ = false;  // states with at most regionPieces_ pieces left are counted from it
  int regionPieces_ = 0;
  int piecesLeft_ = 0;
  std::uint64_t leftCode_ = 0;  // the pieces left as a code
  std::vector<std::uint64_t> unit_, digitMask_, fullDigit_;
  std::vector<RegionEntry> scratch_;  // the lists under construction, one per level of tilings()
  std::vector<CellPermutation<W>> memoImages_;  // a state and these images share a memo entry
  std::vector<typename CoverMemo<W>::Key> keys_;  // per frame on the stack: its state's key
  typename CoverMemo<W>::Key nextKey_{};          // the key of the state after the last placement
  bool keyFresh_ = false;                         // nextKey_ is the current state's
  // Counts of subtrees cheaper than this many nodes are not kept: searching them again
  // costs less than the room they take. Measured: 8 on the boxes (4 loses 2-3% there);
  // with the memo's symmetries, which meet small states again more often, 4 (pentominoes
  // 6x10 4% faster than with 8).
  std::uint64_t memoMinNodes() const { return memoImages_.empty() ? 8 : 4; }
  // Whether the memo is asked about the current state. Under the fewest-options rule not with
  // kMemoFewestPieces pieces left or fewer: their subtrees are small and seldom met again
  // (Bedlam: 3,700 hits in 13.9M lookups there; skipping them, 1.5-2% faster on the boxes).
  static constexpr int kMemoFewestPieces = 4;
  bool memoAsked() const { return memo_.enabled() && (!fewestOptions_ || piecesLeft_ > kMemoFewestPieces); }
  Bulk* bulk_ = nullptr;
  bool bulkOn_ = false;  // solutions are counted in bulk below the current root option
  std::int64_t holesLeft_ = 0, freeCells_ = 0, requiredArea_ = 0, coverableArea_ = 0;
  JobScope scope_;
  std::vector<Frame> stack_;
  std::vector<int> solution_;
  std::vector<int> fits_;        // estimateSubtree(): the positions of a node's options that fit
  std::uint64_t walkWork_ = 0;  // and the options its walks have looked at
  std::uint64_t nodes_ = 0;
  State state_ = kEnter;
  bool finished_ = false;
  bool infeasible_ = false;  // finished from the start, whatever the job
};

template <int W>
std::optional<double> estimate(const BitCoverProblem& problem, int walks, std::uint64_t seed, std::uint64_t budget) {
  BitCoverProblem memoless = problem;
  memoless.memoBytes = 0;
  BitCover<W> engine(memoless);
  Draws draws(seed);
  return engine.estimateSubtree(problem.rootType >= 0 ? 1 : 0, walks, draws, budget);
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
