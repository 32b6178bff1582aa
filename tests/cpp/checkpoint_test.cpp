// count --checkpoint's core (jobs/checkpoint_count.hpp, checkpoint_file.hpp): a count that
// writes a checkpoint, and one resumed from any prefix of it (cut at any byte, as a kill leaves
// it), ends with the exact counts; a file of another run, or that is no checkpoint, is refused
// by name and left as it was.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "jobs/checkpoint_count.hpp"
#include "jobs/fingerprint.hpp"
#include "parse/parse.hpp"
#include "search/count.hpp"
#include "search/search.hpp"
#include "test_support.hpp"

namespace pw {
namespace {

struct CountedPuzzle {
  Puzzle puzzle;
  SearchSettings used;
  CheckpointRun identity;
  Counts whole;
  SearchFactory make() const {
    return [this] { return makeSearch(puzzle, used); };
  }
};

std::unique_ptr<CountedPuzzle> runOf(const std::string& stem) {
  auto run = std::make_unique<CountedPuzzle>();
  run->puzzle = loadPuzzleFile(test::libraryFile(stem));
  const auto search = makeSearch(run->puzzle);
  run->used = search->settingsUsed();
  run->whole = countAll(*search);
  run->identity = {run->puzzle.name, puzzleFingerprint(run->puzzle), run->used.restrictedType, search->symmetryCount()};
  return run;
}

std::string scratchPath(const std::string& name) {
  return ::testing::TempDir() + "checkpoint-" + name + "-" + std::to_string(::getpid());
}

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

CheckpointedCount count(const CountedPuzzle& run, const std::string& path, int threads = 1, int jobs = kCheckpointJobs) {
  CountSettings settings;
  settings.threads = threads;
  return countWithCheckpoint(run.make(), run.identity, path, settings, jobs);
}

void expectWhole(const CountedPuzzle& run, const CheckpointedCount& c) {
  EXPECT_EQ(c.counts.solutions, run.whole.solutions);
  EXPECT_EQ(c.counts.unique, run.whole.unique);
  EXPECT_EQ(c.counts.symmetries, run.whole.symmetries);
}

// A whole checkpoint of 40 jobs for the puzzle, counted anew, and its bytes.
std::string writtenCheckpoint(const CountedPuzzle& run, const std::string& path) {
  std::remove(path.c_str());
  count(run, path, 1, 40);
  return test::readBytes(path);
}

// The file holds each of the split's jobs once, and nothing after its last whole line.
void expectEveryJobOnce(const std::string& path, int jobs) {
  const CheckpointFile file = readCheckpoint(path);
  ASSERT_TRUE(file.identity);
  std::set<int> indices;
  for (const CheckpointRecord& r : file.records) indices.insert(r.index);
  EXPECT_EQ(static_cast<int>(file.records.size()), jobs);
  EXPECT_EQ(static_cast<int>(indices.size()), jobs);
  EXPECT_EQ(test::readBytes(path).size(), file.wholeBytes);
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "";
}

TEST(Checkpoint, ACountWritesEveryJobOnceAndARunAgainCountsNothing) {
  for (const char* stem : {"soma", "frogs", "snake-3x3x4", "pentomino-6x10"}) {
    SCOPED_TRACE(stem);
    const auto run = runOf(stem);
    const std::string path = scratchPath(stem);
    std::remove(path.c_str());
    const CheckpointedCount first = count(*run, path, 2);
    expectWhole(*run, first);
    EXPECT_EQ(first.recorded, 0);
    EXPECT_GT(first.jobs, 1);
    expectEveryJobOnce(path, first.jobs);
    const std::string written = test::readBytes(path);
    const CheckpointedCount again = count(*run, path);
    expectWhole(*run, again);
    EXPECT_EQ(again.recorded, first.jobs);
    EXPECT_EQ(test::readBytes(path), written);
    std::remove(path.c_str());
  }
}

// A kill leaves any prefix of the file: every one resumes to the exact counts, and leaves a
// whole checkpoint (the torn line cut off, not glued to the next).
TEST(Checkpoint, ResumesFromTheFileCutAtAnyByte) {
  const auto run = runOf("soma");
  const std::string path = scratchPath("cut");
  const std::string full = writtenCheckpoint(*run, path);
  ASSERT_GT(full.size(), 600u);
  const std::size_t firstRecords = full.find('\n', full.find('\n', full.find('\n') + 1) + 1);
  for (std::size_t cut = 0; cut <= full.size(); cut += cut < firstRecords + 40 ? 1 : 53) {
    SCOPED_TRACE(cut);
    writeBytes(path, full.substr(0, cut));
    const CheckpointedCount resumed = count(*run, path, 1, 40);
    expectWhole(*run, resumed);
    expectEveryJobOnce(path, resumed.jobs);
  }
  std::remove(path.c_str());
}

TEST(Checkpoint, RefusesAnotherRunsCheckpointByNameAndLeavesItAlone) {
  const auto soma = runOf("soma");
  const std::string path = scratchPath("other");
  const std::string written = writtenCheckpoint(*soma, path);

  const auto pentominoes = runOf("pentomino-3x20");
  EXPECT_NE(errorOf([&] { count(*pentominoes, path, 1, 40); }).find("is the checkpoint of another puzzle (\"Soma cube\""),
            std::string::npos);
  CountedPuzzle restricted = *soma;
  restricted.used.restrictedType = SearchSettings::kNoRestriction;
  restricted.identity.restrictedType = SearchSettings::kNoRestriction;
  EXPECT_NE(errorOf([&] { count(restricted, path, 1, 40); })
                .find("a count with other settings (restricted piece type 3, where this count has no restricted piece)"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { count(*soma, path, 1, 400); }).find("another split of the tree"), std::string::npos);
  EXPECT_EQ(test::readBytes(path), written);
  std::remove(path.c_str());
}

TEST(Checkpoint, RefusesAFileThatIsNoCheckpointAndNeverWritesIt) {
  const auto run = runOf("soma");
  const std::string path = scratchPath("foreign");
  const std::string good = writtenCheckpoint(*run, path);
  const std::size_t second = good.find('\n') + 1, third = good.find('\n', second) + 1;
  const std::string record = good.substr(second, third - second);
  const std::pair<std::string, std::string> cases[] = {
      {"my notes, not a checkpoint", "line 1: it does not begin as a checkpoint does"},
      {"my notes\nsecond line\n", "line 1: not a JSON object"},
      {std::string(100000, 'x') + "\n", "line 1: longer than a checkpoint's lines"},
      {"{\"checkpoint\":\"piecewise count\",\"version\":2}\n", "line 1: version 2, where this piecewise writes version 1"},
      {good.substr(0, second) + record + record, "line 3: job 1 is there twice (also line 2)"},
      {good.substr(0, second) + "{\"index\":1,\"job\":\"9.9\",\"nodes\":1,\"solutions\":1,\"unique\":0}\n",
       "line 2: job 1 is"},
      {good.substr(0, second) + "{\"index\":1,\"job\":\"0\",\"nodes\":1,\"solutions\":1,\"unique\":2}\n",
       "line 2: job 1 of"},
  };
  for (const auto& [bytes, message] : cases) {
    SCOPED_TRACE(message);
    writeBytes(path, bytes);
    const std::string error = errorOf([&] { count(*run, path, 1, 40); });
    EXPECT_NE(error.find(message), std::string::npos) << error;
    EXPECT_LT(error.size(), 400u);
    EXPECT_EQ(test::readBytes(path), bytes);
  }
  std::remove(path.c_str());
}

TEST(Checkpoint, RefusesAFileAnotherCountIsWriting) {
  const auto run = runOf("soma");
  const std::string path = scratchPath("busy");
  const std::string written = writtenCheckpoint(*run, path);
  {
    const CheckpointWriter other(path);
    EXPECT_NE(errorOf([&] { count(*run, path, 1, 40); }).find("is being written by another count running now"),
              std::string::npos);
  }
  expectWhole(*run, count(*run, path, 1, 40));
  EXPECT_EQ(test::readBytes(path), written);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace pw
