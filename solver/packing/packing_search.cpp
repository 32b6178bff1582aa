// The packing search: the exact-cover engine over the compiled placements, plus the
// symmetry test that marks one representative per class of solutions.
#include <algorithm>
#include <utility>

#include "cover/packing_cover.hpp"
#include "packing/packing_symmetry.hpp"
#include "search/search.hpp"

namespace pw {

namespace {

class PackingSearch final : public Search {
 public:
  explicit PackingSearch(const PackingPuzzle& puzzle)
      : puzzle_(puzzle),
        cover_(compilePlacements(puzzle)),
        matrix_(buildExactCover(cover_)),
        group_(packingSymmetries(puzzle.dimensions, cover_)) {
    const std::size_t cells = cover_.cells.size();
    labels_.resize(cells);
    imageLabels_.resize(cells);
  }

  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    const auto stop = matrix_.run(nodeBudget, [&](std::span<const int> chosen) {
      // Options arrive sorted; those from placementCount() on only mark empty cells.
      const auto placed = std::lower_bound(chosen.begin(), chosen.end(), cover_.placementCount());
      const std::span<const int> options(chosen.begin(), placed);
      label(options);
      return sink(toSolution(options), isRepresentative(options));
    });
    return stop == ExactCover::Stop::Finished;
  }

  std::uint64_t nodes() const override { return matrix_.nodes(); }
  double fractionDone() const override { return matrix_.fractionDone(); }
  int symmetryCount() const override { return static_cast<int>(group_.size()); }

 private:
  // A solution as one number per board cell: 0 for an empty `+` cell, otherwise its
  // piece type and the smallest cell number of its placement. Two solutions are equal
  // exactly when these arrays are, so the smallest array of an orbit picks one solution.
  void label(std::span<const int> options) {
    std::fill(labels_.begin(), labels_.end(), 0);
    const int cells = static_cast<int>(labels_.size());
    for (int k : options) {
      const int value = cover_.placementType[k] * cells + cover_.placementCells[cover_.placementStart[k]] + 1;
      for (int i = cover_.placementStart[k]; i < cover_.placementStart[k + 1]; ++i) labels_[cover_.placementCells[i]] = value;
    }
  }

  bool isRepresentative(std::span<const int> options) {
    const int cells = static_cast<int>(labels_.size());
    for (std::size_t s = 1; s < group_.size(); ++s) {
      const PackingSymmetry& g = group_[s];
      std::fill(imageLabels_.begin(), imageLabels_.end(), 0);
      for (int k : options) {
        int first = cells;
        for (int i = cover_.placementStart[k]; i < cover_.placementStart[k + 1]; ++i)
          first = std::min(first, g.cellImage[cover_.placementCells[i]]);
        const int value = g.typeImage[cover_.placementType[k]] * cells + first + 1;
        for (int i = cover_.placementStart[k]; i < cover_.placementStart[k + 1]; ++i)
          imageLabels_[g.cellImage[cover_.placementCells[i]]] = value;
      }
      if (std::lexicographical_compare(imageLabels_.begin(), imageLabels_.end(), labels_.begin(), labels_.end()))
        return false;
    }
    return true;
  }

  PackingSolution toSolution(std::span<const int> options) const {
    // Options arrive sorted, and placements of one type are numbered in order, so the
    // copies of each type come out grouped; each copy then gets its definition.
    PackingSolution solution;
    std::size_t k = 0;
    while (k < options.size()) {
      const int type = cover_.placementType[options[k]];
      std::size_t end = k;
      while (end < options.size() && cover_.placementType[options[end]] == type) ++end;
      const auto defs = assignDefinitions(puzzle_, cover_.types[type], static_cast<int>(end - k));
      for (std::size_t j = k; j < end; ++j) {
        PiecePlacement placement{defs[j - k], {}};
        for (int i = cover_.placementStart[options[j]]; i < cover_.placementStart[options[j] + 1]; ++i)
          placement.cells.push_back(cover_.cells[cover_.placementCells[i]]);
        solution.placements.push_back(std::move(placement));
      }
      k = end;
    }
    return solution;
  }

  PackingPuzzle puzzle_;
  PackingCover cover_;
  ExactCover matrix_;
  std::vector<PackingSymmetry> group_;
  std::vector<int> labels_, imageLabels_;
};

}  // namespace

std::unique_ptr<Search> makePackingSearch(const PackingPuzzle& puzzle) {
  return std::make_unique<PackingSearch>(puzzle);
}

}  // namespace pw
