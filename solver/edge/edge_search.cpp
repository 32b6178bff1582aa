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
  EdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings)
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
  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
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

  std::uint64_t nodes() const override { return nodes_; }
  SearchSettings settingsUsed() const override { return settings_; }

  // The placements are taken back deepest first, as backtracking would (remove() puts back
  // what place() saved at its depth); the rest is as built, or rebuilt by the root's pushFrame().
  void restart(const Job& job) override {
    for (int d = depth_ - 1; d >= 0; --d)
      if (framePlaced_[d] >= 0) {
        remove(frameCell_[d], framePlaced_[d]);
        framePlaced_[d] = -1;
      }
    depth_ = 0;
    started_ = done_ = reporting_ = false;
    scope_.reset(job);
  }

  // Jobs: a level's branches are its cell's candidate orientations, in increasing order.
  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return done_; }
  void tracePath(std::vector<Step>& out) const override {
    out.clear();
    for (int d = 0; d < depth_ && framePlaced_[d] >= 0; ++d)
      out.push_back({frameTried_[d] - 1, frameBranches_[d],
                     static_cast<std::int64_t>(frameCell_[d]) << 32 | framePlaced_[d]});
  }

  int symmetryCount() const override { return static_cast<int>(group_.size()); }

 private:
  bool finish() {
    done_ = true;
    depth_ = 0;
    return true;
  }

  // Boards of at most 64 cells (so at most 64 types and copies) with a border check Hall's
  // condition: there the rim cells compete for the few tiles that fit the rim (MacMahon 4x6:
  // 5x fewer nodes). Without a border an unscanned cell can take any copy, so the matching
  // only sees the scanned cells: on tropical-fish-any 16% fewer nodes for 40% more time.
  void prepareMatching() {
    std::vector<int> copies;
    for (const TileType& type : searched_.types) copies.push_back(type.count);
    matching_.emplace(copies);
    copyBits_.resize(searched_.orientations.size());
    for (std::size_t o = 0; o < copyBits_.size(); ++o) copyBits_[o] = matching_->copiesOf(searched_.orientations[o].type);
    rimCopies_.assign(cells_, 0);
    for (int cell = 0; cell < cells_; ++cell) rimCopies_[cell] = copiesIn(masks_.cellMask(cell));
    copiesLeft_ = matching_->allCopies();
    emptyCells_ = cells_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells_) - 1;
    cellCopies_.assign(cells_, 0);
    matchCells_.reserve(cells_);
    matchOptions_.reserve(cells_);
  }

  bool seeded() const { return seed_.type >= 0; }

  // The root frame under symmetry breaking: its branches are the seed's placements, one per
  // orbit (the cell changes with the branch).
  // A job's first branches are skipped as in pushChosen().
  bool pushSeedFrame() {
    if (seed_.placements.empty() || scope_.cut(0)) return false;
    frameBranches_[0] = static_cast<int>(seed_.placements.size());
    frameListEnd_[0] = 0;
    frameTried_[0] = std::min(scope_.first(0), frameBranches_[0]);
    framePlaced_[0] = -1;
    depth_ = 1;
    return true;
  }

  int takeSeed() {
    const int next = frameTried_[0];
    if (next >= static_cast<int>(seed_.placements.size())) return -1;
    frameCell_[0] = seed_.placements[next].cell;
    return seed_.placements[next].orientation;
  }

  // The next placement of a tile's frame (pushTile()); -1 after the last.
  int takeListed(int depth) {
    const int next = frameTried_[depth];
    if (next >= frameBranches_[depth]) return -1;
    const Placement& placement = frameList_[listStart(depth) + static_cast<std::size_t>(next)];
    frameCell_[depth] = placement.cell;
    return placement.orientation;
  }

  Word* candidatesOf(int depth) { return frameCandidates_.data() + static_cast<std::size_t>(depth) * words(); }
  Word* cellCandidates(int cell) { return cellCandidates_.data() + static_cast<std::size_t>(cell) * words(); }
  Word* fittingOf(int cell) { return fitting_.data() + static_cast<std::size_t>(cell) * words(); }

  // Removes and returns the lowest orientation of `set`, -1 when it is empty.
  int takeFirst(Word* set) const {
    for (std::size_t w = 0; w < words(); ++w)
      if (set[w]) {
        const int bit = std::countr_zero(set[w]);
        set[w] &= set[w] - 1;
        return static_cast<int>(w * 64) + bit;
      }
    return -1;
  }

  // labelBits_[4 * o + side]: o's label on that side as a bit. facingAny_: for each side and
  // set of labels, the orientations whose edge on that side faces one of them.
  void compileLabelMasks() {
    const std::size_t count = searched_.orientations.size();
    labelBits_.resize(4 * count);
    for (std::size_t o = 0; o < count; ++o)
      for (int side = 0; side < 4; ++side)
        labelBits_[4 * o + side] = Word{1} << searched_.orientations[o].edges[side];
    firstOrientation_.assign(searched_.types.size() + 1, 0);
    for (const TileOrientation& orientation : searched_.orientations) ++firstOrientation_[orientation.type + 1];
    for (std::size_t t = 0; t < searched_.types.size(); ++t) firstOrientation_[t + 1] += firstOrientation_[t];
    availableShown_.assign(4 * static_cast<std::size_t>(labels_), 0);
    for (std::size_t t = 0; t < searched_.types.size(); ++t) countShown(static_cast<int>(t), +1);
    if (labels_ > 8) return;  // then the masks are ORed label by label
    facingAny_.assign(4 * std::size_t{kSlots} * words(), 0);
    for (int side = 0; side < 4; ++side) std::fill_n(facingAnyMask(side, kNoFilter), words(), ~Word{0});
    // Each cell side's slot in the table: placed cells (and the off-board stand-in, cell
    // cells_) filter nothing, empty cells show what the orientations left show until a scan
    // computes their own labels.
    slot_.assign(4 * (static_cast<std::size_t>(cells_) + 1), kAvailable);
    std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cells_), 4, kNoFilter);
    slotNeighbour_.resize(4 * static_cast<std::size_t>(cells_));
    for (std::size_t i = 0; i < slotNeighbour_.size(); ++i) slotNeighbour_[i] = neighbour_[i] < 0 ? cells_ : neighbour_[i];
    for (int side = 0; side < 4; ++side)
      for (int set = 1; set < 256; ++set) {
        Word* out = facingAnyMask(side, set);
        for (int label = 0; label < labels_; ++label) {
          if (!(set >> label & 1)) continue;
          const Word* facing = masks_.facingMask(side, label);
          for (std::size_t w = 0; w < words(); ++w) out[w] |= facing[w];
        }
      }
  }

  Word* facingAnyMask(int side, int set) {
    return facingAny_.data() + (static_cast<std::size_t>(side) * kSlots + set) * words();
  }

  // The labels the orientations of `set` show on each side, as bits.
  void labelsOf(const Word* set, Word* out) const {
    Word top = 0, right = 0, bottom = 0, left = 0;
    for (std::size_t w = 0; w < words(); ++w)
      for (Word bits = set[w]; bits; bits &= bits - 1) {
        const Word* b = labelBits_.data() + 4 * (w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
        top |= b[0];
        right |= b[1];
        bottom |= b[2];
        left |= b[3];
      }
    out[Top] = top;
    out[Right] = right;
    out[Bottom] = bottom;
    out[Left] = left;
  }

  // The orientations that may go on an empty cell now, into `out`; false when none.
  bool candidates(int cell, Word* out) const {
    const Word* fitting = fitting_.data() + static_cast<std::size_t>(cell) * words();
    Word any = 0;
    if (distinctRow_ || distinctColumn_) {
      const Word* rowFaces = rowFaces_.data() + static_cast<std::size_t>(cell / cols_) * words();
      const Word* columnFaces = columnFaces_.data() + static_cast<std::size_t>(cell % cols_) * words();
      for (std::size_t w = 0; w < words(); ++w) {
        out[w] = available_[w] & fitting[w] & ~rowFaces[w] & ~columnFaces[w];
        any |= out[w];
      }
    } else {
      for (std::size_t w = 0; w < words(); ++w) {
        out[w] = available_[w] & fitting[w];
        any |= out[w];
      }
    }
    return any != 0;
  }

  // Chooses the next cell and pushes its frame; false (nothing pushed) when some empty cell
  // has no candidate. Cells next to placed tiles are the constrained ones, and so are the
  // rim's when the puzzle has a border (on MacMahon's squares, checking those too cuts the
  // nodes 4-fold); at the root, before anything is placed, every cell competes.
  // Among cells with equally few candidates the one with the most empty neighbours wins (its
  // tile narrows the most cells next), then the one with the most placed neighbours, then the
  // most central one (at the root, every cell open, that starts in the middle, not a corner):
  // on tropical-fish-any less than half the nodes of reading order.
  bool pushFrame() {
    for (const int cell : scannedList_) {
      scanned_[cell] = 0;
      if (!slot_.empty() && grid_[cell] < 0) std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cell), 4, kAvailable);
    }
    scannedList_.clear();
    if (depth_ == 0) {
      for (int cell = 0; cell < cells_; ++cell)
        if (grid_[cell] < 0) scannedList_.push_back(cell);
    } else {
      for (std::size_t w = 0; w < frontier_.size(); ++w)
        for (Word bits = frontier_[w]; bits; bits &= bits - 1)
          scannedList_.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
      for (const int cell : bordered_)
        if (grid_[cell] < 0 && placedNeighbours_[cell] == 0) scannedList_.push_back(cell);
    }
    for (const int cell : scannedList_) {
      scanned_[cell] = 1;
      if (!candidates(cell, cellCandidates(cell))) return false;
    }
    fewestPlaces_ = (cells_ - placements_ - static_cast<long long>(scannedList_.size())) * fewestOrientations_;
    if (filterByLabels_) {
      // The labels each scanned cell can show; an empty cell that is not scanned can show
      // whatever the orientations left show (a superset of its candidates'), kept in
      // availableLabels_.
      // Most cells' candidates are as they were at the last node, so their labels are kept
      // with the set they came from and only recomputed when it differs.
      for (const int cell : scannedList_) {
        const Word* set = cellCandidates(cell);
        Word* labelled = labelledSet_.data() + static_cast<std::size_t>(cell) * words();
        if (labelledValid_[cell] && std::equal(set, set + words(), labelled)) continue;
        std::copy_n(set, words(), labelled);
        labelledValid_[cell] = 1;
        labelsOf(set, cellLabels_.data() + 4 * cell);
      }
    }
    int best = -1, bestCount = 0;
    if (!facingAny_.empty()) {
      for (int side = 0; side < 4; ++side)
        std::copy_n(facingAnyMask(side, static_cast<int>(availableLabels_[(side + 2) % 4])), words(),
                    facingAnyMask(side, kAvailable));
      for (const int cell : scannedList_) {
        const Word* labels = cellLabels_.data() + 4 * cell;
        for (int side = 0; side < 4; ++side) slot_[4 * cell + side] = static_cast<int>(labels[side]);
      }
      for (const int cell : scannedList_) {
        const Word* set = cellCandidates(cell);
        const int* next = slotNeighbour_.data() + 4 * cell;
        const Word* top = facingAnyMask(Top, slot_[4 * next[Top] + Bottom]);
        const Word* right = facingAnyMask(Right, slot_[4 * next[Right] + Left]);
        const Word* bottom = facingAnyMask(Bottom, slot_[4 * next[Bottom] + Top]);
        const Word* left = facingAnyMask(Left, slot_[4 * next[Left] + Right]);
        int count = 0;
        for (std::size_t w = 0; w < words(); ++w) {
          filtered_[w] = set[w] & top[w] & right[w] & bottom[w] & left[w];
          count += std::popcount(filtered_[w]);
        }
        if (count == 0) return false;
        if (matching_) cellCopies_[cell] = copiesIn(filtered_.data());
        if (best < 0 || count < bestCount || (count == bestCount && tieRank_[cell] > tieRank_[best])) {
          best = cell;
          bestCount = count;
          std::copy_n(filtered_.data(), words(), best_.data());
        }
        if (mayTakeTile(bestCount)) keepCandidates(cell, filtered_.data());
      }
      if (!copiesFit()) return false;
      return mayTakeTile(bestCount) ? pushBest(best, bestCount) : pushChosen(best, bestCount);
    }
    for (const int cell : scannedList_) {
      const Word* set = cellCandidates(cell);
      if (filterByLabels_) {
        std::copy_n(set, words(), filtered_.data());
        for (int side = 0; side < 4; ++side) {
          const int next = neighbour_[4 * cell + side];
          if (next < 0 || grid_[next] >= 0) continue;
          const int facing = (side + 2) % 4;
          Word shown = scanned_[next] ? cellLabels_[4 * next + facing] : availableLabels_[facing];
          // Orientations whose edge on `side` faces one of the labels shown.
          if (!facingAny_.empty()) {
            const Word* mask = facingAnyMask(side, static_cast<int>(shown));
            for (std::size_t w = 0; w < words(); ++w) filtered_[w] &= mask[w];
          } else {
            Word* any = scratch();
            std::fill(any, any + words(), 0);
            for (; shown; shown &= shown - 1) {
              const Word* mask = masks_.facingMask(side, std::countr_zero(shown));
              for (std::size_t w = 0; w < words(); ++w) any[w] |= mask[w];
            }
            for (std::size_t w = 0; w < words(); ++w) filtered_[w] &= any[w];
          }
        }
        set = filtered_.data();
      }
      int count = 0;
      for (std::size_t w = 0; w < words(); ++w) count += std::popcount(set[w]);
      if (count == 0) return false;
      if (matching_) cellCopies_[cell] = copiesIn(set);
      if (best < 0 || count < bestCount || (count == bestCount && tieRank_[cell] > tieRank_[best])) {
        best = cell;
        bestCount = count;
        std::copy_n(set, words(), best_.data());
      }
      if (mayTakeTile(bestCount)) keepCandidates(cell, set);
    }
    if (!copiesFit()) return false;
    return mayTakeTile(bestCount) ? pushBest(best, bestCount) : pushChosen(best, bestCount);
  }

  // The rule of pushBest(): a tile with `places` is taken rather than a cell with `bestCount`
  // candidates when places <= bestCount * (orientations / types).
  bool tileTighter(long long places, int bestCount) const {
    return places * typeCount_ <= bestCount * orientationCount_;
  }

  // Whether some tile may be taken instead of a cell with `bestCount` candidates: every tile
  // has at least fewestPlaces_. While scanning, bestCount only falls: once false it stays
  // false, and the scanned cells' candidates need not be kept.
  bool mayTakeTile(int bestCount) const { return tileTighter(fewestPlaces_, bestCount); }

  // Keeps a scanned cell's candidates of this node, for countPlaces() and pushTile().
  void keepCandidates(int cell, const Word* set) { std::copy_n(set, words(), filteredOf(cell)); }

  // Counts the scanned cells' candidates as places of their types.
  void countPlaces() {
    std::fill(typePlaces_.begin(), typePlaces_.end(), 0);
    for (const int cell : scannedList_) {
      const Word* set = filteredOf(cell);
      for (std::size_t w = 0; w < words(); ++w)
        for (Word bits = set[w]; bits; bits &= bits - 1)
          ++typePlaces_[orientationType_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))]];
    }
  }

  // Where the frame at `depth` keeps its places in frameList_: after those of the frames below.
  std::size_t listStart(int depth) const { return depth > 0 ? frameListEnd_[depth - 1] : 0; }
  // Whether that frame branches on a tile's places (it has at least one) rather than a cell's.
  bool listed(int depth) const { return frameListEnd_[depth] > listStart(depth); }

  Word* filteredOf(int cell) { return filteredOf_.data() + static_cast<std::size_t>(cell) * words(); }

  // Every tile is placed somewhere (copies equal cells), so the search may branch on where a
  // tile goes instead of on what a cell holds: once the board closes in, the tile with the
  // fewest places is often the tighter choice. A tile's places are its candidates on the
  // scanned cells plus every orientation on each empty cell not scanned (no placed
  // neighbour, no rim rule there: anything fits). A cell's candidates count orientations, a
  // tile's places count cells times orientations, so the tile is taken while its places are
  // at most the best cell's candidates times the mean orientations per tile (MacMahon 4x6:
  // 26.1M -> 1.6M nodes; on tropical-fish-any, one orientation per tile, preferring tiles
  // any further doubles the nodes). Only a type with one copy left is branched on: copies
  // are interchangeable. A type with no place at all ends the branch. Called only when
  // mayTakeTile(): while the empty cells not scanned give every tile too many places (on
  // open boards, most nodes), nothing is counted.
  bool pushBest(int best, int bestCount) {
    const int unscanned = cells_ - placements_ - static_cast<int>(scannedList_.size());
    countPlaces();
    int tile = -1, tileCount = 0;
    for (std::size_t t = 0; t < typePlaces_.size(); ++t) {
      if (left_[t] == 0) continue;
      const int places = typePlaces_[t] + unscanned * typeOrientations_[t];
      if (places == 0) return false;
      if (left_[t] == 1 && (tile < 0 ? tileTighter(places, bestCount) : places < tileCount)) {
        tile = static_cast<int>(t);
        tileCount = places;
      }
    }
    return tile < 0 ? pushChosen(best, bestCount) : pushTile(tile);
  }

  // Pushes the frame of a tile's placements: on each empty cell in order, its orientations
  // in increasing order. A job's first branches are skipped as in pushChosen().
  bool pushTile(int type) {
    if (scope_.cut(depth_)) return false;
    const Word* mask = masks_.typeMask(type);
    const std::size_t start = listStart(depth_);
    const std::size_t room = static_cast<std::size_t>(cells_ - placements_) * typeOrientations_[type];
    if (frameList_.size() < start + room) frameList_.resize(start + room);
    Placement* list = frameList_.data() + start;
    int count = 0;
    Word* set = scratch();
    for (int cell = 0; cell < cells_; ++cell) {
      if (grid_[cell] >= 0) continue;
      if (scanned_[cell]) std::copy_n(filteredOf(cell), words(), set);
      else candidates(cell, set);
      for (std::size_t w = 0; w < words(); ++w)
        for (Word bits = set[w] & mask[w]; bits; bits &= bits - 1)
          list[count++] = {cell, static_cast<int>(w * 64) + std::countr_zero(bits)};
    }
    if (count == 0) return false;
    frameListEnd_[depth_] = start + static_cast<std::size_t>(count);
    frameBranches_[depth_] = count;
    frameTried_[depth_] = std::min(scope_.first(depth_), count);
    framePlaced_[depth_] = -1;
    ++depth_;
    return true;
  }

  // All copies of the types of the orientations in `set`, as bits (matching_ is only used
  // with at most 64 copies).
  std::uint64_t copiesIn(const Word* set) const {
    std::uint64_t copies = 0;
    for (std::size_t w = 0; w < words(); ++w)
      for (Word bits = set[w]; bits; bits &= bits - 1)
        copies |= copyBits_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
    return copies;
  }

  // Hall's condition (copy_matching.hpp) over the empty cells: the scanned ones with their
  // candidates of this node, the others with whatever the rim lets them take.
  bool copiesFit() {
    if (!matching_) return true;
    matchCells_.clear();
    matchOptions_.clear();
    for (std::uint64_t empty = emptyCells_; empty; empty &= empty - 1) {
      const int cell = std::countr_zero(empty);
      matchCells_.push_back(cell);
      matchOptions_.push_back((scanned_[cell] ? cellCopies_[cell] : rimCopies_[cell]) & copiesLeft_);
    }
    return matching_->feasible(matchCells_, matchOptions_);
  }

  // Pushes the frame of the cell chosen, unless the job cuts the tree here. A job's first
  // branches at this level are skipped (taken out, counted as tried).
  bool pushChosen(int best, int bestCount) {
    if (scope_.cut(depth_)) return false;
    Word* candidates = candidatesOf(depth_);
    std::copy_n(best_.data(), words(), candidates);
    frameListEnd_[depth_] = listStart(depth_);
    frameCell_[depth_] = best;
    frameBranches_[depth_] = bestCount;
    frameTried_[depth_] = 0;
    framePlaced_[depth_] = -1;
    for (int skip = scope_.first(depth_); frameTried_[depth_] < skip && takeFirst(candidates) >= 0;) ++frameTried_[depth_];
    ++depth_;
    return true;
  }

  Word* scratch() {
    if (scratch_.size() < words()) scratch_.resize(words());
    return scratch_.data();
  }

  // Narrows the fitting orientations of the empty neighbours to those that face o's edges,
  // saving the old masks (four per placement, one per side) so that remove() can put them back.
  void place(int cell, int o) {
    const int depth = placements_++;
    const EdgeLabels& edges = searched_.orientations[o].edges;
    for (int side = 0; side < 4; ++side) {
      const int next = neighbour_[4 * cell + side];
      if (next < 0) continue;
      ++placedNeighbours_[next];
      tieRank_[next] -= emptyWeight_ - placedWeight_;
      if (grid_[next] >= 0) continue;
      setFrontier(next, true);
      Word* fitting = fittingOf(next);
      Word* saved = saved_.data() + (4 * static_cast<std::size_t>(depth) + side) * words();
      const Word* facing = masks_.facingMask((side + 2) % 4, edges[side]);
      for (std::size_t w = 0; w < words(); ++w) {
        saved[w] = fitting[w];
        fitting[w] &= facing[w];
      }
    }
    grid_[cell] = o;
    setFrontier(cell, false);
    if (!slot_.empty()) std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cell), 4, kNoFilter);
    balance_.place(cell, o, grid_);
    const int type = searched_.orientations[o].type;
    if (matching_) {
      copiesLeft_ &= ~matching_->copy(type, left_[type] - 1);
      emptyCells_ &= ~(std::uint64_t{1} << cell);
    }
    if (--left_[type] == 0) {
      const Word* mask = masks_.typeMask(type);
      for (std::size_t w = 0; w < words(); ++w) available_[w] &= ~mask[w];
      countShown(type, -1);
    }
    markFace(cell, searched_.types[type].face, true);
  }

  void remove(int cell, int o) {
    const int depth = --placements_;
    grid_[cell] = -1;
    if (placedNeighbours_[cell] > 0) setFrontier(cell, true);
    if (!slot_.empty()) std::fill_n(slot_.begin() + 4 * static_cast<std::ptrdiff_t>(cell), 4, kAvailable);
    for (int side = 0; side < 4; ++side) {
      const int next = neighbour_[4 * cell + side];
      if (next < 0) continue;
      --placedNeighbours_[next];
      tieRank_[next] += emptyWeight_ - placedWeight_;
      if (grid_[next] >= 0) continue;
      if (placedNeighbours_[next] == 0) setFrontier(next, false);
      const Word* saved = saved_.data() + (4 * static_cast<std::size_t>(depth) + side) * words();
      std::copy_n(saved, words(), fittingOf(next));
    }
    balance_.remove(cell, o, grid_);
    const int type = searched_.orientations[o].type;
    if (matching_) {
      copiesLeft_ |= matching_->copy(type, left_[type]);
      emptyCells_ |= std::uint64_t{1} << cell;
    }
    if (left_[type]++ == 0) {
      const Word* mask = masks_.typeMask(type);
      for (std::size_t w = 0; w < words(); ++w) available_[w] |= mask[w];
      countShown(type, +1);
    }
    markFace(cell, searched_.types[type].face, false);
  }

  // frontier_: the empty cells next to a placed tile, as bits.
  void setFrontier(int cell, bool on) {
    const Word bit = Word{1} << (cell % 64);
    Word& word = frontier_[static_cast<std::size_t>(cell / 64)];
    word = on ? word | bit : word & ~bit;
  }

  // Counts the labels the type's orientations show in or out of availableLabels_.
  void countShown(int type, int delta) {
    if (!filterByLabels_) return;
    for (int o = firstOrientation_[type]; o < firstOrientation_[type + 1]; ++o)
      for (int side = 0; side < 4; ++side) {
        const int label = searched_.orientations[o].edges[side];
        int& shown = availableShown_[static_cast<std::size_t>(side) * labels_ + label];
        shown += delta;
        if (shown == 0) availableLabels_[side] &= ~(Word{1} << label);
        else availableLabels_[side] |= Word{1} << label;
      }
  }

  // Bars (or frees) the face's orientations from the cell's row / column. Under the rule a
  // face is in a row at most once, so freeing on removal undoes exactly what placing did.
  void markFace(int cell, int face, bool used) {
    if (face < 0) return;
    const Word* mask = masks_.faceMask(face);
    const auto mark = [&](Word* faces) {
      for (std::size_t w = 0; w < words(); ++w) faces[w] = used ? faces[w] | mask[w] : faces[w] & ~mask[w];
    };
    if (distinctRow_) mark(rowFaces_.data() + static_cast<std::size_t>(cell / cols_) * words());
    if (distinctColumn_) mark(columnFaces_.data() + static_cast<std::size_t>(cell % cols_) * words());
  }

  // A complete arrangement stands for its images under the seed placement's coset elements
  // (only itself without a seed), each expanded into every assignment of the puzzle's tiles.
  const std::vector<int>& reportedImages() const {
    return seeded() ? seed_.placements[frameTried_[0] - 1].images : identityOnly_;
  }

  void startReport() {
    image_ = 0;
    startImage();
    reporting_ = true;
  }

  void startImage() {
    const int g = reportedImages()[image_];
    const EdgeSymmetry& symmetry = group_[g];
    for (int c = 0; c < cells_; ++c) imageGrid_[symmetry.cellImage[c]] = searchedImages_[g][grid_[c]];
    expansion_.start(imageGrid_);
  }

  // Reports the pending solutions of the arrangement found, one budget step each; false
  // when the sink paused or the budget ran out before the last one.
  bool report(const SolutionSink& sink, std::uint64_t& budget) {
    while (reporting_) {
      if (budget == 0) return false;
      --budget;
      const std::vector<int>& original = expansion_.grid(imageGrid_);
      const bool more = sink(solutionFromGrid(tiles_, original), isRepresentative(original));
      if (!expansion_.next()) {
        if (++image_ < static_cast<int>(reportedImages().size())) startImage();
        else reporting_ = false;
      }
      if (!more) return false;
    }
    return true;
  }

  // The grid of orientation numbers names a solution exactly (identical copies share a
  // number), so the class's representative is its member with the smallest grid.
  bool isRepresentative(const std::vector<int>& grid) {
    for (std::size_t g = 1; g < group_.size(); ++g) {
      for (int c = 0; c < cells_; ++c) moved_[group_[g].cellImage[c]] = group_[g].orientationImage[grid[c]];
      if (std::lexicographical_compare(moved_.begin(), moved_.end(), grid.begin(), grid.end())) return false;
    }
    return true;
  }

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
