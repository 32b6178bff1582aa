// The dancing-links engine on its own: small problems whose answers are known by hand,
// resumability, colours and multiplicities.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "engine/exact_cover.hpp"

namespace pw {
namespace {

using Solutions = std::set<std::vector<int>>;

Solutions solveAll(ExactCover& ec, std::uint64_t budget = 1u << 30) {
  Solutions found;
  while (ec.run(budget, [&](std::span<const int> s) {
    EXPECT_TRUE(found.insert({s.begin(), s.end()}).second) << "a solution was visited twice";
    return true;
  }) != ExactCover::Stop::Finished) {
  }
  return found;
}

// Knuth's example from TAOCP 7.2.2.1 (7): items a..g, six options, one solution {1,3,5}
// in 0-based numbering: options "c e", "a d g", "b c f", "a d f", "b g", "d e g".
ExactCover knuthExample() {
  ExactCoverBuilder b;
  for (int i = 0; i < 7; ++i) b.addPrimary({1, 1});
  const std::vector<std::vector<int>> options = {{2, 4}, {0, 3, 6}, {1, 2, 5}, {0, 3, 5}, {1, 6}, {3, 4, 6}};
  for (const auto& o : options) b.addOption(o);
  return b.build();
}

TEST(ExactCover, KnuthsExampleHasOneSolution) {
  ExactCover ec = knuthExample();
  EXPECT_EQ(solveAll(ec), (Solutions{{0, 3, 4}}));
  EXPECT_TRUE(ec.finished());
  EXPECT_DOUBLE_EQ(ec.fractionDone(), 1.0);
}

TEST(ExactCover, ResumesWithBudgetOneExactlyWhereItStopped) {
  // Dominoes on a 2x4 strip: 5 tilings.
  auto build = [] {
    ExactCoverBuilder b;
    for (int i = 0; i < 8; ++i) b.addPrimary({1, 1});
    for (int c = 0; c < 4; ++c) {
      b.addOption(std::vector<int>{c, c + 4});                  // vertical
      if (c < 3) {
        b.addOption(std::vector<int>{c, c + 1});                // top horizontal
        b.addOption(std::vector<int>{c + 4, c + 5});            // bottom horizontal
      }
    }
    return b.build();
  };
  ExactCover whole = build();
  ExactCover sliced = build();
  const Solutions all = solveAll(whole);
  EXPECT_EQ(all.size(), 5u);
  EXPECT_EQ(solveAll(sliced, 1), all);
  EXPECT_EQ(sliced.nodes(), whole.nodes());
}

TEST(ExactCover, PauseWhenTheVisitorSaysSo) {
  ExactCover ec = knuthExample();
  int visits = 0;
  EXPECT_EQ(ec.run(1000, [&](std::span<const int>) { return ++visits, false; }), ExactCover::Stop::Paused);
  EXPECT_EQ(visits, 1);
  EXPECT_EQ(ec.run(1000, [&](std::span<const int>) { return ++visits, true; }), ExactCover::Stop::Finished);
  EXPECT_EQ(visits, 1);
}

TEST(ExactCover, IdenticalCopiesAreNotPermuted) {
  // Four cells in a row, item "domino" needed exactly twice: options are the three
  // dominoes; the only cover is {0-1, 2-3}, found once, not once per copy order.
  ExactCoverBuilder b;
  for (int i = 0; i < 4; ++i) b.addPrimary({1, 1});
  const int domino = b.addPrimary({2, 2});
  for (int c = 0; c < 3; ++c) b.addOption(std::vector<int>{domino, c, c + 1});
  ExactCover ec = b.build();
  EXPECT_EQ(solveAll(ec), (Solutions{{0, 2}}));
}

TEST(ExactCover, MultiplicityRangesWithOptionalCells) {
  // Three secondary cells in a row and a monomino item used 1 to 2 times: the solutions
  // are the 3 single cells and the 3 pairs of cells: 6 in all.
  ExactCoverBuilder b;
  const int mono = b.addPrimary({1, 2});
  std::vector<int> cells;
  for (int i = 0; i < 3; ++i) cells.push_back(b.addSecondary());
  for (int c : cells) b.addOption(std::vector<int>{mono, c});
  ExactCover ec = b.build();
  EXPECT_EQ(solveAll(ec), (Solutions{{0}, {1}, {2}, {0, 1}, {0, 2}, {1, 2}}));
}

TEST(ExactCover, ZeroLowerBoundAllowsTheEmptyChoice) {
  // Mandatory cell 0 covered by a fixed piece; an optional monomino (0..1) on secondary
  // cell 1: two solutions, with and without it.
  ExactCoverBuilder b;
  const int cell0 = b.addPrimary({1, 1});
  const int mono = b.addPrimary({0, 1});
  const int cell1 = b.addSecondary();
  b.addOption(std::vector<int>{cell0});
  b.addOption(std::vector<int>{mono, cell1});
  ExactCover ec = b.build();
  EXPECT_EQ(solveAll(ec), (Solutions{{0}, {0, 1}}));
}

TEST(ExactCover, ColoursLetOptionsShareASecondaryItem) {
  // Knuth's colour example (TAOCP 7.2.2.1 (49)): primary p q r, secondary x y;
  // options "p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B". Unique solution: options 1 and 3.
  ExactCoverBuilder b;
  const int p = b.addPrimary({1, 1}), q = b.addPrimary({1, 1}), r = b.addPrimary({1, 1});
  const int x = b.addSecondary(), y = b.addSecondary();
  constexpr int A = 1, B = 2;
  b.addOption(std::vector<int>{p, q, x, y}, std::vector<int>{0, 0, 0, A});
  b.addOption(std::vector<int>{p, r, x, y}, std::vector<int>{0, 0, A, 0});
  b.addOption(std::vector<int>{p, x}, std::vector<int>{0, B});
  b.addOption(std::vector<int>{q, x}, std::vector<int>{0, A});
  b.addOption(std::vector<int>{r, y}, std::vector<int>{0, B});
  ExactCover ec = b.build();
  EXPECT_EQ(solveAll(ec), (Solutions{{1, 3}}));
}

TEST(ExactCover, NoSolutionFinishesCleanly) {
  ExactCoverBuilder b;
  b.addPrimary({1, 1});
  b.addPrimary({1, 1});
  b.addOption(std::vector<int>{0});
  ExactCover ec = b.build();
  EXPECT_TRUE(solveAll(ec).empty());
  EXPECT_TRUE(ec.finished());
}

TEST(ExactCover, BuilderRejectsOptionsThatWouldNeverLeaveTheLists) {
  ExactCoverBuilder b;
  const int many = b.addPrimary({0, 3});
  EXPECT_THROW(b.addOption(std::vector<int>{many}), std::logic_error);
  EXPECT_THROW(b.addPrimary({2, 1}), std::logic_error);
}

}  // namespace
}  // namespace pw
