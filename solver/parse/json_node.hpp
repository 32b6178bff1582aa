// A JSON value together with its path in the document (`pieces[2].count.max`), with
// typed reads that fail with a one-line PuzzleError naming that path. Every reader of
// the format goes through here, so every message has the same shape: "path: problem".
#pragma once

#include <cstddef>
#include <vector>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "text/utf8.hpp"

namespace pw::parse {

using Json = nlohmann::json;
using text::findInvalidUtf8;
using text::utf8Length;
using text::utf8Prefix;
using text::Utf8Error;

class Node {
 public:
  Node(const Json& value, std::string path) : value_(&value), path_(std::move(path)) {}

  const Json& value() const { return *value_; }
  const std::string& path() const { return path_; }

  // Throws PuzzleError("path: problem"); the document root is called `document`.
  [[noreturn]] void fail(std::string_view problem) const;

  // ---- objects
  // Fails unless the value is an object whose keys are all in `known`; an unknown key is
  // named, with the closest known one suggested when it looks like a typo.
  void expectObject(const std::vector<std::string_view>& known) const;
  bool has(const char* key) const;
  std::optional<Node> optionalField(const char* key) const;
  Node field(const char* key) const;  // fails "missing required field" when absent
  // Fails naming the (possibly absent) field `key` of this object.
  [[noreturn]] void failField(std::string_view key, std::string_view problem) const;
  std::string childPath(std::string_view key) const;

  // ---- arrays
  // Fails unless the value is an array of minSize..maxSize elements; `noun` is plural
  // ("pieces") and appears in the messages.
  std::size_t arraySize(std::size_t minSize, std::size_t maxSize, std::string_view noun) const;
  Node element(std::size_t index) const;
  std::string childPath(std::size_t index) const;

  // ---- scalars
  // A string of at most maxChars Unicode characters; empty only when allowEmpty.
  std::string text(std::size_t maxChars, bool allowEmpty = false) const;
  bool boolean() const;
  // An integer in [lo, hi]; floats (2.5, and also 1e3), huge and negative values fail
  // without overflow. Exceeding hi is reported as exceeding "the limit of hi".
  int integer(int lo, int hi) const;

 private:
  const Json* value_;
  std::string path_;
};

// "null", "true", "2.5", "the string \"abc\"", "a list", "an object": what a message says it got.
std::string describe(const Json& value);

// The candidate closest to `word` when it is plausibly a typo of it, else nullopt.
std::optional<std::string_view> closestMatch(std::string_view word,
                                             const std::vector<std::string_view>& candidates);

// `did you mean "x"?` or empty.
std::string didYouMean(std::string_view word, const std::vector<std::string_view>& candidates);

// A string quoted for a one-line message: JSON escapes, cut after at most `maxChars` bytes
// (never inside a character).
std::string quotedText(std::string_view text, std::size_t maxChars = 40);

}  // namespace pw::parse
