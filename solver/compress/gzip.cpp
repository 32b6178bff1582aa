#include "compress/gzip.hpp"

#include <cstdint>

#include "compress/crc32.hpp"
#include "compress/deflate.hpp"
#include "compress/inflate.hpp"
#include "model/error.hpp"

namespace pw::compress {

namespace {

[[noreturn]] void fail(const std::string& problem) { throw PuzzleError("gzip: " + problem); }

constexpr unsigned char kId1 = 0x1f, kId2 = 0x8b, kDeflate = 8;
// Header flag bits (RFC 1952, 2.3.1).
constexpr unsigned kText = 1, kHeaderCrc = 2, kExtra = 4, kName = 8, kComment = 16;

std::uint32_t littleEndian(std::string_view b, std::size_t at, int n) {
  std::uint32_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
  return v;
}

void putLittleEndian(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFFu));
}

// Reads one member starting at `at`, appends its data to `out`, returns where it ends.
std::size_t readMember(std::string_view bytes, std::size_t at, std::string& out, std::size_t maxOutput) {
  const std::size_t start = at;
  const auto need = [&](std::size_t n, const char* what) {
    if (bytes.size() - at < n) fail(std::string("truncated (the file ends inside the ") + what + ")");
  };
  need(10, "header");
  if (static_cast<unsigned char>(bytes[at + 2]) != kDeflate)
    fail("compression method " + std::to_string(static_cast<unsigned char>(bytes[at + 2])) + " is not deflate (8)");
  const unsigned flags = static_cast<unsigned char>(bytes[at + 3]);
  if (flags & ~(kText | kHeaderCrc | kExtra | kName | kComment)) fail("reserved header flags are set");
  at += 10;
  if (flags & kExtra) {
    need(2, "header");
    const std::size_t length = littleEndian(bytes, at, 2);
    at += 2;
    need(length, "header's extra field");
    at += length;
  }
  for (const unsigned field : {kName, kComment}) {
    if (!(flags & field)) continue;
    const std::size_t end = bytes.find('\0', at);
    if (end == std::string_view::npos) fail(field == kName ? "truncated (the file ends inside the stored file name)" : "truncated (the file ends inside the header comment)");
    at = end + 1;
  }
  if (flags & kHeaderCrc) {
    need(2, "header");
    if (littleEndian(bytes, at, 2) != (crc32(bytes.substr(start, at - start)) & 0xFFFFu)) fail("the header's CRC does not match");
    at += 2;
  }
  if (at == bytes.size()) fail("truncated (no compressed data after the header)");
  const std::size_t begin = out.size();
  try {
    at += inflate(bytes.substr(at), out, maxOutput);
  } catch (const PuzzleError& e) {
    fail(e.what());
  }
  const std::string_view data = std::string_view(out).substr(begin);
  need(8, "trailer");
  if (littleEndian(bytes, at, 4) != crc32(data)) fail("CRC mismatch: the data is corrupt");
  if (littleEndian(bytes, at + 4, 4) != static_cast<std::uint32_t>(data.size()))
    fail("the stored length does not match the data: the data is corrupt");
  return at + 8;
}

}  // namespace

bool isGzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == kId1 && static_cast<unsigned char>(bytes[1]) == kId2;
}

std::string gunzip(std::string_view bytes, std::size_t maxOutput) {
  if (!isGzip(bytes)) fail("not gzip data (it does not start with the bytes 1f 8b)");
  std::string out;
  std::size_t at = 0;
  while (at < bytes.size()) {
    if (!isGzip(bytes.substr(at)))
      fail(std::to_string(bytes.size() - at) + " bytes of unexpected data after the compressed stream");
    at = readMember(bytes, at, out, maxOutput);
  }
  return out;
}

std::string gzip(std::string_view bytes) {
  std::string out = {static_cast<char>(kId1), static_cast<char>(kId2), static_cast<char>(kDeflate), 0, 0, 0, 0, 0,
                     0, static_cast<char>(255)};  // no flags, no time stamp, no extra flags, unknown OS
  out += deflate(bytes);
  putLittleEndian(out, crc32(bytes));
  putLittleEndian(out, static_cast<std::uint32_t>(bytes.size()));
  return out;
}

}  // namespace pw::compress
