// The gzip container (RFC 1952) around DEFLATE data: reading (every header field, the
// CRC-32 and length checks, concatenated members) and writing (one member).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pw::compress {

// True when `bytes` starts with the gzip magic number 1f 8b.
bool isGzip(std::string_view bytes);

// The decompressed contents of every member of a gzip file, in order. Throws PuzzleError
// (one line, starting "gzip: ") when a header is malformed, the data is corrupt or
// truncated, a CRC or length check fails, bytes that are not a gzip member follow, or the
// output would exceed `maxOutput` bytes.
std::string gunzip(std::string_view bytes, std::size_t maxOutput);

// One gzip member holding `bytes` (no file name, no time stamp).
std::string gzip(std::string_view bytes);

}  // namespace pw::compress
