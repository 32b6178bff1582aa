#pragma once

#include <cstdint>

#include "search/search.hpp"

namespace pw {

struct Counts {
  std::uint64_t solutions = 0;
  std::uint64_t unique = 0;
  std::uint64_t nodes = 0;
  int symmetries = 1;
};

// Runs a search to the end and counts raw solutions and symmetry classes.
Counts countAll(Search& search);

}  // namespace pw
