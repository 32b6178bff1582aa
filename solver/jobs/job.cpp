#include "jobs/job.hpp"

#include <charconv>

#include "text/display.hpp"

namespace pw {

namespace {

constexpr std::string_view kRoot = "root";
constexpr std::size_t kSplitIdDigits = 12;

// A part of the user's text in a message: one line, cut short.
std::string quoted(std::string_view text) { return "'" + text::shown(text) + "'"; }

// A branch number: decimal digits, no sign, no leading zero, below BranchRange::kOpen.
bool readNumber(std::string_view text, int& out) {
  if (text.empty() || text.size() > 9 || (text.size() > 1 && text[0] == '0')) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

int Job::fixedLevels() const {
  const int n = static_cast<int>(levels.size());
  return n > 0 && levels.back().first != levels.back().last ? n - 1 : n;
}

std::string jobText(const Job& job) {
  if (job.levels.empty()) return std::string(kRoot);
  std::string text;
  for (const BranchRange& r : job.levels) {
    if (!text.empty()) text += '.';
    text += std::to_string(r.first);
    if (r.last == BranchRange::kOpen) text += '-';
    else if (r.last != r.first) text += '-' + std::to_string(r.last);
  }
  return text;
}

Job parseJob(std::string_view text) {
  const auto fail = [&](const std::string& why) {
    return JobError("job " + quoted(text) + ": " + why +
                    " (a job is 'root' or branch numbers separated by dots, the last one possibly a range: "
                    "3.0.12, 3.0.12-20, 3.0.12-)");
  };
  Job job;
  if (text == kRoot) return job;
  if (text.empty()) throw fail("empty");
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = text.find('.', start);
    const std::string_view level = text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    const bool lastLevel = dot == std::string_view::npos;
    BranchRange range;
    const std::size_t dash = level.find('-');
    if (!readNumber(level.substr(0, dash), range.first))
      throw fail(quoted(level.substr(0, dash)) + " is not a branch number");
    if (dash == std::string_view::npos) {
      range.last = range.first;
    } else {
      if (!lastLevel) throw fail("only the last level may be a range");
      const std::string_view to = level.substr(dash + 1);
      if (to.empty()) {
        range.last = BranchRange::kOpen;
      } else if (!readNumber(to, range.last)) {
        throw fail(quoted(to) + " is not a branch number");
      } else if (range.last < range.first) {
        throw fail("the range " + text::shown(level) + " is empty");
      }
    }
    job.levels.push_back(range);
    if (lastLevel) return job;
    start = dot + 1;
  }
}

std::string jobLineText(const JobLine& line) {
  if (line.split.empty()) return jobText(line.job);
  return line.split + "-" + std::to_string(line.index) + "of" + std::to_string(line.count) + "-" + jobText(line.job);
}

JobLine parseJobLine(std::string_view text) {
  JobLine line;
  // A split's line starts with its id: 12 hex digits and a dash; a bare job never does
  // (its first level has at most 9 digits).
  const bool fromSplit = text.size() > kSplitIdDigits && text[kSplitIdDigits] == '-' &&
                         text.substr(0, kSplitIdDigits).find_first_not_of("0123456789abcdef") == std::string_view::npos;
  if (!fromSplit) {
    line.job = parseJob(text);
    return line;
  }
  const auto fail = [&](const std::string& why) {
    return JobError("job line " + quoted(text) + ": " + why +
                    " (expected a line printed by `piecewise split`, such as 5c0f9e2a17d3-12of40-3.0.12-20)");
  };
  line.split = std::string(text.substr(0, kSplitIdDigits));
  const std::string_view rest = text.substr(kSplitIdDigits + 1);
  const std::size_t of = rest.find("of");
  const std::size_t dash = rest.find('-');
  if (of == std::string_view::npos || dash == std::string_view::npos || of > dash)
    throw fail("no job number such as 12of40 after the split id");
  if (!readNumber(rest.substr(0, of), line.index) || !readNumber(rest.substr(of + 2, dash - of - 2), line.count))
    throw fail(quoted(rest.substr(0, dash)) + " is not a job number such as 12of40");
  if (line.index < 1 || line.index > line.count) throw fail("job number " + std::to_string(line.index) + " is not in 1.." + std::to_string(line.count));
  line.job = parseJob(rest.substr(dash + 1));
  return line;
}

}  // namespace pw
