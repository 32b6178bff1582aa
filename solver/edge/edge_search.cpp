// The edge-matching search: backtracking over cells with bitset candidates. Each step fills
// the empty cell, among those next to placed tiles, with the fewest candidate orientations
// (forward checking: a cell left with none ends the branch), so that the search follows the
// constraints instead of a fixed reading order. A candidate only counts when every empty
// neighbour can still show a label that faces it (one round of arc consistency between
// neighbouring cells), and the label balance must hold; on boards of at most 64 cells with a
// border the empty cells must also be able to take a tile copy each (copy_matching.hpp). With symmetry,
// the root branches only on one placement per orbit of one tile (symmetry_seed.hpp) and each
// arrangement found is reported with its images. Where a tile left has fewer places than the
// best cell has candidates (per orientation), the step places that tile instead (pushBest()).
// The stack is explicit, which makes it
// resumable; every solution found is reported with its symmetry-class representative mark.
//
// Without a distinct-face rule a tile's face does not constrain the search, so tiles with
// the same edges but different faces are searched as one tile with their counts added; each
// arrangement found is then expanded into every assignment of the distinct tiles to its
// copies' cells, so that every solution is still reported exactly once.
//
// The search is one class whose members are defined by concept in edge/edge_search/
// (search.hpp lists them), all compiled here as one unit so that its loop inlines them.
#include <cstdlib>
#include <memory>
#include <string_view>

#include "edge/edge_search/branch_order.hpp"
#include "edge/edge_search/candidate_filter.hpp"
#include "edge/edge_search/hall_condition.hpp"
#include "edge/edge_search/placement.hpp"
#include "edge/edge_search/search.hpp"
#include "edge/edge_search/solution_report.hpp"
#include "edge/propagation_search.hpp"

namespace pw {
namespace {

template <int kWords>
EdgeMatchingSearch<kWords>::EdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings)
    : settings_(settings),
      rows_(puzzle.rows),
      cols_(puzzle.cols),
      cells_(puzzle.rows * puzzle.cols),
      distinctRow_(puzzle.distinctRow),
      distinctColumn_(puzzle.distinctColumn),
      tiles_(compileTiles(puzzle)),
      group_(edgeSymmetries(puzzle, tiles_)),
      searched_(compileTiles(searchedPuzzle(puzzle))),
      searchedImages_(orientationImagesOn(searched_, group_)),
      masks_(compileMasks(puzzle, searched_)),
      seed_(chooseSeed(searched_, masks_, cells_, group_, searchedImages_)),
      balance_(puzzle, searched_),
      wordCount_(static_cast<std::size_t>(masks_.words)),
      labels_(masks_.labels),
      filterByLabels_(labels_ <= 64) {
  grid_.assign(cells_, -1);
  placedNeighbours_.assign(cells_, 0);
  neighbour_.resize(4 * static_cast<std::size_t>(cells_));
  for (int cell = 0; cell < cells_; ++cell) {
    const int row = cell / cols_, col = cell % cols_;
    neighbour_[4 * cell + Top] = row > 0 ? cell - cols_ : -1;
    neighbour_[4 * cell + Right] = col < cols_ - 1 ? cell + 1 : -1;
    neighbour_[4 * cell + Bottom] = row < rows_ - 1 ? cell + cols_ : -1;
    neighbour_[4 * cell + Left] = col > 0 ? cell - 1 : -1;
  }
  // Centrality: 0 on the corners up to rows_ + cols_ - 2 (or one less) in the middle.
  const int spread = rows_ + cols_ - 2;
  placedWeight_ = spread + 1;
  emptyWeight_ = 5 * placedWeight_;
  tieRank_.assign(cells_, 0);
  for (int cell = 0; cell < cells_; ++cell) {
    const int row = cell / cols_, col = cell % cols_;
    tieRank_[cell] = spread - (std::abs(2 * row - (rows_ - 1)) + std::abs(2 * col - (cols_ - 1))) / 2;
    for (int side = 0; side < 4; ++side) tieRank_[cell] += neighbour_[4 * cell + side] >= 0 ? emptyWeight_ : 0;
  }
  left_.resize(searched_.types.size());
  for (std::size_t t = 0; t < searched_.types.size(); ++t) left_[t] = searched_.types[t].count;
  available_ = masks_.all;
  rowFaces_.assign(static_cast<std::size_t>(rows_) * words(), 0);
  columnFaces_.assign(static_cast<std::size_t>(cols_) * words(), 0);
  frameCell_.resize(cells_);
  frameBranches_.resize(cells_);
  frameTried_.resize(cells_);
  framePlaced_.resize(cells_);
  frameCandidates_.resize(static_cast<std::size_t>(cells_) * words());
  fitting_.resize(static_cast<std::size_t>(cells_) * words());
  for (int cell = 0; cell < cells_; ++cell)
    std::copy_n(masks_.cellMask(cell), words(), fitting_.begin() + static_cast<std::ptrdiff_t>(cell * words()));
  saved_.resize(4 * static_cast<std::size_t>(cells_) * words());
  scanned_.assign(cells_, 0);
  frontier_.assign((static_cast<std::size_t>(cells_) + 63) / 64, 0);
  scannedList_.reserve(cells_);
  cellCandidates_.resize(static_cast<std::size_t>(cells_) * words());
  filtered_.resize(words());
  best_.resize(words());
  moved_.resize(cells_);
  imageGrid_.resize(cells_);
  cellLabels_.resize(4 * static_cast<std::size_t>(cells_));
  labelledSet_.resize(static_cast<std::size_t>(cells_) * words());
  labelledValid_.assign(cells_, 0);
  if (filterByLabels_) compileLabelMasks();
  filteredOf_.resize(static_cast<std::size_t>(cells_) * words());
  typePlaces_.assign(searched_.types.size(), 0);
  typeOrientations_.assign(searched_.types.size(), 0);
  for (const TileOrientation& orientation : searched_.orientations) {
    ++typeOrientations_[orientation.type];
    orientationType_.push_back(orientation.type);
  }
  fewestOrientations_ = *std::min_element(typeOrientations_.begin(), typeOrientations_.end());
  typeCount_ = static_cast<long long>(searched_.types.size());
  orientationCount_ = static_cast<long long>(searched_.orientations.size());
  frameListEnd_.assign(cells_, 0);
  if (cells_ <= 64 && searched_.border >= 0) prepareMatching();
  for (int cell = 0; cell < cells_; ++cell)
    if (!std::equal(masks_.all.begin(), masks_.all.end(), masks_.cellMask(cell))) bordered_.push_back(cell);
}

// Every node and every solution reported counts against the budget: one arrangement can
// stand for many solutions (its images, each expanded into the puzzle's tiles), and a
// slice must still end on time.
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::advance(std::uint64_t nodeBudget, const SolutionSink& sink) {
  if (done_) return true;
  std::uint64_t budget = nodeBudget;
  if (!report(sink, budget)) return false;
  if (!started_) {
    started_ = true;
    if (!(seeded() ? pushSeedFrame() : pushFrame())) return finish();
  }
  while (budget > 0) {
    --budget;
    const int d = depth_ - 1;
    if (framePlaced_[d] >= 0) {
      remove(frameCell_[d], framePlaced_[d]);
      framePlaced_[d] = -1;
    }
    const int o = scope_.past(d, frameTried_[d])  ? -1
                  : d == 0 && seeded()              ? takeSeed()
                  : listed(d)                       ? takeListed(d)
                                                    : takeFirst(candidatesOf(d));
    if (o < 0) {
      if (--depth_ == 0) return finish();
      continue;
    }
    ++frameTried_[d];
    ++nodes_;
    place(frameCell_[d], o);
    framePlaced_[d] = o;
    if (depth_ == cells_) {
      startReport();
      if (!report(sink, budget)) return false;
    } else if (balance_.feasible()) {
      pushFrame();  // on a dead end nothing is pushed and the next step tries a sibling
    }
  }
  return false;
}

// The placements are taken back deepest first, as backtracking would (remove() puts back
// what place() saved at its depth); the rest is as built, or rebuilt by the root's pushFrame().
template <int kWords>
inline void EdgeMatchingSearch<kWords>::restart(const Job& job) {
  for (int d = depth_ - 1; d >= 0; --d)
    if (framePlaced_[d] >= 0) {
      remove(frameCell_[d], framePlaced_[d]);
      framePlaced_[d] = -1;
    }
  depth_ = 0;
  started_ = done_ = reporting_ = false;
  scope_.reset(job);
}

template <int kWords>
inline void EdgeMatchingSearch<kWords>::tracePath(std::vector<Step>& out) const {
  out.clear();
  for (int d = 0; d < depth_ && framePlaced_[d] >= 0; ++d)
    out.push_back({frameTried_[d] - 1, frameBranches_[d],
                   static_cast<std::int64_t>(frameCell_[d]) << 32 | framePlaced_[d]});
}

template <int kWords>
inline bool EdgeMatchingSearch<kWords>::finish() {
  done_ = true;
  depth_ = 0;
  return true;
}

// The root frame under symmetry breaking: its branches are the seed's placements, one per
// orbit (the cell changes with the branch).
// A job's first branches are skipped as in pushChosen().
template <int kWords>
inline bool EdgeMatchingSearch<kWords>::pushSeedFrame() {
  if (seed_.placements.empty() || scope_.cut(0)) return false;
  frameBranches_[0] = static_cast<int>(seed_.placements.size());
  frameListEnd_[0] = 0;
  frameTried_[0] = std::min(scope_.first(0), frameBranches_[0]);
  framePlaced_[0] = -1;
  depth_ = 1;
  return true;
}

template <int kWords>
inline int EdgeMatchingSearch<kWords>::takeSeed() {
  const int next = frameTried_[0];
  if (next >= static_cast<int>(seed_.placements.size())) return -1;
  frameCell_[0] = seed_.placements[next].cell;
  return seed_.placements[next].orientation;
}

// The next placement of a tile's frame (pushTile()); -1 after the last.
template <int kWords>
inline int EdgeMatchingSearch<kWords>::takeListed(int depth) {
  const int next = frameTried_[depth];
  if (next >= frameBranches_[depth]) return -1;
  const Placement& placement = frameList_[listStart(depth) + static_cast<std::size_t>(next)];
  frameCell_[depth] = placement.cell;
  return placement.orientation;
}

// Removes and returns the lowest orientation of `set`, -1 when it is empty.
template <int kWords>
inline int EdgeMatchingSearch<kWords>::takeFirst(Word* set) const {
  for (std::size_t w = 0; w < words(); ++w)
    if (set[w]) {
      const int bit = std::countr_zero(set[w]);
      set[w] &= set[w] - 1;
      return static_cast<int>(w * 64) + bit;
    }
  return -1;
}

}  // namespace

std::unique_ptr<Search> makeEdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings) {
  // Distinct tiles that do not turn: propagation to a fixpoint (propagation_search.hpp), unless
  // PIECEWISE_EDGE_SEARCH=general in the environment asks for this search, for comparisons.
  const char* forced = std::getenv("PIECEWISE_EDGE_SEARCH");
  if (!forced || std::string_view(forced) != "general")
    if (auto search = makePropagationSearch(puzzle, settings)) return search;
  // Fixed word counts let the compiler unroll the bitset loops of small puzzles.
  switch ((compileTiles(searchedPuzzle(puzzle)).orientations.size() + 63) / 64) {
    case 1:
      return std::make_unique<EdgeMatchingSearch<1>>(puzzle, settings);
    case 2:
      return std::make_unique<EdgeMatchingSearch<2>>(puzzle, settings);
    default:
      return std::make_unique<EdgeMatchingSearch<0>>(puzzle, settings);
  }
}

}  // namespace pw
