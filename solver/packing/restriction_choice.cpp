#include "packing/restriction_choice.hpp"

#include <algorithm>

#include "engine/bit_cover.hpp"

namespace pw {

namespace {

// A piece with many more orbits than the fewest leaves many more root branches: on the
// Tetris Cube and the Bedlam cube every such choice was worse (docs/how-it-solves.md), so only pieces
// within this factor of the fewest orbits are estimated.
constexpr double kCloseOrbits = 1.5;
// A first estimate of the default's tree, with few walks a root branch, tells the trees not
// worth a choice.
constexpr int kFirstWalksPerRoot = 4;
// Then each candidate gets about this many walks, spread over its root branches, within a
// bound on the options they look at (about 6 ns each natively): the Tetris Cube's 8
// candidates look at about 1M each, 0.05 s in all. At most kMostCandidates are estimated,
// and the bound is shared among them, so that no puzzle waits more than about 0.1 s.
constexpr int kWalks = 256;
constexpr int kLeastWalksPerRoot = 4;
constexpr std::size_t kMostCandidates = 16;
constexpr std::uint64_t kWorkPerCandidate = std::uint64_t{4} << 20;
constexpr std::uint64_t kWorkInAll = std::uint64_t{16} << 20;
// Walks vary: another piece is taken only when its estimate is clearly smaller.
constexpr double kClearlySmaller = 0.8;

std::optional<double> estimate(const PackingCover& cover, RestrictedPiece& r, int walksPerRoot,
                               std::uint64_t budget) {
  if (r.kept.empty()) keepPlacements(cover, r);
  BitCoverProblem problem = bitCoverProblem(cover, r.kept);
  problem.rootType = r.type;
  return estimateBitCoverNodes(problem, walksPerRoot, 0x5eed + static_cast<std::uint64_t>(r.type), budget);
}

}  // namespace

RestrictedPiece chooseRestriction(const PackingCover& cover, const std::vector<PackingSymmetry>& group,
                                  double estimateAbove) {
  std::vector<RestrictedPiece> candidates = restrictionsBySymmetry(cover, group);
  if (candidates.empty()) return unrestricted(cover);
  const double orbitLimit = kCloseOrbits * static_cast<double>(candidates.front().orbits.size());
  std::erase_if(candidates, [&](const RestrictedPiece& c) { return static_cast<double>(c.orbits.size()) > orbitLimit; });
  if (candidates.size() > kMostCandidates) candidates.resize(kMostCandidates);
  std::size_t best = 0;
  if (estimateAbove != kNeverEstimate && candidates.size() > 1) {
    const std::uint64_t budget = std::min(kWorkPerCandidate, kWorkInAll / candidates.size());
    const auto first = estimate(cover, candidates[0], kFirstWalksPerRoot, budget);
    if (first && *first >= estimateAbove) {
      std::vector<std::optional<double>> nodes;
      for (RestrictedPiece& c : candidates)
        nodes.push_back(
            estimate(cover, c, std::max(kLeastWalksPerRoot, kWalks / static_cast<int>(c.orbits.size())), budget));
      if (nodes[0])
        for (std::size_t k = 1; k < candidates.size(); ++k)
          if (nodes[k] && *nodes[k] < kClearlySmaller * *nodes[0] && (best == 0 || *nodes[k] < *nodes[best])) best = k;
    }
  }
  if (candidates[best].kept.empty()) keepPlacements(cover, candidates[best]);
  return std::move(candidates[best]);
}

}  // namespace pw
