// The library's convention for known counts: a puzzle's notes say
// "Expected: 9356 solutions, 2339 unique." (thousands may be written 1,234). The one reader
// of that sentence: the C++ tests, the page and the benchmark all take it from here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pw {

struct ExpectedCounts {
  // Where the sentence stands in the notes (with its final '.', if any), so that a page can
  // show the rest of the notes without it.
  std::size_t at = 0;
  std::size_t length = 0;
  std::uint64_t solutions = 0;
  std::uint64_t unique = 0;
};

// The counts the notes announce, or nullopt when they announce none (or a number too large
// for 64 bits, which no puzzle's notes can honestly claim).
std::optional<ExpectedCounts> expectedCounts(std::string_view notes);

}  // namespace pw
