// The edge-matching classics in the library, counted a second way: a plain backtracking
// over cells in reading order that knows nothing of the solver's masks, pruning or
// symmetry code, with classes found by mapping every solution through the square's
// symmetries by brute force. The notes' "Expected" counts must agree with both. Random small
// puzzles (many of them symmetric, some with faces and the distinct rule) must give the same
// solutions both ways, one by one.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "check/check.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "random_puzzles.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

using test::Edges;
using test::turn;

class BruteForce {
 public:
  explicit BruteForce(const EdgeMatchingPuzzle& p) : p_(p) {
    for (const TileDef& t : p.tiles) count_[key(t.edges, t.face)] += t.count;
    grid_.resize(static_cast<std::size_t>(p.rows * p.cols));
  }

  void run() { place(0); }
  std::size_t solutions() const { return found_.size(); }
  // Every solution as one text per cell, sorted: two runs that agree found the same ones.
  std::vector<std::vector<std::string>> sortedSolutions() const {
    auto sorted = found_;
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }
  // A solver's solution in the same words.
  std::vector<std::string> describe(const EdgeMatchingSolution& solution) const {
    std::vector<std::string> out;
    for (const TilePlacement& placed : solution.grid) {
      const TileDef& t = p_.tiles[placed.tile];
      const Edges e = turn(t.edges, placed.rotation);
      out.push_back(key(t.edges, t.face) + "|" + e[0] + "," + e[1] + "," + e[2] + "," + e[3]);
    }
    return out;
  }

  // Classes: the smallest image of each solution under the symmetries that keep the tiles.
  std::size_t unique() const {
    std::set<std::vector<std::string>> classes;
    for (const auto& s : found_) {
      std::vector<std::string> best = s;
      for (int g = 1; g < 8; ++g)
        if (isSymmetry(g)) best = std::min(best, image(s, g));
      classes.insert(best);
    }
    return classes.size();
  }

 private:
  // A tile's identity: its edges (smallest turn when it may turn) and face.
  std::string key(const Edges& e, const std::string& face) const {
    Edges best = e;
    if (p_.rotations)
      for (int r = 1; r < 4; ++r) best = std::min(best, turn(e, r));
    return best[0] + "," + best[1] + "," + best[2] + "," + best[3] + "/" + face;
  }

  bool meets(const std::string& a, const std::string& b) const {
    if (p_.match == EdgeMatch::Same) return a == b;
    return a.substr(0, a.size() - 1) == b.substr(0, b.size() - 1) && a.back() != b.back();
  }

  void place(int cell) {
    if (cell == p_.rows * p_.cols) {
      std::vector<std::string> s;
      for (const auto& [k, e] : grid_) s.push_back(k + "|" + e[0] + "," + e[1] + "," + e[2] + "," + e[3]);
      found_.push_back(s);
      return;
    }
    const int row = cell / p_.cols, col = cell % p_.cols;
    std::set<std::pair<std::string, Edges>> tried;  // identical copies and turns that look the same
    for (const TileDef& t : p_.tiles) {
      const std::string k = key(t.edges, t.face);
      if (count_[k] == 0) continue;
      for (int r = 0; r < (p_.rotations ? 4 : 1); ++r) {
        const Edges e = turn(t.edges, r);
        if (!tried.insert({k, e}).second) continue;
        if (col > 0 && !meets(grid_[cell - 1].second[1], e[3])) continue;
        if (!faceFree(row, col, t.face)) continue;
        if (row > 0 && !meets(grid_[cell - p_.cols].second[2], e[0])) continue;
        if (p_.border) {
          const bool rim[4] = {row == 0, col == p_.cols - 1, row == p_.rows - 1, col == 0};
          bool ok = true;
          for (int s = 0; s < 4; ++s) ok = ok && (!rim[s] || e[s] == *p_.border);
          if (!ok) continue;
        }
        --count_[k];
        grid_[cell] = {k, e};
        place(cell + 1);
        ++count_[k];
      }
    }
  }

  // The distinct-face rules, checked against the cells filled so far.
  bool faceFree(int row, int col, const std::string& face) const {
    for (int c = 0; c < col && p_.distinctRow; ++c)
      if (faceOf(grid_[row * p_.cols + c].first) == face) return false;
    for (int r = 0; r < row && p_.distinctColumn; ++r)
      if (faceOf(grid_[r * p_.cols + col].first) == face) return false;
    return true;
  }
  static std::string faceOf(const std::string& key) { return key.substr(key.find('/') + 1); }

  // Symmetry g: bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps x and y (after the mirrors).
  std::pair<int, int> moveCell(int row, int col, int g) const {
    int x = g & 1 ? p_.cols - 1 - col : col, y = g & 2 ? p_.rows - 1 - row : row;
    if (g & 4) std::swap(x, y);
    return {y, x};
  }
  Edges moveEdges(const Edges& e, int g) const {
    Edges out = e;
    if (g & 1) std::swap(out[1], out[3]);
    if (g & 2) std::swap(out[0], out[2]);
    if (g & 4) out = {out[3], out[2], out[1], out[0]};  // the transpose: top <-> left, right <-> bottom
    return out;
  }
  std::string movedKey(const std::string& k, int g) const {
    return key(moveEdges(parseEdges(k.substr(0, k.find('/'))), g), k.substr(k.find('/') + 1));
  }
  bool isSymmetry(int g) const {
    if ((g & 4) && (p_.rows != p_.cols || p_.distinctRow != p_.distinctColumn)) return false;
    std::map<std::string, int> moved;
    for (const auto& [k, n] : count_) moved[movedKey(k, g)] += n;
    return moved == count_;
  }
  std::vector<std::string> image(const std::vector<std::string>& s, int g) const {
    std::vector<std::string> out(s.size());
    for (int cell = 0; cell < p_.rows * p_.cols; ++cell) {
      const auto [k, e] = split(s[cell]);
      const auto [row, col] = moveCell(cell / p_.cols, cell % p_.cols, g);
      const Edges m = moveEdges(e, g);
      out[row * p_.cols + col] = movedKey(k, g) + "|" + m[0] + "," + m[1] + "," + m[2] + "," + m[3];
    }
    return out;
  }
  std::pair<std::string, Edges> split(const std::string& cell) const {
    const std::size_t bar = cell.find('|');
    return {cell.substr(0, bar), parseEdges(cell.substr(bar + 1))};
  }
  // "top,right,bottom,left" back into four labels.
  static Edges parseEdges(const std::string& edges) {
    Edges e;
    std::size_t from = 0;
    for (int i = 0; i < 4; ++i) {
      const std::size_t to = i < 3 ? edges.find(',', from) : edges.size();
      e[i] = edges.substr(from, to - from);
      from = to + 1;
    }
    return e;
  }

  const EdgeMatchingPuzzle& p_;
  std::map<std::string, int> count_;
  std::vector<std::pair<std::string, Edges>> grid_;
  std::vector<std::vector<std::string>> found_;
};

class EdgeMatchingClassic : public ::testing::TestWithParam<std::string> {};

TEST_P(EdgeMatchingClassic, BruteForceAgreesWithTheNotesAndTheSolver) {
  const Puzzle puzzle = loadPuzzleFile(test::libraryFile(GetParam()));
  const auto expected = expectedCounts(puzzle.notes);
  ASSERT_TRUE(expected);
  BruteForce brute(std::get<EdgeMatchingPuzzle>(puzzle.body));
  brute.run();
  EXPECT_EQ(brute.solutions(), expected->solutions);
  EXPECT_EQ(brute.unique(), expected->unique);
  const Counts solver = countAll(*makeSearch(puzzle));
  EXPECT_EQ(solver.solutions, expected->solutions);
  EXPECT_EQ(solver.unique, expected->unique);
}

INSTANTIATE_TEST_SUITE_P(Library, EdgeMatchingClassic,
                         ::testing::Values("frogs", "lizards", "macmahon-2-colour-2x3",
                                           "macmahon-2-colour-border-3x3"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(EdgeMatchingRandom, BruteForceAgreesSolutionBySolution) {
  std::mt19937 random(20261124);
  int withSymmetry = 0, withSolutions = 0;
  for (int round = 0; round < 300; ++round) {
    Puzzle puzzle{"random", "", test::randomEdgePuzzle(random)};
    const EdgeMatchingPuzzle& p = std::get<EdgeMatchingPuzzle>(puzzle.body);
    // Tens of thousands of solutions take the brute force's string maps minutes: skip those.
    if (countAll(*makeSearch(puzzle)).solutions > 3000) continue;
    BruteForce brute(p);
    brute.run();
    auto search = makeSearch(puzzle);
    std::vector<std::vector<std::string>> found;
    std::uint64_t unique = 0;
    const SolutionSink sink = [&](const Solution& s, bool representative) {
      const auto problem = checkSolution(puzzle, s);
      EXPECT_FALSE(problem) << "round " << round << ": " << problem.value_or("");
      found.push_back(brute.describe(std::get<EdgeMatchingSolution>(s)));
      unique += representative ? 1 : 0;
      return true;
    };
    // Budgets of 1 and 3 nodes end slices inside the reporting of one arrangement's images.
    const std::uint64_t budget = round % 3 == 0 ? 1 : round % 3 == 1 ? 3 : 4096;
    while (!search->advance(budget, sink)) {
    }
    std::sort(found.begin(), found.end());
    ASSERT_EQ(found, brute.sortedSolutions()) << "round " << round << ", " << p.rows << "x" << p.cols;
    ASSERT_EQ(unique, brute.unique()) << "round " << round;
    withSymmetry += search->symmetryCount() > 1 ? 1 : 0;
    withSolutions += found.empty() ? 0 : 1;
  }
  // The generator must keep exercising what it is for.
  EXPECT_GT(withSymmetry, 100);
  EXPECT_GT(withSolutions, 100);
}

}  // namespace
}  // namespace pw
