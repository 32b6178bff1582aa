#include "search/count.hpp"

namespace pw {

Counts countAll(Search& search) {
  Counts counts;
  SolutionTally tally;
  while (!search.advanceCounting(1u << 24, tally)) {
  }
  counts.solutions = tally.solutions;
  counts.unique = tally.unique;
  counts.nodes = search.nodes();
  counts.symmetries = search.symmetryCount();
  return counts;
}

}  // namespace pw
