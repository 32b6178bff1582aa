#include "parse/expected_counts.hpp"

#include <cstddef>
#include <limits>

namespace pw {

namespace {

// A cursor over the notes; each step either consumes what it expects or fails.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}

  void skipSpaces() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) ++at_;
  }
  std::size_t position() const { return at_; }
  bool take(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }
  // Digits with optional thousands commas ("1,234"); nullopt when there are none or on overflow.
  std::optional<std::uint64_t> number() {
    std::uint64_t value = 0;
    bool any = false;
    while (at_ < text_.size() && ((text_[at_] >= '0' && text_[at_] <= '9') || (any && text_[at_] == ','))) {
      const char c = text_[at_++];
      if (c == ',') continue;
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
      value = value * 10 + digit;
      any = true;
    }
    if (any) return value;
    return std::nullopt;
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

// A count and the word after it ("236136 solutions"), spaces allowed around the count.
std::optional<std::uint64_t> countThen(Cursor& c, std::string_view word) {
  c.skipSpaces();
  const auto n = c.number();
  c.skipSpaces();
  if (!n || !c.take(word)) return std::nullopt;
  return n;
}

// "Expected:" followed by "N solution(s), M unique" at the start of `notes`.
std::optional<ExpectedCounts> sentenceAt(std::string_view notes) {
  Cursor c(notes);
  if (!c.take("Expected:")) return std::nullopt;
  const auto solutions = countThen(c, "solution");
  if (!solutions) return std::nullopt;
  c.take("s");
  if (!c.take(",")) return std::nullopt;
  const auto unique = countThen(c, "unique");
  if (!unique) return std::nullopt;
  c.take(".");
  return ExpectedCounts{0, c.position(), *solutions, *unique};
}

}  // namespace

std::optional<ExpectedCounts> expectedCounts(std::string_view notes) {
  for (std::size_t at = notes.find("Expected:"); at != std::string_view::npos; at = notes.find("Expected:", at + 1)) {
    if (auto counts = sentenceAt(notes.substr(at))) {
      counts->at = at;
      return counts;
    }
  }
  return std::nullopt;
}

}  // namespace pw
