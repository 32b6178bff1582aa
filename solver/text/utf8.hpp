// UTF-8 checks and conversions for text that arrives from other tools' files.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pw::text {

// True when `bytes` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool isValidUtf8(std::string_view bytes);

// Each byte as the Latin-1 (ISO-8859-1) character of that number, encoded as UTF-8.
std::string latin1ToUtf8(std::string_view bytes);

// Appends `codePoint` (at most U+10FFFF, not a surrogate) as UTF-8.
void appendUtf8(std::string& out, std::uint32_t codePoint);

}  // namespace pw::text
