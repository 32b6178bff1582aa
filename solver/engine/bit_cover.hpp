// Exact cover for packing on boards of up to 256 cells, with the board as a bitset.
//
// Every option covers a set of cells and uses one copy of one piece type. The search
// takes the first cell (in a given order) not yet decided and branches on the options
// whose first cell it is, plus "this cell stays empty" for an optional cell while holes
// remain allowed. Every solution is met exactly once: its first undecided cell is covered
// by exactly one of its placements, whose first cell that is, or stays empty. A node
// costs a few word operations, against the hundreds of link updates of dancing links,
// which wins on small boards; DLX's smarter choice of item wins on sparse frames.
//
// Solid boards where every cell is covered and every copy placed may ask for Knuth's
// rule instead (BitCoverProblem::fewestOptionsFirst): each node keeps the list of options
// that still fit, filtered from its parent's, counts per open cell how many cover it
// (bit-sliced counters, a few word operations per option) and branches on the cell with
// the fewest. A cell with none, or a piece with nowhere left to go, ends the branch where
// the first open cell would only meet it some levels deeper: on polycube boxes the tree
// is 5-16x smaller (Tetris Cube 15x) for nodes that cost about 2.7x more.
//
// Before an option is placed, the open regions it would leave next to it are flood-filled:
// a region that must be filled completely (no optional cell in it, or no holes left) but
// whose size is no sum of piece sizes makes it a dead end (a single cell cut off by a
// pentomino), skipped like an option that does not fit. Not where a piece is two blocks.
// On a box where every such size is at most four cells, whole-board bit operations find
// the same regions (small_pockets.hpp) for a fraction of the flood fill's cost.
//
// A memo (cover_memo.hpp) remembers how many completions a state has once its subtree is
// searched: a state met again with none is cut at once, and a count skips the subtree. Where
// the caller names symmetries of the problem, a state and its images share one entry (the
// least of them is the key): on a rectangle searched column by column, the flip along the
// columns meets states the search reaches too.
//
// Counting in bulk on the first-open-cell path, where every cell is covered and every copy
// placed, a state with few pieces left (at most half of them, less one, and at most five)
// takes its count from a region table (region_counts.hpp): per set of decided cells, how many
// ways each set of pieces tiles what is left open, searched once for every set of pieces at
// once. Deep states are mostly a few regions met with many sets of pieces left (pentominoes
// 6x10: 366K nodes and 0.043 s with the memo alone, 80K nodes and 0.016 s with the table).
//
// The piece type restricted by symmetry (packing/placement_orbits.hpp) is placed first, at
// the root, so that every solution below one root branch weighs the same for the caller
// and can be counted in bulk (CoverEngine::Bulk).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "engine/cover_engine.hpp"

namespace pw {

struct BitCoverProblem {
  struct Type {
    int min = 0;
    int max = 0;
    int size = 0;  // cells of one copy
  };
  int cellCount = 0;
  std::vector<bool> optional;          // per cell
  std::vector<int> order;              // per cell: its position in the search order (a permutation)
  std::vector<Type> types;
  std::vector<int> optionType;         // per option
  std::vector<std::vector<int>> optionCells;  // per option: its cells
  std::vector<std::vector<int>> neighbours;   // per cell: the cells sharing a face with it
  // The neighbours are a square or cube grid's, whose small regions the pocket test knows.
  bool boxNeighbours = true;
  // A type with exactly one copy whose options are the root's branches, or -1.
  int rootType = -1;
  // Bound of the memo's table; 0 turns the memo off.
  std::size_t memoBytes = 0;
  // Bound of the region table (engine/region_counts.hpp), which counts the last pieces of a
  // state in bulk where every cell is covered and every copy placed; 0 turns it off.
  std::size_t regionBytes = 0;
  // Cell permutations (per cell: its image) under which the memo takes a state and its
  // image for one: each maps the board onto itself (optional cells onto optional cells) and
  // every option of a type other than rootType onto an option of the same type, so that
  // both states complete in as many ways. The engine checks this and ignores one that fails.
  std::vector<std::vector<int>> memoSymmetries;
  // Branch on the open cell with the fewest live options instead of the first open cell,
  // where every cell must be covered and every copy placed (otherwise ignored).
  bool fewestOptionsFirst = false;
};

inline constexpr int kBitCoverMaxCells = 256;

// Null when the board has more than kBitCoverMaxCells cells.
std::unique_ptr<CoverEngine> makeBitCover(const BitCoverProblem& problem);

// How many nodes makeBitCover(problem) would visit without its memo, by Knuth's random
// probes ("Estimating the efficiency of backtrack programs", 1975): walk one path down from
// a node, taking at each node one of the options that fit at random; the sum over the path
// of the products of the option counts above each node estimates the subtree's size without
// bias. The root type's options are each followed in full, with `walks` walks from each
// (what varies most between root branches is then not left to chance); without a root type,
// `walks` walks from the root. Walks test what the engine tests before a placement (fit,
// regions, stranded types), so that the estimates come close to the nodes counted (Tetris
// Cube, the first three levels followed in full and 16 walks below each node there: within 5%). The same arguments give the same number on every machine: integer draws
// from `seed`, IEEE sums in one order. Empty once the walks have looked at more than `budget`
// options (what an estimate costs), where a cell is optional or a count is a range (walks do
// not model "stays empty"), or when the board is too large.
std::optional<double> estimateBitCoverNodes(const BitCoverProblem& problem, int walks, std::uint64_t seed,
                                            std::uint64_t budget);

}  // namespace pw
