// What a BurrTools .xmpuzzle file holds, as its reader and writer see it (the format is
// documented only by BurrTools' own loader: src/lib/puzzle.cpp, problem.cpp, voxel.cpp).
// Plain data: xmpuzzle_reader fills it, problem_import turns one problem into a
// piecewise/1 puzzle, xmpuzzle_writer writes one back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pw::burrtools {

// BurrTools' grid types, by the number in <gridType type="N"/>; all but TetraOcta are read.
enum class Grid { Cubes = 0, TriangularPrisms = 1, Spheres = 2, RhombicDodecahedra = 3, TetraOcta = 4 };

enum class VoxelState : std::uint8_t { Empty, Filled, Variable };  // '_', '#', '+'

// A <voxel> element: a box of sx * sy * sz voxels, x fastest, then y, then z.
struct Shape {
  int sx = 0, sy = 0, sz = 0;
  std::vector<VoxelState> state;
  std::vector<std::uint8_t> colour;  // 0: no colour; 1..63: the file's <color> entries
  std::string name;                  // may be empty; BurrTools shows shapes as S1, S2, ...
  int weight = 1;                    // used by BurrTools' disassembler only
  int line = 0;                      // in the XML, for messages

  VoxelState at(int x, int y, int z) const { return state[static_cast<std::size_t>(x + sx * (y + sy * z))]; }
};

// One <shape> of a problem: a piece shape and how many copies to place.
struct Part {
  int shape = 0;  // index into File::shapes
  int min = 1;
  int max = 1;
  bool minOrMaxAlone = false;  // min or max without the other: BurrTools then reads count 1
  int group = 0;               // BurrTools' disassembly group of every copy; 0: none
  bool severalGroups = false;  // copies split among groups (<group> elements), which piecewise/1 cannot say
  int line = 0;
};

struct Problem {
  std::string name;
  int line = 0;
  std::vector<Part> parts;
  int result = -1;                             // shape index; -1 when missing or invalid
  std::optional<long long> maxHoles;           // holes the result may keep (pieces with ranges only)
  std::vector<std::pair<int, int>> allowedColours;  // (piece colour, result colour), both 1-based
  int state = 0;                               // 0 unsolved, 1 solving, 2 solved
  std::optional<long long> assemblies, solutions, seconds;  // saved by BurrTools after solving
  int storedSolutions = 0;                     // <solution> elements
  bool savedSolverState = false;               // an <assembler> element (a paused search)
  std::vector<std::string> ignored;            // unknown elements and attributes, for the notes
};

struct File {
  int version = 2;
  Grid grid = Grid::Cubes;
  int colours = 0;  // <color> entries; 0 means BurrTools ignores voxel colours
  std::vector<std::string> colourRgb;  // per <color> entry: "#rrggbb"
  std::vector<Shape> shapes;
  std::vector<Problem> problems;
  std::string comment;
  std::vector<std::string> notes;  // file-level remarks (encoding, ignored elements)
};

// "S3" or "S3 (Box)": how BurrTools' user interface names shape `index`.
std::string shapeLabel(const File& file, int index);

// "problem 2 \"Another example\"" or "problem 2" when the problem has no name.
std::string problemLabel(const File& file, int index);

}  // namespace pw::burrtools
