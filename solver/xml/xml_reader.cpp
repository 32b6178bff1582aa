#include "xml/xml_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "model/error.hpp"
#include "text/display.hpp"
#include "text/utf8.hpp"

namespace pw::xml {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool isNameStart(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalpha(u) || c == '_' || c == ':' || u >= 0x80;
}

bool isNameChar(char c) { return isNameStart(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.'; }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A character for a message: printable ASCII as itself, anything else by its byte value.
std::string shown(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
  return "byte " + std::to_string(u);
}

// Code points that XML 1.0 allows in a document.
bool isXmlChar(std::uint32_t cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         (cp >= 0x10000 && cp <= 0x10FFFF);
}

// Appends `run`, turning CR LF and lone CR into LF as XML requires.
void appendNormalizingNewlines(std::string& out, std::string_view run) {
  for (std::size_t i = 0; i < run.size(); ++i) {
    if (run[i] != '\r') {
      out.push_back(run[i]);
    } else {
      out.push_back('\n');
      if (i + 1 < run.size() && run[i + 1] == '\n') ++i;
    }
  }
}

}  // namespace

Reader::Reader(std::string_view bytes) {
  if (bytes.size() >= 2 && ((bytes[0] == '\xFE' && bytes[1] == '\xFF') || (bytes[0] == '\xFF' && bytes[1] == '\xFE') ||
                            (bytes[0] == '\0' && bytes[1] == '<') || (bytes[0] == '<' && bytes[1] == '\0'))) {
    fail("UTF-16 documents are not supported; save the file as UTF-8");
  }
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  text_in_ = std::string(bytes);
  readDeclaration();  // leaves pos_ after it; may switch the rest to Latin-1
}

const std::string* Reader::attribute(std::string_view attributeName) const {
  for (const Attribute& a : attributes_)
    if (a.name == attributeName) return &a.value;
  return nullptr;
}

void Reader::fail(const std::string& problem) const {
  // Quoted bytes may not be UTF-8 yet (the declaration is read first) or may break the line.
  throw PuzzleError("XML line " + std::to_string(eventLine_) + ": " + text::messageText(problem));
}

void Reader::failHere(const std::string& problem) {
  advanceTo(pos_);
  eventLine_ = line_;
  fail(problem);
}

void Reader::advanceTo(std::size_t pos) {
  pos = std::min(pos, text_in_.size());
  if (pos > linePos_) line_ += static_cast<int>(std::count(text_in_.begin() + static_cast<long>(linePos_), text_in_.begin() + static_cast<long>(pos), '\n'));
  linePos_ = std::max(linePos_, pos);
}

void Reader::skipSpace() {
  while (pos_ < text_in_.size() && isSpace(text_in_[pos_])) ++pos_;
}

std::string Reader::readName(const char* what) {
  if (pos_ >= text_in_.size()) failHere(std::string("the document ends where ") + what + " should be (truncated?)");
  if (!isNameStart(text_in_[pos_])) failHere(std::string("expected ") + what + ", found " + shown(text_in_[pos_]));
  const std::size_t start = pos_;
  while (pos_ < text_in_.size() && isNameChar(text_in_[pos_])) {
    if (pos_ - start >= kMaxNameChars) failHere(std::string(what) + " longer than " + std::to_string(kMaxNameChars) + " characters");
    ++pos_;
  }
  return text_in_.substr(start, pos_ - start);
}

void Reader::appendReference(std::string& out) {
  const std::size_t semicolon = text_in_.find(';', pos_);
  if (semicolon == std::string::npos || semicolon - pos_ > 12)
    failHere("'&' not followed by an entity reference such as &amp;");
  const std::string entity = text_in_.substr(pos_ + 1, semicolon - pos_ - 1);
  if (entity == "lt") {
    out.push_back('<');
  } else if (entity == "gt") {
    out.push_back('>');
  } else if (entity == "amp") {
    out.push_back('&');
  } else if (entity == "quot") {
    out.push_back('"');
  } else if (entity == "apos") {
    out.push_back('\'');
  } else if (entity.size() >= 2 && entity[0] == '#') {
    const bool hex = entity[1] == 'x';
    const std::string digits = entity.substr(hex ? 2 : 1);
    std::uint32_t cp = 0;
    bool ok = !digits.empty() && digits.size() <= 8;
    for (const char c : digits) {
      const auto u = static_cast<unsigned char>(c);
      if (!(hex ? std::isxdigit(u) : std::isdigit(u))) ok = false;
      if (!ok) break;
      cp = cp * (hex ? 16u : 10u) + static_cast<std::uint32_t>(std::isdigit(u) ? c - '0' : std::tolower(u) - 'a' + 10);
    }
    if (!ok || !isXmlChar(cp)) failHere(std::string("&").append(text::shown(entity)).append("; is not a valid character reference"));
    text::appendUtf8(out, cp);
  } else {
    failHere(std::string("unknown entity &").append(text::shown(entity)).append(
        "; (XML's five predefined entities and character references are supported)"));
  }
  pos_ = semicolon + 1;
}

void Reader::readDeclaration() {
  std::string encoding;
  if (startsWith("<?xml") && pos_ + 5 < text_in_.size() && isSpace(text_in_[pos_ + 5])) {
    eventLine_ = 1;
    pos_ += 5;
    for (;;) {
      skipSpace();
      if (startsWith("?>")) {
        pos_ += 2;
        break;
      }
      const std::string key = readName("a declaration field");
      skipSpace();
      if (pos_ >= text_in_.size() || text_in_[pos_] != '=') failHere("the XML declaration's " + key + " has no value");
      ++pos_;
      skipSpace();
      const char quote = pos_ < text_in_.size() ? text_in_[pos_] : '\0';
      if (quote != '"' && quote != '\'') failHere("the XML declaration's " + key + " value is not quoted");
      const std::size_t end = text_in_.find(quote, pos_ + 1);
      if (end == std::string::npos || end - pos_ > 64) failHere("unterminated XML declaration");
      const std::string value = text_in_.substr(pos_ + 1, end - pos_ - 1);
      pos_ = end + 1;
      if (key == "version" && value.rfind("1.", 0) != 0) failHere(std::string("XML version ").append(text::shown(value)).append(" is not supported (1.0 is)"));
      if (key == "encoding") encoding = lower(value);
    }
  }
  const std::string_view rest = std::string_view(text_in_).substr(pos_);
  const bool latin1Declared = encoding == "iso-8859-1" || encoding == "latin1" || encoding == "latin-1" ||
                              encoding == "iso8859-1" || encoding == "windows-1252" || encoding == "cp1252";
  const bool utf8Declared = encoding == "utf-8" || encoding == "utf8" || encoding == "us-ascii" || encoding == "ascii";
  if (!encoding.empty() && !latin1Declared && !utf8Declared)
    failHere(std::string("encoding '").append(text::shown(encoding)).append("' is not supported (UTF-8 and ISO-8859-1 are)"));
  if (latin1Declared || (encoding.empty() && !text::isValidUtf8(rest))) {
    latin1_ = !latin1Declared;
    text_in_ = text_in_.substr(0, pos_) + text::latin1ToUtf8(rest);
  } else if (!text::isValidUtf8(rest)) {
    failHere(std::string("the document declares ").append(text::shown(encoding)).append(" but is not valid UTF-8"));
  }
}

void Reader::skipMarkup() {
  if (startsWith("<!--")) {
    const std::size_t end = text_in_.find("-->", pos_ + 4);
    if (end == std::string::npos) failHere("unterminated comment (no -->)");
    pos_ = end + 3;
    return;
  }
  // A processing instruction <?target ...?>.
  if (startsWith("<?xml") && (pos_ + 5 >= text_in_.size() || isSpace(text_in_[pos_ + 5]) || text_in_[pos_ + 5] == '?'))
    failHere("an XML declaration that is not at the start of the document");
  const std::size_t end = text_in_.find("?>", pos_ + 2);
  if (end == std::string::npos) failHere("unterminated processing instruction (no ?>)");
  pos_ = end + 2;
}

Reader::Event Reader::next() {
  if (pendingEnd_) {
    pendingEnd_ = false;
    name_ = open_.back().name;
    open_.pop_back();
    return Event::EndElement;
  }
  for (;;) {
    if (pos_ >= text_in_.size()) {
      if (!open_.empty())
        failHere("the document ends inside <" + open_.back().name + "> (opened on line " +
                 std::to_string(open_.back().line) + "): it is truncated");
      if (!sawRoot_) failHere("no root element (the document is empty)");
      return Event::EndOfDocument;
    }
    const char c = text_in_[pos_];
    if (c == '<') {
      if (startsWith("<!--") || startsWith("<?")) {
        skipMarkup();
        continue;
      }
      if (startsWith("<!DOCTYPE")) failHere("DOCTYPE declarations are not supported (BurrTools files have none)");
      if (startsWith("</")) return endTag();
      if (!startsWith("<![CDATA[")) {
        if (startsWith("<!")) failHere("unexpected '<!'");
        return startTag();
      }
    }
    if (open_.empty()) {
      if (isSpace(c)) {
        skipSpace();
        continue;
      }
      failHere((sawRoot_ ? "content after the root element: " : "content before the root element: ") + shown(c));
    }
    // Character data up to the next tag, CDATA sections included, comments skipped.
    advanceTo(pos_);
    eventLine_ = line_;
    text_.clear();
    while (pos_ < text_in_.size()) {
      if (text_in_[pos_] == '<') {
        if (startsWith("<![CDATA[")) {
          const std::size_t end = text_in_.find("]]>", pos_ + 9);
          if (end == std::string::npos) failHere("unterminated CDATA section (no ]]>)");
          appendNormalizingNewlines(text_, std::string_view(text_in_).substr(pos_ + 9, end - pos_ - 9));
          pos_ = end + 3;
        } else if (startsWith("<!--") || startsWith("<?")) {
          skipMarkup();
        } else {
          break;
        }
      } else if (text_in_[pos_] == '&') {
        appendReference(text_);
      } else if (text_in_[pos_] == '\0') {
        failHere("a NUL byte in the text");
      } else {
        const std::size_t end = std::min(text_in_.find_first_of(std::string_view("<&\0", 3), pos_), text_in_.size());
        appendNormalizingNewlines(text_, std::string_view(text_in_).substr(pos_, end - pos_));
        pos_ = end;
      }
    }
    return Event::Text;
  }
}

Reader::Event Reader::startTag() {
  advanceTo(pos_);
  eventLine_ = line_;
  ++pos_;
  name_ = readName("an element name");
  if (open_.empty() && sawRoot_) failHere("a second root element <" + name_ + ">");
  if (static_cast<int>(open_.size()) >= kMaxDepth)
    failHere("elements nested more than " + std::to_string(kMaxDepth) + " deep");
  readAttributes();
  sawRoot_ = true;
  open_.push_back(Open{name_, eventLine_});
  return Event::StartElement;
}

void Reader::readAttributes() {
  attributes_.clear();
  for (;;) {
    const std::size_t before = pos_;
    skipSpace();
    if (pos_ >= text_in_.size()) failHere("the document ends inside the tag <" + name_ + "> (truncated?)");
    if (text_in_[pos_] == '>') {
      ++pos_;
      return;
    }
    if (startsWith("/>")) {
      pos_ += 2;
      pendingEnd_ = true;
      return;
    }
    if (pos_ == before) failHere("expected a space, '>' or '/>' in the tag <" + name_ + ">, found " + shown(text_in_[pos_]));
    Attribute a;
    a.name = readName("an attribute name");
    if (attribute(a.name)) failHere("attribute '" + a.name + "' appears twice in <" + name_ + ">");
    if (attributes_.size() >= kMaxAttributes) failHere("more than " + std::to_string(kMaxAttributes) + " attributes in <" + name_ + ">");
    skipSpace();
    if (pos_ >= text_in_.size() || text_in_[pos_] != '=') failHere("attribute '" + a.name + "' has no value");
    ++pos_;
    skipSpace();
    const char quote = pos_ < text_in_.size() ? text_in_[pos_] : '\0';
    if (quote != '"' && quote != '\'') failHere("the value of attribute '" + a.name + "' is not in quotes");
    ++pos_;
    for (;;) {
      if (pos_ >= text_in_.size()) failHere("unterminated value of attribute '" + a.name + "'");
      const char c = text_in_[pos_];
      if (c == quote) break;
      if (c == '<') failHere("'<' in the value of attribute '" + a.name + "'");
      if (c == '\0') failHere("a NUL byte in the value of attribute '" + a.name + "'");
      if (c == '&') {
        appendReference(a.value);
      } else {
        a.value.push_back(isSpace(c) ? ' ' : c);
        ++pos_;
      }
      if (a.value.size() > kMaxAttributeChars)
        failHere("the value of attribute '" + a.name + "' is longer than " + std::to_string(kMaxAttributeChars) + " bytes");
    }
    ++pos_;
    attributes_.push_back(std::move(a));
  }
}

Reader::Event Reader::endTag() {
  advanceTo(pos_);
  eventLine_ = line_;
  pos_ += 2;
  name_ = readName("an element name");
  skipSpace();
  if (pos_ >= text_in_.size() || text_in_[pos_] != '>') failHere("expected '>' after </" + name_);
  ++pos_;
  if (open_.empty()) failHere("</" + name_ + "> closes no open element");
  if (open_.back().name != name_)
    failHere("</" + name_ + "> closes <" + open_.back().name + "> (opened on line " + std::to_string(open_.back().line) + ")");
  open_.pop_back();
  return Event::EndElement;
}

void Reader::skipElement() {
  const std::size_t outer = open_.size() - 1;
  for (;;) {
    const Event e = next();
    if (e == Event::EndElement && open_.size() == outer) return;
  }
}

}  // namespace pw::xml
