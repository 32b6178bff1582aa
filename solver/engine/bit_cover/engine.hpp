// The bit-cover engine's state (engine/bit_cover.hpp says what the engine does): the class,
// its frames and tables, and the declarations of its members, which are defined by concept:
//   bit_cover.cpp          set-up, the search loop, the path (place, undo, finish), jobs;
//   option_lists.hpp       the first-open-cell lists by window pattern, the option hash;
//   region_test.hpp        regions cut off by a placement (flood fill or small pockets);
//   fewest_options.hpp     Knuth's fewest-options rule on bitsets, with hole patterns;
//   memo_keys.hpp          what the memo knows a state by, and its symmetries;
//   region_table_use.hpp   counting the last pieces in bulk from the region table;
//   estimate.hpp           random-walk estimates of the tree's size.
// Included only by engine/bit_cover.cpp and those parts.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/bit_cover.hpp"
#include "engine/cover_memo.hpp"
#include "engine/region_counts.hpp"
#include "engine/small_pockets.hpp"
#include "lattice/cell_bits.hpp"
#include "lattice/cell_permutation.hpp"

namespace pw {
namespace {


template <int W>
using Bits = CellBits<W>;

// Every cell covered and every copy placed: what the fewest-options rule and the walks of
// estimateBitCoverNodes() need (neither models "stays empty" or a range of copies).
bool exactProblem(const BitCoverProblem& p) {
  return std::none_of(p.optional.begin(), p.optional.end(), [](bool b) { return b; }) &&
         std::all_of(p.types.begin(), p.types.end(), [](const auto& t) { return t.min == t.max; });
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
  explicit BitCover(const BitCoverProblem& p);

  Stop run(std::uint64_t nodeBudget, const Visitor& visit, Bulk* bulk) override;

  std::uint64_t nodes() const override { return nodes_; }

  void restart(const Job& job) override;

  // estimate.hpp
  std::optional<double> estimateSubtree(int exhaustive, int walks, Draws& draws, std::uint64_t budget);

  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return finished_; }

  void tracePath(std::vector<Step>& out) const override;

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

  // The node's set-up and the path (bit_cover.cpp).
  void undo(const Frame& f);
  void credit(std::uint64_t count);
  void release(const Frame& f);
  void finish(const Frame& f);
  void push(const Frame& f);
  void enterRoot(int option);
  void place(const Option& o, int direction);
  void collectSolution();
  int optionAt(const Frame& f, int position) const { return f.listed ? branches_[position] : windowed_[position].option; }

  // The option lists (option_lists.hpp).
  static std::vector<Bits<W>> inSearchOrder(const BitCoverProblem& p);
  static std::size_t bitsAfter(const Bits<W>& bits, int cell, int count);
  void buildWindows(int cellCount);
  void openList(Frame& f) const;
  void markFits(Frame& f) const;
  void buildFirstList();
  std::size_t slotOf(int type, const Bits<W>& mask) const;
  int optionOf(int type, const Bits<W>& mask) const;

  // The region test (region_test.hpp).
  Bits<W> neighboursOf(const Bits<W>& cells) const;
  bool leavesFillable(const Option& o) const;
  bool leavesFillable(const Bits<W>& decided, const Option& o) const;
  bool piecesConnected() const;
  bool connected(const Bits<W>& cells) const;
  bool regionsFillable(const Bits<W>& decided, const Option& placed) const;
  // Whether `o` may be placed now: a copy left, its cells open, no region cut off.
  bool fits(const Option& o) const { return remaining_[o.type] > 0 && !o.mask.meets(decided_) && leavesFillable(o); }
  // Whether `o`, a branch of f's node, may be placed: a listed frame's branches are live
  // options of that node (a copy left, cells open; the state is the node's again whenever
  // a branch is tried), so only the region test is left for them.
  bool triable(const Frame& f, const Option& o) const { return f.listed ? leavesFillable(o) : fits(o); }

  // The fewest-options rule and its hole patterns (fewest_options.hpp).
  bool chooseFewest(Frame& f);
  template <int Patterns>
  bool filterSegments(const Bits<W>* from, const Segment* segments, int segmentCount, Bits<W>* to, Segment* kept,
                      const Bits<W> decided, const std::array<Bits<W>, kMaxHolePatterns> enclosing,
                      const std::array<Bits<W>, kMaxHolePatterns> around, Bits<W>*& end, int& keptSegments) const;
  static std::uint64_t coverBits(const Bits<W>* masks, std::size_t count, int cell);
  static void addDigit(Bits<W>& digit, Bits<W>& carry);

  // The memo's keys (memo_keys.hpp).
  static bool leftKeyFits(const std::vector<BitCoverProblem::Type>& types);
  typename CoverMemo<W>::Key key() const;
  Bits<W> leastImage(const Bits<W>& decided) const;
  void keepMemoSymmetries(const BitCoverProblem& p);

  // The region table's use (region_table_use.hpp).
  void usePieceCodes(const BitCoverProblem& p);
  std::optional<std::uint64_t> completions();
  std::optional<std::span<const RegionEntry>> tilings(const Bits<W>& decided);

  // Estimates by random walks (estimate.hpp).
  double walk(Frame f, const std::vector<int>& branches, Draws& draws);
  bool branchesThatFit(Frame& f);
  void enter(Frame f, int position);
  Frame leave();

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

}  // namespace
}  // namespace pw
