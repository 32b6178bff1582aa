// What the gzip edge says, in both builds (gzip.hpp).
#include <string>

#include "files/gzip.hpp"

namespace pw::gzip {

std::string tooLargeMessage(std::size_t limit) {
  return "gzip: the file decompresses to more than " + std::to_string(limit) + " bytes (the document limit)";
}

bool isGzip(std::string_view bytes) { return bytes.size() >= 2 && bytes[0] == '\x1f' && bytes[1] == '\x8b'; }

}  // namespace pw::gzip
