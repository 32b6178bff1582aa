// `count --progress`: the share done and an estimated time left, on stderr only. On a
// terminal one line is rewritten in place; otherwise (a log) a line is added now and then.
#pragma once

#include <string>

#include "jobs/parallel_count.hpp"

namespace cli {

class ProgressDisplay {
 public:
  ProgressDisplay();
  // How often show() wants to be called.
  double interval() const { return terminal_ ? 0.5 : 10.0; }
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
