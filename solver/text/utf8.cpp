#include "text/utf8.hpp"

namespace pw::text {

namespace {

std::string hexByte(unsigned char b) {
  static const char* digits = "0123456789ABCDEF";
  return std::string("0x") + digits[b >> 4] + digits[b & 15];
}

}  // namespace

std::optional<Utf8Error> findInvalidUtf8(std::string_view bytes) {
  const std::size_t n = bytes.size();
  std::size_t i = 0;
  while (i < n) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    // Length of the sequence and the range its second byte must lie in (RFC 3629, table 3-7
    // of the Unicode standard): this excludes overlong forms, surrogates and > U+10FFFF.
    int length = 0;
    unsigned char low = 0x80, high = 0xBF;
    const char* narrowed = nullptr;
    if (b >= 0xC2 && b <= 0xDF) {
      length = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      length = 3;
      if (b == 0xE0) low = 0xA0, narrowed = "an overlong encoding";
      if (b == 0xED) high = 0x9F, narrowed = "an encoded surrogate (U+D800 to U+DFFF)";
    } else if (b >= 0xF0 && b <= 0xF4) {
      length = 4;
      if (b == 0xF0) low = 0x90, narrowed = "an overlong encoding";
      if (b == 0xF4) high = 0x8F, narrowed = "a code point beyond U+10FFFF";
    } else if (b >= 0x80 && b <= 0xBF) {
      return Utf8Error{i, "byte " + hexByte(b) + " continues a character but none has started"};
    } else {
      return Utf8Error{i, "byte " + hexByte(b) + " never occurs in UTF-8" +
                              (b == 0xC0 || b == 0xC1 ? " (it would start an overlong encoding)" : "")};
    }
    for (int k = 1; k < length; ++k) {
      if (i + k >= n) {
        return Utf8Error{i, "the document ends inside a " + std::to_string(length) + "-byte character starting with " +
                                hexByte(b)};
      }
      const auto c = static_cast<unsigned char>(bytes[i + k]);
      const unsigned char lo = k == 1 ? low : 0x80, hi = k == 1 ? high : 0xBF;
      if (c < lo || c > hi) {
        if (k == 1 && narrowed && c >= 0x80 && c <= 0xBF)
          return Utf8Error{i, hexByte(b) + " " + hexByte(c) + " starts " + narrowed};
        return Utf8Error{i, "a " + std::to_string(length) + "-byte character starting with " + hexByte(b) +
                                " is cut short by byte " + hexByte(c)};
      }
    }
    i += static_cast<std::size_t>(length);
  }
  return std::nullopt;
}

bool isValidUtf8(std::string_view bytes) { return !findInvalidUtf8(bytes); }

std::size_t utf8Length(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  }
  return n;
}

std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return text;
  std::size_t end = maxBytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

std::string messageText(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  while (!bytes.empty()) {
    const std::optional<Utf8Error> bad = findInvalidUtf8(bytes);
    const std::size_t good = bad ? bad->offset : bytes.size();
    for (const char c : bytes.substr(0, good)) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '\n' || c == '\r' || c == '\t') out.push_back(' ');
      else if (u < 0x20 || u == 0x7F) out.append("\xEF\xBF\xBD");
      else out.push_back(c);
    }
    if (!bad) break;
    out.append("\xEF\xBF\xBD");  // U+FFFD
    bytes.remove_prefix(good + 1);
  }
  return out;
}

std::string latin1ToUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  for (const char c : bytes) appendUtf8(out, static_cast<unsigned char>(c));
  return out;
}

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace pw::text
