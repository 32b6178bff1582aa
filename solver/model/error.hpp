#pragma once

#include <stdexcept>
#include <string>

namespace pw {

// A puzzle the solver cannot accept. The message is one line that names the field
// (as a JSON path such as `pieces[3].count.max`) and the problem.
class PuzzleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pw
