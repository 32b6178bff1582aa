#include "xml/xml_writer.hpp"

#include <stdexcept>

namespace pw::xml {

std::string escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

Writer::Writer() : out_("<?xml version=\"1.0\"?>\n") {}

void Writer::start(std::string_view name) {
  if (state_ == State::InText) throw std::logic_error("xml::Writer: an element after text content");
  if (state_ == State::InTag) out_ += ">\n";
  out_.append(open_.size(), ' ');
  out_ += "<";
  out_ += name;
  open_.emplace_back(name);
  state_ = State::InTag;
}

void Writer::attribute(std::string_view name, std::string_view value) {
  if (state_ != State::InTag) throw std::logic_error("xml::Writer: an attribute outside a start tag");
  out_ += " ";
  out_ += name;
  out_.append("=\"").append(escaped(value)).append("\"");
}

void Writer::attribute(std::string_view name, long long value) { attribute(name, std::to_string(value)); }

void Writer::text(std::string_view content) {
  if (state_ != State::InTag) throw std::logic_error("xml::Writer: text outside an element or twice");
  out_.append(">").append(escaped(content));
  state_ = State::InText;
}

void Writer::end() {
  if (open_.empty()) throw std::logic_error("xml::Writer: end() with no open element");
  if (state_ == State::InTag) {
    out_ += "/>\n";
  } else {
    if (state_ == State::Between) out_.append(open_.size() - 1, ' ');
    out_.append("</").append(open_.back()).append(">\n");
  }
  open_.pop_back();
  state_ = State::Between;
}

std::string Writer::finish() {
  if (!open_.empty()) throw std::logic_error("xml::Writer: finish() with open elements");
  return std::move(out_);
}

}  // namespace pw::xml
