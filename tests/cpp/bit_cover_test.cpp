// The bitset engine's two branching rules against dancing links: random boxes cut into
// random polycubes (so that each has at least one solution) are counted by the first open
// cell, by the fewest live options, with and without the memo and with a budget of one
// node per call, and by Algorithm M; all must agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <random>

#include "cover/packing_cover.hpp"
#include "engine/bit_cover.hpp"
#include "engine/exact_cover.hpp"

namespace pw {
namespace {

// Solutions counted by `budget` nodes a call; nullopt when `cap` nodes did not finish.
std::optional<std::uint64_t> countAll(CoverEngine& engine, std::uint64_t budget, std::uint64_t cap = UINT64_MAX) {
  std::uint64_t found = 0;
  while (engine.run(budget, [&](std::span<const int>) {
    ++found;
    return true;
  }) != CoverEngine::Stop::Finished) {
    if (engine.nodes() > cap) return std::nullopt;
  }
  return found;
}

// An x*y*z box cut into pieces of `smallest` to `largest` cells (fewer where a piece is
// hemmed in), grown from random seeds through face neighbours. With `jumps`, a piece grows
// one time in three by a free cell anywhere in the box, so that its cells need not touch (a
// BurrTools shape may be two blocks).
PackingPuzzle randomCutBoard(std::mt19937& random, int x, int y, int z, int smallest, int largest, bool jumps) {
  PackingPuzzle puzzle;
  puzzle.dimensions = 3;
  std::vector<Cell> cells;
  for (int i = 0; i < x; ++i)
    for (int j = 0; j < y; ++j)
      for (int k = 0; k < z; ++k) cells.push_back({i, j, k});
  for (const Cell& c : cells) puzzle.board.push_back({c, false});
  std::sort(puzzle.board.begin(), puzzle.board.end(), [](const BoardCell& a, const BoardCell& b) { return a.at < b.at; });
  std::vector<int> owner(cells.size(), -1);
  const auto indexOf = [&](const Cell& c) {
    return c.x >= 0 && c.x < x && c.y >= 0 && c.y < y && c.z >= 0 && c.z < z ? (c.x * y + c.y) * z + c.z : -1;
  };
  int pieces = 0;
  for (;;) {
    std::vector<int> free;
    for (int c = 0; c < static_cast<int>(cells.size()); ++c)
      if (owner[c] < 0) free.push_back(c);
    if (free.empty()) break;
    std::vector<int> piece{free[random() % free.size()]};
    owner[piece[0]] = pieces;
    const std::size_t want = static_cast<std::size_t>(smallest) + random() % static_cast<std::size_t>(largest - smallest + 1);
    while (piece.size() < want) {
      std::vector<int> grow;
      if (jumps && random() % 3 == 0) {
        for (int n = 0; n < static_cast<int>(cells.size()); ++n)
          if (owner[n] < 0) grow.push_back(n);
      } else {
        for (int c : piece)
          for (const Cell& d : {Cell{1, 0, 0}, Cell{-1, 0, 0}, Cell{0, 1, 0}, Cell{0, -1, 0}, Cell{0, 0, 1}, Cell{0, 0, -1}}) {
            const int n = indexOf({cells[c].x + d.x, cells[c].y + d.y, cells[c].z + d.z});
            if (n >= 0 && owner[n] < 0) grow.push_back(n);
          }
      }
      if (grow.empty()) break;
      const int n = grow[random() % grow.size()];
      owner[n] = pieces;
      piece.push_back(n);
    }
    PieceDef def;
    def.name = "p";
    def.name += std::to_string(pieces++);  // not "p" + ...: g++ 12 warns falsely (-Wrestrict)
    Cell low{x, y, z};
    for (int c : piece) low = {std::min(low.x, cells[c].x), std::min(low.y, cells[c].y), std::min(low.z, cells[c].z)};
    for (int c : piece) def.cells.push_back({cells[c].x - low.x, cells[c].y - low.y, cells[c].z - low.z});
    std::sort(def.cells.begin(), def.cells.end());
    def.reflections = random() % 2 == 0;
    puzzle.pieces.push_back(def);
  }
  return puzzle;
}

// A box of 2-3 x 2-3 x 2-4 cells (one layer high when `flat`) cut into pieces of three to five.
PackingPuzzle randomCutBox(std::mt19937& random, bool jumps = false, bool flat = false) {
  const int x = 2 + static_cast<int>(random() % 2), y = 2 + static_cast<int>(random() % 2),
            z = flat ? 1 : 2 + static_cast<int>(random() % 3);
  return randomCutBoard(random, x, y, z, 3, 5, jumps);
}

TEST(BitCover, FewestOptionsCountsLikeTheFirstOpenCellAndDancingLinks) {
  std::mt19937 random(2026);
  int solved = 0, copies = 0;
  for (int trial = 0; solved < 60; ++trial) {
    ASSERT_LT(trial, 1000);
    const PackingPuzzle puzzle = randomCutBox(random);
    const PackingCover cover = compilePlacements(puzzle);
    std::vector<int> all(static_cast<std::size_t>(cover.placementCount()));
    std::iota(all.begin(), all.end(), 0);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ASSERT_TRUE(problem.fewestOptionsFirst) << "a solid box asks for the fewest-options rule";
    ExactCover dlx = buildExactCover(cover, all);
    // Many small pieces have too many solutions to visit one by one here: such trials are skipped.
    const std::optional<std::uint64_t> expected = countAll(dlx, 1 << 12, 1 << 16);
    if (!expected || *expected > 5000) continue;
    EXPECT_GT(*expected, 0u) << "trial " << trial << ": the pieces were cut from the box";
    ++solved;
    for (const PieceType& t : cover.types) copies += t.max > 1 ? 1 : 0;
    for (const std::size_t memo : {std::size_t{0}, std::size_t{128} << 10}) {  // off, and the smallest table
      problem.memoBytes = memo;
      problem.fewestOptionsFirst = true;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial << ", memo " << memo;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1), expected) << "trial " << trial << ", budget 1, memo " << memo;
      problem.fewestOptionsFirst = false;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial << ", first open cell";
    }
  }
  EXPECT_GT(copies, 5) << "identical pieces (one type, several copies) must be among the trials";
}

// Boards of more than 64 cells take two words a set: there the first-open-cell lists are
// picked by the cells after the open one across a word's end. Strips of 3 x 22-26 cells cut
// into pieces of six to ten are counted by the first open cell and by the fewest live
// options (which reads no such lists); dancing links takes too long on boards this size.
TEST(BitCover, WideBoardsCountTheSameByBothRules) {
  std::mt19937 random(72);
  int solved = 0;
  for (int trial = 0; solved < 8; ++trial) {
    ASSERT_LT(trial, 100);
    const int x = 22 + static_cast<int>(random() % 5), y = 3;
    const PackingPuzzle puzzle = randomCutBoard(random, x, y, 1, 6, 10, false);
    const PackingCover cover = compilePlacements(puzzle);
    std::vector<int> all(static_cast<std::size_t>(cover.placementCount()));
    std::iota(all.begin(), all.end(), 0);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ASSERT_FALSE(problem.fewestOptionsFirst) << "a flat board keeps the first open cell";
    problem.memoBytes = std::size_t{128} << 10;
    problem.fewestOptionsFirst = true;
    const std::optional<std::uint64_t> expected = countAll(*makeBitCover(problem), 1 << 12, 1 << 17);
    if (!expected || *expected > 2000) continue;
    EXPECT_GT(*expected, 0u) << "trial " << trial;
    ++solved;
    problem.fewestOptionsFirst = false;
    EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial;
    EXPECT_EQ(countAll(*makeBitCover(problem), 1), expected) << "trial " << trial << ", budget 1";
  }
}

// The region test after each placement assumes that a piece lies within one region; pieces
// whose cells do not touch break that (a piece straddling two regions leaves neither a sum
// of piece sizes), and must still count as dancing links counts them, by both rules.
TEST(BitCover, PiecesWhoseCellsDoNotTouchCountLikeDancingLinks) {
  std::mt19937 random(1126);
  int solved = 0;
  for (int trial = 0; solved < 60; ++trial) {
    ASSERT_LT(trial, 1000);
    const PackingPuzzle puzzle = randomCutBox(random, true, trial % 2 == 0);
    const PackingCover cover = compilePlacements(puzzle);
    std::vector<int> all(static_cast<std::size_t>(cover.placementCount()));
    std::iota(all.begin(), all.end(), 0);
    BitCoverProblem problem = bitCoverProblem(cover, all);
    ExactCover dlx = buildExactCover(cover, all);
    const std::optional<std::uint64_t> expected = countAll(dlx, 1 << 12, 1 << 16);
    if (!expected || *expected > 5000) continue;
    ++solved;
    for (const bool fewest : {true, false}) {
      problem.fewestOptionsFirst = fewest;
      problem.memoBytes = std::size_t{128} << 10;
      EXPECT_EQ(countAll(*makeBitCover(problem), 1 << 20), expected) << "trial " << trial << ", fewest " << fewest;
    }
  }
}

}  // namespace
}  // namespace pw
