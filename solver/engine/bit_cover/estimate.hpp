// Estimates of the bit-cover engine's tree by Knuth's random walks (estimateBitCoverNodes in
// bit_cover.hpp): the first levels followed in full, random walks below, testing what the
// search tests before a placement.
// Included only by engine/bit_cover.cpp, which compiles the engine as one unit: the
// search loop inlines these members.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/bit_cover/engine.hpp"

namespace pw {
namespace {

// estimateBitCoverNodes(): the size of the subtree below the current state, every branch
// followed in full down `exhaustive` levels, then `walks` random walks from each node
// reached. Leaves the state as it found it. Empty once the walks have looked at more than
// `budget` options.
template <int W>
inline std::optional<double> BitCover<W>::estimateSubtree(int exhaustive, int walks, Draws& draws, std::uint64_t budget) {
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

// One random walk down from the node of frame f, whose options that fit are `branches`:
// the estimate of the size of the subtree of f's node, less that node.
template <int W>
inline double BitCover<W>::walk(Frame f, const std::vector<int>& branches, Draws& draws) {
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
template <int W>
inline bool BitCover<W>::branchesThatFit(Frame& f) {
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

template <int W>
inline void BitCover<W>::enter(Frame f, int position) {
  f.chosen = optionAt(f, position);
  push(f);
  place(options_[f.chosen], +1);
}

// Undoes the top frame's choice and pops it; its room in the live lists and branches_ stays taken
// (its node may have more branches to try).
template <int W>
inline auto BitCover<W>::leave() -> Frame {
  const Frame f = stack_.back();
  stack_.pop_back();
  place(options_[f.chosen], -1);
  return f;
}

template <int W>
std::optional<double> estimate(const BitCoverProblem& problem, int walks, std::uint64_t seed, std::uint64_t budget) {
  BitCoverProblem memoless = problem;
  memoless.memoBytes = 0;
  BitCover<W> engine(memoless);
  Draws draws(seed);
  return engine.estimateSubtree(problem.rootType >= 0 ? 1 : 0, walks, draws, budget);
}


}  // namespace
}  // namespace pw
