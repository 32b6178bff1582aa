// A page worker's search of one document (bound as the Embind class `Session`): built once, then
// restarted on each job (task) of a run, its memo warm from one to the next
// (jobs/solution_seek.hpp). A task's solutions are visited (and kept for take()) as long as the
// page wants them, then counted in bulk. seek() finds solutions by number for the solution
// browser. When the document asks for disassembly (`"disassemble": true`), every representative
// is taken apart as the search meets it (disassembly/, as `count --disassemble` does): the task
// counts those that come apart, and each solution kept carries its verdict and level.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "disassembly/disassembler.hpp"
#include "jobs/solution_seek.hpp"
#include "model/puzzle.hpp"
#include "search/search.hpp"

namespace pw::wasm {

// Which solutions a Session keeps for take() while it visits them, and which seek() reports;
// counting covers them all. Bound as the Embind enum `Collect`, so TypeScript uses these very
// values. ComeApart: the representatives that come apart (a document that asks for disassembly).
enum class Collect { None, Representatives, All, ComeApart };

// The settings a run's workers share, as text: what prepare() chose (the restricted piece), so
// that every worker's search grows the same tree as `piecewise solve` without estimating again.
std::string settingsText(const SearchSettings& settings);

// The disassembler's memory bound of one search for a separation, in MB (the command line's
// --disassembly-mb); 0: its default. Anything but 0 or a whole number in 1..kMaxDisassemblyMegabytes
// is refused (PuzzleError, naming the value).
inline constexpr double kMaxDisassemblyMegabytes = 4096;
disassembly::DisassemblySettings disassemblySettings(double megabytes);

class Session {
 public:
  Session(const std::string& documentBytes, const std::string& settings);

  // "" when the document was accepted and no task failed, else the one-line message.
  std::string error() const { return error_; }
  // The last task's failure may have left the module unusable (out of memory, an unexpected
  // exception); false for the puzzle's own refusals (PuzzleError, such as the disassembler's
  // memory bound), which the same task would meet again.
  bool fatal() const { return fatal_; }
  std::string kind() const;
  int symmetries() const { return symmetries_; }
  // What every other worker's Session of this run is built with (settingsText()).
  std::string settings() const;
  // The document asks for disassembly: representatives are taken apart.
  bool takesApart() const { return sliding_ != nullptr; }
  // advanceCounting() may search fewer nodes than advance() over the same task (Search's
  // countsInBulk); false when a task costs the same nodes whether visited or counted.
  bool countsInBulk() const { return countsInBulk_ && !sliding_; }

  void setCollect(Collect mode) { collect_ = mode; }

  // Starts a task: the search restarted on `jobText` (a job as prepare() lists it, or "root"),
  // its counts and ordinals from 0, solutions with ordinals below `skip` (those the page holds
  // already) not kept again. "" when accepted, else the one-line reason.
  std::string begin(const std::string& jobText, double skip);

  // Visits at most about `budget` more nodes of the task, keeping solutions for take(), and
  // pauses early once `maxPending` of them, or `maxPendingBytes` bytes (0: no limit), wait to
  // be taken, or once an assembly was taken apart (its cost is not known beforehand). True when
  // the task is over (or failed: check error()).
  bool advance(double budget, unsigned maxPending, double maxPendingBytes);
  // Counts at most about `budget` more nodes of the task, keeping nothing: in bulk, or solution
  // by solution when its representatives are taken apart. True when the task is over (or failed).
  bool advanceCounting(double budget);

  bool done() const { return done_ || !search_; }
  // The task's nodes, estimate of its part explored, solutions, representatives and
  // representatives that come apart so far.
  double nodes() const;
  double fraction() const;
  double solutionCount() const { return static_cast<double>(tally_.solutions); }
  double uniqueCount() const { return static_cast<double>(tally_.unique); }
  double apartCount() const { return static_cast<double>(apart_); }
  unsigned pending() const { return static_cast<unsigned>(representative_.size()); }
  // What take() would hand over, in bytes (its arrays).
  double pendingBytes() const;

  // Solutions of `jobText` from position `skip` on (0-based; among the solutions `scope` names,
  // All, Representatives or ComeApart, and only those), at most `limit`, kept for take(): the
  // solution browser's "go to". The task under way, if any, is abandoned. "" when done, else
  // the one-line reason.
  std::string seek(const std::string& jobText, double skip, unsigned limit, Collect scope);

  // The solutions kept since the last take(): { data: Int32Array (all records back to back),
  // offsets: Int32Array (count + 1 bounds into data), representative: Uint8Array, ordinal:
  // Float64Array (0-based position among the task's solutions), uniqueOrdinal: Float64Array
  // (the representatives before it in the task), apart: Uint8Array (0: not taken apart, 1: it
  // comes apart, 2: it stays locked), apartOrdinal: Float64Array (the representatives that come
  // apart before it in the task; -1 when a seek did not count them), level: Int32Array (the
  // levels of those that come apart, back to back), levelOffsets: Int32Array (count + 1 bounds
  // into level) }.
  emscripten::val take();

 private:
  // A solution met: counted, and taken apart when it is a representative of a document that
  // asks. `judged`: it was taken apart; `level`: BurrTools' level, empty when it stays locked.
  struct Verdict {
    bool judged = false;
    std::vector<int> level;
  };

  bool running() const { return search_ && !done_; }
  template <typename Call>
  bool finish(const Call& call);
  Verdict judge(const Solution& solution, bool representative);
  bool visit(double budget, bool keeping);
  bool keep(const Solution& solution, bool representative, bool keeping);
  bool wanted(Collect mode, bool representative, const Verdict& verdict) const;
  void store(const Solution& solution, bool representative, const SolutionTally& before, double apartBefore, const Verdict& verdict);
  bool full() const;

  std::unique_ptr<Puzzle> puzzle_;
  std::unique_ptr<JobRunner> runner_;
  SearchSettings settings_;
  const PackingPuzzle* sliding_ = nullptr;  // the puzzle, when it asks for disassembly
  disassembly::DisassemblySettings disassembly_;
  // Takes the representatives apart, keeping the pieces' free distances from one assembly to
  // the next across every task and seek of the session (as count --disassemble does for a run).
  std::optional<disassembly::Disassembler> disassembler_;
  int symmetries_ = 1;
  bool countsInBulk_ = false;
  Search* search_ = nullptr;  // the runner's search, on the current task; null between tasks
  std::string error_;
  bool fatal_ = false;
  bool done_ = false;
  Collect collect_ = Collect::All;
  SolutionTally tally_;           // the task's solutions so far, visited or counted
  std::uint64_t apart_ = 0;       // ...and its representatives that come apart
  std::uint64_t startNodes_ = 0;  // the search's nodes when the task began
  std::uint64_t skip_ = 0;
  std::size_t maxPending_ = 0;
  std::size_t maxPendingBytes_ = 0;
  std::uint64_t callBudget_ = 1;     // advance(): the budget of this call...
  std::uint64_t callSolutions_ = 0;  // ...and the solutions it reported so far
  std::vector<std::int32_t> data_, offsets_;
  std::vector<std::uint8_t> representative_, apartCode_;
  std::vector<double> ordinal_, uniqueOrdinal_, apartOrdinal_;
  std::vector<std::int32_t> level_, levelOffsets_;
};

}  // namespace pw::wasm
