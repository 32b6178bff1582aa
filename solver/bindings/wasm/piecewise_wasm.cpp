// Embind bindings for the page: the only file that knows about Embind. Thin on purpose:
// prepare() makes a run's choices and lists its jobs, a Session is one worker's search of a
// document, restarted on each job (jobs/solution_seek.hpp); solutions cross the boundary as
// flat typed arrays in the layout of `SolutionRecord.data` (web/src/protocol/messages.ts), never as object graphs;
// describe() is the page's one reader of documents. No C++ exception ever reaches
// JavaScript: errors become one-line strings. (The command line is solver/cli/main.cpp,
// built for Node on its own.) Documents come in as bytes: pass a Uint8Array (Embind copies
// its bytes into the std::string unchanged), so that the core, not JavaScript, reads the
// UTF-8 and refuses it with the native build's message. A JS string is still accepted, but
// Embind encodes it first, so a decoding the caller did (U+FFFD for bad bytes) goes unseen.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "check/check.hpp"
#include "disassembly/assembly.hpp"
#include "disassembly/disassembler.hpp"
#include "format/disassembly_render.hpp"
#include "format/describe.hpp"
#include "format/packing_document.hpp"
#include "jobs/fingerprint.hpp"
#include "jobs/job.hpp"
#include "jobs/solution_seek.hpp"
#include "jobs/split.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "place/placed_puzzle.hpp"
#include "search/search.hpp"

namespace {

using emscripten::val;

// The settings a run's workers share, as text: what prepare() chose (the restricted piece), so
// that every worker's search grows the same tree as `piecewise solve` without estimating again.
std::string settingsText(const pw::SearchSettings& settings) {
  return nlohmann::json{{"restrictedType", settings.restrictedType}}.dump();
}

// "" (nothing chosen yet: the search chooses as the command line does) or settingsText().
pw::SearchSettings readSettings(const std::string& text) {
  pw::SearchSettings settings;
  if (text.empty()) return settings;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("restrictedType") || !j["restrictedType"].is_number_integer())
    throw pw::PuzzleError("the solver's settings are not what prepare() gives");
  settings.restrictedType = j["restrictedType"].get<int>();
  return settings;
}

std::string messageOf(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "unknown error";
  }
}

void push(std::vector<std::int32_t>& out, const pw::Cell& c) {
  out.push_back(c.x);
  out.push_back(c.y);
  out.push_back(c.z);
}

// Appends one solution in the SolutionRecord.data layout.
void encode(const pw::Solution& solution, std::vector<std::int32_t>& out) {
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, pw::PackingSolution>) {
          for (const auto& p : s.placements) {
            out.push_back(p.piece);
            out.push_back(static_cast<std::int32_t>(p.cells.size()));
            for (const auto& c : p.cells) push(out, c);
          }
        } else if constexpr (std::is_same_v<S, pw::EdgeMatchingSolution>) {
          for (const auto& t : s.grid) {
            out.push_back(t.tile);
            out.push_back(t.rotation);
          }
        } else {
          for (const auto& c : s.chain) push(out, c);
        }
      },
      solution);
}

template <typename T>
val copyToJs(const char* arrayType, const std::vector<T>& v) {
  // `new XArray(view)` copies out of the WASM heap, so the result survives memory growth.
  return val::global(arrayType).new_(val(emscripten::typed_memory_view(v.size(), v.data())));
}

// Which solutions a Session keeps for take() while it visits them; counting covers them all.
// Bound as the Embind enum `Collect`, so TypeScript uses these very values.
enum class Collect { None, Representatives, All };

// A page worker's search of one document: built once, then restarted on each job (task) of a
// run, its memo warm from one to the next (jobs/solution_seek.hpp). A task's solutions are
// visited (and kept for take()) as long as the page wants them, then counted in bulk. seek()
// finds solutions by number for the solution browser.
class Session {
 public:
  Session(const std::string& documentBytes, const std::string& settings) {
    try {
      puzzle_ = std::make_unique<pw::Puzzle>(pw::parsePuzzle(documentBytes));
      std::unique_ptr<pw::Search> first = pw::makeSearch(*puzzle_, readSettings(settings));
      settings_ = first->settingsUsed();
      symmetries_ = first->symmetryCount();
      runner_ = std::make_unique<pw::JobRunner>(
          [puzzle = puzzle_.get(), used = settings_] { return pw::makeSearch(*puzzle, used); }, std::move(first));
    } catch (...) {
      error_ = messageOf(std::current_exception());
      puzzle_.reset();
      runner_.reset();
    }
  }

  // "" when the document was accepted, else the one-line message.
  std::string error() const { return error_; }
  std::string kind() const { return puzzle_ ? pw::kindName(*puzzle_) : ""; }
  int symmetries() const { return symmetries_; }
  // What every other worker's Session of this run is built with (settingsText()).
  std::string settings() const { return runner_ ? settingsText(settings_) : ""; }

  void setCollect(Collect mode) { collect_ = mode; }

  // Starts a task: the search restarted on `jobText` (a job as prepare() lists it, or "root"),
  // its counts and ordinals from 0, solutions with ordinals below `skip` (those the page holds
  // already) not kept again. "" when accepted, else the one-line reason.
  std::string begin(const std::string& jobText, double skip) {
    if (!runner_) return error_;
    try {
      search_ = &runner_->begin(pw::parseJob(jobText));
    } catch (...) {
      search_ = nullptr;
      return messageOf(std::current_exception());
    }
    done_ = false;
    tally_ = {};
    startNodes_ = search_->nodes();
    skip_ = skip < 0 ? 0 : static_cast<std::uint64_t>(skip);
    return "";
  }

  // Visits at most about `budget` more nodes of the task, keeping solutions for take(), and
  // pauses early once `maxPending` of them, or `maxPendingBytes` bytes (0: no limit), wait to
  // be taken. True when the task is over (or failed: check error()).
  bool advance(double budget, unsigned maxPending, double maxPendingBytes) {
    if (!running()) return true;
    maxPending_ = maxPending;
    maxPendingBytes_ = maxPendingBytes < 0 ? 0 : static_cast<std::size_t>(maxPendingBytes);
    if (full()) return false;
    callBudget_ = budgetOf(budget);
    callSolutions_ = 0;
    return finish([&] { return search_->advance(callBudget_, [this](const pw::Solution& s, bool r) { return keep(s, r); }); });
  }

  // Counts at most about `budget` more nodes of the task in bulk, keeping nothing. True when
  // the task is over (or failed).
  bool advanceCounting(double budget) {
    if (!running()) return true;
    return finish([&] { return search_->advanceCounting(budgetOf(budget), tally_); });
  }

  bool done() const { return done_ || !search_; }
  // The task's nodes, estimate of its part explored, solutions and representatives so far.
  double nodes() const { return search_ ? static_cast<double>(search_->nodes() - startNodes_) : 0; }
  double fraction() const { return search_ ? search_->fractionDone() : 1; }
  double solutionCount() const { return static_cast<double>(tally_.solutions); }
  double uniqueCount() const { return static_cast<double>(tally_.unique); }
  unsigned pending() const { return static_cast<unsigned>(representative_.size()); }
  // What take() would hand over, in bytes (its arrays).
  double pendingBytes() const {
    return static_cast<double>(data_.size() * sizeof(std::int32_t) + (offsets_.size() + 1) * sizeof(std::int32_t) +
                               representative_.size() + (ordinal_.size() + uniqueOrdinal_.size()) * sizeof(double));
  }

  // Solutions of `jobText` from position `skip` on (0-based; among representatives only, and
  // only those, when `unique`), at most `limit`, kept for take(): the solution browser's "go
  // to". The task under way, if any, is abandoned. "" when done, else the one-line reason.
  std::string seek(const std::string& jobText, double skip, unsigned limit, bool unique) {
    if (!runner_) return error_;
    search_ = nullptr;
    try {
      std::uint64_t left = limit;
      pw::seekSolutions(*runner_, pw::parseJob(jobText), skip < 0 ? 0 : static_cast<std::uint64_t>(skip), unique,
                        [&](const pw::Solution& solution, bool representative, const pw::SolutionTally& before) {
                          store(solution, representative, before.solutions, before.unique);
                          return --left > 0;
                        });
      return "";
    } catch (...) {
      return messageOf(std::current_exception());
    }
  }

  // The solutions kept since the last take(): { data: Int32Array (all records back to back),
  // offsets: Int32Array (count + 1 bounds into data), representative: Uint8Array, ordinal:
  // Float64Array (0-based position among the task's solutions), uniqueOrdinal: Float64Array
  // (the representatives before it in the task) }.
  val take() {
    offsets_.insert(offsets_.begin(), 0);
    val out = val::object();
    out.set("data", copyToJs("Int32Array", data_));
    out.set("offsets", copyToJs("Int32Array", offsets_));
    out.set("representative", copyToJs("Uint8Array", representative_));
    out.set("ordinal", copyToJs("Float64Array", ordinal_));
    out.set("uniqueOrdinal", copyToJs("Float64Array", uniqueOrdinal_));
    data_.clear();
    offsets_.clear();
    representative_.clear();
    ordinal_.clear();
    uniqueOrdinal_.clear();
    return out;
  }

 private:
  bool running() const { return search_ && !done_; }
  static std::uint64_t budgetOf(double budget) { return budget < 1 ? 1 : static_cast<std::uint64_t>(budget); }

  // Runs one advance call of the search; a failure ends the task with its message in error().
  template <typename Call>
  bool finish(const Call& call) {
    try {
      done_ = call();
    } catch (...) {
      error_ = messageOf(std::current_exception());
      done_ = true;
    }
    return done_;
  }

  // The sink of advance(): counts every solution, keeps those the page wants.
  bool keep(const pw::Solution& solution, bool representative) {
    const pw::SolutionTally before = tally_;
    ++tally_.solutions;
    if (representative) ++tally_.unique;
    // Every solution counts against the call's budget like a node: one node can report many
    // (an arrangement expanded into face assignments, a solution's symmetric images), and a
    // big solution costs far more than a node to build and check.
    const bool withinBudget = ++callSolutions_ < callBudget_;
    const bool wanted = collect_ == Collect::All || (collect_ == Collect::Representatives && representative);
    if (!wanted || before.solutions < skip_) return withinBudget;
    store(solution, representative, before.solutions, before.unique);
    return withinBudget && !full();
  }

  void store(const pw::Solution& solution, bool representative, std::uint64_t ordinal, std::uint64_t uniqueOrdinal) {
    encode(solution, data_);
    offsets_.push_back(static_cast<std::int32_t>(data_.size()));
    representative_.push_back(representative ? 1 : 0);
    ordinal_.push_back(static_cast<double>(ordinal));
    uniqueOrdinal_.push_back(static_cast<double>(uniqueOrdinal));
  }

  bool full() const {
    return (maxPending_ != 0 && representative_.size() >= maxPending_) ||
           (maxPendingBytes_ != 0 && pendingBytes() >= static_cast<double>(maxPendingBytes_));
  }

  std::unique_ptr<pw::Puzzle> puzzle_;
  std::unique_ptr<pw::JobRunner> runner_;
  pw::SearchSettings settings_;
  int symmetries_ = 1;
  pw::Search* search_ = nullptr;  // the runner's search, on the current task; null between tasks
  std::string error_;
  bool done_ = false;
  Collect collect_ = Collect::All;
  pw::SolutionTally tally_;           // the task's solutions so far, visited or counted
  std::uint64_t startNodes_ = 0;      // the search's nodes when the task began
  std::uint64_t skip_ = 0;
  std::size_t maxPending_ = 0;
  std::size_t maxPendingBytes_ = 0;
  std::uint64_t callBudget_ = 1;     // advance(): the budget of this call...
  std::uint64_t callSolutions_ = 0;  // ...and the solutions it reported so far
  std::vector<std::int32_t> data_;
  std::vector<std::int32_t> offsets_;
  std::vector<std::uint8_t> representative_;
  std::vector<double> ordinal_, uniqueOrdinal_;
};

// Parses only (no search set-up): the page's one reader of documents. JSON text, either
// {"puzzle": <describePuzzle's description>} or {"error": "<the parser's one-line message>"}.
std::string describe(const std::string& documentBytes) {
  nlohmann::json out;
  try {
    out = {{"puzzle", pw::describePuzzle(pw::parsePuzzle(documentBytes))}};
  } catch (...) {
    out = {{"error", messageOf(std::current_exception())}};
  }
  // A message may quote bytes of a broken document: never let them make dump() throw.
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Pieces placed by hand (place/placed_puzzle.hpp): `placements` is a JSON array of
// "PIECE@x,y;..." texts. JSON text, {"error": "<one line>"} or {"document": the puzzle left as a
// piecewise/1 document (which the page runs like any other), "pieceOf": [its piece i is the
// original's piece pieceOf[i]], "shift": [x, y, z] (add it to the document's cells to get the
// original's: a document's board starts at 0), "placed": [{"piece", "cells"}]}.
std::string place(const std::string& documentBytes, const std::string& placements) {
  nlohmann::json out;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    std::vector<pw::GivenPlacement> given;
    const nlohmann::json texts = nlohmann::json::parse(placements, nullptr, false);
    if (!texts.is_array()) throw pw::PuzzleError("place: expected a JSON array of PIECE@x,y;... texts");
    for (const nlohmann::json& t : texts) given.push_back(pw::parsePlacement(t.is_string() ? t.get<std::string>() : t.dump()));
    const pw::PlacedPuzzle placed = pw::placePieces(puzzle, given);
    const std::string document = pw::packingDocument(placed.puzzle);
    const pw::Cell was = std::get<pw::PackingPuzzle>(placed.puzzle.body).board.front().at;
    const pw::Cell is = std::get<pw::PackingPuzzle>(pw::parsePuzzle(document).body).board.front().at;
    nlohmann::json placedJson = nlohmann::json::array();
    for (const pw::PiecePlacement& p : placed.placed) {
      nlohmann::json c = nlohmann::json::array();
      for (const pw::Cell& cell : p.cells) c.push_back({cell.x, cell.y, cell.z});
      placedJson.push_back({{"piece", p.piece}, {"cells", std::move(c)}});
    }
    out = {{"document", document}, {"pieceOf", placed.pieceOf}, {"shift", {was.x - is.x, was.y - is.y, was.z - is.z}}, {"placed", std::move(placedJson)}};
  } catch (...) {
    out = {{"error", messageOf(std::current_exception())}};
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// { error: string | null, jobs: string[], settings: string }: what a run of the document needs
// before its workers start. `settings`: the choices its search makes (the restricted piece, after
// the command line's estimates), for every worker's Session; `jobs`: about `wanted` jobs that
// together hold every solution of that search exactly once, in search order
// (solver/jobs/split.hpp), as bare jobs ("3.0.12-20").
val prepare(const std::string& documentBytes, int wanted) {
  val out = val::object();
  val jobs = val::array();
  std::string settings;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    const pw::SearchSettings used = pw::makeSearch(puzzle)->settingsUsed();
    const pw::Split s = pw::splitSearch([&puzzle, used] { return pw::makeSearch(puzzle, used); }, pw::puzzleFingerprint(puzzle),
                                        wanted < 1 ? 1 : (wanted > pw::kMaxSplitJobs ? pw::kMaxSplitJobs : wanted));
    for (const pw::SplitJob& j : s.jobs) jobs.call<void>("push", val(pw::jobText(j.job)));
    settings = settingsText(used);
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  out.set("jobs", jobs);
  out.set("settings", val(settings));
  return out;
}

// ---- BurrTools files: bytes in (a Uint8Array), piecewise/1 documents out ---------------

// { error: string | null, problems: [{ label, name, pieces, refusal }] }: every problem of
// an .xmpuzzle file, each tried (refusal: "" when it converts), for a problem picker.
val xmpuzzleProblems(const std::string& bytes) {
  val out = val::object();
  val problems = val::array();
  try {
    for (const pw::burrtools::ProblemSummary& p : pw::burrtools::summarizeProblems(pw::burrtools::readXmpuzzle(bytes))) {
      val item = val::object();
      item.set("label", val(p.label));
      item.set("name", val(p.name));
      item.set("pieces", val(p.pieces));
      item.set("refusal", val(p.refusal));
      problems.call<void>("push", item);
    }
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  out.set("problems", problems);
  return out;
}

// { error: string | null, document: string, notes: string[] }: problem `problem` (a
// 1-based number or a name; "" when the file has one) as a piecewise/1 document, ready
// for Session. `title` (the file name without extension) names the puzzle.
val importXmpuzzle(const std::string& bytes, const std::string& problem, const std::string& title) {
  val out = val::object();
  val notes = val::array();
  try {
    const pw::burrtools::File file = pw::burrtools::readXmpuzzle(bytes);
    const pw::burrtools::ImportedProblem imported =
        pw::burrtools::importProblem(file, pw::burrtools::chooseProblem(file, problem), title);
    for (const std::string& note : imported.notes) notes.call<void>("push", val(note));
    out.set("error", val::null());
    out.set("document", val(imported.document));
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
    out.set("document", val(std::string()));
  }
  out.set("notes", notes);
  return out;
}

// { error: string | null, bytes: Uint8Array }: a packing puzzle as a BurrTools file's XML (the
// page gzips it, with fflate: the module has no compression of its own).
val xmpuzzleXml(const std::string& documentBytes) {
  val out = val::object();
  std::string bytes;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    bytes = pw::burrtools::xmpuzzleXml(puzzle);
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  out.set("bytes", val::global("Uint8Array").new_(val(emscripten::typed_memory_view(bytes.size(), data))));
  return out;
}

bool looksLikeXmpuzzle(const std::string& bytes) { return pw::burrtools::looksLikeXmpuzzle(bytes); }

// ---- Disassembly: one packing solution taken apart (docs/disassembly.md) ---------------

// The packing solution in `data` (the SolutionRecord layout: piece, cell count, x y z per cell,
// for each placement), or a PuzzleError naming what is wrong with it.
pw::PackingSolution decodePacking(const pw::PackingPuzzle& puzzle, const std::vector<std::int32_t>& data) {
  pw::PackingSolution solution;
  for (std::size_t i = 0; i < data.size();) {
    if (i + 2 > data.size()) throw pw::PuzzleError("the solution ends inside a placement");
    const std::int32_t piece = data[i], cells = data[i + 1];
    if (piece < 0 || piece >= static_cast<std::int32_t>(puzzle.pieces.size()))
      throw pw::PuzzleError("the solution names piece " + std::to_string(piece) + ", which the puzzle does not have");
    if (cells < 1 || static_cast<std::size_t>(cells) * 3 > data.size() - i - 2)
      throw pw::PuzzleError("the solution's placement " + std::to_string(solution.placements.size()) + " has a bad cell count");
    pw::PiecePlacement placement{piece, {}};
    for (std::int32_t c = 0; c < cells; ++c) {
      const std::size_t at = i + 2 + 3 * static_cast<std::size_t>(c);
      placement.cells.push_back({data[at], data[at + 1], data[at + 2]});
    }
    solution.placements.push_back(std::move(placement));
    i += 2 + 3 * static_cast<std::size_t>(cells);
  }
  return solution;
}

// { error: string | null, disassembly: string | null }: solution `solution` (an Int32Array in
// the SolutionRecord layout) of the packing puzzle `documentBytes` taken apart: the JSON of
// `solve --disassemble --json`'s "disassembly", or null when it does not come apart.
val disassemble(const std::string& documentBytes, const val& solution) {
  val out = val::object();
  out.set("disassembly", val::null());
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    const auto* packing = std::get_if<pw::PackingPuzzle>(&puzzle.body);
    if (packing == nullptr) throw pw::PuzzleError("only packing puzzles come apart");
    const pw::PackingSolution decoded = decodePacking(*packing, emscripten::convertJSArrayToNumberVector<std::int32_t>(solution));
    if (const auto problem = pw::checkSolution(puzzle, pw::Solution{decoded}))
      throw pw::PuzzleError("not a solution of this puzzle: " + *problem);
    const pw::disassembly::Assembly assembly = pw::disassembly::assemblyOf(*packing, decoded);
    if (const auto taken = pw::disassembly::disassemble(assembly))
      out.set("disassembly", val(pw::disassemblyToJson(assembly, *taken).dump()));
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(piecewise) {
  emscripten::enum_<Collect>("Collect")
      .value("None", Collect::None)
      .value("Representatives", Collect::Representatives)
      .value("All", Collect::All);
  emscripten::class_<Session>("Session")
      .constructor<const std::string&, const std::string&>()
      .function("error", &Session::error)
      .function("kind", &Session::kind)
      .function("symmetries", &Session::symmetries)
      .function("settings", &Session::settings)
      .function("setCollect", &Session::setCollect)
      .function("begin", &Session::begin)
      .function("advance", &Session::advance)
      .function("advanceCounting", &Session::advanceCounting)
      .function("seek", &Session::seek)
      .function("done", &Session::done)
      .function("nodes", &Session::nodes)
      .function("fraction", &Session::fraction)
      .function("solutionCount", &Session::solutionCount)
      .function("uniqueCount", &Session::uniqueCount)
      .function("pending", &Session::pending)
      .function("pendingBytes", &Session::pendingBytes)
      .function("take", &Session::take);
  emscripten::function("describe", &describe);
  emscripten::function("prepare", &prepare);
  emscripten::function("place", &place);
  emscripten::function("xmpuzzleProblems", &xmpuzzleProblems);
  emscripten::function("importXmpuzzle", &importXmpuzzle);
  emscripten::function("xmpuzzleXml", &xmpuzzleXml);
  emscripten::function("looksLikeXmpuzzle", &looksLikeXmpuzzle);
  emscripten::function("disassemble", &disassemble);
}
