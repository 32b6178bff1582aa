#include "text/display.hpp"

namespace pw::text {

std::string oneLine(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

std::string clipped(std::string_view s, std::size_t maxChars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0u) == 0x80u) continue;  // a continuation byte
    if (chars++ == maxChars) return std::string(s.substr(0, i));
  }
  return std::string(s);
}

std::string shown(std::string_view s, std::size_t maxChars) {
  std::string out = clipped(oneLine(s), maxChars);
  if (out.size() < s.size()) out += "...";
  return out;
}

std::string listed(const std::vector<std::string>& items, std::size_t most) {
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < most; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > most) out += " and " + std::to_string(items.size() - most) + " more";
  return out;
}

}  // namespace pw::text
