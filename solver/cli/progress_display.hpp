// `count --progress`: the share done and an estimated time left, one line rewritten in place
// on stderr when stderr is a terminal. Never on stdout (the result's JSON), and nothing in a
// log or a pipe (GNU Parallel's captured output, a redirected run), where a line rewritten
// twice a second would only be noise.
#pragma once

#include <string>

#include "jobs/parallel_count.hpp"

namespace cli {

class ProgressDisplay {
 public:
  ProgressDisplay();
  // False when stderr is not a terminal: show() is then never to be called.
  bool active() const { return terminal_; }
  // How often show() wants to be called, in seconds.
  static constexpr double kInterval = 0.5;
  void show(const pw::CountProgress& progress);
  // Clears the terminal line before the result is printed.
  void finish();

 private:
  bool terminal_;
  bool shown_ = false;
};

// "37.2% of the tree, 12,345 solutions, 1.2M nodes, 3 parts done, 2 running, 1m05s, about 1m50s left"
std::string progressLine(const pw::CountProgress& progress);

}  // namespace cli
