// Writing small XML documents: an element per line, indented one space per level, text
// and attribute values escaped, empty elements as <name/> (the layout BurrTools writes).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pw::xml {

class Writer {
 public:
  Writer();  // starts with the declaration <?xml version="1.0"?>

  void start(std::string_view name);
  void attribute(std::string_view name, std::string_view value);
  void attribute(std::string_view name, long long value);
  void text(std::string_view content);  // the element's content: no child elements after it
  void end();                           // closes the innermost open element
  std::string finish();                 // every element must be closed

 private:
  enum class State { Between, InTag, InText };
  std::string out_;
  std::vector<std::string> open_;
  State state_ = State::Between;
};

// `s` with & < > " ' written as entities.
std::string escaped(std::string_view s);

}  // namespace pw::xml
