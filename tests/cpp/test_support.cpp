#include "test_support.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <type_traits>

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

std::vector<int> solutionKey(const Solution& solution) {
  std::vector<int> out;
  const auto cell = [&](const Cell& c) { out.insert(out.end(), {c.x, c.y, c.z}); };
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, PackingSolution>) {
          for (const PiecePlacement& p : s.placements) {
            out.push_back(p.piece);
            for (const Cell& c : p.cells) cell(c);
          }
        } else if constexpr (std::is_same_v<S, EdgeMatchingSolution>) {
          for (const TilePlacement& t : s.grid) out.insert(out.end(), {t.tile, t.rotation});
        } else {
          for (const Cell& c : s.chain) cell(c);
        }
      },
      solution);
  return out;
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

std::string cellsJson(const std::vector<Cell>& cells, int dimensions) {
  std::string out = "[";
  for (const Cell& c : cells) {
    out.append(out.size() > 1 ? ",[" : "[").append(std::to_string(c.x)).append(",").append(std::to_string(c.y));
    if (dimensions == 3) out.append(",").append(std::to_string(c.z));
    out.append("]");
  }
  return out + "]";
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

PackingPuzzle randomCutBoard(std::mt19937& random, int x, int y, int z, int smallest, int largest, bool jumps) {
  PackingPuzzle puzzle;
  puzzle.dimensions = 3;
  puzzle.grid = Grid::Cube;
  std::vector<Cell> cells;
  for (int i = 0; i < x; ++i)
    for (int j = 0; j < y; ++j)
      for (int k = 0; k < z; ++k) cells.push_back({i, j, k});
  for (const Cell& c : cells) puzzle.board.push_back({c, false});
  std::sort(puzzle.board.begin(), puzzle.board.end(), [](const BoardCell& a, const BoardCell& b) { return a.at < b.at; });
  std::vector<int> owner(cells.size(), -1);
  const auto indexOf = [&](const Cell& c) {
    return c.x >= 0 && c.x < x && c.y >= 0 && c.y < y && c.z >= 0 && c.z < z ? (c.x * y + c.y) * z + c.z : -1;
  };
  int pieces = 0;
  for (;;) {
    std::vector<int> free;
    for (int c = 0; c < static_cast<int>(cells.size()); ++c)
      if (owner[c] < 0) free.push_back(c);
    if (free.empty()) break;
    std::vector<int> piece{free[random() % free.size()]};
    owner[piece[0]] = pieces;
    const std::size_t want = static_cast<std::size_t>(smallest) + random() % static_cast<std::size_t>(largest - smallest + 1);
    while (piece.size() < want) {
      std::vector<int> grow;
      if (jumps && random() % 3 == 0) {
        for (int n = 0; n < static_cast<int>(cells.size()); ++n)
          if (owner[n] < 0) grow.push_back(n);
      } else {
        for (int c : piece)
          for (const Cell& d : {Cell{1, 0, 0}, Cell{-1, 0, 0}, Cell{0, 1, 0}, Cell{0, -1, 0}, Cell{0, 0, 1}, Cell{0, 0, -1}}) {
            const int n = indexOf({cells[c].x + d.x, cells[c].y + d.y, cells[c].z + d.z});
            if (n >= 0 && owner[n] < 0) grow.push_back(n);
          }
      }
      if (grow.empty()) break;
      const int n = grow[random() % grow.size()];
      owner[n] = pieces;
      piece.push_back(n);
    }
    PieceDef def;
    def.name = "p";
    def.name += std::to_string(pieces++);  // not "p" + ...: g++ 12 warns falsely (-Wrestrict)
    Cell low{x, y, z};
    for (int c : piece) low = {std::min(low.x, cells[c].x), std::min(low.y, cells[c].y), std::min(low.z, cells[c].z)};
    for (int c : piece) def.cells.push_back({cells[c].x - low.x, cells[c].y - low.y, cells[c].z - low.z});
    std::sort(def.cells.begin(), def.cells.end());
    def.reflections = random() % 2 == 0;
    puzzle.pieces.push_back(def);
  }
  return puzzle;
}

Puzzle facesOnly(int tiles) {
  std::string list;
  for (int i = 0; i < tiles; ++i)
    list += std::string(i ? "," : "") + R"({"edges":["a","b","a","b"],"face":"f)" + std::to_string(i) + R"("})";
  return parsePuzzle(R"({"format":"piecewise/1","name":"faces","kind":"edge-matching","rows":2,"cols":)" +
                     std::to_string(tiles / 2) + R"(,"rotations":false,"tiles":[)" + list + "]}");
}

}  // namespace pw::test
