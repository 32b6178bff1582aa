#include "edge/propagation_search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "edge/edge_symmetry.hpp"
#include "edge/edge_tiles.hpp"

namespace pw {

namespace {

using Word = std::uint64_t;
enum Side { Top, Right, Bottom, Left };
constexpr int kMaxLabels = 8;  // a side's label set is a byte of a cell's signature
constexpr int kMaxTiles = 64;  // a domain is a word

// The branch score of an edge between two open cells (lower is taken): few labels, deep
// inside the open region, few tiles on both cells (measured on tropical-fish-any).
constexpr int kLabelWeight = 4, kOpenWeight = 6, kTileWeight = 1;

// Whether a word holds at most two bits.
bool atMostTwo(Word d) {
  const Word e = d & (d - 1);
  return !(e & (e - 1));
}

class PropagationSearch final : public Search {
 public:
  PropagationSearch(const EdgeMatchingPuzzle& puzzle, EdgeTiles tiles)
      : rows_(puzzle.rows), cols_(puzzle.cols), cells_(rows_ * cols_), tiles_(std::move(tiles)) {
    count_ = static_cast<int>(tiles_.orientations.size());
    const int labels = static_cast<int>(tiles_.labels.size());
    // The label that must face each label: itself, or its partner when edges complement.
    std::array<int, kMaxLabels> facing{};
    for (int l = 0; l < labels; ++l) facing[l] = puzzle.match == EdgeMatch::Same ? l : tiles_.partner[l];
    for (int t = 0; t < count_; ++t)
      for (int side = 0; side < 4; ++side) withLabel_[side][tiles_.orientations[t].edges[side]] |= Word{1} << t;
    for (int t = 0; t < count_; ++t)
      for (int side = 0; side < 4; ++side)
        sameLabel_[t][side] = withLabel_[side][tiles_.orientations[t].edges[side]] & ~(Word{1} << t);
    for (unsigned set = 0; set < 256; ++set)
      for (int l = 0; l < labels; ++l)
        if (set >> l & 1) {
          for (int side = 0; side < 4; ++side) showing_[side][set] |= withLabel_[side][l];
          if (facing[l] >= 0) facingSet_[set] |= 1u << facing[l];
        }
    bytes_ = (count_ + 7) / 8;
    for (int b = 0; b < bytes_; ++b)
      for (unsigned v = 0; v < 256; ++v)
        for (int i = 0; i < 8 && 8 * b + i < count_; ++i)
          if (v >> i & 1)
            for (int side = 0; side < 4; ++side)
              signatureOf_[b][v] |= 1u << (8 * side + tiles_.orientations[8 * b + i].edges[side]);
    neighbour_.resize(static_cast<std::size_t>(cells_));
    for (int c = 0; c < cells_; ++c) {
      const int r = c / cols_, q = c % cols_;
      neighbour_[c] = {r > 0 ? c - cols_ : cells_, q < cols_ - 1 ? c + 1 : cells_, r < rows_ - 1 ? c + cols_ : cells_,
                       q > 0 ? c - 1 : cells_};
      if (q != cols_ - 1) notLastColumn_ |= Word{1} << c;
      if (q != 0) notFirstColumn_ |= Word{1} << c;
      for (int side = 0; side < 4; ++side)
        if (neighbour_[c][side] == cells_) rim_[side] |= Word{1} << c;
    }
    // Per row: labels leaving right less those entering left (the facing ones) are the
    // tiles' totals of the same difference, the inner edges cancelling; per column likewise.
    for (const int side : {Right, Bottom})
      for (int l = 0; l < labels; ++l)
        rimExcess_[side][l] = std::popcount(withLabel_[side][l]) -
                              (facing[l] >= 0 ? std::popcount(withLabel_[side ^ 2][facing[l]]) : 0);
    for (int l = 0; l < labels; ++l) facingLabel_[l] = facing[l];
    labels_ = labels;
    stride_ = static_cast<std::size_t>(cells_ + 1 + count_ + 2);
    signatureStride_ = static_cast<std::size_t>(cells_ + 1);
  }

  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    if (done_) return true;
    std::uint64_t budget = nodeBudget;
    if (!started_) {
      started_ = true;
      if (!startRoot()) return finish();
      if (depth_ == 0) {  // the root's propagation decided every cell: its one solution
        sink(solutionOf(stateAt(0)), true);
        return finish();
      }
    }
    while (budget > 0) {
      if (depth_ == 0) return finish();
      const int d = depth_ - 1;
      Frame& f = frames_[static_cast<std::size_t>(d)];
      if (f.untried == 0 || scope_.past(d, f.tried)) {
        --depth_;
        continue;
      }
      --budget;
      ++nodes_;
      const Word choice = f.untried & (~f.untried + 1);
      f.untried &= f.untried - 1;
      ++f.tried;
      f.decision = decisionOf(f, choice);
      State child = stateAt(d + 1);
      copyState(stateAt(d), child);
      if (!decide(child, f, choice) || !rimBalances(child)) continue;
      if (*child.open == 0) {
        if (!sink(solutionOf(child), true)) return false;
        continue;
      }
      pushNode(d + 1);
    }
    return false;
  }

  std::uint64_t nodes() const override { return nodes_; }
  int symmetryCount() const override { return 1; }

  // Jobs: a level's branches are its edge's labels, or its cell's tiles, in increasing order.
  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  bool finished() const override { return done_; }
  void tracePath(std::vector<Step>& out) const override {
    out.clear();
    for (int d = 0; d < depth_; ++d) {
      const Frame& f = frames_[static_cast<std::size_t>(d)];
      if (f.tried == f.first) break;  // no branch begun there yet
      out.push_back({f.tried - 1, f.branches, f.decision});
    }
  }

 private:
  // A node's domains, in the arenas: per cell its tiles (cells_ is the board's outside, always
  // empty), per tile its cells, the tiles not yet on a decided cell, the open cells, and per
  // cell its signature (the labels its tiles show, a byte per side).
  struct State {
    Word* tiles;
    Word* places;
    Word* unused;
    Word* open;
    std::uint32_t* signature;
  };
  // A node on the path: its branches are the bits of a label set (on the edge from `cell`
  // across `side`) or of a tile set (on `cell`, side -1).
  struct Frame {
    int cell = 0;
    int side = -1;
    Word untried = 0;  // branches not taken yet
    int branches = 0;
    int first = 0;     // the first branch this job takes here
    int tried = 0;     // branches taken (and skipped) so far
    std::int64_t decision = 0;  // of the branch taken last
  };

  State stateAt(int depth) {
    const auto at = static_cast<std::size_t>(depth);
    if (words_.size() < (at + 1) * stride_) {
      words_.resize((at + 1) * stride_ * 2);
      signatures_.resize((at + 1) * signatureStride_ * 2);
    }
    Word* w = words_.data() + at * stride_;
    return {w, w + cells_ + 1, w + cells_ + 1 + count_, w + cells_ + 2 + count_,
            signatures_.data() + at * signatureStride_};
  }
  void copyState(const State& from, const State& to) const {
    std::memcpy(to.tiles, from.tiles, stride_ * sizeof(Word));
    std::memcpy(to.signature, from.signature, signatureStride_ * sizeof(std::uint32_t));
  }

  bool finish() {
    done_ = true;
    depth_ = 0;
    return true;
  }

  // The root: every tile anywhere the rim rule lets it lie, narrowed to a fixpoint; false
  // when that fails, and no frame pushed when it decides every cell.
  bool startRoot() {
    const State s = stateAt(0);
    const Word all = count_ == kMaxTiles ? ~Word{0} : (Word{1} << count_) - 1;
    for (int c = 0; c < cells_; ++c) {
      Word d = all;
      if (tiles_.border >= 0)
        for (int side = 0; side < 4; ++side)
          if (rim_[side] >> c & 1) d &= withLabel_[side][tiles_.border];
      s.tiles[c] = d;
      s.signature[c] = ~std::uint32_t{0};  // unknown: the first look at the cell revises its neighbours
    }
    s.tiles[cells_] = 0;
    s.signature[cells_] = 0;
    Word forced = 0;
    for (int t = 0; t < count_; ++t) {
      s.places[t] = 0;
      for (int c = 0; c < cells_; ++c) s.places[t] |= (s.tiles[c] >> t & 1) << c;
      if (s.places[t] == 0) return false;
      if (std::has_single_bit(s.places[t])) forced |= Word{1} << t;
    }
    *s.unused = all;
    *s.open = cells_ == 64 ? ~Word{0} : (Word{1} << cells_) - 1;
    if (!propagate(s, *s.open, forced) || !rimBalances(s)) return false;
    if (*s.open != 0) pushNode(0);
    return true;
  }

  // Pushes the node at `depth` (its state in place), unless the job cuts it there.
  void pushNode(int depth) {
    if (scope_.cut(depth)) return;
    if (frames_.size() <= static_cast<std::size_t>(depth)) frames_.resize(static_cast<std::size_t>(depth) + 1);
    Frame& f = frames_[static_cast<std::size_t>(depth)];
    chooseBranching(stateAt(depth), f);
    f.branches = std::popcount(f.untried);
    f.first = std::min(scope_.first(depth), f.branches);
    for (int k = 0; k < f.first; ++k) f.untried &= f.untried - 1;
    f.tried = f.first;
    depth_ = depth + 1;
  }

  // The edge between two open cells with the best score and two labels or more left, else
  // the open cell with the fewest tiles.
  void chooseBranching(const State& s, Frame& f) const {
    const Word open = *s.open;
    const Word below = open >> cols_, above = open << cols_;
    const Word right = (open >> 1) & notLastColumn_, left = (open << 1) & notFirstColumn_;
    const auto openAround = [&](int c) {
      return static_cast<int>((below >> c & 1) + (above >> c & 1) + (right >> c & 1) + (left >> c & 1));
    };
    int bestScore = INT32_MAX;
    f.side = -1;
    for (Word rest = open; rest; rest &= rest - 1) {
      const int y = std::countr_zero(rest);
      for (const int side : {Right, Bottom}) {
        if (!((side == Right ? right : below) >> y & 1)) continue;
        const int z = neighbour_[y][side];
        const unsigned shared = sharedLabels(s, y, side, z);
        if (std::has_single_bit(shared) || shared == 0) continue;
        const int score = kLabelWeight * std::popcount(shared) - kOpenWeight * (openAround(y) + openAround(z)) +
                          kTileWeight * (std::popcount(s.tiles[y]) + std::popcount(s.tiles[z]));
        if (score < bestScore) {
          bestScore = score;
          f.cell = y;
          f.side = side;
          f.untried = shared;
        }
      }
    }
    if (f.side >= 0) return;
    int fewest = INT32_MAX;
    for (Word rest = open; rest; rest &= rest - 1) {
      const int y = std::countr_zero(rest);
      if (std::popcount(s.tiles[y]) < fewest) {
        fewest = std::popcount(s.tiles[y]);
        f.cell = y;
      }
    }
    f.untried = s.tiles[f.cell];
  }

  // The labels cell y can show across `side` that its neighbour z can face.
  unsigned sharedLabels(const State& s, int y, int side, int z) const {
    return (s.signature[y] >> (8 * side) & 255) & facingSet_[s.signature[z] >> (8 * (side ^ 2)) & 255];
  }

  std::int64_t decisionOf(const Frame& f, Word choice) const {
    const auto what = static_cast<std::int64_t>(std::countr_zero(choice));
    return static_cast<std::int64_t>(f.cell) << 16 | static_cast<std::int64_t>(f.side + 1) << 8 | what;
  }

  // Applies branch `choice` of frame f to s (its parent's copy) and narrows to a fixpoint.
  bool decide(const State& s, const Frame& f, Word choice) {
    Word forced = 0;
    if (f.side < 0) {
      const Word old = s.tiles[f.cell];
      s.tiles[f.cell] = choice;
      return dropPlaces(s, f.cell, old & ~choice, forced) && propagate(s, Word{1} << f.cell, forced);
    }
    const int y = f.cell, z = neighbour_[y][f.side];
    const auto label = static_cast<unsigned>(choice);
    const Word oldY = s.tiles[y], oldZ = s.tiles[z];
    const Word newY = oldY & showing_[f.side][label], newZ = oldZ & showing_[f.side ^ 2][facingSet_[label]];
    s.tiles[y] = newY;
    s.tiles[z] = newZ;
    return dropPlaces(s, y, oldY & ~newY, forced) && dropPlaces(s, z, oldZ & ~newZ, forced) &&
           propagate(s, Word{1} << y | Word{1} << z, forced);
  }

  // Tiles `removed` have left cell y: each loses y from its places; one left with a single
  // place is forced there (`forced`), one left with none ends the branch.
  static bool dropPlaces(const State& s, int y, Word removed, Word& forced) {
    const Word cell = Word{1} << y;
    for (; removed; removed &= removed - 1) {
      const int t = std::countr_zero(removed);
      const Word p = s.places[t] & ~cell;
      s.places[t] = p;
      if (!(p & (p - 1))) {
        if (!p) return false;
        forced |= Word{1} << t;
      }
    }
    return true;
  }

  std::uint32_t signatureOf(Word d) const {
    std::uint32_t s = 0;
    for (int b = 0; b < bytes_; ++b) s |= signatureOf_[b][d >> (8 * b) & 255];
    return s;
  }

  // Narrows the domains to a fixpoint from the cells `dirty` (whose domains changed) and
  // the tiles `forced` (down to one place); false on a contradiction.
  bool propagate(const State& s, Word dirty, Word forced) {
    Word urgent = 0;  // dirty cells down to one or two tiles: contradictions show sooner there
    for (;;) {
      while (dirty) {
        const Word first = urgent & dirty;
        const int x = std::countr_zero(first ? first : dirty);
        dirty &= ~(Word{1} << x);
        const Word d = s.tiles[x];
        if ((*s.open >> x & 1) && !(d & (d - 1))) {  // one tile left: it is taken
          *s.open &= ~(Word{1} << x);
          *s.unused &= ~d;
          const int t = std::countr_zero(d);
          const std::array<Word, 4>& same = sameLabel_[t];
          Word others = s.places[t] & ~(Word{1} << x);
          s.places[t] = Word{1} << x;
          for (; others; others &= others - 1) {
            const int y = std::countr_zero(others);
            const Word nd = s.tiles[y] & ~d;
            if (!nd) return false;
            s.tiles[y] = nd;
            // y's labels change only where t showed a label no other tile of y shows (counted
            // without branches: which side it is is a coin toss).
            const int kept = static_cast<int>((nd & same[0]) != 0) + static_cast<int>((nd & same[1]) != 0) +
                             static_cast<int>((nd & same[2]) != 0) + static_cast<int>((nd & same[3]) != 0) +
                             static_cast<int>((nd & (nd - 1)) != 0);
            if (kept < 5) {
              dirty |= Word{1} << y;
              urgent |= static_cast<Word>(atMostTwo(nd)) << y;
            }
          }
        }
        const std::uint32_t signature = signatureOf(d);
        if (signature == s.signature[x]) continue;
        s.signature[x] = signature;
        for (int side = 0; side < 4; ++side) {
          const int y = neighbour_[x][side];
          const Word old = s.tiles[y];
          const Word nd = old & showing_[side ^ 2][facingSet_[signature >> (8 * side) & 255]];
          if (nd == old) continue;
          if (!nd) return false;
          s.tiles[y] = nd;
          if (!dropPlaces(s, y, old & ~nd, forced)) return false;
          dirty |= Word{1} << y;
          urgent |= static_cast<Word>(atMostTwo(nd)) << y;
        }
      }
      forced &= *s.unused;
      if (!forced) return true;
      for (; forced; forced &= forced - 1) {
        const int t = std::countr_zero(forced);
        if (!(*s.unused >> t & 1)) continue;
        const int y = std::countr_zero(s.places[t]);
        const Word bit = Word{1} << t;
        const Word old = s.tiles[y];
        if (old == bit) continue;
        s.tiles[y] = bit;
        if (!dropPlaces(s, y, old & ~bit, forced)) return false;
        dirty |= Word{1} << y;
      }
    }
  }

  // Whether the rim can still balance: per label, the right rim's excess over the left rim
  // (in facing labels) must equal the tiles' (rimExcess_), and the bottom's over the top's.
  bool rimBalances(const State& s) const {
    for (const int side : {Right, Bottom})
      for (int l = 0; l < labels_; ++l) {
        const Word out = withLabel_[side][l];
        const Word in = facingLabel_[l] >= 0 ? withLabel_[side ^ 2][facingLabel_[l]] : 0;
        int mayOut = 0, mustOut = 0, mayIn = 0, mustIn = 0;
        for (Word cells = rim_[side]; cells; cells &= cells - 1) {
          const Word d = s.tiles[std::countr_zero(cells)];
          mayOut += (d & out) != 0;
          mustOut += !(d & ~out);
        }
        for (Word cells = rim_[side ^ 2]; cells; cells &= cells - 1) {
          const Word d = s.tiles[std::countr_zero(cells)];
          mayIn += (d & in) != 0;
          mustIn += !(d & ~in);
        }
        if (mayOut - mustIn < rimExcess_[side][l] || mustOut - mayIn > rimExcess_[side][l]) return false;
      }
    return true;
  }

  Solution solutionOf(const State& s) const {
    std::vector<int> grid(static_cast<std::size_t>(cells_));
    for (int c = 0; c < cells_; ++c) grid[static_cast<std::size_t>(c)] = std::countr_zero(s.tiles[c]);
    return solutionFromGrid(tiles_, grid);
  }

  const int rows_, cols_, cells_;
  const EdgeTiles tiles_;  // one orientation per tile: orientation numbers are the domains' bits
  int count_ = 0;          // tiles
  int labels_ = 0;
  int bytes_ = 0;          // bytes of a domain that hold tiles
  std::array<std::array<Word, kMaxLabels>, 4> withLabel_{};  // [side][label]: tiles showing it there
  std::array<std::array<Word, 256>, 4> showing_{};           // [side][label set]: tiles showing one there
  std::array<unsigned, 256> facingSet_{};                    // [label set]: the labels that face them
  std::array<int, kMaxLabels> facingLabel_{};                // [label]: the label that faces it, or -1
  std::array<std::array<Word, 4>, kMaxTiles> sameLabel_{};   // [tile][side]: other tiles with its label there
  std::array<std::array<std::uint32_t, 256>, 8> signatureOf_{};  // [byte][value]: its tiles' signature
  std::vector<std::array<int, 4>> neighbour_;  // [cell][side]; cells_ off the board
  std::array<Word, 4> rim_{};                  // [side]: the cells on that side's rim
  std::array<std::array<int, kMaxLabels>, 4> rimExcess_{};  // [Right or Bottom][label]
  Word notLastColumn_ = 0, notFirstColumn_ = 0;

  std::size_t stride_ = 0, signatureStride_ = 0;  // a state's words and signatures
  std::vector<Word> words_;                       // the states of the path, level after level
  std::vector<std::uint32_t> signatures_;
  std::vector<Frame> frames_;
  int depth_ = 0;  // frames on the path

  JobScope scope_;
  std::uint64_t nodes_ = 0;
  bool started_ = false, done_ = false;
};

}  // namespace

std::unique_ptr<Search> makePropagationSearch(const EdgeMatchingPuzzle& puzzle) {
  if (puzzle.rotations || puzzle.distinctRow || puzzle.distinctColumn) return nullptr;
  EdgeTiles tiles = compileTiles(puzzle);
  if (tiles.orientations.size() > static_cast<std::size_t>(kMaxTiles) || tiles.labels.size() > kMaxLabels ||
      tiles.orientations.size() != tiles.types.size())
    return nullptr;
  if (!std::all_of(tiles.types.begin(), tiles.types.end(), [](const TileType& t) { return t.count == 1; })) return nullptr;
  for (std::size_t o = 0; o < tiles.orientations.size(); ++o)
    if (tiles.orientations[o].type != static_cast<int>(o)) return nullptr;
  if (edgeSymmetries(puzzle, tiles).size() != 1) return nullptr;
  return std::make_unique<PropagationSearch>(puzzle, std::move(tiles));
}

}  // namespace pw
