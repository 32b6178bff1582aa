// Embind bindings for the page: the only file that knows about Embind. Thin on purpose: a
// Session wraps one resumable Search; solutions cross the boundary as flat typed arrays in
// the layout of `SolutionRecord.data` (web/src/protocol/messages.ts), never as object graphs;
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
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "format/describe.hpp"
#include "jobs/fingerprint.hpp"
#include "jobs/job.hpp"
#include "jobs/job_scope.hpp"
#include "jobs/split.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/search.hpp"

namespace {

using emscripten::val;

// Every search of the page: its first solution waits for no estimate of which piece to
// restrict (0.05 s natively on the Tetris Cube); the page's split and workers agree on it.
pw::SearchSettings pageSettings() {
  pw::SearchSettings settings;
  settings.estimateTreesAbove = pw::kNeverEstimate;
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

// Which solutions a Session keeps for take(); counting always covers all of them.
// Bound as the Embind enum `Collect`, so TypeScript uses these very values.
enum class Collect { None, Representatives, All };

class Session {
 public:
  explicit Session(const std::string& documentBytes) {
    try {
      puzzle_ = std::make_unique<pw::Puzzle>(pw::parsePuzzle(documentBytes));
      search_ = pw::makeSearch(*puzzle_, pageSettings());
    } catch (...) {
      error_ = messageOf(std::current_exception());
      puzzle_.reset();
      search_.reset();
      done_ = true;
    }
    sink_ = [this](const pw::Solution& solution, bool representative) {
      if (!excluded_.empty() && inExcluded()) return ++callSolutions_ < callBudget_;
      ++solutions_;
      if (representative) ++unique_;
      // Every solution counts against the call's budget like a node: one node can report many
      // (an arrangement expanded into face assignments, a solution's symmetric images), and a
      // big solution costs far more than a node to build and check.
      const bool withinBudget = ++callSolutions_ < callBudget_;
      const bool eligible = collect_ == Collect::All || (collect_ == Collect::Representatives && representative);
      if (!eligible) return withinBudget;
      // The page holds ordinals below skip_ already (a rerun), and past its memory budget
      // wants only a spread sample: encoding the others would be wasted work.
      const std::uint64_t ordinal = eligible_++;
      if (ordinal < skip_ || ordinal % stride_ != 0) return withinBudget;
      encode(solution, data_);
      offsets_.push_back(static_cast<std::int32_t>(data_.size()));
      representative_.push_back(representative ? 1 : 0);
      ordinal_.push_back(static_cast<double>(ordinal));
      return withinBudget && !full();
    };
  }

  // "" when the document was accepted, else the one-line message.
  std::string error() const { return error_; }
  std::string kind() const { return puzzle_ ? pw::kindName(*puzzle_) : ""; }
  int symmetries() const { return search_ ? search_->symmetryCount() : 1; }

  void setCollect(Collect mode) { collect_ = mode; }

  // Before the first advance(): search only `jobText` (a job as split() lists it, see
  // solver/jobs/job.hpp). '' when accepted, else the one-line reason.
  std::string confine(const std::string& jobText) {
    if (!search_) return error_;
    try {
      search_->confine(pw::parseJob(jobText));
      return "";
    } catch (...) {
      return messageOf(std::current_exception());
    }
  }

  // Between advance() calls: gives away untried work of this search (the branches it has not
  // begun at its shallowest level, see solver/jobs/job_scope.hpp). "" when it has none, else
  // JSON {"job": a job as split() lists it, "share": the part of this search's estimate it was}.
  std::string donate() {
    if (!search_ || done_) return "";
    const std::optional<pw::Donation> d = search_->donate();
    if (!d) return "";
    return nlohmann::json{{"job", pw::jobText(d->job)}, {"share", d->share}}.dump();
  }

  // Before the first advance(): solutions inside `jobText` are neither counted nor kept. A task
  // whose worker died after giving work away is searched again with what it gave left out, so
  // that it meets exactly the solutions it met, in the same order. '' when accepted.
  std::string exclude(const std::string& jobText) {
    try {
      excluded_.push_back(pw::parseJob(jobText));
      return "";
    } catch (...) {
      return messageOf(std::current_exception());
    }
  }

  // Which kept solutions to encode: ordinals (positions among the solutions kept, see
  // take()) from `skip` on, and of those every `stride`-th (ordinal % stride == 0).
  void setSample(double skip, double stride) {
    skip_ = skip < 0 ? 0 : static_cast<std::uint64_t>(skip);
    stride_ = stride < 1 ? 1 : static_cast<std::uint64_t>(stride);
  }

  // Searches at most about `budget` more nodes and reports at most `budget` solutions, pausing
  // early once `maxPending` solutions or `maxPendingBytes` bytes of them (0: no limit) wait to
  // be taken. Returns true when the search is over (or failed: check error()).
  bool advance(double budget, unsigned maxPending, double maxPendingBytes) {
    if (done_) return true;
    maxPending_ = maxPending;
    maxPendingBytes_ = maxPendingBytes < 0 ? 0 : static_cast<std::size_t>(maxPendingBytes);
    if (full()) return false;
    callBudget_ = budget < 1 ? 1 : static_cast<std::uint64_t>(budget);
    callSolutions_ = 0;
    try {
      done_ = search_->advance(callBudget_, sink_);
    } catch (...) {
      error_ = messageOf(std::current_exception());
      done_ = true;
    }
    return done_;
  }

  bool done() const { return done_; }
  double nodes() const { return search_ ? static_cast<double>(search_->nodes()) : 0; }
  double fraction() const { return search_ ? search_->fractionDone() : 1; }
  double solutionCount() const { return static_cast<double>(solutions_); }
  double uniqueCount() const { return static_cast<double>(unique_); }
  unsigned pending() const { return static_cast<unsigned>(representative_.size()); }
  // What take() would hand over, in bytes (its four arrays).
  double pendingBytes() const {
    return static_cast<double>(data_.size() * sizeof(std::int32_t) + (offsets_.size() + 1) * sizeof(std::int32_t) +
                               representative_.size() + ordinal_.size() * sizeof(double));
  }

  // The solutions kept since the last take(): { data: Int32Array (all records back to
  // back), offsets: Int32Array (count + 1 bounds into data), representative: Uint8Array,
  // ordinal: Float64Array (0-based position among the solutions this session keeps: all
  // of them, or only representatives) }.
  val take() {
    offsets_.insert(offsets_.begin(), 0);
    val out = val::object();
    out.set("data", copyToJs("Int32Array", data_));
    out.set("offsets", copyToJs("Int32Array", offsets_));
    out.set("representative", copyToJs("Uint8Array", representative_));
    out.set("ordinal", copyToJs("Float64Array", ordinal_));
    data_.clear();
    offsets_.clear();
    representative_.clear();
    ordinal_.clear();
    return out;
  }

 private:
  // The solution just reported lies in a job given away.
  bool inExcluded() {
    search_->tracePath(path_);
    for (const pw::Job& job : excluded_)
      if (pw::jobHolds(job, path_)) return true;
    return false;
  }

  bool full() const {
    return (maxPending_ != 0 && representative_.size() >= maxPending_) ||
           (maxPendingBytes_ != 0 && pendingBytes() >= static_cast<double>(maxPendingBytes_));
  }

  std::unique_ptr<pw::Puzzle> puzzle_;
  std::unique_ptr<pw::Search> search_;
  pw::SolutionSink sink_;
  std::string error_;
  bool done_ = false;
  Collect collect_ = Collect::All;
  std::size_t maxPending_ = 0;
  std::size_t maxPendingBytes_ = 0;
  std::uint64_t solutions_ = 0;
  std::uint64_t unique_ = 0;
  std::uint64_t eligible_ = 0;  // solutions of the kind collected, the next one's ordinal
  std::uint64_t skip_ = 0;
  std::uint64_t stride_ = 1;
  std::uint64_t callBudget_ = 1;    // advance(): the budget of this call...
  std::uint64_t callSolutions_ = 0;  // ...and the solutions it reported so far
  std::vector<std::int32_t> data_;
  std::vector<std::int32_t> offsets_;
  std::vector<std::uint8_t> representative_;
  std::vector<double> ordinal_;
  std::vector<pw::Job> excluded_;  // exclude()
  std::vector<pw::Step> path_;     // scratch for inExcluded()
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

// { error: string | null, jobs: string[] }: about `wanted` jobs that together hold every
// solution of the document's search exactly once, in search order (solver/jobs/split.hpp):
// what `piecewise split` lists, as bare jobs ("3.0.12-20").
val split(const std::string& documentText, int wanted) {
  val out = val::object();
  val jobs = val::array();
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentText);
    const pw::Split s = pw::splitSearch([&puzzle] { return pw::makeSearch(puzzle, pageSettings()); }, pw::puzzleFingerprint(puzzle),
                                        wanted < 1 ? 1 : (wanted > pw::kMaxSplitJobs ? pw::kMaxSplitJobs : wanted));
    for (const pw::SplitJob& j : s.jobs) jobs.call<void>("push", val(pw::jobText(j.job)));
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  out.set("jobs", jobs);
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

// { error: string | null, bytes: Uint8Array }: a packing puzzle as an .xmpuzzle file
// (gzip-compressed, or its plain XML when `compressed` is false).
val exportXmpuzzle(const std::string& documentBytes, bool compressed) {
  val out = val::object();
  std::string bytes;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    bytes = compressed ? pw::burrtools::writeXmpuzzle(puzzle) : pw::burrtools::xmpuzzleXml(puzzle);
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  out.set("bytes", val::global("Uint8Array").new_(val(emscripten::typed_memory_view(bytes.size(), data))));
  return out;
}

bool looksLikeXmpuzzle(const std::string& bytes) { return pw::burrtools::looksLikeXmpuzzle(bytes); }

}  // namespace

EMSCRIPTEN_BINDINGS(piecewise) {
  emscripten::enum_<Collect>("Collect")
      .value("None", Collect::None)
      .value("Representatives", Collect::Representatives)
      .value("All", Collect::All);
  emscripten::class_<Session>("Session")
      .constructor<const std::string&>()
      .function("error", &Session::error)
      .function("kind", &Session::kind)
      .function("symmetries", &Session::symmetries)
      .function("setCollect", &Session::setCollect)
      .function("setSample", &Session::setSample)
      .function("confine", &Session::confine)
      .function("donate", &Session::donate)
      .function("exclude", &Session::exclude)
      .function("advance", &Session::advance)
      .function("done", &Session::done)
      .function("nodes", &Session::nodes)
      .function("fraction", &Session::fraction)
      .function("solutionCount", &Session::solutionCount)
      .function("uniqueCount", &Session::uniqueCount)
      .function("pending", &Session::pending)
      .function("pendingBytes", &Session::pendingBytes)
      .function("take", &Session::take);
  emscripten::function("describe", &describe);
  emscripten::function("split", &split);
  emscripten::function("xmpuzzleProblems", &xmpuzzleProblems);
  emscripten::function("importXmpuzzle", &importXmpuzzle);
  emscripten::function("exportXmpuzzle", &exportXmpuzzle);
  emscripten::function("looksLikeXmpuzzle", &looksLikeXmpuzzle);
}
