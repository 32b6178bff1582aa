// The packing search: the exact-cover engine over the compiled placements, reduced by
// symmetry where possible (placement_orbits.hpp), plus the test that marks one
// representative per class of solutions.
#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <utility>

#include "cover/packing_cover.hpp"
#include "packing/packing_symmetry.hpp"
#include "packing/placement_orbits.hpp"
#include "packing/restriction_choice.hpp"
#include "search/search.hpp"

namespace pw {

namespace {

// A placed piece by type and board cell numbers (sorted).
struct Placed {
  int type;
  std::vector<int> cells;
  friend bool operator<(const Placed& a, const Placed& b) {
    return a.type != b.type ? a.type < b.type : a.cells < b.cells;
  }
};

// Measured on the library and the benchmarks (docs/how-it-solves.md): the bitset engine, with the root
// placement of the symmetry-restricted piece and its memo, beats dancing links on every
// board of up to 128 cells, from pentomino rectangles (about 15x) to polycube boxes (1.7-2.3x).
// On the one larger library board (T-tetracubes in 6x6x6) its first open cell finds the first
// solution in 40 ms where dancing links' fewest-options item needs 2 ms, so larger boards keep
// dancing links. PIECEWISE_ENGINE=dlx or =bits in the environment forces one (bits: up to
// kBitCoverMaxCells cells), for comparisons.
constexpr std::size_t kBitCoverPreferredCells = 128;

// The symmetries under which the bitset engine's memo takes a state and its image for one
// (BitCoverProblem::memoSymmetries): those of the group that keep every type but the root
// one, and, where the search takes the first open cell, keep each layer of the slowest axis in
// place, whose images are states that search reaches too (pentominoes 6x10, the flip along the
// columns: 459K nodes to 366K). Solid boards get none: there the fewest-options rule seldom
// meets an image (Bedlam: 4% fewer nodes, Tetris Cube 1%), for 23 images a node.
std::vector<std::vector<int>> memoSymmetries(const PackingCover& cover, const std::vector<PackingSymmetry>& group,
                                             const BitCoverProblem& problem) {
  std::vector<std::vector<int>> kept;
  if (problem.fewestOptionsFirst) return kept;
  const int slowest = searchAxes(cover)[0];
  const auto layer = [&](int cell) {
    const Cell& c = cover.cells[static_cast<std::size_t>(cell)];
    return slowest == 0 ? c.x : slowest == 1 ? c.y : c.z;
  };
  for (const PackingSymmetry& g : group) {
    bool swapsTypes = false;
    for (int t = 0; t < static_cast<int>(g.typeImage.size()); ++t)
      swapsTypes |= t != problem.rootType && g.typeImage[static_cast<std::size_t>(t)] != t;
    bool moves = false, inLayer = true;  // not the identity; every cell stays in its layer
    for (int c = 0; c < static_cast<int>(g.cellImage.size()); ++c) {
      moves |= g.cellImage[static_cast<std::size_t>(c)] != c;
      inLayer &= layer(g.cellImage[static_cast<std::size_t>(c)]) == layer(c);
    }
    if (!swapsTypes && moves && inLayer) kept.push_back(g.cellImage);
  }
  return kept;
}

std::unique_ptr<CoverEngine> makeEngine(const PackingCover& cover, const std::vector<PackingSymmetry>& group,
                                        const RestrictedPiece& restricted, const SearchSettings& settings) {
  const char* forced = std::getenv("PIECEWISE_ENGINE");
  const std::string_view choice = forced ? forced : "";
  const bool bits = choice == "bits" || (choice != "dlx" && cover.cells.size() <= kBitCoverPreferredCells);
  // Checked before bitCoverProblem() copies every placement.
  if (bits && cover.cells.size() <= static_cast<std::size_t>(kBitCoverMaxCells)) {
    BitCoverProblem problem = bitCoverProblem(cover, restricted.kept);
    problem.rootType = restricted.type;
    problem.memoBytes = settings.memoBytes;
    problem.regionBytes = settings.memoBytes;
    problem.memoSymmetries = memoSymmetries(cover, group, problem);
    if (auto engine = makeBitCover(problem)) return engine;
  }
  return std::make_unique<ExactCover>(buildExactCover(cover, restricted.kept));
}

// The piece the settings restrict, or the one chosen (by estimates on boards the bitset
// engine takes: they walk its tree).
RestrictedPiece restriction(const PackingCover& cover, const std::vector<PackingSymmetry>& group,
                            const SearchSettings& settings) {
  if (settings.restrictedType != SearchSettings::kChooseRestriction)
    return restrictionOf(cover, group, settings.restrictedType);
  return chooseRestriction(cover, group,
                           cover.cells.size() <= kBitCoverPreferredCells ? settings.estimateTreesAbove : kNeverEstimate);
}

class PackingSearch final : public Search {
 public:
  PackingSearch(const PackingPuzzle& puzzle, const SearchSettings& settings)
      : puzzle_(puzzle),
        settings_(settings),
        cover_(compilePlacements(puzzle)),
        group_(packingSymmetries(cover_)),
        restricted_(restriction(cover_, group_, settings)),
        engine_(makeEngine(cover_, group_, restricted_, settings)) {
    settings_.restrictedType = restricted_.type >= 0 ? restricted_.type : SearchSettings::kNoRestriction;
    labels_.resize(cover_.cells.size());
    imageLabels_.resize(cover_.cells.size());
  }

  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    // Reported solutions count against the budget like nodes: under the symmetry reduction
    // one solution found stands for up to 48, and a call must still return within its budget.
    std::uint64_t left = nodeBudget;
    return runReporting(nodeBudget, [&] { return flushImages(sink, left); }, nullptr);
  }

  bool countsInBulk() const override { return true; }

  // Below a root placement of the restricted piece whose stabilizer is trivial, every solution
  // met is alone in its class among those the search meets, and stands for |orbit| raw ones:
  // the engine may count them in bulk. Elsewhere each is visited and tested.
  bool advanceCounting(std::uint64_t nodeBudget, SolutionTally& tally) override {
    struct Counting final : CoverEngine::Bulk {
      const PackingSearch& search;
      SolutionTally& sum;
      Counting(const PackingSearch& s, SolutionTally& t) : search(s), sum(t) {}
      bool allowed(int rootOption) const override { return search.weightOf(rootOption) > 0; }
      void tally(int rootOption, std::uint64_t count) override {
        sum.solutions += count * search.weightOf(rootOption);
        sum.unique += count;
      }
    };
    // Solutions the bulk counter did not take: their images follow one by one as usual.
    const SolutionSink sink = [&](const Solution&, bool representative) {
      ++tally.solutions;
      if (representative) ++tally.unique;
      return true;
    };
    std::uint64_t left = nodeBudget;
    Counting bulk(*this, tally);
    return runReporting(nodeBudget, [&] { return flushImages(sink, left); }, &bulk);
  }

  // As advance(), each solution found reported only when it is its class's representative,
  // and its images never built.
  bool advanceRepresentatives(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    std::uint64_t left = nodeBudget;
    return runReporting(nodeBudget, [&] { return flushRepresentative(sink, left); }, nullptr);
  }

  std::uint64_t nodes() const override { return engine_->nodes(); }
  SearchSettings settingsUsed() const override { return settings_; }

  // The engine's restart, and no image of the last solution left to report.
  void restart(const Job& job) override {
    engine_->restart(job);
    nextImage_ = imageCount_ = 0;
  }

  int symmetryCount() const override { return static_cast<int>(group_.size()); }

  // The images of the solution found last still to report.
  void skipPending() override { nextImage_ = imageCount_; }

  // Jobs are the engine's: a solution's images stay with the solution the engine found.
  JobScope& scope() override { return engine_->scope(); }
  const JobScope& scope() const override { return engine_->scope(); }
  void tracePath(std::vector<Step>& out) const override { engine_->tracePath(out); }
  bool finished() const override { return engine_->finished() && nextImage_ >= imageCount_; }

 private:
  // Runs the engine for about `nodeBudget` nodes; `report` (flushImages or flushRepresentative,
  // with its sink and the solutions' budget) takes what a paused call left pending, then each
  // solution found. True once the engine has explored its whole job.
  template <class Report>
  bool runReporting(std::uint64_t nodeBudget, const Report& report, CoverEngine::Bulk* bulk) {
    if (!report()) return false;
    const auto stop = engine_->run(
        nodeBudget,
        [&](std::span<const int> chosen) {
          collect(chosen);
          return report();
        },
        bulk);
    return stop == CoverEngine::Stop::Finished;
  }

  // Keeps the engine's solution (option numbers) as placements in found_.
  void collect(std::span<const int> chosen) {
    found_.clear();
    for (int option : chosen) {
      // Options from kept.size() on only mark empty cells.
      if (option >= static_cast<int>(restricted_.kept.size())) continue;
      const int k = restricted_.kept[option];
      found_.push_back({cover_.placementType[k], {cover_.placementCells.begin() + cover_.placementStart[k],
                                                  cover_.placementCells.begin() + cover_.placementStart[k + 1]}});
      if (cover_.placementType[k] == restricted_.type) orbit_ = &restricted_.orbits.at(k);
    }
    nextImage_ = 0;
    imageCount_ = restricted_.type < 0 ? 1 : orbit_->images.size();
  }

  // Raw solutions each solution below this root option stands for when all of them are
  // representatives (see advanceCounting); 0 where they are not. -1: no root option.
  std::uint64_t weightOf(int rootOption) const {
    if (rootOption < 0) return group_.size() == 1 ? 1 : 0;
    const PlacementOrbit& orbit = restricted_.orbits.at(restricted_.kept[rootOption]);
    return orbit.stabilizer.size() == 1 ? orbit.images.size() : 0;
  }

  // Reports the solution just found and, under the symmetry reduction, its images for the
  // other members of the restricted piece's orbit, one unit of `left` each. Returns false if
  // the sink paused us or `left` ran out first; the remaining images are then reported first
  // on the next advance().
  bool flushImages(const SolutionSink& sink, std::uint64_t& left) {
    while (nextImage_ < imageCount_) {
      if (left == 0) return false;
      --left;
      const std::size_t index = nextImage_++;
      const bool go = index == 0 ? sink(toSolution(found_), isRepresentative())
                                 : sink(toSolution(image(found_, group_[orbit_->images[index]])), false);
      if (!go) return false;
    }
    return true;
  }

  // flushImages() for advanceRepresentatives(): the solution just found, one unit of `left`,
  // when it is a representative; its images (and those left by a paused advance()) skipped.
  bool flushRepresentative(const SolutionSink& sink, std::uint64_t& left) {
    if (nextImage_ >= imageCount_) return true;
    if (nextImage_ > 0) {  // advance() reported the solution itself already
      nextImage_ = imageCount_;
      return true;
    }
    if (left == 0) return false;
    --left;
    nextImage_ = imageCount_;
    return !isRepresentative() || sink(toSolution(found_), true);
  }

  std::vector<Placed> image(const std::vector<Placed>& solution, const PackingSymmetry& g) const {
    std::vector<Placed> result;
    result.reserve(solution.size());
    for (const Placed& p : solution) {
      Placed q{g.typeImage[p.type], {}};
      for (int c : p.cells) q.cells.push_back(g.cellImage[c]);
      std::sort(q.cells.begin(), q.cells.end());
      result.push_back(std::move(q));
    }
    return result;
  }

  // A solution as one number per board cell: 0 for an empty `+` cell, otherwise its
  // piece type and the smallest cell number of its placement. Two solutions are equal
  // exactly when these arrays are, so the smallest array of an orbit picks one solution.
  void label(const std::vector<Placed>& solution, const PackingSymmetry& g, std::vector<int>& out) const {
    const int cells = static_cast<int>(out.size());
    std::fill(out.begin(), out.end(), 0);
    for (const Placed& p : solution) {
      int first = cells;
      for (int c : p.cells) first = std::min(first, g.cellImage[c]);
      const int value = g.typeImage[p.type] * cells + first + 1;
      for (int c : p.cells) out[g.cellImage[c]] = value;
    }
  }

  // With the reduction, the search meets exactly the members of a class that keep the
  // restricted piece in place, i.e. the images under the stabilizer; without it, all.
  bool isRepresentative() {
    label(found_, group_[0], labels_);
    const auto test = [&](int g) {
      label(found_, group_[g], imageLabels_);
      return !std::lexicographical_compare(imageLabels_.begin(), imageLabels_.end(), labels_.begin(), labels_.end());
    };
    if (restricted_.type >= 0) return std::all_of(orbit_->stabilizer.begin(), orbit_->stabilizer.end(), test);
    for (int g = 1; g < static_cast<int>(group_.size()); ++g)
      if (!test(g)) return false;
    return true;
  }

  PackingSolution toSolution(std::vector<Placed> placed) const {
    // Grouped by type, each copy gets the definition it stands for.
    std::sort(placed.begin(), placed.end());
    PackingSolution solution;
    std::size_t k = 0;
    while (k < placed.size()) {
      const int type = placed[k].type;
      std::size_t end = k;
      while (end < placed.size() && placed[end].type == type) ++end;
      const auto defs = assignDefinitions(puzzle_, cover_.types[type], static_cast<int>(end - k));
      for (std::size_t j = k; j < end; ++j) {
        PiecePlacement placement{defs[j - k], {}};
        for (int c : placed[j].cells) placement.cells.push_back(cover_.cells[c]);
        solution.placements.push_back(std::move(placement));
      }
      k = end;
    }
    return solution;
  }

  PackingPuzzle puzzle_;
  SearchSettings settings_;  // with the piece restricted
  PackingCover cover_;
  std::vector<PackingSymmetry> group_;
  RestrictedPiece restricted_;
  std::unique_ptr<CoverEngine> engine_;
  std::vector<Placed> found_;               // the solution the engine found last
  const PlacementOrbit* orbit_ = nullptr;   // its restricted piece's orbit
  std::size_t nextImage_ = 0;               // next image of found_ to report
  std::size_t imageCount_ = 0;              // images of found_ in all (its orbit's size)
  std::vector<int> labels_, imageLabels_;
};

}  // namespace

std::unique_ptr<Search> makePackingSearch(const PackingPuzzle& puzzle, const SearchSettings& settings) {
  return std::make_unique<PackingSearch>(puzzle, settings);
}

}  // namespace pw
