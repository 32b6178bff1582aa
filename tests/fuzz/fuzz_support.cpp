#include "fuzz_support.hpp"

#include <cstdio>
#include <cstdlib>

#include "text/utf8.hpp"

namespace pw::fuzz {

void fail(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "FUZZ FAILURE: %.*s: %.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

void expectGoodMessage(const std::string& message) {
  if (message.empty()) fail("empty message", "");
  if (message.find('\n') != std::string::npos) fail("message of several lines", message);
  // Bounded whatever the input's size: lists give a few items, quoted text is cut.
  if (message.size() > 4096) fail("message over 4096 bytes", message.substr(0, 300));
  if (text::findInvalidUtf8(message)) fail("message is not UTF-8", message);
}

}  // namespace pw::fuzz
