#include "test_support.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "check/check.hpp"
#include "parse/parse.hpp"
#include "search/search.hpp"
#include "lattice/transform.hpp"

namespace pw::test {

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> libraryFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(PIECEWISE_PUZZLES_DIR)) {
    const std::string path = entry.path().string();
    if (path.size() > 12 && path.compare(path.size() - 12, 12, ".puzzle.json") == 0) files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string libraryFile(const std::string& stem) {
  return std::string(PIECEWISE_PUZZLES_DIR) + "/" + stem + ".puzzle.json";
}

std::optional<Solution> firstSolution(const Puzzle& puzzle) {
  std::optional<Solution> first;
  auto search = makeSearch(puzzle);
  const SolutionSink stop = [&](const Solution& s, bool) {
    first = s;
    return false;
  };
  while (!first && !search->advance(1u << 16, stop)) {
  }
  return first;
}

ExpectedCounts countPausingAfterEachSolution(const Puzzle& puzzle) {
  auto search = makeSearch(puzzle);
  ExpectedCounts counts;
  const SolutionSink pause = [&](const Solution&, bool representative) {
    ++counts.solutions;
    counts.unique += representative ? 1 : 0;
    return false;
  };
  while (!search->advance(1u << 20, pause)) {
  }
  return counts;
}

RunResult runAndCheck(const Puzzle& puzzle, std::size_t keep, std::uint64_t budget) {
  RunResult r;
  auto search = makeSearch(puzzle);
  const SolutionSink sink = [&](const Solution& s, bool representative) {
    ++r.solutions;
    if (representative) ++r.unique;
    if (auto problem = checkSolution(puzzle, s); problem && r.checkerFailures.size() < 5)
      r.checkerFailures.push_back("solution " + std::to_string(r.solutions) + ": " + *problem);
    if (r.kept.size() < keep) r.kept.push_back(s);
    return true;
  };
  while (!search->advance(budget, sink)) {
  }
  r.symmetries = search->symmetryCount();
  return r;
}

std::string parseErrorOf(const std::string& document) {
  try {
    parsePuzzle(document);
  } catch (const PuzzleError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::vector<Cell> randomShape(std::mt19937& random, int cells, int dimensions) {
  std::set<Cell> shape{{0, 0, 0}};
  while (static_cast<int>(shape.size()) < cells) {
    auto it = shape.begin();
    std::advance(it, random() % shape.size());
    Cell c = *it;
    const int axis = static_cast<int>(random() % dimensions);
    (axis == 0 ? c.x : axis == 1 ? c.y : c.z) += random() % 2 ? 1 : -1;
    shape.insert(c);
  }
  return normalized({shape.begin(), shape.end()});
}

}  // namespace pw::test
