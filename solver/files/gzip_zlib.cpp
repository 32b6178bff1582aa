// gzip with zlib, for the native command line and tests (gzip.hpp). Not in the WASM build,
// which has Node's zlib (gzip_node.cpp) and no zlib of its own.
#ifndef __EMSCRIPTEN__
#include <zlib.h>

#include <memory>
#include <string>

#include "files/gzip.hpp"
#include "model/error.hpp"

namespace pw::gzip {

namespace {

// zlib takes 32-bit sizes: data is handed over in pieces no larger than this.
constexpr std::size_t kPiece = std::size_t{1} << 20;

struct InflateStream {
  z_stream z{};
  InflateStream() {
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw PuzzleError("gzip: out of memory");  // 16: gzip wrapper only
  }
  ~InflateStream() { inflateEnd(&z); }
};

}  // namespace

std::string inflate(std::string_view bytes, std::size_t limit) {
  InflateStream s;
  std::string out;
  auto* in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  std::size_t inLeft = bytes.size();
  char buffer[64 * 1024];
  for (;;) {
    if (s.z.avail_in == 0 && inLeft > 0) {
      const std::size_t piece = std::min(inLeft, kPiece);
      s.z.next_in = in;
      s.z.avail_in = static_cast<uInt>(piece);
      in += piece;
      inLeft -= piece;
    }
    s.z.next_out = reinterpret_cast<Bytef*>(buffer);
    s.z.avail_out = sizeof buffer;
    const int status = ::inflate(&s.z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - s.z.avail_out);
    if (out.size() > limit) throw PuzzleError(tooLargeMessage(limit));
    if (status == Z_STREAM_END) return out;
    if (status == Z_BUF_ERROR && s.z.avail_in == 0 && inLeft == 0) throw PuzzleError(std::string(kTruncated));
    if (status == Z_MEM_ERROR) throw PuzzleError("gzip: out of memory");
    if (status != Z_OK && status != Z_BUF_ERROR) throw PuzzleError(std::string(kDamaged));
  }
}

std::string deflate(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw PuzzleError("gzip: out of memory");
  const std::unique_ptr<z_stream, int (*)(z_stream*)> end(&z, &deflateEnd);
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());  // documents are far below 4 GB
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  if (::deflate(&z, Z_FINISH) != Z_STREAM_END) throw PuzzleError("gzip: cannot compress");
  out.resize(z.total_out);
  return out;
}

}  // namespace pw::gzip
#endif
