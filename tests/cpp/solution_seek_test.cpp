// Solutions by number (jobs/solution_seek.hpp): solution k found by counting the parts before it
// is the k-th solution a search from the root meets, raw and among representatives, for every
// kind of puzzle and from any job of a split; the positions it reports are the ones it has there;
// its counts of a job run to the end are the job's.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "format/render.hpp"
#include "jobs/fingerprint.hpp"
#include "jobs/solution_seek.hpp"
#include "jobs/split.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

struct Met {
  std::string key;  // the solution as JSON: equal exactly when the solutions are
  bool representative = false;
};

// Every solution of the search that `make` builds (confined to `job`), in the order it meets them.
std::vector<Met> everySolution(const Puzzle& puzzle, const SearchFactory& make, const Job& job = {}) {
  std::unique_ptr<Search> search = make();
  search->confine(job);
  std::vector<Met> out;
  while (!search->advance(1u << 16, [&](const Solution& s, bool representative) {
    out.push_back({solutionToJson(puzzle, s).dump(), representative});
    return true;
  })) {
  }
  return out;
}

std::uint64_t kindCount(const SolutionTally& t, bool unique) { return unique ? t.unique : t.solutions; }

struct Found {
  std::string key;
  SolutionTally before;
};

std::vector<Found> seek(const Puzzle& puzzle, JobRunner& runner, const Job& job, std::uint64_t skip, bool unique,
                        std::size_t limit, SeekTally* tally = nullptr) {
  std::vector<Found> out;
  const SeekTally t = seekSolutions(runner, job, skip, unique, [&](const Solution& s, bool representative, const SolutionTally& before) {
    EXPECT_TRUE(!unique || representative);
    out.push_back({solutionToJson(puzzle, s).dump(), before});
    return out.size() < limit;
  });
  if (tally) *tally = t;
  return out;
}

class SeekLibrary : public testing::TestWithParam<std::string> {};

// Far enough apart to take the counted path (kVisitBelow) in the larger ones.
std::vector<std::uint64_t> picks(std::uint64_t n) {
  std::vector<std::uint64_t> out = {0, 1, n / 3, n / 2, n - 2, n - 1, kVisitBelow, kVisitBelow + 7, 3 * kVisitBelow + 1};
  std::erase_if(out, [&](std::uint64_t k) { return k >= n; });
  return out;
}

TEST_P(SeekLibrary, SolutionKIsTheKthOfTheWholeSearchRawAndUnique) {
  const Puzzle puzzle = parsePuzzle(test::readBytes(test::libraryFile(GetParam())));
  const SearchSettings settings = makeSearch(puzzle)->settingsUsed();
  const SearchFactory make = [&] { return makeSearch(puzzle, settings); };
  const std::vector<Met> all = everySolution(puzzle, make);
  ASSERT_FALSE(all.empty());
  JobRunner runner(make);
  for (const bool unique : {false, true}) {
    std::vector<std::size_t> index;  // of the kind wanted, in order: their positions in `all`
    for (std::size_t i = 0; i < all.size(); ++i)
      if (!unique || all[i].representative) index.push_back(i);
    for (const std::uint64_t k : picks(index.size())) {
      SCOPED_TRACE(std::string(unique ? "unique " : "raw ") + std::to_string(k));
      const std::vector<Found> got = seek(puzzle, runner, Job{}, k, unique, 3);
      ASSERT_EQ(got.size(), std::min<std::size_t>(3, index.size() - k));
      for (std::size_t j = 0; j < got.size(); ++j) {
        const std::size_t at = index[k + j];
        EXPECT_EQ(got[j].key, all[at].key);
        // Its position: the solutions before it, and the representatives before it.
        EXPECT_EQ(got[j].before.solutions, at);
        EXPECT_EQ(got[j].before.unique,
                  static_cast<std::uint64_t>(std::count_if(all.begin(), all.begin() + static_cast<long>(at),
                                                           [](const Met& m) { return m.representative; })));
      }
    }
  }
  // The same on threads: the solutions before it counted job by job on three threads.
  for (const bool unique : {false, true}) {
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < all.size(); ++i)
      if (!unique || all[i].representative) index.push_back(i);
    for (const std::uint64_t k : picks(index.size())) {
      SCOPED_TRACE(std::string(unique ? "on threads, unique " : "on threads, raw ") + std::to_string(k));
      std::vector<Found> got;
      const SeekTally t = seekSolutionsOnThreads(runner, make, k, unique, 3, [&](const Solution& s, bool, const SolutionTally& before) {
        got.push_back({solutionToJson(puzzle, s).dump(), before});
        return got.size() < 3;
      });
      ASSERT_EQ(got.size(), std::min<std::size_t>(3, index.size() - k));
      EXPECT_EQ(t.stopped, got.size() == 3);
      for (std::size_t j = 0; j < got.size(); ++j) {
        EXPECT_EQ(got[j].key, all[index[k + j]].key);
        EXPECT_EQ(got[j].before.solutions, index[k + j]);
      }
    }
  }
  // Past the last one: nothing, and the counts of the whole search, on threads too.
  EXPECT_EQ(seekSolutionsOnThreads(runner, make, all.size() + 5, false, 3, [](const Solution&, bool, const SolutionTally&) { return true; }).met.solutions, all.size());
  SeekTally tally;
  EXPECT_TRUE(seek(puzzle, runner, Job{}, all.size(), false, 1, &tally).empty());
  EXPECT_FALSE(tally.stopped);
  EXPECT_EQ(tally.met.solutions, all.size());
  EXPECT_EQ(tally.met.unique,
            static_cast<std::uint64_t>(std::count_if(all.begin(), all.end(), [](const Met& m) { return m.representative; })));
}

INSTANTIATE_TEST_SUITE_P(Library, SeekLibrary,
                         testing::Values("soma", "pentomino-6x10", "pentomino-8x8-centre", "frogs", "tropical-fish",
                                         "macmahon-2-colour-border-3x3", "snake-3x3x4", "infuriater"),
                         [](const testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// Inside each job of a split: position k of the job is its k-th solution, and a seek run to the
// job's end counts the job.
TEST(Seek, WithinEveryJobOfASplit) {
  const Puzzle puzzle = parsePuzzle(test::readBytes(test::libraryFile("soma")));
  const SearchSettings settings = makeSearch(puzzle)->settingsUsed();
  const SearchFactory make = [&] { return makeSearch(puzzle, settings); };
  const Split split = splitSearch(make, puzzleFingerprint(puzzle), 24);
  JobRunner runner(make);
  std::size_t total = 0;
  for (const SplitJob& j : split.jobs) {
    const std::vector<Met> inJob = everySolution(puzzle, make, j.job);
    total += inJob.size();
    const SolutionTally counted = runner.count(j.job);
    EXPECT_EQ(counted.solutions, inJob.size());
    for (const std::uint64_t k : picks(inJob.size())) {
      const std::vector<Found> got = seek(puzzle, runner, j.job, k, false, 1);
      ASSERT_EQ(got.size(), 1u);
      EXPECT_EQ(got[0].key, inJob[k].key) << jobText(j.job) << " position " << k;
      EXPECT_EQ(got[0].before.solutions, k);
    }
  }
  EXPECT_EQ(total, 11520u);
}

// Random cut boards with a few thousand solutions: the counted path's descent into parts, on
// both engines.
TEST(Seek, RandomBoardsBothEngines) {
  std::mt19937 random(20261127);
  struct Shape {
    int x, y, z, smallest, largest;
  };
  const Shape shapes[] = {{4, 4, 1, 2, 3}, {5, 4, 1, 2, 4}, {3, 3, 2, 2, 3}};
  int checked = 0;
  for (int trial = 0; trial < 30 && checked < 6; ++trial) {
    const Shape& b = shapes[trial % 3];
    const Puzzle puzzle{"random board", "", test::randomCutBoard(random, b.x, b.y, b.z, b.smallest, b.largest, false)};
    for (const char* engine : {"bits", "dlx"}) {
      const test::ScopedEnv env("PIECEWISE_ENGINE", engine);
      const SearchSettings settings = makeSearch(puzzle)->settingsUsed();
      const SearchFactory make = [&] { return makeSearch(puzzle, settings); };
      JobRunner runner(make);
      const std::uint64_t count = runner.count(Job{}).solutions;
      if (count < 2 * kVisitBelow || count > 20'000) break;
      ++checked;
      const std::vector<Met> all = everySolution(puzzle, make);
      ASSERT_EQ(all.size(), count);
      for (const std::uint64_t k : picks(all.size())) {
        const std::vector<Found> got = seek(puzzle, runner, Job{}, k, false, 2);
        ASSERT_FALSE(got.empty());
        EXPECT_EQ(got[0].key, all[k].key) << engine << " " << k << " of " << all.size();
      }
    }
  }
  EXPECT_GE(checked, 4) << "too few random boards had enough solutions to take the counted path";
}

// What a seek costs, in nodes searched (listings included) against a count of the whole search:
// about the count of the solutions before the one wanted. Dominoes on a 5x8 board make the case
// that needs it: one level down the tree has two parts, most of it in one, which a seek that
// counted a part to its end before searching it again part by part would count twice.
TEST(Seek, CostsAboutTheCountOfTheSolutionsBeforeIt) {
  const Puzzle puzzle = parsePuzzle(
      R"({"format":"piecewise/1","name":"dominoes","kind":"packing","board":{"shape":["########","########","########","########","########"]},"pieces":[{"name":"d","shape":["##"],"count":20}]})");
  const SearchSettings settings = makeSearch(puzzle)->settingsUsed();
  const SearchFactory make = [&] { return makeSearch(puzzle, settings); };
  JobRunner counter(make);
  const SolutionTally all = counter.count(Job{});
  const std::uint64_t countNodes = counter.search().nodes();
  ASSERT_EQ(all.solutions, 14824u);
  ASSERT_EQ(all.unique, 3818u);
  for (const bool unique : {false, true}) {
    SCOPED_TRACE(unique ? "unique" : "raw");
    const std::uint64_t n = kindCount(all, unique);
    ASSERT_GE(n / 4, kVisitBelow);  // the counted path
    JobRunner early(make), last(make);
    EXPECT_EQ(seek(puzzle, early, Job{}, n / 4, unique, 1).size(), 1u);
    EXPECT_LT(early.search().nodes(), countNodes / 2) << "a solution a quarter of the way";
    EXPECT_EQ(seek(puzzle, last, Job{}, n - 1, unique, 1).size(), 1u);
    EXPECT_LT(last.search().nodes(), countNodes * 5 / 4) << "the last solution";
  }
}

// On threads too: where the tree is too narrow to split (one leaf of tiles alike but for their
// faces, 10! = 3,628,800 solutions), counting its one job whole before seeking within it would
// cost every solution; the seek counts only up to the one wanted, as on one thread.
TEST(Seek, OnThreadsATreeTooNarrowToSplitCountsOnlyUpToTheSolution) {
  const Puzzle faces = test::facesOnly(10);
  std::uint64_t reports = 0, reportsAlone = 0;
  const SearchFactory make = [&] { return std::make_unique<test::ReportCounting>(makeSearch(faces), reports); };
  const SearchFactory makeAlone = [&] { return std::make_unique<test::ReportCounting>(makeSearch(faces), reportsAlone); };
  JobRunner runner(make), alone(makeAlone);
  const std::uint64_t skip = 5 * kVisitBelow;
  std::vector<std::vector<int>> got, expected;
  seekSolutionsOnThreads(runner, make, skip, false, 2, [&](const Solution& s, bool, const SolutionTally& before) {
    EXPECT_EQ(before.solutions, skip + got.size());
    got.push_back(test::solutionKey(s));
    return got.size() < 2;
  });
  seekSolutions(alone, Job{}, skip, false, [&](const Solution& s, bool, const SolutionTally&) {
    expected.push_back(test::solutionKey(s));
    return expected.size() < 2;
  });
  EXPECT_EQ(got, expected);
  ASSERT_EQ(got.size(), 2u);
  // What one thread visits (counting in slices past the solution), not the job's 10!.
  EXPECT_LE(reports, 2 * reportsAlone + 64);
  EXPECT_LT(reportsAlone, 100'000u);
}

// Where the split's jobs each hold far more solutions than the one sought (8x8 dominoes,
// 12,988,816 tilings in 128 jobs, about 100,000 each), the threads count each job only until it
// holds more than those before the solution, not whole: about what one thread costs. (On 10x10
// dominoes a job holds about a billion: counted whole, solution 1,000 never came.)
TEST(Seek, OnThreadsJobsAreCountedOnlyPastTheSolution) {
  const Puzzle puzzle = parsePuzzle(
      R"({"format":"piecewise/1","name":"dominoes","kind":"packing","board":{"shape":["########","########","########","########","########","########","########","########"]},"pieces":[{"name":"d","shape":["##"],"count":32}]})");
  const SearchSettings settings = makeSearch(puzzle)->settingsUsed();
  std::uint64_t reports = 0, reportsAlone = 0;
  const SearchFactory make = [&] { return std::make_unique<test::ReportCounting>(makeSearch(puzzle, settings), reports); };
  const SearchFactory makeAlone = [&] { return std::make_unique<test::ReportCounting>(makeSearch(puzzle, settings), reportsAlone); };
  JobRunner runner(make), alone(makeAlone);
  const std::uint64_t skip = 2 * kVisitBelow;
  std::vector<std::vector<int>> got, expected;
  seekSolutionsOnThreads(runner, make, skip, false, 2, [&](const Solution& s, bool, const SolutionTally& before) {
    EXPECT_EQ(before.solutions, skip);
    got.push_back(test::solutionKey(s));
    return false;
  });
  seekSolutions(alone, Job{}, skip, false, [&](const Solution& s, bool, const SolutionTally&) {
    expected.push_back(test::solutionKey(s));
    return false;
  });
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got, expected);
  EXPECT_LE(reports, 4 * reportsAlone + 4 * 4096);
  EXPECT_LT(reports, 50'000u);
}

}  // namespace
}  // namespace pw
