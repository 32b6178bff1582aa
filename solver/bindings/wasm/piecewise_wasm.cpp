// Embind bindings: the only file that knows about Emscripten. Thin on purpose: a Session
// wraps one resumable Search; solutions cross the boundary as flat typed arrays in the
// layout of `SolutionRecord.data` (web/src/protocol/messages.ts), never as object graphs.
// No C++ exception ever reaches JavaScript: errors become one-line strings.
// Documents come in as bytes: pass a Uint8Array (Embind copies its bytes into the
// std::string unchanged), so that the core, not JavaScript, reads the UTF-8 and refuses it
// with the same message as the native build. A JS string is still accepted, but Embind
// encodes it first, so a decoding the caller did (U+FFFD for bad bytes) goes unseen.
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

#include "check/check.hpp"
#include "format/render.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/search.hpp"

namespace {

using emscripten::val;

const char* kindName(const pw::Puzzle& p) {
  static const char* const names[] = {"packing", "edge-matching", "snake"};
  return names[p.body.index()];
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

// Which solutions a Session keeps, and how: counting always covers all of them.
// The first three feed take() (typed arrays, for the worker); the last two feed takeText()
// (the command line's `solve`: every kept solution checked, then rendered as the native CLI does).
enum Collect {
  kCollectNone = 0,
  kCollectRepresentatives = 1,
  kCollectAll = 2,
  kCollectJson = 3,
  kCollectAsciiArt = 4,
};

class Session {
 public:
  explicit Session(const std::string& documentBytes) {
    try {
      puzzle_ = std::make_unique<pw::Puzzle>(pw::parsePuzzle(documentBytes));
      search_ = pw::makeSearch(*puzzle_);
    } catch (...) {
      error_ = messageOf(std::current_exception());
      puzzle_.reset();
      search_.reset();
      done_ = true;
    }
    sink_ = [this](const pw::Solution& solution, bool representative) {
      const std::uint64_t index = solutions_++;
      if (representative) ++unique_;
      if (collect_ >= kCollectJson) {
        if (onlyRepresentatives_ && !representative) return true;
        if (const auto problem = pw::checkSolution(*puzzle_, solution))  // never expected: say so loudly
          throw std::logic_error("internal error: solution " + std::to_string(index + 1) +
                                 " fails the checker: " + *problem);
        text_.push_back(collect_ == kCollectJson ? pw::solutionToJson(*puzzle_, solution).dump()
                                                 : pw::renderText(*puzzle_, solution));
        return maxPending_ == 0 || text_.size() < maxPending_;
      }
      if (collect_ == kCollectAll || (collect_ == kCollectRepresentatives && representative)) {
        encode(solution, data_);
        offsets_.push_back(static_cast<std::int32_t>(data_.size()));
        representative_.push_back(representative ? 1 : 0);
        index_.push_back(static_cast<double>(index));
        return maxPending_ == 0 || representative_.size() < maxPending_;
      }
      return true;
    };
  }

  // "" when the document was accepted, else the one-line message.
  std::string error() const { return error_; }
  std::string kind() const { return puzzle_ ? kindName(*puzzle_) : ""; }
  std::string name() const { return puzzle_ ? puzzle_->name : ""; }
  int symmetries() const { return search_ ? search_->symmetryCount() : 1; }

  // `onlyRepresentatives` applies to the text modes (kCollectJson, kCollectAsciiArt).
  void setCollect(int mode, bool onlyRepresentatives) {
    collect_ = mode;
    onlyRepresentatives_ = onlyRepresentatives;
  }

  // Searches at most about `budget` more nodes, pausing early once `maxPending` solutions
  // (0: no limit) wait to be taken. Returns true when the search is over (or failed:
  // check error()).
  bool advance(double budget, unsigned maxPending) {
    if (done_) return true;
    maxPending_ = maxPending;
    if (maxPending_ != 0 && pending() >= maxPending_) return false;
    try {
      done_ = search_->advance(budget < 1 ? 1 : static_cast<std::uint64_t>(budget), sink_);
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
  unsigned pending() const { return static_cast<unsigned>(representative_.size() + text_.size()); }

  // The solutions kept since the last take(): { data: Int32Array (all records back to
  // back), offsets: Int32Array (count + 1 bounds into data), representative: Uint8Array,
  // index: Float64Array (0-based position among all raw solutions) }.
  val take() {
    offsets_.insert(offsets_.begin(), 0);
    val out = val::object();
    out.set("data", copyToJs("Int32Array", data_));
    out.set("offsets", copyToJs("Int32Array", offsets_));
    out.set("representative", copyToJs("Uint8Array", representative_));
    out.set("index", copyToJs("Float64Array", index_));
    data_.clear();
    offsets_.clear();
    representative_.clear();
    index_.clear();
    return out;
  }

  // The text-mode solutions kept since the last call (JSON texts or ASCII art), as an array.
  val takeText() {
    val out = val::array();
    for (const auto& t : text_) out.call<void>("push", val(t));
    text_.clear();
    return out;
  }

 private:
  std::unique_ptr<pw::Puzzle> puzzle_;
  std::unique_ptr<pw::Search> search_;
  pw::SolutionSink sink_;
  std::string error_;
  bool done_ = false;
  int collect_ = kCollectAll;
  std::size_t maxPending_ = 0;
  std::uint64_t solutions_ = 0;
  std::uint64_t unique_ = 0;
  std::vector<std::int32_t> data_;
  std::vector<std::int32_t> offsets_;
  std::vector<std::uint8_t> representative_;
  std::vector<double> index_;
  bool onlyRepresentatives_ = false;
  std::vector<std::string> text_;
};

// Parse only (no search set-up): { error: string | null, kind: string | null }.
val validate(const std::string& documentBytes) {
  val out = val::object();
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    out.set("error", val::null());
    out.set("kind", val(std::string(kindName(puzzle))));
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
    out.set("kind", val::null());
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(piecewise) {
  emscripten::class_<Session>("Session")
      .constructor<const std::string&>()
      .function("error", &Session::error)
      .function("kind", &Session::kind)
      .function("name", &Session::name)
      .function("symmetries", &Session::symmetries)
      .function("setCollect", &Session::setCollect)
      .function("advance", &Session::advance)
      .function("done", &Session::done)
      .function("nodes", &Session::nodes)
      .function("fraction", &Session::fraction)
      .function("solutionCount", &Session::solutionCount)
      .function("uniqueCount", &Session::uniqueCount)
      .function("pending", &Session::pending)
      .function("take", &Session::take)
      .function("takeText", &Session::takeText);
  emscripten::function("validate", &validate);
}
