// The general edge-matching search's state (edge_search.cpp says how it searches): the class,
// its frames and tables, and the declarations of its members, which are defined by concept:
//   edge_search.cpp              set-up, the search loop, the path, jobs;
//   candidate_filter.hpp         a cell's candidates narrowed by its neighbours' labels;
//   branch_order.hpp             the cell (or tile) the next frame branches on;
//   hall_condition.hpp           whether the empty cells can still take a tile copy each;
//   placement.hpp                placing and removing a tile, and what that narrows;
//   solution_report.hpp          an arrangement's images and expansions, and representatives.
// Included only by edge/edge_search.cpp and those parts.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "edge/copy_matching.hpp"
#include "edge/edge_symmetry.hpp"
#include "edge/edge_tiles.hpp"
#include "edge/face_expansion.hpp"
#include "edge/label_balance.hpp"
#include "edge/orientation_masks.hpp"
#include "edge/propagation_search.hpp"
#include "edge/symmetry_seed.hpp"
#include "search/search.hpp"

namespace pw {
namespace {

using Word = std::uint64_t;

// The puzzle the search runs on: without a face rule, faces are dropped so that tiles with
// the same edges merge into one type.
EdgeMatchingPuzzle searchedPuzzle(const EdgeMatchingPuzzle& puzzle) {
  EdgeMatchingPuzzle searched = puzzle;
  if (!puzzle.distinctRow && !puzzle.distinctColumn)
    for (TileDef& def : searched.tiles) def.face.clear();
  return searched;
}

// kWords: the words of an orientation set when known at compile time, 0 otherwise.
template <int kWords>
class EdgeMatchingSearch final : public Search {
 public:
  EdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings);

  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override;

  std::uint64_t nodes() const override { return nodes_; }
  SearchSettings settingsUsed() const override { return settings_; }

  void restart(const Job& job) override;
  // The arrangement's images and face expansions still to report.
  void skipPending() override { reporting_ = false; }

  // Jobs: a level's branches are its cell's candidate orientations, in increasing order.
  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return done_; }
  void tracePath(std::vector<Step>& out) const override;

  int symmetryCount() const override { return static_cast<int>(group_.size()); }

 private:
  // The path and jobs (edge_search.cpp).
  bool finish();
  bool seeded() const { return seed_.type >= 0; }
  bool pushSeedFrame();
  int takeSeed();
  int takeListed(int depth);
  int takeFirst(Word* set) const;
  Word* candidatesOf(int depth) { return frameCandidates_.data() + static_cast<std::size_t>(depth) * words(); }
  Word* cellCandidates(int cell) { return cellCandidates_.data() + static_cast<std::size_t>(cell) * words(); }
  Word* fittingOf(int cell) { return fitting_.data() + static_cast<std::size_t>(cell) * words(); }

  // A cell's candidates, filtered by its neighbours' labels (candidate_filter.hpp).
  void compileLabelMasks();
  Word* facingAnyMask(int side, int set);
  void labelsOf(const Word* set, Word* out) const;
  bool candidates(int cell, Word* out) const;

  // The branch order: which cell, or which tile, the next frame branches on (branch_order.hpp).
  bool pushFrame();
  bool pushChosen(int best, int bestCount);
  bool tileTighter(long long places, int bestCount) const;
  // Whether some tile may be taken instead of a cell with `bestCount` candidates: every tile
  // has at least fewestPlaces_. While scanning, bestCount only falls: once false it stays
  // false, and the scanned cells' candidates need not be kept.
  bool mayTakeTile(int bestCount) const { return tileTighter(fewestPlaces_, bestCount); }
  // Keeps a scanned cell's candidates of this node, for countPlaces() and pushTile().
  void keepCandidates(int cell, const Word* set) { std::copy_n(set, words(), filteredOf(cell)); }
  void countPlaces();
  // Where the frame at `depth` keeps its places in frameList_: after those of the frames below.
  std::size_t listStart(int depth) const { return depth > 0 ? frameListEnd_[depth - 1] : 0; }
  // Whether that frame branches on a tile's places (it has at least one) rather than a cell's.
  bool listed(int depth) const { return frameListEnd_[depth] > listStart(depth); }
  Word* filteredOf(int cell) { return filteredOf_.data() + static_cast<std::size_t>(cell) * words(); }
  bool pushBest(int best, int bestCount);
  bool pushTile(int type);

  // Hall's condition over the empty cells (hall_condition.hpp).
  void prepareMatching();
  std::uint64_t copiesIn(const Word* set) const;
  bool copiesFit();

  // Placing and removing a tile (placement.hpp).
  Word* scratch();
  void place(int cell, int o);
  void remove(int cell, int o);
  void setFrontier(int cell, bool on);
  void countShown(int type, int delta);
  void markFace(int cell, int face, bool used);

  // Reporting an arrangement found (solution_report.hpp).
  const std::vector<int>& reportedImages() const;
  void startReport();
  void startImage();
  bool report(const SolutionSink& sink, std::uint64_t& budget);
  bool isRepresentative(const std::vector<int>& grid);

  const SearchSettings settings_;
  const int rows_, cols_, cells_;
  const bool distinctRow_, distinctColumn_;
  const EdgeTiles tiles_;                  // the puzzle's tiles, faces told apart
  const std::vector<EdgeSymmetry> group_;  // acting on tiles_' orientations
  const EdgeTiles searched_;               // the tiles the search places (faces dropped without a face rule)
  const std::vector<std::vector<int>> searchedImages_;  // [element of group_][searched orientation]
  const OrientationMasks masks_;           // over searched_' orientations
  const SymmetrySeed seed_;                // the root's branches under symmetry breaking
  LabelBalance balance_;
  const std::size_t wordCount_;
  std::size_t words() const {
    if constexpr (kWords > 0) return kWords;
    else return wordCount_;
  }
  const int labels_;
  const bool filterByLabels_;  // label sets fit in a word: candidates are filtered by their neighbours'

  std::vector<int> neighbour_;         // [4 * cell + side]: the adjacent cell, -1 off the board
  std::vector<int> bordered_;          // the cells the rim rule narrows (with a border: the rim's)
  std::vector<int> grid_;              // searched orientation on each cell, -1 when empty
  std::vector<int> placedNeighbours_;  // per cell: how many of its neighbours hold a tile
  // per cell, the tie-break: emptyWeight_ * its empty neighbours + placedWeight_ * its placed
  // neighbours + its centrality (below placedWeight_)
  std::vector<int> tieRank_;
  int emptyWeight_ = 0, placedWeight_ = 0;
  std::vector<int> left_;              // copies of each searched type not yet placed
  std::vector<Word> available_;        // orientations of types with copies left
  std::vector<Word> rowFaces_, columnFaces_;  // per row / column: orientations whose face is there
  std::vector<Word> fitting_;          // per cell: orientations that face its placed neighbours' edges
  std::vector<Word> saved_;            // [placement][side]: the neighbour's fitting_ before it
  int placements_ = 0;

  std::vector<Word> labelBits_;  // [orientation][side]
  std::vector<Word> facingAny_;  // [side][label set, or kNoFilter / kAvailable]: with at most 8 labels
  static constexpr int kNoFilter = 256, kAvailable = 257, kSlots = 258;
  std::vector<int> slot_;           // [cell][side]: its labels' slot in facingAny_ (cell cells_: off board)
  std::vector<int> slotNeighbour_;  // [cell][side]: the adjacent cell, cells_ off the board
  Word availableLabels_[4] = {};  // per side: labels shown by orientations of types with copies left
  std::vector<int> availableShown_;  // [side][label]: how many such orientations show it
  std::vector<int> firstOrientation_;  // [type]: its first orientation (they are grouped by type)
  std::vector<Word> cellLabels_;  // [cell][side]: labels the candidates in labelledSet_ show
  std::vector<Word> labelledSet_;  // [cell]: the candidate set cellLabels_ was computed from
  std::vector<char> labelledValid_;

  // Branching on a tile: its places at this node.
  struct Placement {
    int cell;
    int orientation;
  };
  std::vector<Word> filteredOf_;      // [scanned cell]: its candidates at this node, filtered
  std::vector<int> typePlaces_;       // [type]: its candidates over the scanned cells
  std::vector<int> typeOrientations_;  // [type]: its orientations
  int fewestOrientations_ = 1;         // the least of those
  long long typeCount_ = 0, orientationCount_ = 0;  // searched types, their orientations
  long long fewestPlaces_ = 0;  // this node's lower bound on any tile's places (see mayTakeTile)
  std::vector<int> orientationType_;  // [searched orientation]: its type

  // The search path, one frame per filled cell.
  int depth_ = 0;
  std::vector<int> frameCell_, frameBranches_, frameTried_, framePlaced_;
  std::vector<Word> frameCandidates_;  // per frame: the orientations not yet tried
  std::vector<Placement> frameList_;   // the tile frames' places, frame after frame
  std::vector<std::size_t> frameListEnd_;  // per frame: the end of its places in frameList_ (a
                                           // cell's frame has none)

  std::vector<Word> scratch_, filtered_, best_;
  std::vector<Word> frontier_;         // empty cells next to placed tiles, as bits
  std::vector<char> scanned_;          // cells whose candidates pushFrame computed
  std::vector<int> scannedList_;
  std::vector<Word> cellCandidates_;   // [cell]: those candidates
  std::vector<int> moved_;  // isRepresentative's scratch

  // Reporting an arrangement: its images, each expanded into the puzzle's tiles.
  FaceExpansion expansion_{tiles_, searched_, !distinctRow_ && !distinctColumn_, cells_};
  const std::vector<int> identityOnly_{0};
  std::vector<int> imageGrid_;  // the image being expanded, in searched orientations
  int image_ = 0;               // its index in reportedImages()
  bool reporting_ = false;

  // Hall's condition, on boards of at most 64 cells with a border.
  std::optional<CopyMatching> matching_;
  std::vector<std::uint64_t> copyBits_;    // [searched orientation]: all copies of its type
  std::vector<std::uint64_t> rimCopies_;   // [cell]: the copies the rim rule lets it take
  std::uint64_t copiesLeft_ = 0;           // of each type, its first left_[type] copies
  std::uint64_t emptyCells_ = 0;           // as bits, to walk only those
  std::vector<std::uint64_t> cellCopies_;  // [scanned cell]: the copies of its candidates' types
  std::vector<int> matchCells_;
  std::vector<std::uint64_t> matchOptions_;

  JobScope scope_;
  std::uint64_t nodes_ = 0;
  bool started_ = false, done_ = false;
};

}  // namespace
}  // namespace pw
