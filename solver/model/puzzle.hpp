// The puzzle model: what a `piecewise/1` document means once parsed and validated.
// Plain data, no behaviour: the parser builds it, the searches, the checker and the
// renderers read it. Nothing here knows about JSON or Emscripten.
#pragma once

#include <array>
#include <compare>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/grid.hpp"

namespace pw {

// A lattice point. 2D puzzles keep z = 0. Ordered by (z, y, x) so that sorted cell
// lists read like the ASCII art: layer by layer, row by row.
struct Cell {
  int x = 0;
  int y = 0;
  int z = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
  friend std::strong_ordering operator<=>(const Cell& a, const Cell& b) {
    if (auto c = a.z <=> b.z; c != 0) return c;
    if (auto c = a.y <=> b.y; c != 0) return c;
    return a.x <=> b.x;
  }
};

// Coordinate `axis` of c: 0 for x, 1 for y, 2 for z.
inline int coordinate(const Cell& c, int axis) { return axis == 0 ? c.x : axis == 1 ? c.y : c.z; }

// ---- packing ---------------------------------------------------------------

struct BoardCell {
  Cell at;
  bool optional = false;  // `+`: may stay empty; `#`: must be covered
  int colour = 0;         // 1-based index into PackingPuzzle::colours; 0: none
};

// Colour constraints (as in BurrTools): a piece cell of a colour may cover a board cell of a
// colour only when the board colour is among the piece colour's `fits`. Cells without a
// colour cover and are covered by anything.
struct Colour {
  std::string name;
  std::string rgb;        // "#rrggbb", or empty: the page picks one
  std::vector<int> fits;  // 1-based board colours, ascending
};

// How many copies of a piece a solution places: exactly `min` when min == max.
struct CopyCount {
  int min = 1;
  int max = 1;
};

struct PieceDef {
  std::string name;
  std::vector<Cell> cells;  // as written, sorted, duplicates rejected by the parser
  CopyCount count;
  bool rotations = true;    // already resolved against the puzzle's default
  bool reflections = true;  // already resolved against the puzzle's default
  // Taking an assembly apart (disassembly/): pieces of one group may stay together; of two
  // groups sliding apart the one holding the heavier piece stays where it is.
  std::string group;  // empty: none
  int weight = 1;
  std::vector<int> colours;  // per cell of `cells` (1-based, 0: none); empty when none is coloured
};

struct PackingPuzzle {
  Grid grid = Grid::Square;
  int dimensions = 2;             // coordinates per cell: gridDimensions(grid)
  std::vector<BoardCell> board;   // sorted by cell
  std::vector<PieceDef> pieces;
  std::vector<Colour> colours;  // empty: no colour constraints
  // An interlocking puzzle: its solutions are the assemblies that come apart (disassembly/),
  // which the page offers to take apart and play.
  bool disassemble = false;
};

// ---- edge matching ---------------------------------------------------------

enum class EdgeMatch { Same, Complement };

enum Side { Top = 0, Right = 1, Bottom = 2, Left = 3 };

struct TileDef {
  std::string name;                // the document's name, or the tile's index when absent
  std::array<std::string, 4> edges;  // clockwise from the top, as written
  std::string face;                // empty when the document gives none
  int count = 1;
};

struct EdgeMatchingPuzzle {
  int rows = 0;
  int cols = 0;
  std::vector<TileDef> tiles;
  bool rotations = true;
  EdgeMatch match = EdgeMatch::Same;
  std::optional<std::string> border;
  bool distinctRow = false;
  bool distinctColumn = false;
};

// ---- snake -----------------------------------------------------------------

struct SnakePuzzle {
  std::array<int, 3> box{};
  std::vector<int> segments;  // always segments, even when the document gave joints
  bool givenAsJoints = false;  // kept so that an editor can write the document back as given
};

// ---- the document ----------------------------------------------------------

struct Puzzle {
  std::string name;
  std::string notes;
  std::variant<PackingPuzzle, EdgeMatchingPuzzle, SnakePuzzle> body;
};

// Number of cubes in a snake chain: runs share their corner cubes.
int chainLength(const std::vector<int>& segments);

// The document's `kind`: "packing", "edge-matching" or "snake".
const char* kindName(const Puzzle& puzzle);

}  // namespace pw
