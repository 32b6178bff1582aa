#include "text/line_reader.hpp"

#include <cstring>

namespace pw::text {

namespace {

std::string sizeText(std::size_t bytes) {
  if (bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

LineTooLong::LineTooLong(int lineNumber, std::size_t maxBytes)
    : std::runtime_error("line " + std::to_string(lineNumber) + " is longer than " + sizeText(maxBytes)), line(lineNumber) {}

LineReader::LineReader(std::istream& in, std::size_t maxBytes) : in_(in.rdbuf()), max_(maxBytes), buffer_(1u << 16) {}

bool LineReader::fill() {
  if (!in_) return false;
  const std::streamsize got = in_->sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  at_ = 0;
  end_ = got > 0 ? static_cast<std::size_t>(got) : 0;
  return end_ > 0;
}

bool LineReader::next(std::string& line) {
  line.clear();
  bool any = false;
  for (;;) {
    if (at_ == end_ && !fill()) {
      if (!any) return false;
      ++lineNumber_;
      complete_ = false;
      return true;
    }
    any = true;
    const char* start = buffer_.data() + at_;
    const void* newline = std::memchr(start, '\n', end_ - at_);
    const std::size_t take = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - start) : end_ - at_;
    if (line.size() + take > max_) throw LineTooLong(lineNumber_ + 1, max_);
    line.append(start, take);
    at_ += take;
    if (newline) {
      ++at_;
      ++lineNumber_;
      complete_ = true;
      return true;
    }
  }
}

}  // namespace pw::text
