// A small pull reader for XML 1.0 documents such as BurrTools' .xmpuzzle files, written
// for hostile input: it never recurses, keeps no tree (a caller skips what it does not
// need), bounds nesting depth, name and attribute sizes, and refuses what it does not
// support (DOCTYPE and so entity definitions, encodings other than UTF-8 and Latin-1)
// with a one-line PuzzleError "XML line N: ...".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pw::xml {

inline constexpr int kMaxDepth = 1000;                  // open elements at once
inline constexpr std::size_t kMaxNameChars = 256;       // element and attribute names
inline constexpr std::size_t kMaxAttributes = 256;      // attributes of one element
inline constexpr std::size_t kMaxAttributeChars = 65536;  // one attribute value, decoded

struct Attribute {
  std::string name;
  std::string value;  // entities decoded, whitespace characters normalized to spaces
};

class Reader {
 public:
  enum class Event { StartElement, EndElement, Text, EndOfDocument };

  // `bytes`: the whole document. A UTF-8 byte order mark is skipped. The text must be UTF-8
  // unless the XML declaration names ISO-8859-1 (or Latin-1, Windows-1252); a document that
  // declares nothing and is not valid UTF-8 is read as Latin-1 (older tools wrote such
  // files), which readAsLatin1() then reports.
  explicit Reader(std::string_view bytes);

  // The next event. Comments and processing instructions are skipped; the character data
  // between two tags (CDATA sections included) comes as one Text event. An empty-element
  // tag <a/> gives a StartElement and then an EndElement.
  Event next();

  const std::string& name() const { return name_; }  // StartElement, EndElement
  const std::vector<Attribute>& attributes() const { return attributes_; }  // StartElement
  const std::string* attribute(std::string_view attributeName) const;  // nullptr when absent
  const std::string& text() const { return text_; }  // Text
  int line() const { return eventLine_; }            // where the current event starts
  int depth() const { return static_cast<int>(open_.size()); }
  bool readAsLatin1() const { return latin1_; }

  // After a StartElement: consumes everything up to and including its EndElement.
  void skipElement();

  // Throws PuzzleError "XML line <line()>: <problem>".
  [[noreturn]] void fail(const std::string& problem) const;

 private:
  struct Open {
    std::string name;
    int line;
  };

  [[noreturn]] void failHere(const std::string& problem);
  bool startsWith(std::string_view s) const { return text_in_.compare(pos_, s.size(), s) == 0; }
  void advanceTo(std::size_t pos);
  void skipSpace();
  std::string readName(const char* what);
  void appendReference(std::string& out);  // at '&'
  void readDeclaration();
  void skipMarkup();  // comments, processing instructions, CDATA handled by the text loop
  Event startTag();
  Event endTag();
  void readAttributes();

  std::string text_in_;  // the document as UTF-8
  std::size_t pos_ = 0;
  std::size_t linePos_ = 0;  // `line_` is the line of `linePos_`: lines are counted lazily
  int line_ = 1;
  int eventLine_ = 1;
  bool latin1_ = false;
  bool sawRoot_ = false;
  bool pendingEnd_ = false;  // an empty-element tag still owes its EndElement
  std::vector<Open> open_;
  std::string name_;
  std::vector<Attribute> attributes_;
  std::string text_;
};

}  // namespace pw::xml
