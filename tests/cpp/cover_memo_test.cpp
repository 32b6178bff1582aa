// The packing memo: a table that outgrows its budget forgets, never lies; a search whose
// memo is far too small, or off, counts what the full memo counts; counting in bulk and
// visiting every solution agree.
#include <gtest/gtest.h>

#include <map>

#include "engine/cover_memo.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

CoverMemo<1>::Key key(std::uint64_t cells, std::uint64_t left) {
  CoverMemo<1>::Key k{};
  k.decided.word[0] = cells;
  k.left = left;
  return k;
}

TEST(CoverMemo, AFullTableForgetsButNeverAnswersWrong) {
  CoverMemo<1> memo(256 << 10);  // room for a few thousand entries
  ASSERT_TRUE(memo.enabled());
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> truth;
  for (std::uint64_t i = 0; i < 200'000; ++i) {
    const std::uint64_t cells = i * 0x9E3779B97F4A7C15ull, left = i % 7;
    truth[{cells, left}] = i * 3 + 1;
    memo.store(key(cells, left), i * 3 + 1, 1 + i % 50);
  }
  EXPECT_LE(memo.bytes(), std::size_t{256} << 10);
  EXPECT_LT(memo.entries(), truth.size());  // it had to forget
  std::size_t kept = 0;
  for (const auto& [k, count] : truth)
    if (const auto found = memo.find(key(k.first, k.second))) {
      EXPECT_EQ(*found, count);
      ++kept;
    }
  EXPECT_EQ(kept, memo.entries());
  EXPECT_FALSE(memo.find(key(12345, 99)));
}

TEST(CoverMemo, BelowOneBucketListItIsOff) {
  CoverMemo<1> memo(1000);
  EXPECT_FALSE(memo.enabled());
  memo.store(key(1, 1), 5, 10);
  EXPECT_FALSE(memo.find(key(1, 1)));
  EXPECT_EQ(memo.bytes(), 0u);
}

Counts countWith(const Puzzle& puzzle, std::size_t memoBytes) {
  auto search = makeSearch(puzzle, SearchSettings{memoBytes});
  return countAll(*search);
}

// A memo of 128 KB holds 2,048 states, far fewer than pentominoes in 5x12 meet: it evicts
// all the time.
TEST(PackingMemo, APuzzleThatOutgrowsTheMemoStillCountsRight) {
  const Puzzle puzzle = loadPuzzleFile(test::libraryFile("pentomino-5x12"));
  const Counts full = countWith(puzzle, SearchSettings{}.memoBytes);
  const Counts tiny = countWith(puzzle, 128 << 10);
  const Counts off = countWith(puzzle, 0);
  EXPECT_EQ(full.solutions, 4040u);
  EXPECT_EQ(full.unique, 1010u);
  for (const Counts& c : {tiny, off}) {
    EXPECT_EQ(c.solutions, full.solutions);
    EXPECT_EQ(c.unique, full.unique);
  }
  // The memo pays, and a small one pays less.
  EXPECT_LT(full.nodes, tiny.nodes);
  EXPECT_LT(tiny.nodes, off.nodes);
}

// advance() visits every solution; countAll() lets the engine count in bulk where the
// memo knows a subtree: the same numbers, on puzzles with and without symmetry, holes,
// and root placements whose stabilizer is not trivial (visited one by one).
TEST(PackingMemo, CountingInBulkAgreesWithVisitingEverySolution) {
  for (const char* name : {"pentomino-8x8-centre", "infuriater-revised", "soma", "t-tetracubes-6x6x2", "cubissimo"}) {
    const Puzzle puzzle = loadPuzzleFile(test::libraryFile(name));
    auto visiting = makeSearch(puzzle);
    std::uint64_t solutions = 0, unique = 0;
    while (!visiting->advance(997, [&](const Solution&, bool representative) {
      ++solutions;
      unique += representative ? 1 : 0;
      return true;
    })) {
    }
    const Counts bulk = countWith(puzzle, SearchSettings{}.memoBytes);
    EXPECT_EQ(bulk.solutions, solutions) << name;
    EXPECT_EQ(bulk.unique, unique) << name;
  }
}

// One search may switch between visiting and counting from slice to slice.
TEST(PackingMemo, VisitingAndCountingSlicesMix) {
  const Puzzle puzzle = loadPuzzleFile(test::libraryFile("pentomino-5x12"));
  auto search = makeSearch(puzzle);
  SolutionTally tally;
  const SolutionSink visit = [&](const Solution&, bool representative) {
    ++tally.solutions;
    tally.unique += representative ? 1 : 0;
    return true;
  };
  for (int slice = 0;; ++slice)
    if (slice % 2 ? search->advanceCounting(5000, tally) : search->advance(5000, visit)) break;
  EXPECT_EQ(tally.solutions, 4040u);
  EXPECT_EQ(tally.unique, 1010u);
}

}  // namespace
}  // namespace pw
