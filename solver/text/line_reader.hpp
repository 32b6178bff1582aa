// Lines of a stream, read one at a time with a bound on their length: a file or a pipe with no
// newline in a gigabyte costs the bound in memory and time, and is refused naming the line.
#pragma once

#include <cstddef>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pw::text {

class LineTooLong : public std::runtime_error {
 public:
  LineTooLong(int lineNumber, std::size_t maxBytes);
  int line;
};

class LineReader {
 public:
  LineReader(std::istream& in, std::size_t maxBytes);

  // The next line, without its '\n'; false at the end of the stream. Throws LineTooLong when
  // the line has more than `maxBytes` bytes (having read no more than that of it).
  bool next(std::string& line);
  // 1-based number of the line last read.
  int lineNumber() const { return lineNumber_; }
  // Whether the line last read ended with '\n' (false: the stream ended within it, as an
  // append cut short by a kill leaves a file).
  bool complete() const { return complete_; }

 private:
  bool fill();

  std::streambuf* in_;
  std::size_t max_;
  std::vector<char> buffer_;
  std::size_t at_ = 0, end_ = 0;
  int lineNumber_ = 0;
  bool complete_ = true;
};

}  // namespace pw::text
