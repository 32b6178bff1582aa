// Decompression of raw DEFLATE data (RFC 1951), written for hostile input: every read is
// bounds-checked, the output stops at a caller's cap (so a small "decompression bomb"
// costs nothing), and every malformed stream is refused with a one-line PuzzleError.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pw::compress {

struct Inflated {
  std::string bytes;
  std::size_t consumed = 0;  // input bytes used, up to the end of the final block's last byte
};

// Decodes one DEFLATE stream at the start of `input`. Throws PuzzleError when the data is
// malformed or truncated, or when it would decompress to more than `maxOutput` bytes
// (the message then says so, naming `maxOutput`).
Inflated inflate(std::string_view input, std::size_t maxOutput);

}  // namespace pw::compress
