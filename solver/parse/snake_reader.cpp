#include <string>

#include "model/limits.hpp"
#include "parse/kind_readers.hpp"

namespace pw::parse {

namespace {

std::array<int, 3> readBox(const Node& box) {
  const Json& v = box.value();
  if (!v.is_array() || v.size() != 3) {
    box.fail("expected [x, y, z]: 3 positive integers, got " +
             (v.is_array() ? "a list of " + std::to_string(v.size()) : describe(v)));
  }
  std::array<int, 3> sides{};
  for (std::size_t i = 0; i < 3; ++i) sides[i] = box.element(i).integer(1, limits::kBoxSide);
  const int volume = sides[0] * sides[1] * sides[2];  // at most kBoxSide^3
  if (volume < 2) box.fail("volume " + std::to_string(volume) + " is too small: a chain has at least 2 cubes");
  if (volume > limits::kChainCubes) {
    box.fail("volume " + std::to_string(volume) + " exceeds the limit of " + std::to_string(limits::kChainCubes) +
             " cubes");
  }
  return sides;
}

std::vector<int> readSegments(const Node& segments) {
  const std::size_t n = segments.arraySize(1, static_cast<std::size_t>(limits::kChainCubes), "segments");
  std::vector<int> runs;
  runs.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Node run = segments.element(i);
    const int cubes = run.integer(-limits::kChainCubes, limits::kChainCubes);
    if (cubes < 2) run.fail("a straight run needs at least 2 cubes, got " + std::to_string(cubes));
    runs.push_back(cubes);
  }
  return runs;
}

// `joints`: E (end), S (straight through), C (corner), one letter per cube.
std::vector<int> readJoints(const Node& joints) {
  const std::string letters = joints.text(static_cast<std::size_t>(limits::kChainCubes));
  if (letters.size() < 2) joints.fail("a chain has at least 2 cubes (\"EE\"), got " + std::to_string(letters.size()));
  const std::size_t last = letters.size() - 1;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    const char c = letters[i];
    if (c != 'E' && c != 'S' && c != 'C') {
      joints.fail("unexpected letter at position " + std::to_string(i) + " (from 0): " + quotedText(letters.substr(i, 1)) +
                  "; use E (end), S (straight) or C (corner)");
    }
    if ((i == 0 || i == last) && c != 'E') {
      joints.fail(std::string("the chain must ") + (i == 0 ? "start" : "end") + " with 'E' (an end), got '" + c + "'");
    }
    if (i != 0 && i != last && c == 'E') {
      joints.fail("'E' (an end) at position " + std::to_string(i) + " inside the chain; use S or C");
    }
  }
  std::vector<int> runs;
  std::size_t start = 0;
  for (std::size_t i = 1; i < last; ++i) {
    if (letters[i] == 'C') {
      runs.push_back(static_cast<int>(i - start + 1));
      start = i;
    }
  }
  runs.push_back(static_cast<int>(last - start + 1));
  return runs;
}

}  // namespace

SnakePuzzle readSnake(const Node& root) {
  expectDocumentFields(root, {"box", "segments", "joints"});
  SnakePuzzle puzzle;
  puzzle.box = readBox(root.field("box"));
  const std::optional<Node> segments = root.optionalField("segments");
  const std::optional<Node> joints = root.optionalField("joints");
  if (segments && joints) joints->fail("give either \"segments\" or \"joints\", not both");
  if (!segments && !joints) root.failField("segments", "missing required field (or give \"joints\")");
  puzzle.givenAsJoints = joints.has_value();
  puzzle.segments = joints ? readJoints(*joints) : readSegments(*segments);
  const int cubes = chainLength(puzzle.segments);  // at most kChainCubes^2: fits an int
  const int volume = puzzle.box[0] * puzzle.box[1] * puzzle.box[2];
  if (cubes != volume) {
    (joints ? *joints : *segments)
        .fail("the chain has " + std::to_string(cubes) + " cubes but the box " + std::to_string(puzzle.box[0]) + "x" +
              std::to_string(puzzle.box[1]) + "x" + std::to_string(puzzle.box[2]) + " holds " + std::to_string(volume));
  }
  return puzzle;
}

}  // namespace pw::parse
