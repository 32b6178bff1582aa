// The conformance test every search must pass to be cut into jobs (jobs/job_scope.hpp):
// for each library puzzle small enough to count many times, and each search that can run
// it (both exact-cover engines for packing),
//   - splitting is deterministic, and for several sizes of split the union of the jobs'
//     solutions is exactly the whole search's, as a multiset, with the same
//     representative flags; every job's node can be found again from its text;
//   - a search that gives work away every few slices (and whose parts give work away in
//     turn) loses and doubles nothing;
//   - counting on a pool of threads gives the whole search's counts and nodes;
//   - the hooks are really honoured, so that a search ignoring them cannot pass by listing
//     one job "root": a cut at depth d lists nothing deeper than d, a solution's path leads
//     back to it (the job of that path finds it, and finds less than the whole), every
//     step's branch is below its node's branch count, and a search that runs long enough
//     gives work away when asked.
// A new search joins by being listed in `variants()`; a new packing engine is run forced by
// name. The default choice is not run on its own: it is one of the named engines, picked by the
// board's size alone (packing_search.cpp, makeEngine), so it would repeat one of their runs.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>

#include "jobs/fingerprint.hpp"
#include "jobs/parallel_count.hpp"
#include "jobs/split.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

// Too slow to count a dozen times in every test run (the bench counts them on threads).
const std::vector<std::string> kTooSlow = {"tetris-cube",        "tropical-fish-any", "t-tetracubes-6x6x6",
                                           "pentomino-5x12",     "pentomino-6x10",    "snake-4x4x4-random",
                                           "snake-king-4x4x4",   "macmahon-4x6",      "bedlam-cube"};

struct Variant {
  std::string file;
  std::string engine;  // PIECEWISE_ENGINE: an engine named for packing, empty for the other kinds
  bool packing = false;
};

void PrintTo(const Variant& v, std::ostream* out) {
  *out << std::filesystem::path(v.file).filename().string()
       << (v.packing ? " with " + v.engine : std::string());
}

// Solution -> {times found, times found as representative}.
using Tally = std::map<std::vector<int>, std::array<std::uint64_t, 2>>;

void add(Tally& into, const Tally& from) {
  for (const auto& [key, n] : from) {
    into[key][0] += n[0];
    into[key][1] += n[1];
  }
}

SolutionSink tallying(Tally& tally) {
  return [&tally](const Solution& s, bool representative) {
    auto& n = tally[test::solutionKey(s)];
    ++n[0];
    if (representative) ++n[1];
    return true;
  };
}

Tally runJob(const SearchFactory& make, const Job& job) {
  Tally tally;
  auto search = make();
  search->confine(job);
  const SolutionSink sink = tallying(tally);
  while (!search->advance(1000, sink)) {
  }
  return tally;
}

std::uint64_t total(const Tally& t, int which) {
  std::uint64_t n = 0;
  for (const auto& [key, c] : t) n += c[which];
  return n;
}

class JobConformance : public ::testing::TestWithParam<Variant> {
 protected:
  void SetUp() override {
    engine_.emplace("PIECEWISE_ENGINE", GetParam().engine);
    puzzle_ = loadPuzzleFile(GetParam().file);
    make_ = [this] { return makeSearch(puzzle_); };
    whole_ = runJob(make_, Job{});
    ASSERT_GT(total(whole_, 0), 0u);
    auto search = make_();
    wholeNodes_ = countAll(*search).nodes;
  }

  std::optional<test::ScopedEnv> engine_;
  Puzzle puzzle_;
  SearchFactory make_;
  Tally whole_;
  std::uint64_t wholeNodes_ = 0;
};

TEST_P(JobConformance, SplitsAreDeterministicAndTheirJobsHoldEverySolutionOnce) {
  const std::uint64_t fingerprint = puzzleFingerprint(puzzle_);
  for (const int wanted : {3, 40, 300}) {
    const Split split = splitSearch(make_, fingerprint, wanted);
    const Split again = splitSearch(make_, fingerprint, wanted);
    EXPECT_EQ(split.id, again.id);
    ASSERT_EQ(split.jobs.size(), again.jobs.size());
    Tally united;
    for (std::size_t i = 0; i < split.jobs.size(); ++i) {
      const SplitJob& job = split.jobs[i];
      EXPECT_EQ(job.job, again.jobs[i].job);
      EXPECT_EQ(parseJob(jobText(job.job)), job.job);
      EXPECT_EQ(locateJob(make_, job.job), std::optional<std::uint64_t>(job.node)) << jobText(job.job);
      add(united, runJob(make_, job.job));
    }
    EXPECT_EQ(united, whole_) << wanted << " jobs wanted, " << split.jobs.size() << " listed";
    // About as many as wanted, when the tree has that many parts.
    if (split.jobs.size() < static_cast<std::size_t>(wanted)) {
      const auto leaves = listNodes(make_, 64, SIZE_MAX);
      ASSERT_TRUE(leaves);
      EXPECT_LE(leaves->size(), split.jobs.size()) << "fewer jobs than wanted although the tree has more parts";
    }
    EXPECT_LE(split.jobs.size(), static_cast<std::size_t>(2 * wanted + 64));
  }
}

TEST_P(JobConformance, GivingWorkAwayMidRunLosesAndDoublesNothing) {
  // Every part gives work away after every third slice of a few nodes, and so do the
  // parts it gave away, up to a bound on the number of parts.
  std::deque<Job> parts{Job{}};
  Tally united;
  int given = 0;
  while (!parts.empty()) {
    const Job job = parts.front();
    parts.pop_front();
    auto search = make_();
    search->confine(job);
    const SolutionSink sink = tallying(united);
    double last = 0;
    for (int slice = 1; !search->advance(23, sink); ++slice) {
      for (const Step& step : search->path()) {
        EXPECT_GE(step.branch, 0);
        EXPECT_LT(step.branch, step.branches);
      }
      const double now = search->fractionDone();
      EXPECT_GE(now, 0.0);
      EXPECT_LE(now, 1.0);
      last = now;
      if (slice % 3 == 0 && given < 300) {
        if (auto donation = search->donate()) {
          EXPECT_GT(donation->share, 0.0);
          EXPECT_LT(donation->share, 1.0);
          EXPECT_FALSE(donation->job == job);
          parts.push_back(donation->job);
          ++given;
        }
      }
    }
    EXPECT_EQ(search->fractionDone(), 1.0);
    (void)last;
  }
  EXPECT_EQ(united, whole_) << given << " parts given away";
  // A search of this size has untried branches on its path at some of the ~40 times it was
  // asked; one that never gives any away would leave every other thread idle.
  if (wholeNodes_ >= 3000) {
    EXPECT_GT(given, 0) << wholeNodes_ << " nodes and no work given away";
  }
}

// A donor that dies after giving work away is searched again as its job with the given-away
// jobs left out (the page's rerun): that meets exactly the donor's solutions, in its order.
TEST_P(JobConformance, ADonorsJobLessWhatItGaveMeetsItsSolutionsInOrder) {
  auto donor = make_();
  std::vector<std::vector<int>> met;
  std::vector<Job> given;
  for (int slice = 1; !donor->advance(37, [&](const Solution& s, bool) {
         met.push_back(test::solutionKey(s));
         return true;
       });
       ++slice)
    if (slice % 3 == 0 && given.size() < 5)
      if (auto d = donor->donate()) given.push_back(d->job);
  auto again = make_();
  std::vector<std::vector<int>> rerun;
  while (!again->advance(1000, [&](const Solution& s, bool) {
    const std::vector<Step> path = again->path();
    if (std::none_of(given.begin(), given.end(), [&](const Job& j) { return jobHolds(j, path); })) rerun.push_back(test::solutionKey(s));
    return true;
  })) {
  }
  EXPECT_EQ(rerun, met) << given.size() << " jobs given away";
  if (wholeNodes_ >= 3000) {
    EXPECT_FALSE(given.empty());
  }
}

TEST_P(JobConformance, ACutListsNothingBelowIt) {
  for (int depth = 1; depth <= 3; ++depth) {
    const auto nodes = listNodes(make_, depth, SIZE_MAX);
    ASSERT_TRUE(nodes);
    ASSERT_GT(nodes->size(), 0u);
    for (std::size_t k = 0; k < nodes->size(); ++k) EXPECT_LE(nodes->depth(k), depth) << "cut at " << depth;
  }
  // The tree is more than a root with solutions under it: some node sits at depth 1 or below.
  const auto top = listNodes(make_, 1, SIZE_MAX);
  ASSERT_TRUE(top);
  EXPECT_GE(top->size(), 1u);
  EXPECT_EQ(top->depth(0), 1) << "the first node listed at depth 1 is at depth " << top->depth(0);
}

TEST_P(JobConformance, ASolutionsPathLeadsBackToIt) {
  // The paths of up to a dozen solutions spread over the search, as the search reports them.
  const std::uint64_t solutions = total(whole_, 0);
  const std::uint64_t every = std::max<std::uint64_t>(1, solutions / 12);
  std::vector<std::pair<std::vector<int>, Job>> sampled;
  auto search = make_();
  std::uint64_t seen = 0;
  const SolutionSink sink = [&](const Solution& solution, bool) {
    if (seen++ % every != 0) return true;
    const std::vector<Step> path = search->path();
    EXPECT_FALSE(path.empty()) << "a solution reported at the root: the search does not trace its path";
    Job job;
    for (const Step& step : path) job.levels.push_back({step.branch, step.branch});
    sampled.emplace_back(test::solutionKey(solution), std::move(job));
    return true;
  };
  while (!search->advance(1000, sink)) {
  }
  ASSERT_FALSE(sampled.empty());
  for (const auto& [solution, job] : sampled) {
    const Tally found = runJob(make_, job);
    EXPECT_TRUE(found.count(solution)) << "job " << jobText(job) << " of a solution's path does not find it";
    if (whole_.size() > found.size()) continue;
    // The job of one leaf holds the whole tree's solutions only when they are all one leaf's
    // images: then the whole search has a single solution node.
    EXPECT_EQ(listNodes(make_, 64, SIZE_MAX)->size(), 1u) << "job " << jobText(job) << " finds every solution";
  }
}

TEST_P(JobConformance, AThreadPoolCountsWhatOneSearchCounts) {
  // Nodes add up exactly only without the packing memo: with it, each part skips what its
  // own memo has seen.
  const SearchFactory memoless = [this] { return makeSearch(puzzle_, SearchSettings{0}); };
  for (const SearchFactory* make : {static_cast<const SearchFactory*>(&make_), &memoless}) {
    auto search = (*make)();
    const Counts one = countAll(*search);
    for (const int threads : {2, 3}) {
      CountSettings settings;
      settings.threads = threads;
      const JobCount many = countJob(*make, Job{}, settings);
      EXPECT_EQ(many.counts.solutions, one.solutions);
      EXPECT_EQ(many.counts.unique, one.unique);
      if (make == &memoless) {
        EXPECT_EQ(many.counts.nodes, one.nodes) << many.parts << " parts";
      }
      EXPECT_EQ(many.counts.symmetries, one.symmetries);
    }
  }
}

std::vector<Variant> variants() {
  std::vector<Variant> out;
  for (const std::string& f : test::libraryFiles()) {
    const std::string stem = std::filesystem::path(f).filename().string();
    const std::string name = stem.substr(0, stem.size() - 12);
    if (std::find(kTooSlow.begin(), kTooSlow.end(), name) != kTooSlow.end()) continue;
    const Puzzle p = loadPuzzleFile(f);
    if (std::holds_alternative<PackingPuzzle>(p.body)) {
      for (const char* engine : {"dlx", "bits"}) out.push_back({f, engine, true});
    } else {
      out.push_back({f, "", false});
    }
  }
  // No library puzzle small enough has distinct tiles that do not turn: the propagation
  // search (edge/propagation_search.hpp) joins with one of the test data.
  out.push_back({std::string(PIECEWISE_TEST_DATA_DIR) + "/rotations-off-5x5.puzzle.json", "", false});
  return out;
}

// Listing a depth of the tree takes each leaf once: a leaf's other solutions (its images, its
// expansions into the faces of tiles alike) are skipped, not reported one by one. Tiles alike
// but for their faces are one arrangement of n! solutions: with 16 of them (2e13) a split that
// reported every one never ended, and the page's prepare() froze its worker. Eight (8! =
// 40,320) keep the old behaviour measurable.
TEST(SplitListing, TakesEachLeafOnceHoweverManySolutionsItStandsFor) {
  const Puzzle eight = test::facesOnly(8);
  std::uint64_t reports = 0;
  const SearchFactory counted = [&] { return std::make_unique<test::ReportCounting>(makeSearch(eight), reports); };
  const Split split = splitSearch(counted, puzzleFingerprint(eight), 64);
  ASSERT_GE(split.jobs.size(), 1u);
  // Finding a job's node again walks the tree the same way.
  EXPECT_EQ(locateJob(counted, split.jobs.back().job), std::optional<std::uint64_t>(split.jobs.back().node));
  EXPECT_LE(reports, 64u);
  // The jobs hold the 8! solutions, each once.
  std::uint64_t solutions = 0;
  for (const SplitJob& j : split.jobs) {
    const auto search = makeSearch(eight);
    search->restart(j.job);
    SolutionTally tally;
    while (!search->advanceCounting(1u << 16, tally)) {
    }
    solutions += tally.solutions;
  }
  EXPECT_EQ(solutions, 40320u);
}

// A listing takes the same leaves however its search's calls are cut: the edge-matching search
// spends its budget on nodes and reports alike, so a call can end on the node that completes a
// solution before reporting it, and that leaf must not be skipped as if it had been listed.
TEST(SplitListing, TakesTheSameLeavesWhateverTheBudgetOfACall) {
  std::vector<Puzzle> puzzles{test::facesOnly(6)};
  for (const std::string& f : test::libraryFiles())
    for (const char* name : {"macmahon-2-colour-2x3", "soma", "snake-3x3x4"})
      if (std::filesystem::path(f).filename().string() == std::string(name) + ".puzzle.json") puzzles.push_back(loadPuzzleFile(f));
  ASSERT_EQ(puzzles.size(), 4u);
  for (const Puzzle& puzzle : puzzles) {
    std::uint64_t reports = 0;
    // Deeper than any leaf: the whole tree's solutions, one entry per leaf.
    const std::optional<NodeList> whole = listNodes(*makeSearch(puzzle), 1000, 100'000);
    test::ReportCounting oneNodeACall(makeSearch(puzzle), reports, 1);
    const std::optional<NodeList> cut = listNodes(oneNodeACall, 1000, 100'000);
    ASSERT_TRUE(whole && cut) << puzzle.name;
    EXPECT_GT(whole->size(), 0u) << puzzle.name;
    ASSERT_EQ(cut->size(), whole->size()) << puzzle.name;
    for (std::size_t k = 0; k < whole->size(); ++k) EXPECT_EQ(cut->node(k), whole->node(k)) << puzzle.name << " leaf " << k;
  }
}

INSTANTIATE_TEST_SUITE_P(Library, JobConformance, ::testing::ValuesIn(variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) {
                           std::string name = std::filesystem::path(param.param.file).filename().string();
                           name = name.substr(0, name.size() - 12);
                           if (param.param.packing)
                             name += "_" + param.param.engine;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace pw
