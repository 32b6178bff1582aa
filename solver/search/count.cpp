#include "search/count.hpp"

namespace pw {

Counts countAll(Search& search) {
  Counts counts;
  const SolutionSink tally = [&](const Solution&, bool representative) {
    ++counts.solutions;
    if (representative) ++counts.unique;
    return true;
  };
  while (!search.advance(1u << 24, tally)) {
  }
  counts.nodes = search.nodes();
  counts.symmetries = search.symmetryCount();
  return counts;
}

}  // namespace pw
