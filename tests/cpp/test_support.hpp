// Helpers shared by the C++ tests: the puzzle library on disk and running searches to the end.
// The notes' expected counts come from the core (parse/expected_counts.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/cover_engine.hpp"
#include "model/puzzle.hpp"
#include "model/solution.hpp"
#include "parse/expected_counts.hpp"
#include "search/search.hpp"

namespace pw::test {

// The whole content of a file (empty when it cannot be read).
std::string readBytes(const std::string& path);

// Paths of every *.puzzle.json in the library, sorted.
std::vector<std::string> libraryFiles();
std::string libraryFile(const std::string& stem);  // "soma" -> ".../puzzles/soma.puzzle.json"

struct RunResult {
  std::uint64_t solutions = 0;
  std::uint64_t unique = 0;
  int symmetries = 0;
  std::vector<std::string> checkerFailures;  // one message per failing solution (capped)
  std::vector<Solution> kept;                // the first `keep` solutions
};

// Runs the whole search with small node budgets (exercising resumption), checks every
// solution with the independent checker, and keeps the first `keep` solutions.
// A solution as numbers: equal exactly when the solutions are.
std::vector<int> solutionKey(const Solution& solution);

// The first solution the search finds (the search stops there); nullopt if there is none.
std::optional<Solution> firstSolution(const Puzzle& puzzle);

// Counts with a sink that pauses the search after every solution, so that each one is
// reported across a pause and resume (e.g. in the middle of expanding a solution's images).
ExpectedCounts countPausingAfterEachSolution(const Puzzle& puzzle);

// Cells as a document writes them: [[x,y],...] in the plane, [[x,y,z],...] in space.
std::string cellsJson(const std::vector<Cell>& cells, int dimensions);

// A random connected polyomino (dimensions 2) or polycube (3) of `cells` cells, normalized.
std::vector<Cell> randomShape(std::mt19937& random, int cells, int dimensions);

// An x*y*z box cut into pieces of `smallest` to `largest` cells (fewer where a piece is
// hemmed in), grown from random seeds through face neighbours. With `jumps`, a piece grows
// one time in three by a free cell anywhere in the box, so that its cells need not touch (a
// BurrTools shape may be two blocks).
PackingPuzzle randomCutBoard(std::mt19937& random, int x, int y, int z, int smallest, int largest, bool jumps);

// Sets an environment variable for the life of the object (restoring what was there).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value.empty()) unsetenv(name);
    else setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The PuzzleError message for `document` (any bytes), or "(accepted)".
std::string parseErrorOf(const std::string& document);

RunResult runAndCheck(const Puzzle& puzzle, std::size_t keep = 0, std::uint64_t budget = 4096);

// A bulk counter that takes every count an engine hands over (CoverEngine::Bulk), whatever the
// root option: for engines searched without a root type.
class BulkTally final : public CoverEngine::Bulk {
 public:
  bool allowed(int) const override { return true; }
  void tally(int, std::uint64_t count) override { total += count; }
  std::uint64_t total = 0;
};

// A search that counts the solutions its inner search reports (advanceCounting() included,
// which goes through advance()): what a caller made it visit. `mostNodes` caps each advance()'s
// budget, so that calls end anywhere, a leaf reached on the budget's last unit included.
class ReportCounting final : public Search {
 public:
  ReportCounting(std::unique_ptr<Search> inner, std::uint64_t& reports, std::uint64_t mostNodes = UINT64_MAX)
      : inner_(std::move(inner)), reports_(reports), mostNodes_(mostNodes) {}
  bool advance(std::uint64_t nodeBudget, const SolutionSink& sink) override {
    return inner_->advance(std::min(nodeBudget, mostNodes_), [&](const Solution& s, bool representative) {
      ++reports_;
      return sink(s, representative);
    });
  }
  void skipPending() override { inner_->skipPending(); }
  std::uint64_t nodes() const override { return inner_->nodes(); }
  SearchSettings settingsUsed() const override { return inner_->settingsUsed(); }
  void restart(const Job& job) override { inner_->restart(job); }
  int symmetryCount() const override { return inner_->symmetryCount(); }
  JobScope& scope() override { return inner_->scope(); }
  const JobScope& scope() const override { return inner_->scope(); }
  void tracePath(std::vector<Step>& out) const override { inner_->tracePath(out); }
  bool finished() const override { return inner_->finished(); }

 private:
  std::unique_ptr<Search> inner_;
  std::uint64_t& reports_;
  std::uint64_t mostNodes_;
};

// `tiles` tiles alike but for their faces, on a 2-row board, not turning: one arrangement that
// stands for tiles! solutions, each its own class.
Puzzle facesOnly(int tiles);

}  // namespace pw::test
