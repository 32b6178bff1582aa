// The bit-cover engine's region test: whether a placement cuts off an open region that no
// sum of piece sizes fills, by a bounded flood fill or, on boxes, by whole-board pocket
// patterns (small_pockets.hpp); and whether pieces are connected (the test assumes so).
// Included only by engine/bit_cover.cpp, which compiles the engine as one unit: the
// search loop inlines these members.
#pragma once


#include "engine/bit_cover/engine.hpp"

namespace pw {
namespace {

// Whether placing `o` cuts off no region it cannot fill: tested before a placement, like
// "does not fit" (on pentominoes 6x10 more than half the options that fit fail it). The
// pockets look at the whole board: a region cut off earlier was fillable then and still is.
template <int W>
inline bool BitCover<W>::leavesFillable(const Option& o) const { return leavesFillable(decided_, o); }

template <int W>
inline bool BitCover<W>::leavesFillable(const Bits<W>& decided, const Option& o) const {
  if (pocketTest_ && holesLeft_ == 0) return !pockets_.any(all_.without(decided).without(o.mask));
  return !regionTest_ || regionsFillable(decided, o);
}

// Flood-fills the open regions that would touch `placed` once placed, each only up to
// fillLimit_ cells: larger regions are left to the area tests and to deeper nodes (they
// are rarely cut off, and filling them costs most of a node).
template <int W>
inline bool BitCover<W>::regionsFillable(const Bits<W>& decided, const Option& placed) const {
  Bits<W> open = all_;
  open.remove(decided);
  open.remove(placed.mask);
  Bits<W> seeds = placed.around;
  seeds.keep(open);
  Bits<W> large;  // cells of regions found larger than the limit
  while (!seeds.none()) {
    Bits<W> frontier = Bits<W>::only(seeds.first());
    Bits<W> region = frontier;
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

// regionsFillable() assumes that every piece lies within one region: a piece whose cells
// do not touch face to face (a BurrTools shape may be two blocks) can straddle regions,
// so that no region need be a sum of piece sizes. Such puzzles go without the test.
template <int W>
inline bool BitCover<W>::piecesConnected() const {
  return std::all_of(options_.begin(), options_.end(), [&](const Option& o) { return connected(o.mask); });
}

// Whether the cells of `cells` are one region of face-sharing neighbours (true when empty).
template <int W>
inline bool BitCover<W>::connected(const Bits<W>& cells) const {
  if (cells.none()) return true;
  Bits<W> reached;
  Bits<W> frontier = Bits<W>::only(cells.first());
  while (!frontier.none()) {
    reached.add(frontier);
    frontier = (neighboursOf(frontier) & cells).without(reached);
  }
  return reached == cells;
}

// The cells sharing a face with some cell of `cells`.
template <int W>
inline Bits<W> BitCover<W>::neighboursOf(const Bits<W>& cells) const {
  Bits<W> next;
  cells.forEach([&](int b) { next.add(neighbours_[b]); });
  return next;
}

}  // namespace
}  // namespace pw
