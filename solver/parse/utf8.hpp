// UTF-8 as RFC 3629 defines it: what a document's bytes must be before they are read as JSON.
// Checked over the whole document (not only inside strings), so that every entry point,
// native or WASM, refuses the same bytes with the same message.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pw::parse {

struct Utf8Error {
  std::size_t offset = 0;  // of the first byte of the bad sequence, from 0
  std::string reason;      // e.g. "byte 0xFF never occurs in UTF-8"
};

// The first ill-formed sequence: a byte that starts no character, a character cut short,
// an overlong form, a surrogate (U+D800..U+DFFF) or a code point beyond U+10FFFF.
std::optional<Utf8Error> findInvalidUtf8(std::string_view bytes);

// Unicode characters in well-formed UTF-8.
std::size_t utf8Length(std::string_view text);

// The longest prefix of well-formed UTF-8 text of at most `maxBytes` bytes that does not
// cut a character in two.
std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes);

}  // namespace pw::parse
