// Text from files, made safe to put into a one-line message or a one-line name.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pw::text {

// Control characters (a newline, a tab, ...) replaced by spaces.
std::string oneLine(std::string_view s);

// At most `maxChars` Unicode characters of UTF-8 text (cut at a character boundary).
std::string clipped(std::string_view s, std::size_t maxChars);

// For messages: one line, and at most `maxChars` characters, with "..." when cut.
std::string shown(std::string_view s, std::size_t maxChars = 60);

// For messages: the first `most` items joined by ", ", then " and N more" for the rest, so that
// a message about 40,000 problems or jobs stays one short line.
std::string listed(const std::vector<std::string>& items, std::size_t most = 10);

}  // namespace pw::text
