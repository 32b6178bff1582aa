// The reader takes bytes: ill-formed UTF-8 anywhere, a NUL byte and anything after the
// document are refused with their byte offset; too many JSON values are refused before the
// document is all in memory. Every entry point (file, WASM) hands the bytes to this reader.
#include <gtest/gtest.h>

#include <string>

#include "model/limits.hpp"
#include "parse/parse.hpp"
#include "test_support.hpp"
#include "text/utf8.hpp"

namespace pw {
namespace {

const std::string kValid =
    R"({"format": "piecewise/1", "name": "t", "kind": "snake", "box": [2, 1, 1], "segments": [2]})";

using test::parseErrorOf;

// The document with `bytes` in its name, which starts at byte offset 35.
std::string withName(const std::string& bytes) {
  std::string doc = kValid;
  doc.replace(doc.find("\"t\"") + 1, 1, bytes);
  return doc;
}

TEST(ParseBytes, WellFormedUtf8IsAccepted) {
  EXPECT_EQ(parseErrorOf(kValid), "(accepted)");
  EXPECT_EQ(parseErrorOf(withName("\xc3\xa9\xe2\x82\xac\xf0\x9f\xa7\xa9\xf4\x8f\xbf\xbf")), "(accepted)");  // é € 🧩 U+10FFFF
  EXPECT_EQ(parseErrorOf("\xef\xbb\xbf" + kValid), "(accepted)");  // a byte order mark
}

TEST(ParseBytes, IllFormedUtf8NamesTheByteOffset) {
  const auto at = [](const std::string& bytes) { return parseErrorOf(withName(bytes)); };
  EXPECT_EQ(at("\xff"), "invalid UTF-8 at line 1, column 36 (byte offset 35): byte 0xFF never occurs in UTF-8");
  EXPECT_EQ(at("ab\x80"), "invalid UTF-8 at line 1, column 38 (byte offset 37): byte 0x80 continues a character but none has started");
  EXPECT_EQ(at("\xc0\xaf"),
            "invalid UTF-8 at line 1, column 36 (byte offset 35): byte 0xC0 never occurs in UTF-8 (it would start an overlong encoding)");
  EXPECT_EQ(at("\xe0\x80\xaf"), "invalid UTF-8 at line 1, column 36 (byte offset 35): 0xE0 0x80 starts an overlong encoding");
  EXPECT_EQ(at("\xed\xa0\x80"),
            "invalid UTF-8 at line 1, column 36 (byte offset 35): 0xED 0xA0 starts an encoded surrogate (U+D800 to U+DFFF)");
  EXPECT_EQ(at("\xf4\x90\x80\x80"),
            "invalid UTF-8 at line 1, column 36 (byte offset 35): 0xF4 0x90 starts a code point beyond U+10FFFF");
  EXPECT_EQ(at("\xe2\x82x"),
            "invalid UTF-8 at line 1, column 36 (byte offset 35): a 3-byte character starting with 0xE2 is cut short by byte 0x78");
  EXPECT_EQ(parseErrorOf(kValid + "\xf0\x9f"),
            "invalid UTF-8 at line 1, column 91 (byte offset 90): the document ends inside a 4-byte character starting with 0xF0");
  // Columns count characters; the offset counts bytes.
  EXPECT_EQ(at("\xc3\xa9\n\xc3\xa9\xfe"), "invalid UTF-8 at line 2, column 2 (byte offset 40): byte 0xFE never occurs in UTF-8");
}

TEST(ParseBytes, NothingMayFollowTheDocument) {
  EXPECT_EQ(parseErrorOf(kValid + " \n\t\r\n"), "(accepted)");
  EXPECT_EQ(parseErrorOf(kValid + std::string("\0garbage", 8)),
            "invalid JSON at line 1, column 91 (byte offset 90): a NUL byte, which a JSON document never contains");
  EXPECT_EQ(parseErrorOf(kValid + std::string("\0", 1)),
            "invalid JSON at line 1, column 91 (byte offset 90): a NUL byte, which a JSON document never contains");
  const std::string second = parseErrorOf(kValid + "\n" + kValid);
  EXPECT_EQ(second.rfind("invalid JSON at line 2, column 1 (byte offset 91): more text after the end of the document", 0), 0u)
      << second;
  EXPECT_NE(parseErrorOf(kValid + "x").find("(byte offset 90)"), std::string::npos);
  EXPECT_NE(parseErrorOf(kValid + ",").find("more text after the end of the document"), std::string::npos);
}

TEST(ParseBytes, NulInsideTheDocumentIsNamed) {
  const std::string doc = withName(std::string("a\0b", 3));
  EXPECT_EQ(parseErrorOf(doc), "invalid JSON at line 1, column 37 (byte offset 36): a NUL byte, which a JSON document never contains");
}

TEST(ParseBytes, TooManyJsonValuesAreRefusedWhileReading) {
  std::string doc = R"({"format": "piecewise/1", "name": "t", "kind": "snake", "box": [)";
  for (std::size_t i = 0; i < limits::kJsonValues; ++i) doc += "0,";
  doc += "0]}";
  const std::string tooMany = "document: more JSON values and keys (numbers, strings, lists, objects, field names) than the limit of " +
                              std::to_string(limits::kJsonValues);
  EXPECT_EQ(parseErrorOf(doc), tooMany);
  doc = R"({"format": "piecewise/1", "name": "t", "kind": "snake", "box": {)";
  for (std::size_t i = 0; i < limits::kJsonValues / 2; ++i) doc += "\"k" + std::to_string(i) + "\":0,";
  doc += "\"k\":0}}";
  EXPECT_EQ(parseErrorOf(doc), tooMany);
}

TEST(ParseBytes, MessagesQuoteTextWithoutCuttingACharacter) {
  // 40 bytes of quoted text end inside the 20th "é": the quote stops before it.
  std::string doc = kValid;
  doc.replace(doc.find("snake"), 5, std::string(30, 'x').insert(0, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"));
  const std::string message = parseErrorOf(doc);
  EXPECT_EQ(text::findInvalidUtf8(message), std::nullopt) << message;
}

TEST(Utf8, MessageTextIsOneLineOfUtf8) {
  EXPECT_EQ(text::messageText("ok \xc3\xa9"), "ok \xc3\xa9");
  EXPECT_EQ(text::messageText("a\xff" "b\xe2\x82"), "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd");
  EXPECT_EQ(text::messageText("a\nb\r\tc\x01"), "a b  c\xef\xbf\xbd");
  EXPECT_EQ(text::findInvalidUtf8(text::messageText("\xed\xa0\x80\xc0\xaf")), std::nullopt);
}

TEST(Utf8, PrefixNeverCutsACharacter) {
  EXPECT_EQ(text::utf8Prefix("a\xc3\xa9", 2), "a");
  EXPECT_EQ(text::utf8Prefix("a\xc3\xa9", 3), "a\xc3\xa9");
  EXPECT_EQ(text::utf8Prefix("\xf0\x9f\xa7\xa9z", 3), "");
  EXPECT_EQ(text::utf8Length("a\xc3\xa9\xf0\x9f\xa7\xa9"), 3u);
}

}  // namespace
}  // namespace pw
