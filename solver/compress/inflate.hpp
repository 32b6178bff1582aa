// Decompression of raw DEFLATE data (RFC 1951), written for hostile input: every read is
// bounds-checked, the output stops at a caller's cap (so a small "decompression bomb"
// costs nothing), and every malformed stream is refused with a one-line PuzzleError.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pw::compress {

// Decodes one DEFLATE stream at the start of `input`, appending its bytes to `out`, and
// returns how many input bytes it used (up to the end of the final block's last byte).
// Throws PuzzleError when the data is malformed or truncated, or when `out` would grow
// past `maxOutput` bytes (the message then names `maxOutput`).
std::size_t inflate(std::string_view input, std::string& out, std::size_t maxOutput);

}  // namespace pw::compress
