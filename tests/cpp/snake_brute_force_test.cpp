// The snake search against naive enumerations that share none of its code: every
// Hamiltonian path of a small box, grouped by the chain it spells, and a plain recursive
// fold of a given chain. Symmetry classes are recomputed here from the lattice transforms.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "lattice/transform.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

using Path = std::vector<Cell>;
using Box = std::array<int, 3>;

bool inside(const Box& box, const Cell& c) {
  return c.x >= 0 && c.y >= 0 && c.z >= 0 && c.x < box[0] && c.y < box[1] && c.z < box[2];
}

const Cell kSteps[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

Cell plus(const Cell& a, const Cell& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Cell minus(const Cell& a, const Cell& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }

void extend(const Box& box, std::size_t volume, Path& path, std::set<Cell>& used, std::vector<Path>& out) {
  if (path.size() == volume) {
    out.push_back(path);
    return;
  }
  for (const Cell& s : kSteps) {
    const Cell next = plus(path.back(), s);
    if (!inside(box, next) || used.count(next)) continue;
    path.push_back(next);
    used.insert(next);
    extend(box, volume, path, used, out);
    used.erase(next);
    path.pop_back();
  }
}

std::vector<Path> hamiltonianPaths(const Box& box) {
  std::vector<Path> out;
  const std::size_t volume = static_cast<std::size_t>(box[0]) * box[1] * box[2];
  for (int z = 0; z < box[2]; ++z)
    for (int y = 0; y < box[1]; ++y)
      for (int x = 0; x < box[0]; ++x) {
        Path path{{x, y, z}};
        std::set<Cell> used{{x, y, z}};
        extend(box, volume, path, used, out);
      }
  return out;
}

// The runs of a path: a new run starts wherever the step changes direction.
std::vector<int> segmentsOf(const Path& p) {
  std::vector<int> runs{2};
  for (std::size_t i = 1; i + 1 < p.size(); ++i) {
    if (minus(p[i], p[i - 1]) == minus(p[i + 1], p[i])) ++runs.back();
    else runs.push_back(2);
  }
  return runs;
}

// The smallest image of a path under the box's lattice symmetries (and reversal).
Path canonical(const Box& box, const Path& p, bool palindromic) {
  Path best = p;
  for (const Transform& t : latticeSymmetries(3, true)) {
    if (box[t.axis[0]] != box[0] || box[t.axis[1]] != box[1] || box[t.axis[2]] != box[2]) continue;
    Path image;
    for (const Cell& c : p) {
      const Cell m = t.apply(c);
      image.push_back({t.sign[0] < 0 ? m.x + box[0] - 1 : m.x, t.sign[1] < 0 ? m.y + box[1] - 1 : m.y,
                       t.sign[2] < 0 ? m.z + box[2] - 1 : m.z});
    }
    best = std::min(best, image);
    if (palindromic) best = std::min(best, Path(image.rbegin(), image.rend()));
  }
  return best;
}

// Appended piece by piece: g++ 12 -O3 warns falsely (-Wrestrict) on chained std::string +.
std::string json(const Box& box, const std::vector<int>& runs) {
  std::string s = R"({"format":"piecewise/1","name":"t","kind":"snake","box":[)";
  for (int i = 0; i < 3; ++i) {
    if (i) s += ',';
    s += std::to_string(box[i]);
  }
  s += R"(],"segments":[)";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(runs[i]);
  }
  s += "]}";
  return s;
}

void compareEveryChain(const Box& box) {
  std::map<std::vector<int>, std::vector<Path>> byChain;
  for (Path& p : hamiltonianPaths(box)) byChain[segmentsOf(p)].push_back(std::move(p));
  ASSERT_GT(byChain.size(), 1u);
  for (const auto& [runs, paths] : byChain) {
    const bool palindromic = std::equal(runs.begin(), runs.end(), runs.rbegin());
    std::set<Path> classes;
    for (const Path& p : paths) classes.insert(canonical(box, p, palindromic));
    auto search = makeSearch(parsePuzzle(json(box, runs)));
    const Counts c = countAll(*search);
    EXPECT_EQ(c.solutions, paths.size()) << json(box, runs);
    EXPECT_EQ(c.unique, classes.size()) << json(box, runs);
  }
}

TEST(SnakeBruteForce, EveryChainOf2x2x3) { compareEveryChain({2, 2, 3}); }
TEST(SnakeBruteForce, EveryChainOf1x3x4) { compareEveryChain({1, 3, 4}); }
TEST(SnakeBruteForce, EveryChainOf2x3x3) { compareEveryChain({3, 2, 3}); }

// A plain recursive fold: each run turns a quarter from the previous one.
std::uint64_t fold(const Box& box, const std::vector<int>& runs, std::size_t k, const Cell& head, int previous,
                   std::set<Cell>& used) {
  if (k == runs.size()) return 1;
  std::uint64_t total = 0;
  for (int d = 0; d < 6; ++d) {
    if (previous >= 0 && d / 2 == previous / 2) continue;
    Path placed;
    Cell c = head;
    for (int i = 1; i < runs[k]; ++i) {
      c = plus(c, kSteps[d]);
      if (!inside(box, c) || used.count(c) || std::count(placed.begin(), placed.end(), c)) break;
      placed.push_back(c);
    }
    if (placed.size() + 1 != static_cast<std::size_t>(runs[k])) continue;
    for (const Cell& p : placed) used.insert(p);
    total += fold(box, runs, k + 1, placed.back(), d, used);
    for (const Cell& p : placed) used.erase(p);
  }
  return total;
}

std::uint64_t naiveCount(const SnakePuzzle& s) {
  std::uint64_t total = 0;
  for (int z = 0; z < s.box[2]; ++z)
    for (int y = 0; y < s.box[1]; ++y)
      for (int x = 0; x < s.box[0]; ++x) {
        std::set<Cell> used{{x, y, z}};
        total += fold(s.box, s.segments, 0, {x, y, z}, -1, used);
      }
  return total;
}

TEST(SnakeBruteForce, NaiveFoldOfLibraryChains) {
  for (const char* stem : {"snake-2x2x2", "snake-2x3x4", "snake-3x3x3", "snake-3x3x4"}) {
    const Puzzle p = loadPuzzleFile(test::libraryFile(stem));
    auto search = makeSearch(p);
    EXPECT_EQ(countAll(*search).solutions, naiveCount(std::get<SnakePuzzle>(p.body))) << stem;
  }
}

}  // namespace
}  // namespace pw
