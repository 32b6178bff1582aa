#include "cli/progress_display.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace cli {

namespace {

std::string duration(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  char text[48];
  if (s < 60) std::snprintf(text, sizeof text, "%llds", s);
  else if (s < 3600) std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
  else if (s < 86400 * 2) std::snprintf(text, sizeof text, "%lldh%02lldm", s / 3600, s / 60 % 60);
  else std::snprintf(text, sizeof text, "%lldd%02lldh", s / 86400, s / 3600 % 24);
  return text;
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string compact(std::uint64_t n) {
  char text[32];
  if (n < 10'000) return std::to_string(n);
  if (n < 1'000'000) std::snprintf(text, sizeof text, "%.1fk", static_cast<double>(n) / 1e3);
  else if (n < 1'000'000'000) std::snprintf(text, sizeof text, "%.1fM", static_cast<double>(n) / 1e6);
  else std::snprintf(text, sizeof text, "%.1fG", static_cast<double>(n) / 1e9);
  return text;
}

}  // namespace

std::string progressLine(const pw::CountProgress& p) {
  char share[32];
  std::snprintf(share, sizeof share, "%.1f%%", 100 * p.fraction);
  std::string line = std::string(share) + " of the tree, " + grouped(p.solutions) + " solutions, " + compact(p.nodes) +
                     " nodes, ";
  if (p.partsDone + p.partsRunning > 1)
    line += std::to_string(p.partsDone) + " parts done, " + std::to_string(p.partsRunning) + " running, ";
  line += duration(p.seconds);
  // Knuth's estimate is rough early on: say nothing until it has had a little time.
  if (p.fraction > 0.001 && p.seconds >= 2) line += ", about " + duration(p.seconds * (1 - p.fraction) / p.fraction) + " left";
  else line += ", estimating the time left";
  return line;
}

ProgressDisplay::ProgressDisplay() : terminal_(isatty(STDERR_FILENO) != 0) {}

void ProgressDisplay::show(const pw::CountProgress& progress) {
  const std::string line = "piecewise: " + progressLine(progress);
  if (terminal_) std::cerr << "\r\033[K" << line << std::flush;
  else std::cerr << line << "\n" << std::flush;
  shown_ = true;
}

void ProgressDisplay::finish() {
  if (terminal_ && shown_) std::cerr << "\r\033[K" << std::flush;
}

}  // namespace cli
