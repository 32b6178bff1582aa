// The edge-matching search: backtracking over cells with bitset candidates. Each step fills
// the empty cell, among those next to placed tiles, with the fewest candidate orientations
// (forward checking: a cell left with none ends the branch), so that the search follows the
// constraints instead of a fixed reading order. The stack is explicit, which makes it
// resumable; every solution found is reported with its symmetry-class representative mark.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "edge/edge_symmetry.hpp"
#include "edge/edge_tiles.hpp"
#include "edge/label_balance.hpp"
#include "edge/orientation_masks.hpp"
#include "search/search.hpp"

namespace pw {

namespace {

using Word = std::uint64_t;

class EdgeMatchingSearch final : public Search {
 public:
  explicit EdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle)
      : rows_(puzzle.rows),
        cols_(puzzle.cols),
        cells_(puzzle.rows * puzzle.cols),
        distinctRow_(puzzle.distinctRow),
        distinctColumn_(puzzle.distinctColumn),
        tiles_(compileTiles(puzzle)),
        masks_(compileMasks(puzzle, tiles_)),
        group_(edgeSymmetries(puzzle, tiles_)),
        balance_(puzzle, tiles_),
        words_(static_cast<std::size_t>(masks_.words)) {
    grid_.assign(cells_, -1);
    placedNeighbours_.assign(cells_, 0);
    left_.resize(tiles_.types.size());
    for (std::size_t t = 0; t < tiles_.types.size(); ++t) left_[t] = tiles_.types[t].count;
    available_ = masks_.all;
    rowFaces_.assign(static_cast<std::size_t>(rows_) * words_, 0);
    columnFaces_.assign(static_cast<std::size_t>(cols_) * words_, 0);
    frameCell_.resize(cells_);
    frameBranches_.resize(cells_);
    frameTried_.resize(cells_);
    framePlaced_.resize(cells_);
    frameCandidates_.resize(static_cast<std::size_t>(cells_) * words_);
    scratch_.resize(words_);
    fitting_.resize(static_cast<std::size_t>(cells_) * words_);
    for (int cell = 0; cell < cells_; ++cell)
      std::copy(masks_.all.begin(), masks_.all.end(), fitting_.begin() + static_cast<std::ptrdiff_t>(cell * words_));
    saved_.reserve(4 * static_cast<std::size_t>(cells_) * words_);
    savedCells_.reserve(4 * static_cast<std::size_t>(cells_));
    savedCount_.reserve(cells_);
    scanned_.resize(cells_);
    cellCandidates_.resize(static_cast<std::size_t>(cells_) * words_);
    image_.resize(cells_);
  }

  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    if (done_) return true;
    if (!started_) {
      started_ = true;
      if (!pushFrame()) return finish();
    }
    for (std::uint64_t step = 0; step < nodeBudget; ++step) {
      const int d = depth_ - 1;
      if (framePlaced_[d] >= 0) {
        remove(frameCell_[d], framePlaced_[d]);
        framePlaced_[d] = -1;
      }
      const int o = takeFirst(candidatesOf(d));
      if (o < 0) {
        if (--depth_ == 0) return finish();
        continue;
      }
      ++frameTried_[d];
      ++nodes_;
      place(frameCell_[d], o);
      framePlaced_[d] = o;
      if (depth_ == cells_) {
        if (!sink(solutionFromGrid(tiles_, grid_), isRepresentative())) return false;
      } else if (balance_.feasible()) {
        pushFrame();  // on a dead end nothing is pushed and the next step tries a sibling
      }
    }
    return false;
  }

  std::uint64_t nodes() const override { return nodes_; }

  // Knuth's estimate: the finished siblings at each level of the current path, each level
  // weighted by the share of the tree its parent stands for, assuming equal subtrees.
  double fractionDone() const override {
    if (done_) return 1.0;
    double done = 0.0, share = 1.0;
    for (int d = 0; d < depth_; ++d) {
      const int finished = frameTried_[d] - (framePlaced_[d] >= 0 ? 1 : 0);
      done += share * finished / frameBranches_[d];
      share /= frameBranches_[d];
    }
    return std::clamp(done, 0.0, 1.0);
  }

  int symmetryCount() const override { return static_cast<int>(group_.size()); }

 private:
  bool finish() {
    done_ = true;
    depth_ = 0;
    return true;
  }

  Word* candidatesOf(int depth) { return frameCandidates_.data() + static_cast<std::size_t>(depth) * words_; }

  // Removes and returns the lowest orientation of `set`, -1 when it is empty.
  int takeFirst(Word* set) const {
    for (std::size_t w = 0; w < words_; ++w)
      if (set[w]) {
        const int bit = std::countr_zero(set[w]);
        set[w] &= set[w] - 1;
        return static_cast<int>(w * 64) + bit;
      }
    return -1;
  }

  // The orientations that may go on an empty cell now, into `out`; returns how many.
  int candidates(int cell, Word* out) const {
    const int row = cell / cols_, col = cell % cols_;
    const Word* onCell = masks_.cellMask(cell);
    const Word* rowFaces = rowFaces_.data() + static_cast<std::size_t>(row) * words_;
    const Word* columnFaces = columnFaces_.data() + static_cast<std::size_t>(col) * words_;
    const Word* fitting = fitting_.data() + static_cast<std::size_t>(cell) * words_;
    for (std::size_t w = 0; w < words_; ++w)
      out[w] = available_[w] & onCell[w] & fitting[w] & ~rowFaces[w] & ~columnFaces[w];
    int count = 0;
    for (std::size_t w = 0; w < words_; ++w) count += std::popcount(out[w]);
    return count;
  }

  // Chooses the next cell and pushes its frame; false (nothing pushed) when some empty cell
  // has no candidate. Cells next to placed tiles are the constrained ones; at the root,
  // before anything is placed, every cell competes (the rim rule may make corners tight).
  bool pushFrame() {
    const bool anyPlaced = depth_ > 0;
    int best = -1, bestCount = 0;
    for (int cell = 0; cell < cells_; ++cell) {
      scanned_[cell] = grid_[cell] < 0 && (!anyPlaced || placedNeighbours_[cell] > 0);
      if (!scanned_[cell]) continue;
      const int count = candidates(cell, cellCandidates(cell));
      if (count == 0) return false;
      if (best < 0 || count < bestCount) {
        best = cell;
        bestCount = count;
      }
    }
    // Two neighbouring scanned cells need candidates that also fit each other.
    for (int cell = 0; cell < cells_; ++cell) {
      if (!scanned_[cell]) continue;
      if (cell % cols_ < cols_ - 1 && scanned_[cell + 1] && !supported(cell, Right, cell + 1)) return false;
      if (cell + cols_ < cells_ && scanned_[cell + cols_] && !supported(cell, Bottom, cell + cols_)) return false;
    }
    std::copy_n(cellCandidates(best), words_, candidatesOf(depth_));
    frameCell_[depth_] = best;
    frameBranches_[depth_] = bestCount;
    frameTried_[depth_] = 0;
    framePlaced_[depth_] = -1;
    ++depth_;
    return true;
  }

  Word* cellCandidates(int cell) { return cellCandidates_.data() + static_cast<std::size_t>(cell) * words_; }

  // Whether some candidate of `to` fits next to some candidate of `from`, on `from`'s `side`.
  bool supported(int from, int side, int to) {
    Word* fits = scratch_.data();
    std::fill(scratch_.begin(), scratch_.end(), 0);
    const Word* source = cellCandidates(from);
    for (std::size_t w = 0; w < words_; ++w)
      for (Word bits = source[w]; bits; bits &= bits - 1) {
        const int o = static_cast<int>(w * 64) + std::countr_zero(bits);
        const Word* facing = masks_.facingMask((side + 2) % 4, tiles_.orientations[o].edges[side]);
        for (std::size_t v = 0; v < words_; ++v) fits[v] |= facing[v];
      }
    const Word* target = cellCandidates(to);
    for (std::size_t w = 0; w < words_; ++w)
      if (fits[w] & target[w]) return true;
    return false;
  }

  void forNeighbours(int cell, int delta) {
    const int row = cell / cols_, col = cell % cols_;
    if (row > 0) placedNeighbours_[cell - cols_] += delta;
    if (row < rows_ - 1) placedNeighbours_[cell + cols_] += delta;
    if (col > 0) placedNeighbours_[cell - 1] += delta;
    if (col < cols_ - 1) placedNeighbours_[cell + 1] += delta;
  }

  // Narrows the fitting orientations of the empty neighbours to those that face o's edges,
  // saving the old masks so that remove() can put them back.
  void narrowNeighbours(int cell, int o) {
    const int row = cell / cols_, col = cell % cols_;
    const int neighbour[4] = {row > 0 ? cell - cols_ : -1, col < cols_ - 1 ? cell + 1 : -1,
                              row < rows_ - 1 ? cell + cols_ : -1, col > 0 ? cell - 1 : -1};
    for (int side = 0; side < 4; ++side) {
      if (neighbour[side] < 0 || grid_[neighbour[side]] >= 0) continue;
      Word* fitting = fitting_.data() + static_cast<std::size_t>(neighbour[side]) * words_;
      saved_.insert(saved_.end(), fitting, fitting + words_);
      savedCells_.push_back(neighbour[side]);
      const Word* facing = masks_.facingMask((side + 2) % 4, tiles_.orientations[o].edges[side]);
      for (std::size_t w = 0; w < words_; ++w) fitting[w] &= facing[w];
    }
    savedCount_.push_back(static_cast<int>(savedCells_.size()));
  }

  void widenNeighbours() {
    savedCount_.pop_back();
    const std::size_t keep = savedCount_.empty() ? 0 : static_cast<std::size_t>(savedCount_.back());
    while (savedCells_.size() > keep) {
      Word* fitting = fitting_.data() + static_cast<std::size_t>(savedCells_.back()) * words_;
      std::copy(saved_.end() - static_cast<std::ptrdiff_t>(words_), saved_.end(), fitting);
      saved_.resize(saved_.size() - words_);
      savedCells_.pop_back();
    }
  }

  void place(int cell, int o) {
    narrowNeighbours(cell, o);
    grid_[cell] = o;
    forNeighbours(cell, 1);
    balance_.place(cell, o, grid_);
    const int type = tiles_.orientations[o].type;
    if (--left_[type] == 0) {
      const Word* mask = masks_.typeMask(type);
      for (std::size_t w = 0; w < words_; ++w) available_[w] &= ~mask[w];
    }
    markFace(cell, tiles_.types[type].face, true);
  }

  void remove(int cell, int o) {
    widenNeighbours();
    grid_[cell] = -1;
    forNeighbours(cell, -1);
    balance_.remove(cell, o, grid_);
    const int type = tiles_.orientations[o].type;
    if (left_[type]++ == 0) {
      const Word* mask = masks_.typeMask(type);
      for (std::size_t w = 0; w < words_; ++w) available_[w] |= mask[w];
    }
    markFace(cell, tiles_.types[type].face, false);
  }

  // Bars (or frees) the face's orientations from the cell's row / column. Under the rule a
  // face is in a row at most once, so freeing on removal undoes exactly what placing did.
  void markFace(int cell, int face, bool used) {
    if (face < 0) return;
    const Word* mask = masks_.faceMask(face);
    const auto mark = [&](Word* faces) {
      for (std::size_t w = 0; w < words_; ++w) faces[w] = used ? faces[w] | mask[w] : faces[w] & ~mask[w];
    };
    if (distinctRow_) mark(rowFaces_.data() + static_cast<std::size_t>(cell / cols_) * words_);
    if (distinctColumn_) mark(columnFaces_.data() + static_cast<std::size_t>(cell % cols_) * words_);
  }

  // The grid of orientation numbers names a solution exactly (identical copies share a
  // number), so the class's representative is its member with the smallest grid.
  bool isRepresentative() {
    for (std::size_t g = 1; g < group_.size(); ++g) {
      for (int c = 0; c < cells_; ++c) image_[group_[g].cellImage[c]] = group_[g].orientationImage[grid_[c]];
      if (std::lexicographical_compare(image_.begin(), image_.end(), grid_.begin(), grid_.end())) return false;
    }
    return true;
  }

  const int rows_, cols_, cells_;
  const bool distinctRow_, distinctColumn_;
  const EdgeTiles tiles_;
  const OrientationMasks masks_;
  const std::vector<EdgeSymmetry> group_;
  LabelBalance balance_;
  const std::size_t words_;

  std::vector<int> grid_;              // orientation on each cell, -1 when empty
  std::vector<int> placedNeighbours_;  // per cell: how many of its neighbours hold a tile
  std::vector<int> left_;              // copies of each type not yet placed
  std::vector<Word> available_;        // orientations of types with copies left
  std::vector<Word> rowFaces_, columnFaces_;  // per row / column: orientations whose face is there
  std::vector<Word> fitting_;          // per cell: orientations that face its placed neighbours' edges
  std::vector<Word> saved_;            // fitting_ masks as they were before each placement narrowed them
  std::vector<int> savedCells_;        // the cells they belong to
  std::vector<int> savedCount_;        // per placement on the path: savedCells_.size() after it

  // The search path, one frame per filled cell.
  int depth_ = 0;
  std::vector<int> frameCell_, frameBranches_, frameTried_, framePlaced_;
  std::vector<Word> frameCandidates_;  // per frame: the orientations not yet tried

  std::vector<Word> scratch_;
  std::vector<char> scanned_;          // cells whose candidates pushFrame computed
  std::vector<Word> cellCandidates_;   // [cell]: those candidates
  std::vector<int> image_;
  std::uint64_t nodes_ = 0;
  bool started_ = false, done_ = false;
};

}  // namespace

std::unique_ptr<Search> makeEdgeMatchingSearch(const EdgeMatchingPuzzle& puzzle) {
  return std::make_unique<EdgeMatchingSearch>(puzzle);
}

}  // namespace pw
