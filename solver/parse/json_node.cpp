#include "parse/json_node.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "model/error.hpp"

namespace pw::parse {

namespace {

bool isPlainKey(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-';
    if (!ok) return false;
  }
  return true;
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// Case-insensitive Levenshtein distance; the words compared here are short field names.
std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitute = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitute});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string joinQuoted(const std::vector<std::string_view>& words) {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += ", ";
    out += quotedText(w);
  }
  return out;
}

}  // namespace

void Node::fail(std::string_view problem) const {
  std::string message = path_.empty() ? std::string("document") : path_;
  message += ": ";
  message += problem;
  throw PuzzleError(message);
}

// ---- objects ----------------------------------------------------------------

std::string Node::childPath(std::string_view key) const {
  if (!isPlainKey(key)) return path_ + "[" + quotedText(key) + "]";
  if (path_.empty()) return std::string(key);
  return path_ + "." + std::string(key);
}

void Node::expectObject(const std::vector<std::string_view>& known) const {
  if (!value_->is_object()) fail("expected an object, got " + describe(*value_));
  for (const auto& item : value_->items()) {
    const std::string& key = item.key();
    if (std::find(known.begin(), known.end(), std::string_view(key)) != known.end()) continue;
    const std::string hint = didYouMean(key, known);
    Node(item.value(), childPath(key))
        .fail(hint.empty() ? "unknown field (known fields: " + joinQuoted(known) + ")" : "unknown field; " + hint);
  }
}

bool Node::has(const char* key) const { return value_->is_object() && value_->contains(key); }

std::optional<Node> Node::optionalField(const char* key) const {
  if (!value_->is_object()) fail("expected an object, got " + describe(*value_));
  const auto it = value_->find(key);
  if (it == value_->end()) return std::nullopt;
  return Node(*it, childPath(key));
}

Node Node::field(const char* key) const {
  std::optional<Node> found = optionalField(key);
  if (!found) failField(key, "missing required field");
  return *found;
}

void Node::failField(std::string_view key, std::string_view problem) const {
  static const Json absent;
  Node(absent, childPath(key)).fail(problem);
}

// ---- arrays -----------------------------------------------------------------

std::string Node::childPath(std::size_t index) const {
  return (path_.empty() ? std::string("document") : path_) + "[" + std::to_string(index) + "]";
}

std::size_t Node::arraySize(std::size_t minSize, std::size_t maxSize, std::string_view noun) const {
  if (!value_->is_array()) fail("expected a list of " + std::string(noun) + ", got " + describe(*value_));
  const std::size_t n = value_->size();
  if (n < minSize) {
    if (minSize == 1) fail("expected a non-empty list of " + std::string(noun) + ", got an empty list");
    fail("expected at least " + std::to_string(minSize) + " " + std::string(noun) + ", got " + std::to_string(n));
  }
  if (n > maxSize) {
    fail(std::to_string(n) + " " + std::string(noun) + " exceed the limit of " + std::to_string(maxSize));
  }
  return n;
}

Node Node::element(std::size_t index) const { return Node((*value_)[index], childPath(index)); }

// ---- scalars ----------------------------------------------------------------

std::string Node::text(std::size_t maxChars, bool allowEmpty) const {
  if (!value_->is_string()) fail("expected a string, got " + describe(*value_));
  const std::string& s = value_->get_ref<const std::string&>();
  if (s.empty() && !allowEmpty) fail("empty string; expected at least one character");
  const std::size_t chars = utf8Length(s);
  if (chars > maxChars) {
    fail(std::to_string(chars) + " characters exceed the limit of " + std::to_string(maxChars));
  }
  return s;
}

bool Node::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false, got " + describe(*value_));
  return value_->get<bool>();
}

int Node::integer(int lo, int hi) const {
  const Json& v = *value_;
  if (v.is_number_float()) {
    const double d = v.get<double>();
    std::string problem = "expected an integer, got " + describe(v);
    if (std::isfinite(d) && d == std::floor(d)) problem += " (a floating-point number: write it without '.' or an exponent)";
    if (d > static_cast<double>(hi)) problem += "; it would also exceed the limit of " + std::to_string(hi);
    fail(problem);
  }
  if (!v.is_number_integer()) fail("expected an integer, got " + describe(v));
  std::int64_t s = 0;
  if (v.is_number_unsigned()) {
    const std::uint64_t u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      fail(describe(v) + " exceeds the limit of " + std::to_string(hi));
    }
    s = static_cast<std::int64_t>(u);
  } else {
    s = v.get<std::int64_t>();
  }
  if (s > hi) fail(std::to_string(s) + " exceeds the limit of " + std::to_string(hi));
  if (s < lo) {
    if (lo < 0) fail(std::to_string(s) + " is beyond the limit of " + std::to_string(lo));
    if (s < 0) fail("negative value " + std::to_string(s) + "; expected an integer of at least " + std::to_string(lo));
    if (lo == 1) fail("expected a positive integer, got " + std::to_string(s));
    fail("expected an integer of at least " + std::to_string(lo) + ", got " + std::to_string(s));
  }
  return static_cast<int>(s);
}

// ---- helpers ----------------------------------------------------------------

std::string describe(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case Json::value_t::string: return "the string " + quotedText(value.get_ref<const std::string&>());
    case Json::value_t::array: return value.empty() ? "an empty list" : "a list";
    case Json::value_t::object: return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return value.dump();
    default: return "an unexpected value";
  }
}

std::optional<std::string_view> closestMatch(std::string_view word,
                                             const std::vector<std::string_view>& candidates) {
  if (word.empty() || word.size() > 64) return std::nullopt;
  std::optional<std::string_view> best;
  std::size_t bestDistance = 0;
  for (std::string_view c : candidates) {
    const std::size_t d = editDistance(word, c);
    if (!best || d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const std::size_t allowed = word.size() <= 3 ? 1 : 2;  // short words: one typo at most
  if (!best || bestDistance > allowed) return std::nullopt;
  return best;
}

std::string didYouMean(std::string_view word, const std::vector<std::string_view>& candidates) {
  const std::optional<std::string_view> match = closestMatch(word, candidates);
  return match ? "did you mean " + quotedText(*match) + "?" : std::string();
}

std::string quotedText(std::string_view text, std::size_t maxChars) {
  const bool cut = text.size() > maxChars;
  const Json s = std::string(utf8Prefix(text, maxChars));
  std::string out = s.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (cut) out.insert(out.size() - 1, "...");
  return out;
}

}  // namespace pw::parse
