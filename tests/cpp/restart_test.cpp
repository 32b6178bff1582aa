// Search::restart and Search::settingsUsed (search/search.hpp), for every search and engine,
// on random small puzzles of every kind (random_puzzles.hpp):
//   - one search restarted over every job of a split, in any order, counts what the whole
//     search counts, its memo warm from the other jobs;
//   - restarted in any state (mid-job, paused among a solution's images or expansions,
//     counting in bulk, after giving work away, listing a split, finished), then on a job, it
//     meets exactly the solutions of a fresh search confined to that job, in the same order
//     and with the same representative flags;
//   - settingsUsed() builds the same tree again, its restricted piece taken as it is, never
//     chosen again;
//   - a restart keeps the memo: a job counted again visits a handful of nodes;
//   - advanceRepresentatives() meets exactly the solutions advance() flags representative,
//     in order, also when it takes over from a paused advance() amid a solution's images;
//   - a search that says it does not count in bulk (countsInBulk) searches the very nodes
//     counting that it does visiting (the page's time left samples tasks of both kinds).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "edge/propagation_search.hpp"
#include "jobs/split.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "random_puzzles.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// A search and engine, and the random puzzles it runs.
struct Kind {
  std::string name;
  const char* variable;  // the environment variable that forces the search or engine (empty value: the default)
  const char* value;
  std::function<Puzzle(std::mt19937&)> next;
};

// Half of them boxes or rectangles cut into pieces (they have solutions, most have
// symmetries; a box takes the bitset engine's fewest-options rule, a rectangle its first open
// cell and region table), half random documents (holes, `+` cells, ranges of copies; seldom a
// solution).
Puzzle randomPacking(std::mt19937& random) {
  if (random() % 2 == 0) {
    const int x = 1 + static_cast<int>(random() % 2), y = 2 + static_cast<int>(random() % 2) + (x == 1 ? 1 : 0),
              z = 2 + static_cast<int>(random() % 3);
    return {"random", "", test::randomCutBoard(random, x, y, z, 3, 5, random() % 4 == 0)};
  }
  for (;;) {
    try {
      return parsePuzzle(test::randomPackingDocument(random));
    } catch (const PuzzleError&) {  // a board drawn all gaps
    }
  }
}

Puzzle randomPropagation(std::mt19937& random) {
  for (;;) {
    const int rows = 2 + static_cast<int>(random() % 3), cols = 2 + static_cast<int>(random() % 4);
    EdgeMatchingPuzzle p = test::cutFromGrid(random, rows, cols, 2 + static_cast<int>(random() % 3), random() % 4 == 0,
                                             random() % 3 == 0);
    if (makePropagationSearch(p)) return {"random", "", std::move(p)};
  }
}

std::vector<Kind> kinds() {
  return {{"packing with bits", "PIECEWISE_ENGINE", "bits", randomPacking},
          {"packing with dlx", "PIECEWISE_ENGINE", "dlx", randomPacking},
          {"edge matching, general", "PIECEWISE_EDGE_SEARCH", "general",
           [](std::mt19937& random) { return Puzzle{"random", "", test::randomEdgePuzzle(random)}; }},
          {"edge matching, propagation", "PIECEWISE_EDGE_SEARCH", "", randomPropagation},
          {"snake", "PIECEWISE_ENGINE", "", [](std::mt19937& random) { return Puzzle{"random", "", test::randomSnake(random)}; }}};
}

// The counts of the whole search, unless it takes more than `cap` nodes.
std::optional<SolutionTally> countWithin(Search& search, std::uint64_t cap) {
  SolutionTally tally;
  while (!search.advanceCounting(1024, tally))
    if (search.nodes() > cap) return std::nullopt;
  return tally;
}

// A random puzzle of `kind` that counts within `cap` nodes, and its counts.
std::pair<Puzzle, SolutionTally> smallPuzzle(const Kind& kind, std::mt19937& random, std::uint64_t cap) {
  for (;;) {
    Puzzle puzzle = kind.next(random);
    if (const auto whole = countWithin(*makeSearch(puzzle), cap)) return {std::move(puzzle), *whole};
  }
}

using Met = std::vector<std::pair<std::vector<int>, bool>>;  // solutions in order, with their flags

// The solutions `search` meets to the end of its job, in random budgets, pausing now and then.
Met runToTheEnd(Search& search, std::mt19937& random) {
  static constexpr std::uint64_t kBudgets[] = {1, 2, 3, 50, 4096};
  Met met;
  const SolutionSink sink = [&](const Solution& s, bool representative) {
    met.emplace_back(test::solutionKey(s), representative);
    return random() % 4 != 0;
  };
  while (!search.advance(kBudgets[random() % std::size(kBudgets)], sink)) {
  }
  return met;
}

class Restart : public ::testing::TestWithParam<Kind> {
 protected:
  void SetUp() override { forced_.emplace(GetParam().variable, GetParam().value); }
  std::optional<test::ScopedEnv> forced_;
};

TEST_P(Restart, WithoutBulkCountsCountingSearchesTheNodesVisitingDoes) {
  std::mt19937 random(20261128);
  for (int trial = 0; trial < 40; ++trial) {
    const Puzzle puzzle = smallPuzzle(GetParam(), random, 50'000).first;
    const auto visiting = makeSearch(puzzle);
    const auto counting = makeSearch(puzzle);
    EXPECT_EQ(counting->countsInBulk(), GetParam().name.starts_with("packing")) << GetParam().name;
    if (counting->countsInBulk()) continue;
    while (!visiting->advance(1 + random() % 4096, [](const Solution&, bool) { return true; })) {
    }
    SolutionTally tally;
    while (!counting->advanceCounting(1 + random() % 4096, tally)) {
    }
    EXPECT_EQ(counting->nodes(), visiting->nodes()) << "trial " << trial;
  }
}

TEST_P(Restart, OneSearchRestartedOverASplitsJobsCountsTheWhole) {
  std::mt19937 random(20261127);
  int withSolutions = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const auto found = smallPuzzle(GetParam(), random, 50'000);
    const Puzzle& puzzle = found.first;
    const SolutionTally& whole = found.second;
    const SearchFactory make = [&puzzle] { return makeSearch(puzzle); };
    withSolutions += whole.solutions > 0 ? 1 : 0;
    for (const int wanted : {4, 30}) {
      std::vector<SplitJob> jobs = splitSearch(make, 0, wanted).jobs;
      std::shuffle(jobs.begin(), jobs.end(), random);
      const auto search = make();
      SolutionTally sum;
      for (const SplitJob& job : jobs) {
        search->restart(job.job);
        while (!search->advanceCounting(1 + random() % 64, sum)) {
        }
      }
      EXPECT_EQ(sum.solutions, whole.solutions) << "trial " << trial << ", " << jobs.size() << " jobs";
      EXPECT_EQ(sum.unique, whole.unique) << "trial " << trial << ", " << jobs.size() << " jobs";
    }
  }
  EXPECT_GT(withSolutions, 20);
}

// Leaves `search` in a random state: restarted on one of `jobs` and run a few steps of every
// kind, then maybe on to a later solution a budget of one at a time; or listing nodes, or
// finding a job's node, or run to its end. True when it stopped right after reporting a
// solution, unfinished, on a puzzle with symmetry (mostly with the solution's images pending).
bool disturb(Search& search, const std::vector<Job>& jobs, std::mt19937& random) {
  const Job& job = jobs[random() % jobs.size()];
  switch (random() % 6) {
    case 0:
      listNodes(search, 1 + static_cast<int>(random() % 3), 1 + random() % 20);
      return false;
    case 1:
      locateJob(search, job);
      return false;
    case 2:
      search.restart(job);
      runToTheEnd(search, random);
      return false;
    default:
      break;
  }
  search.restart(job);
  SolutionTally tally;
  for (auto steps = random() % 6; steps > 0 && !search.finished(); --steps) {
    switch (random() % 3) {
      case 0:
        search.advanceCounting(1 + random() % 8, tally);
        break;
      case 1:
        search.donate();
        break;
      default:
        search.advance(1 + random() % 3, [](const Solution&, bool) { return true; });
    }
  }
  if (random() % 3 == 0) return false;
  auto solutions = 1 + random() % 4;
  const SolutionSink sink = [&](const Solution&, bool) { return --solutions > 0; };
  for (int unit = 0; unit < 1000 && solutions > 0 && !search.finished(); ++unit) search.advance(1, sink);
  return solutions == 0 && !search.finished() && search.symmetryCount() > 1;
}

TEST_P(Restart, ARestartInAnyStateMeetsWhatAFreshSearchOfTheJobMeets) {
  std::mt19937 random(1127);
  int midReport = 0, compared = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const Puzzle puzzle = smallPuzzle(GetParam(), random, 20'000).first;
    const SearchFactory make = [&puzzle] { return makeSearch(puzzle); };
    std::vector<Job> jobs{Job{}};
    for (const SplitJob& j : splitSearch(make, 0, 12).jobs) jobs.push_back(j.job);
    const auto search = make();
    for (int round = 0; round < 6; ++round) {
      midReport += disturb(*search, jobs, random) ? 1 : 0;
      const Job& job = jobs[random() % jobs.size()];
      search->restart(job);
      const Met met = runToTheEnd(*search, random);
      const auto fresh = make();
      fresh->confine(job);
      ASSERT_EQ(met, runToTheEnd(*fresh, random)) << "trial " << trial << ", round " << round << ", job " << jobText(job);
      compared += met.empty() ? 0 : 1;
    }
  }
  EXPECT_GT(compared, 150);
  if (GetParam().name != "edge matching, propagation") {
    EXPECT_GT(midReport, 20) << "restarts while a solution's images were being reported";
  }
}

TEST_P(Restart, RepresentativesAloneAreTheFlaggedSolutions) {
  std::mt19937 random(96);
  int handedOver = 0, withClasses = 0;
  for (int trial = 0; trial < 80; ++trial) {
    const Puzzle puzzle = smallPuzzle(GetParam(), random, 20'000).first;
    Met flagged;
    for (const auto& [key, representative] : runToTheEnd(*makeSearch(puzzle), random))
      if (representative) flagged.emplace_back(key, true);
    const auto search = makeSearch(puzzle);
    Met met;
    // Sometimes advance() first, paused after a solution (its images mostly pending).
    if (random() % 2 == 0) {
      const SolutionSink first = [&](const Solution& s, bool representative) {
        if (representative) met.emplace_back(test::solutionKey(s), true);
        return false;
      };
      search->advance(1 + random() % 40, first);
      handedOver += met.empty() ? 0 : 1;
    }
    static constexpr std::uint64_t kBudgets[] = {1, 2, 3, 50, 4096};
    const SolutionSink sink = [&](const Solution& s, bool representative) {
      EXPECT_TRUE(representative);
      met.emplace_back(test::solutionKey(s), representative);
      return random() % 4 != 0;
    };
    while (!search->advanceRepresentatives(kBudgets[random() % std::size(kBudgets)], sink)) {
    }
    ASSERT_EQ(met, flagged) << "trial " << trial;
    withClasses += flagged.size() > 1 ? 1 : 0;
  }
  EXPECT_GT(withClasses, 10);
  EXPECT_GT(handedOver, 5);
}

INSTANTIATE_TEST_SUITE_P(EveryKind, Restart, ::testing::ValuesIn(kinds()),
                         [](const ::testing::TestParamInfo<Kind>& param) {
                           std::string name = param.param.name;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// Node fingerprints of the tree's first levels, and every solution in order.
struct Tree {
  std::vector<std::uint64_t> nodes;
  Met solutions;
  friend bool operator==(const Tree&, const Tree&) = default;
};

Tree treeOf(Search& search, std::mt19937& random) {
  Tree tree;
  const auto listed = listNodes(search, 2, SIZE_MAX);
  for (std::size_t k = 0; k < listed->size(); ++k) tree.nodes.push_back(listed->node(k));
  search.restart(Job{});
  tree.solutions = runToTheEnd(search, random);
  return tree;
}

// Where the estimates restrict another piece than the one of fewest orbits, a search built
// from settingsUsed() grows the first search's tree whatever its own estimate threshold says:
// it takes the piece given and chooses nothing.
TEST(SettingsUsed, RebuildsTheSameTreeWithoutChoosingAgain) {
  std::mt19937 random(2711);
  int differ = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const Puzzle puzzle{"random", "", test::randomCutBoard(random, 2, 3, 3 + trial % 3, 4, 6, false)};
    std::vector<int> restricted;  // with estimates, without
    for (const double threshold : {0.0, kNeverEstimate}) {
      SearchSettings settings;
      settings.estimateTreesAbove = threshold;
      settings.memoBytes = std::size_t{1} << 20;
      const auto first = makeSearch(puzzle, settings);
      SearchSettings used = first->settingsUsed();
      EXPECT_NE(used.restrictedType, SearchSettings::kChooseRestriction);
      restricted.push_back(used.restrictedType);
      EXPECT_EQ(used.memoBytes, settings.memoBytes);
      used.estimateTreesAbove = threshold == 0 ? kNeverEstimate : 0.0;  // the other choice, were it made
      const auto again = makeSearch(puzzle, used);
      EXPECT_EQ(again->settingsUsed().restrictedType, used.restrictedType);
      EXPECT_TRUE(treeOf(*again, random) == treeOf(*first, random)) << "trial " << trial;
    }
    differ += restricted[0] != restricted[1] ? 1 : 0;
  }
  EXPECT_GE(differ, 5) << "the test must meet puzzles whose estimates restrict another piece";
}

TEST(SettingsUsed, EverySearchGivesBackItsSettingsAndTheirTree) {
  std::mt19937 random(27);
  for (const Kind& kind : kinds()) {
    const test::ScopedEnv forced(kind.variable, kind.value);
    for (int trial = 0; trial < 10; ++trial) {
      const Puzzle puzzle = smallPuzzle(kind, random, 20'000).first;
      SearchSettings settings;
      settings.memoBytes = 12345;
      const auto first = makeSearch(puzzle, settings);
      const SearchSettings used = first->settingsUsed();
      EXPECT_EQ(used.memoBytes, settings.memoBytes) << kind.name;
      EXPECT_TRUE(treeOf(*makeSearch(puzzle, used), random) == treeOf(*first, random)) << kind.name << ", trial " << trial;
    }
  }
}

TEST(SettingsUsed, NoPieceRestrictedCountsAlikeAndAPieceThatCannotBeIsRefused) {
  const Puzzle soma = loadPuzzleFile(test::libraryFile("soma"));
  SearchSettings none;
  none.restrictedType = SearchSettings::kNoRestriction;
  const auto unrestricted = makeSearch(soma, none);
  EXPECT_EQ(unrestricted->settingsUsed().restrictedType, SearchSettings::kNoRestriction);
  const Counts counts = countAll(*unrestricted);
  EXPECT_EQ(counts.solutions, 11520u);
  EXPECT_EQ(counts.unique, 240u);
  SearchSettings wrong;
  wrong.restrictedType = 99;
  EXPECT_THROW(makeSearch(soma, wrong), std::invalid_argument);
}

// Pentominoes 6x10 counted in bulk: after a restart the job's subtrees are known to the memo
// (and its regions to the region table), so counting it again visits a handful of nodes.
TEST(RestartKeepsTheMemo, AJobCountedAgainVisitsAFewNodes) {
  const Puzzle puzzle = loadPuzzleFile(test::libraryFile("pentomino-6x10"));
  const SearchFactory make = [&puzzle] { return makeSearch(puzzle); };
  std::vector<Job> jobs{Job{}};
  for (const SplitJob& j : splitSearch(make, 0, 8).jobs) jobs.push_back(j.job);
  for (const Job& job : jobs) {
    const auto search = make();
    std::uint64_t visited[2] = {};
    SolutionTally counts[2];
    for (int pass = 0; pass < 2; ++pass) {
      search->restart(job);
      const std::uint64_t before = search->nodes();
      while (!search->advanceCounting(4096, counts[pass])) {
      }
      visited[pass] = search->nodes() - before;
    }
    EXPECT_EQ(counts[1].solutions, counts[0].solutions) << jobText(job);
    EXPECT_EQ(counts[1].unique, counts[0].unique) << jobText(job);
    EXPECT_GT(visited[0], 1000u) << jobText(job);
    EXPECT_LT(visited[1] * 20, visited[0]) << jobText(job) << ": " << visited[1] << " nodes again, " << visited[0] << " first";
  }
}

}  // namespace
}  // namespace pw
