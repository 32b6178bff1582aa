// gzip at the edges of the solver: the core reads and writes BurrTools XML text only, and the
// command line (and the tests) inflate and deflate .xmpuzzle files here, with zlib natively
// (gzip_zlib.cpp) and with Node's zlib in the WASM command line (gzip_node.cpp). The page does
// the same with fflate (web/src/files/gzip.ts), with the same messages.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pw::gzip {

// The refusals, word for word the same in every build and on the page.
std::string tooLargeMessage(std::size_t limit);  // "gzip: the file decompresses to more than N bytes (the document limit)"
inline constexpr std::string_view kTruncated = "gzip: the data is truncated";
inline constexpr std::string_view kDamaged = "gzip: the data is damaged";

// gzip's magic number (1f 8b) at the start.
bool isGzip(std::string_view bytes);

// The data of a gzip file. Stops as soon as the output passes `limit` bytes (a decompression
// bomb costs what `limit` bytes cost), and refuses damaged or truncated data; throws
// PuzzleError with one of the messages above.
std::string inflate(std::string_view bytes, std::size_t limit);

// `data` as a gzip file.
std::string deflate(std::string_view data);

}  // namespace pw::gzip
