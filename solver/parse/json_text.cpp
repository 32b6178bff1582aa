#include "parse/json_text.hpp"

#include <set>
#include <string>
#include <vector>

#include "model/error.hpp"
#include "model/limits.hpp"

namespace pw::parse {

namespace {

struct Position {
  std::size_t line = 1;
  std::size_t column = 1;
};

// Line and column (both from 1) of the byte at `offset` (0-based).
Position positionOf(std::string_view text, std::size_t offset) {
  Position p;
  const std::size_t end = std::min(offset, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
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

[[noreturn]] void failAt(std::string_view text, std::size_t offset, const std::string& reason) {
  const Position p = positionOf(text, offset);
  throw PuzzleError("invalid JSON at line " + std::to_string(p.line) + ", column " + std::to_string(p.column) +
                    ": " + reason);
}

// Tracks where the parser is (as a path) so that duplicate keys and deep nesting can be
// reported by field. One frame per open object or array.
class StructureWatcher {
 public:
  bool onEvent(int depth, Json::parse_event_t event, const Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start: {
        const std::string path = frames_.empty() ? std::string() : childPathOfTop();
        if (depth > kMaxNesting) {
          throw PuzzleError((path.empty() ? std::string("document") : path) + ": nesting deeper than " +
                            std::to_string(kMaxNesting) + " levels");
        }
        frames_.push_back(Frame{event == Json::parse_event_t::array_start, path, {}, {}, 0});
        break;
      }
      case Json::parse_event_t::key: {
        Frame& top = frames_.back();
        top.key = parsed.get<std::string>();
        if (!top.keys.insert(top.key).second) {
          throw PuzzleError(Node(parsed, top.path).childPath(top.key) + ": duplicate field (a JSON object may give each field once)");
        }
        break;
      }
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        frames_.pop_back();
        countElement();
        break;
      case Json::parse_event_t::value: countElement(); break;
    }
    return true;
  }

 private:
  struct Frame {
    bool isArray = false;
    std::string path;
    std::set<std::string> keys;
    std::string key;
    std::size_t elements = 0;
  };

  std::string childPathOfTop() const {
    static const Json unused;
    const Frame& top = frames_.back();
    return top.isArray ? Node(unused, top.path).childPath(top.elements) : Node(unused, top.path).childPath(top.key);
  }

  void countElement() {
    if (!frames_.empty() && frames_.back().isArray) ++frames_.back().elements;
  }

  std::vector<Frame> frames_;
};

}  // namespace

Json readJson(std::string_view text) {
  if (text.size() > limits::kDocumentBytes) {
    throw PuzzleError("document: " + std::to_string(text.size()) + " bytes exceed the limit of " +
                      std::to_string(limits::kDocumentBytes) + " bytes");
  }
  StructureWatcher watcher;
  try {
    return Json::parse(
        text.begin(), text.end(),
        [&watcher](int depth, Json::parse_event_t event, Json& parsed) { return watcher.onEvent(depth, event, parsed); });
  } catch (const Json::parse_error& e) {
    // e.byte counts from 1 and points at the last byte read, which is the offending one.
    failAt(text, e.byte > 0 ? e.byte - 1 : 0, shortReason(e.what()));
  } catch (const Json::out_of_range& e) {
    // Number overflow (1e999): the library reports no position, so find the number.
    const std::string what = e.what();
    const std::size_t open = what.find('\'');
    const std::size_t close = what.rfind('\'');
    std::size_t offset = text.size();
    if (open != std::string::npos && close > open) {
      const std::size_t at = text.find(what.substr(open + 1, close - open - 1));
      if (at != std::string_view::npos) offset = at;
    }
    const std::size_t bracket = what.find("] ");
    failAt(text, offset, shortReason(bracket == std::string::npos ? what : what.substr(bracket + 2)));
  }
}

}  // namespace pw::parse
