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
constexpr int kMaxTiles = 63;  // a domain is a word whose top bit stays clear: d - 1 < 0 tells it empty
constexpr int kMaxSide = 31;   // rim cells a side: the rim balance counts them in bytes

// The branch score of an edge between two open cells (lower is taken): few labels, deep
// inside the open region, few tiles on both cells (measured on tropical-fish-any). An edge's
// key is its score over its cell and side, so that one minimum takes the first best edge.
constexpr int kLabelWeight = 4, kOpenWeight = 6, kTileWeight = 1;
constexpr std::uint32_t kScoreBase = 1u << 16;       // keeps scores positive
constexpr std::uint32_t kNoChoice = 1u << 23;        // the score of an edge with fewer than two labels
constexpr std::uint32_t kNoEdge = (1u << 22) << 7;   // keys from here on are such edges

class PropagationSearch final : public Search {
 public:
  PropagationSearch(const EdgeMatchingPuzzle& puzzle, EdgeTiles tiles, const SearchSettings& settings)
      : settings_(settings),
        rows_(puzzle.rows), cols_(puzzle.cols), cells_(rows_ * cols_), tiles_(std::move(tiles)) {
    count_ = static_cast<int>(tiles_.orientations.size());
    all_ = (Word{1} << count_) - 1;
    const int labels = static_cast<int>(tiles_.labels.size());
    // The label that must face each label: itself, or its partner when edges complement.
    std::array<int, kMaxLabels> facing{};
    facing.fill(-1);
    for (int l = 0; l < labels; ++l) facing[l] = puzzle.match == EdgeMatch::Same ? l : tiles_.partner[l];
    for (int t = 0; t < count_; ++t)
      for (int side = 0; side < 4; ++side) withLabel_[side][tiles_.orientations[t].edges[side]] |= Word{1} << t;
    for (unsigned set = 0; set < 256; ++set) {
      unsigned faced = 0;  // the labels that face those of `set`
      for (int l = 0; l < labels; ++l)
        if (set >> l & 1) {
          for (int side = 0; side < 4; ++side) showing_[side][set] |= withLabel_[side][l];
          if (facing[l] >= 0) faced |= 1u << facing[l];
        }
      facingSet_[set] = faced;
      const int size = std::popcount(set);
      for (int l = 0; l < kMaxLabels; ++l) {
        if (set >> l & 1) mayShow_[set] |= Word{1} << (8 * l);
        if (facing[l] >= 0 && (set >> facing[l] & 1)) mayFace_[set] |= Word{1} << (8 * l);
      }
      mustShow_[set] = size == 1 ? mayShow_[set] : 0;
      mustFace_[set] = size == 1 ? mayFace_[set] : 0;
      labelScore_[set] = size >= 2 ? kScoreBase + static_cast<std::uint32_t>(kLabelWeight * size) : kNoChoice;
    }
    for (int side = 0; side < 4; ++side) {
      for (unsigned set = 1; set < 256; ++set) revise_[side][set] = showing_[side][facingSet_[set]];
      revise_[side][0] = all_;  // a rim side: its signature byte is masked to nothing
    }
    bytes_ = (count_ + 7) / 8;
    for (int b = 0; b < bytes_; ++b)
      for (unsigned v = 0; v < 256; ++v)
        for (int i = 0; i < 8 && 8 * b + i < count_; ++i)
          if (v >> i & 1)
            for (int side = 0; side < 4; ++side)
              signatureOf_[b][v] |= 1u << (8 * side + tiles_.orientations[8 * b + i].edges[side]);
    around_.resize(static_cast<std::size_t>(cells_));
    for (int c = 0; c < cells_; ++c) {
      const int r = c / cols_, q = c % cols_;
      Around& a = around_[c];
      a.cell = {r > 0 ? c - cols_ : cells_, q < cols_ - 1 ? c + 1 : cells_, r < rows_ - 1 ? c + cols_ : cells_,
                q > 0 ? c - 1 : cells_};
      for (int side = 0; side < 4; ++side) {
        if (a.cell[side] == cells_) {
          rim_[side].push_back(c);
          continue;
        }
        a.bit[side] = Word{1} << a.cell[side];
        a.sides |= 255u << (8 * side);
        a.all |= a.bit[side];
      }
      if (q != cols_ - 1) notLastColumn_ |= Word{1} << c;
    }
    // Per row: labels leaving right less those entering left (the facing ones) are the
    // tiles' totals of the same difference, the inner edges cancelling; per column likewise.
    // A byte per label, biased by 0x40 so that "at least" is bit 6 (an excess beyond the
    // rim's cells, which no rim can meet, is clamped where it still cannot).
    for (const int side : {Right, Bottom})
      for (int l = 0; l < labels; ++l) {
        const int excess = std::clamp(std::popcount(withLabel_[side][l]) -
                                          (facing[l] >= 0 ? std::popcount(withLabel_[side ^ 2][facing[l]]) : 0),
                                      -kMaxSide - 1, kMaxSide + 1);
        below_[side] += static_cast<Word>(0x40 - excess) << (8 * l);
        above_[side] += static_cast<Word>(0x40 + excess) << (8 * l);
      }
    for (const int side : {Right, Bottom})
      for (int l = labels; l < kMaxLabels; ++l) {
        below_[side] += Word{0x40} << (8 * l);
        above_[side] += Word{0x40} << (8 * l);
      }
    stride_ = static_cast<std::size_t>(cells_ + 3);
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
  SearchSettings settingsUsed() const override { return settings_; }
  // Each level's state is a copy made when it is entered: the root's is worked out again.
  void restart(const Job& job) override {
    depth_ = 0;
    started_ = done_ = false;
    scope_.reset(job);
  }
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
  // A node's domains, in the arenas: per cell its tiles (cells_ is the board's outside, which
  // allows every tile and never changes), the tiles on no closed cell, the open cells, and per
  // cell its signature (the labels its tiles show, a byte per side).
  struct State {
    Word* tiles;
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
  // A cell's neighbours: per side its cell (cells_ off the board) and bit (0 off the board),
  // the signature bytes of the sides that have one, and all their bits.
  struct Around {
    std::array<int, 4> cell{};
    std::array<Word, 4> bit{};
    std::uint32_t sides = 0;
    Word all = 0;
  };

  State stateAt(int depth) {
    const auto at = static_cast<std::size_t>(depth);
    if (words_.size() < (at + 1) * stride_) {
      words_.resize((at + 1) * stride_ * 2);
      signatures_.resize((at + 1) * signatureStride_ * 2);
    }
    Word* w = words_.data() + at * stride_;
    return {w, w + cells_ + 1, w + cells_ + 2, signatures_.data() + at * signatureStride_};
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
    for (int c = 0; c < cells_; ++c) {
      Word d = all_;
      if (tiles_.border >= 0)
        for (int side = 0; side < 4; ++side)
          if (around_[c].cell[side] == cells_) d &= withLabel_[side][tiles_.border];
      if (d == 0) return false;
      s.tiles[c] = d;
      s.signature[c] = ~std::uint32_t{0};  // unknown: the first look at the cell revises its neighbours
    }
    s.tiles[cells_] = all_;
    s.signature[cells_] = 0;
    *s.unused = all_;
    *s.open = cells_ == 64 ? ~Word{0} : (Word{1} << cells_) - 1;
    if (!propagate(s, *s.open) || !rimBalances(s)) return false;
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
  void chooseBranching(const State& s, Frame& f) {
    const Word open = *s.open;
    for (int c = 0; c < cells_; ++c)  // every cell: a loop of fixed length
      weight_[c] = kTileWeight * std::popcount(s.tiles[c]) - kOpenWeight * std::popcount(around_[c].all & open);
    std::uint32_t best = ~std::uint32_t{0};
    for (const int side : {Right, Bottom}) {
      const int step = side == Right ? 1 : cols_;
      for (Word edges = side == Right ? open & (open >> 1) & notLastColumn_ : open & (open >> cols_); edges;
           edges &= edges - 1) {
        const int y = std::countr_zero(edges);
        const std::uint32_t score = labelScore_[sharedLabels(s, y, side, y + step)] +
                                    static_cast<std::uint32_t>(weight_[y] + weight_[y + step]);
        best = std::min(best, score << 7 | static_cast<std::uint32_t>(y) << 1 | (side == Bottom ? 1u : 0u));
      }
    }
    if (best < kNoEdge) {
      f.cell = static_cast<int>(best >> 1 & 63);
      f.side = best & 1 ? Bottom : Right;
      f.untried = sharedLabels(s, f.cell, f.side, around_[f.cell].cell[f.side]);
      return;
    }
    f.side = -1;
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
    if (f.side < 0) {
      s.tiles[f.cell] = choice;
      return propagate(s, Word{1} << f.cell);
    }
    const int y = f.cell, z = around_[y].cell[f.side];
    const auto label = static_cast<unsigned>(choice);
    s.tiles[y] &= showing_[f.side][label];
    s.tiles[z] &= revise_[f.side ^ 2][label];
    return propagate(s, Word{1} << y | Word{1} << z);
  }

  std::uint32_t signatureOf(Word d) const {
    std::uint32_t s = 0;
    // Kept scalar: vectorised by -msimd128, its table lookups become lane-by-lane loads
    // (WebAssembly SIMD has no gather) and the SIMD build's edge search runs about 20% slower
    // than the build without SIMD (tropical-fish-any).
#ifdef __clang__
#pragma clang loop vectorize(disable)
#endif
    for (int b = 0; b < bytes_; ++b) s |= signatureOf_[b][d >> (8 * b) & 255];
    return s;
  }

  // Narrows the domains to a fixpoint from the cells `dirty` (whose domains changed); false on
  // a contradiction. Rounds: the dirty cells are revised in generations (each cell's
  // neighbours keep only tiles that face a label it can show, four sides without branches),
  // cells found with one tile are recorded; then one sweep closes them, takes their tiles
  // out of the open cells, and counts every tile's places bit-sliced over all cells: a tile
  // with none ends the branch, one with a single place is put there.
  bool propagate(const State& s, Word dirty) {
    Word* const tiles = s.tiles;
    std::uint32_t* const signature = s.signature;
    Word open = *s.open, unused = *s.unused;
    for (;;) {
      Word singles = 0, taken = 0;  // cells met with one tile, and their tiles
      while (dirty) {
        // A generation: the next cell need not wait for the previous one's revisions.
        Word generation = dirty;
        dirty = 0;
        for (; generation; generation &= generation - 1) {
          const int x = std::countr_zero(generation);
          const Word d = tiles[x];
          const Word single = static_cast<Word>((d & (d - 1)) == 0);
          singles |= single << x;
          taken |= d & (0 - single);
          const std::uint32_t labels = signatureOf(d);
          if (labels == signature[x]) continue;
          signature[x] = labels;
          const Around& a = around_[x];
          const std::uint32_t shown = labels & a.sides;
          const int y0 = a.cell[Top], y1 = a.cell[Right], y2 = a.cell[Bottom], y3 = a.cell[Left];
          const Word o0 = tiles[y0], o1 = tiles[y1], o2 = tiles[y2], o3 = tiles[y3];
          const Word n0 = o0 & revise_[Bottom][shown & 255], n1 = o1 & revise_[Left][shown >> 8 & 255];
          const Word n2 = o2 & revise_[Top][shown >> 16 & 255], n3 = o3 & revise_[Right][shown >> 24];
          tiles[y0] = n0;  // distinct cells, but for the outside, which keeps every tile
          tiles[y1] = n1;
          tiles[y2] = n2;
          tiles[y3] = n3;
          dirty |= ((a.bit[0] & (0 - static_cast<Word>(n0 != o0))) | (a.bit[1] & (0 - static_cast<Word>(n1 != o1))) |
                    (a.bit[2] & (0 - static_cast<Word>(n2 != o2))) | (a.bit[3] & (0 - static_cast<Word>(n3 != o3)))) &
                   ~generation;
          if (((n0 - 1) | (n1 - 1) | (n2 - 1) | (n3 - 1)) >> 63) return false;  // an empty domain
        }
      }
      Word once = 0, twice = 0;  // tiles with a place, and with two or more
      if (singles) {
        if (std::popcount(taken) != std::popcount(singles) || (taken & ~unused)) return false;  // a tile twice
        open &= ~singles;
        unused &= ~taken;
        Word empty = 0;
        for (Word rest = open; rest; rest &= rest - 1) {
          const int y = std::countr_zero(rest);
          const Word old = tiles[y], nd = old & unused;
          tiles[y] = nd;
          empty |= nd - 1;
          dirty |= static_cast<Word>(nd != old) << y;
          twice |= once & nd;
          once |= nd;
        }
        if (empty >> 63) return false;
      } else {
        // Closed cells hold used tiles, which `unused` leaves out below: every cell is counted,
        // even and odd ones apart so that the two chains run side by side.
        Word once0 = 0, twice0 = 0, once1 = 0, twice1 = 0;
        int y = 0;
        for (; y + 1 < cells_; y += 2) {
          twice0 |= once0 & tiles[y];
          once0 |= tiles[y];
          twice1 |= once1 & tiles[y + 1];
          once1 |= tiles[y + 1];
        }
        if (y < cells_) {
          twice0 |= once0 & tiles[y];
          once0 |= tiles[y];
        }
        once = once0 | once1;
        twice = twice0 | twice1 | (once0 & once1);
      }
      if (unused & ~once) return false;  // a tile with nowhere to go
      if (const Word forced = unused & ~twice) {
        for (Word rest = open; rest; rest &= rest - 1) {
          const int y = std::countr_zero(rest);
          const Word f = tiles[y] & forced;
          if (!f) continue;
          if (f & (f - 1)) return false;  // two tiles that can only go here
          if (tiles[y] != f) {
            tiles[y] = f;
            dirty |= Word{1} << y;
          }
        }
      }
      if (!dirty) {
        *s.open = open;
        *s.unused = unused;
        return true;
      }
    }
  }

  // Whether the rim can still balance: per label, the right rim's excess over the left rim
  // (in facing labels) must be the tiles' (below_, above_), and the bottom's over the top's;
  // every label at once, a byte each.
  bool rimBalances(const State& s) const {
    Word holds = ~Word{0};
    for (const int side : {Right, Bottom}) {
      Word mayOut = 0, mustOut = 0, mayIn = 0, mustIn = 0;
      for (const int c : rim_[side]) {
        const unsigned labels = s.signature[c] >> (8 * side) & 255;
        mayOut += mayShow_[labels];
        mustOut += mustShow_[labels];
      }
      for (const int c : rim_[side ^ 2]) {
        const unsigned labels = s.signature[c] >> (8 * (side ^ 2)) & 255;
        mayIn += mayFace_[labels];
        mustIn += mustFace_[labels];
      }
      holds &= (mayOut + below_[side] - mustIn) & (mayIn + above_[side] - mustOut);
    }
    constexpr Word kAtLeast = 0x4040404040404040ull;
    return (holds & kAtLeast) == kAtLeast;
  }

  Solution solutionOf(const State& s) const {
    std::vector<int> grid(static_cast<std::size_t>(cells_));
    for (int c = 0; c < cells_; ++c) grid[static_cast<std::size_t>(c)] = std::countr_zero(s.tiles[c]);
    return solutionFromGrid(tiles_, grid);
  }

  const SearchSettings settings_;
  const int rows_, cols_, cells_;
  const EdgeTiles tiles_;  // one orientation per tile: orientation numbers are the domains' bits
  int count_ = 0;          // tiles
  Word all_ = 0;           // every tile
  int bytes_ = 0;          // bytes of a domain that hold tiles
  std::array<std::array<Word, kMaxLabels>, 4> withLabel_{};  // [side][label]: tiles showing it there
  std::array<std::array<Word, 256>, 4> showing_{};           // [side][label set]: tiles showing one there
  std::array<std::array<Word, 256>, 4> revise_{};            // [side][label set]: tiles whose label there faces one
  std::array<unsigned, 256> facingSet_{};                    // [label set]: the labels that face them
  std::array<Word, 256> mayShow_{}, mustShow_{};   // [label set]: a byte per label it may / must show
  std::array<Word, 256> mayFace_{}, mustFace_{};   // the same for the labels facing them
  std::array<std::uint32_t, 256> labelScore_{};    // [label set]: its part of an edge's score
  std::array<std::array<std::uint32_t, 256>, 8> signatureOf_{};  // [byte][value]: its tiles' signature
  std::vector<Around> around_;                     // [cell]
  std::array<std::vector<int>, 4> rim_;            // [side]: the cells on that side's rim
  std::array<Word, 4> below_{}, above_{};          // [Right or Bottom]: the rim balance's biased bounds
  Word notLastColumn_ = 0;
  std::array<int, 64> weight_{};                   // chooseBranching's scratch: per cell its part of a score

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

std::unique_ptr<Search> makePropagationSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings) {
  if (puzzle.rotations || puzzle.distinctRow || puzzle.distinctColumn) return nullptr;
  EdgeTiles tiles = compileTiles(puzzle);
  if (tiles.orientations.size() > static_cast<std::size_t>(kMaxTiles) || tiles.labels.size() > kMaxLabels ||
      tiles.orientations.size() != tiles.types.size() || puzzle.rows > kMaxSide || puzzle.cols > kMaxSide)
    return nullptr;
  if (!std::all_of(tiles.types.begin(), tiles.types.end(), [](const TileType& t) { return t.count == 1; })) return nullptr;
  for (std::size_t o = 0; o < tiles.orientations.size(); ++o)
    if (tiles.orientations[o].type != static_cast<int>(o)) return nullptr;
  if (edgeSymmetries(puzzle, tiles).size() != 1) return nullptr;
  return std::make_unique<PropagationSearch>(puzzle, std::move(tiles), settings);
}

}  // namespace pw
