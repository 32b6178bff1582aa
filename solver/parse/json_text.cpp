#include "parse/json_text.hpp"

#include <unordered_set>
#include <string>
#include <vector>

#include "model/error.hpp"
#include "model/limits.hpp"
#include "text/utf8.hpp"

namespace pw::parse {

namespace {

// "line L, column C (byte offset N)" of the byte at `offset` (from 0); lines and columns
// count from 1, columns in characters. The bytes before `offset` are well-formed UTF-8.
std::string positionOf(std::string_view bytes, std::size_t offset) {
  const std::size_t end = std::min(offset, bytes.size());
  std::size_t line = 1, lineStart = 0;
  for (std::size_t i = 0; i < end; ++i) {
    if (bytes[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  const std::size_t column = utf8Length(bytes.substr(lineStart, end - lineStart)) + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte offset " +
         std::to_string(offset) + ")";
}

// The library's message after its own "parse error at line L, column C: " prefix,
// reduced to printable ASCII and a sensible length so that it stays one line.
std::string shortReason(const std::string& what) {
  std::string reason = what;
  const std::size_t column = reason.find("column ");
  const std::size_t colon = reason.find(": ", column == std::string::npos ? 0 : column);
  if (colon != std::string::npos) reason = reason.substr(colon + 2);
  const std::string prefix = "syntax error ";
  if (reason.compare(0, prefix.size(), prefix) == 0) reason = reason.substr(prefix.size());
  if (reason.find("expected end of input") != std::string::npos) {
    reason = "more text after the end of the document (" + reason + ")";
  }
  std::string clean;
  for (char c : reason) {
    const auto u = static_cast<unsigned char>(c);
    clean += (u >= 0x20 && u < 0x7F) ? c : '?';
    if (clean.size() >= 160) {
      clean += "...";
      break;
    }
  }
  return clean;
}

[[noreturn]] void failAt(std::string_view bytes, std::size_t offset, const std::string& reason) {
  throw PuzzleError("invalid JSON at " + positionOf(bytes, offset) + ": " + reason);
}

// Watches the parser's events: counts the values and keys (refusing a document with too many before
// it is all in memory), rejects duplicate keys and deep nesting, and names the field where
// that happens. One frame per open object or array; paths are built only for a message.
class StructureWatcher {
 public:
  bool onEvent(int depth, Json::parse_event_t event, const Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        countValue();
        if (depth > kMaxNesting) {
          throw PuzzleError(describedPath(frames_.size()) + ": nesting deeper than " + std::to_string(kMaxNesting) +
                            " levels");
        }
        frames_.push_back(Frame{event == Json::parse_event_t::array_start, {}, {}, 0});
        break;
      case Json::parse_event_t::key: {
        countValue();
        Frame& top = frames_.back();
        top.key = parsed.get_ref<const std::string&>();
        if (!top.keys.insert(top.key).second) {
          throw PuzzleError(describedPath(frames_.size()) + ": duplicate field (a JSON object may give each field once)");
        }
        break;
      }
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        frames_.pop_back();
        countElement();
        break;
      case Json::parse_event_t::value:
        countValue();
        countElement();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool isArray = false;
    std::unordered_set<std::string> keys;
    std::string key;
    std::size_t elements = 0;
  };

  void countValue() {
    if (++values_ > limits::kJsonValues) {
      throw PuzzleError("document: more JSON values and keys (numbers, strings, lists, objects, field names) than the limit of " +
                        std::to_string(limits::kJsonValues));
    }
  }

  void countElement() {
    if (!frames_.empty() && frames_.back().isArray) ++frames_.back().elements;
  }

  // The path of the value the first `open` frames lead to (its key or index in each).
  std::string pathOf(std::size_t open) const {
    static const Json unused;
    std::string path;
    for (std::size_t i = 0; i < open; ++i) {
      const Frame& f = frames_[i];
      path = f.isArray ? Node(unused, path).childPath(f.elements) : Node(unused, path).childPath(f.key);
    }
    return path;
  }

  std::string describedPath(std::size_t open) const {
    const std::string path = pathOf(open);
    return path.empty() ? std::string("document") : path;
  }

  std::vector<Frame> frames_;
  std::size_t values_ = 0;
};

}  // namespace

Json readJson(std::string_view bytes) {
  if (bytes.size() > limits::kDocumentBytes) {
    throw PuzzleError("document: " + std::to_string(bytes.size()) + " bytes exceed the limit of " +
                      std::to_string(limits::kDocumentBytes) + " bytes");
  }
  if (const std::optional<Utf8Error> bad = findInvalidUtf8(bytes)) {
    throw PuzzleError("invalid UTF-8 at " + positionOf(bytes, bad->offset) + ": " + bad->reason);
  }
  // The JSON library would take a NUL byte for the end of the input and ignore what follows.
  if (const std::size_t nul = bytes.find('\0'); nul != std::string_view::npos) {
    failAt(bytes, nul, "a NUL byte, which a JSON document never contains");
  }
  StructureWatcher watcher;
  try {
    return Json::parse(
        bytes.begin(), bytes.end(),
        [&watcher](int depth, Json::parse_event_t event, Json& parsed) { return watcher.onEvent(depth, event, parsed); });
  } catch (const Json::parse_error& e) {
    // e.byte counts from 1 and points at the last byte read, which is the offending one.
    failAt(bytes, e.byte > 0 ? e.byte - 1 : 0, shortReason(e.what()));
  } catch (const Json::out_of_range& e) {
    // Number overflow (1e999): the library reports no position, so find the number.
    const std::string what = e.what();
    const std::size_t open = what.find('\'');
    const std::size_t close = what.rfind('\'');
    std::size_t offset = bytes.size();
    if (open != std::string::npos && close > open) {
      const std::size_t at = bytes.find(what.substr(open + 1, close - open - 1));
      if (at != std::string_view::npos) offset = at;
    }
    const std::size_t bracket = what.find("] ");
    failAt(bytes, offset, shortReason(bracket == std::string::npos ? what : what.substr(bracket + 2)));
  }
}

}  // namespace pw::parse
