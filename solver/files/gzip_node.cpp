// gzip with Node's zlib, for the WASM command line (gzip.hpp), which runs under Node: the same
// zlib as the native build, without compiling a copy of it to WebAssembly.
#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <string>

#include "files/gzip.hpp"
#include "model/error.hpp"

namespace {

// Runs zlib on data[0, size): the length of the result, kept until gzipTake(), or a refusal:
// -1 over `limit` (Node stops inflating there), -2 truncated, -3 damaged.
EM_JS(double, gzipRun, (const char* data, double size, int inflating, double limit), {
  const zlib = require('zlib');
  const input = HEAPU8.subarray(data, data + size);
  try {
    Module.gzipResult = inflating ? zlib.gunzipSync(input, { maxOutputLength: limit + 1 }) : zlib.gzipSync(input, { level: 9 });
  } catch (e) {
    return e.code === 'ERR_BUFFER_TOO_LARGE' ? -1 : e.code === 'Z_BUF_ERROR' ? -2 : -3;
  }
  return Module.gzipResult.length;
});

EM_JS(void, gzipTake, (char* out), {
  HEAPU8.set(Module.gzipResult, out);
  Module.gzipResult = null;
});

std::string run(std::string_view bytes, bool inflating, std::size_t limit) {
  const double got = gzipRun(bytes.data(), static_cast<double>(bytes.size()), inflating ? 1 : 0, static_cast<double>(limit));
  if (got == -1 || got > static_cast<double>(limit)) throw pw::PuzzleError(pw::gzip::tooLargeMessage(limit));
  if (got == -2) throw pw::PuzzleError(std::string(pw::gzip::kTruncated));
  if (got < 0) throw pw::PuzzleError(std::string(pw::gzip::kDamaged));
  std::string out(static_cast<std::size_t>(got), '\0');
  gzipTake(out.data());
  return out;
}

}  // namespace

namespace pw::gzip {

std::string inflate(std::string_view bytes, std::size_t limit) { return run(bytes, true, limit); }

std::string deflate(std::string_view data) { return run(data, false, static_cast<std::size_t>(-1) >> 1); }

}  // namespace pw::gzip
#endif
