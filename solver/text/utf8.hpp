// UTF-8 checks and conversions: what a piecewise/1 document's bytes must be before they are
// read as JSON (checked over the whole document, so that every entry point, native or WASM,
// refuses the same bytes with the same message), and text from other tools' files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pw::text {

struct Utf8Error {
  std::size_t offset = 0;  // of the first byte of the bad sequence, from 0
  std::string reason;      // e.g. "byte 0xFF never occurs in UTF-8"
};

// The first ill-formed sequence (RFC 3629): a byte that starts no character, a character cut
// short, an overlong form, a surrogate (U+D800..U+DFFF) or a code point beyond U+10FFFF.
std::optional<Utf8Error> findInvalidUtf8(std::string_view bytes);

// True when `bytes` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool isValidUtf8(std::string_view bytes);

// Unicode characters in well-formed UTF-8.
std::size_t utf8Length(std::string_view text);

// The longest prefix of well-formed UTF-8 text of at most `maxBytes` bytes that does not
// cut a character in two.
std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes);

// `bytes` made fit for a one-line message that quotes bytes from a file: every ill-formed
// sequence's first byte and every control character become U+FFFD (line breaks and tabs a
// space), the same text in every build.
std::string messageText(std::string_view bytes);

// Each byte as the Latin-1 (ISO-8859-1) character of that number, encoded as UTF-8.
std::string latin1ToUtf8(std::string_view bytes);

// Appends `codePoint` (at most U+10FFFF, not a surrogate) as UTF-8.
void appendUtf8(std::string& out, std::uint32_t codePoint);

}  // namespace pw::text
