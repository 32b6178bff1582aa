#include "burrtools/problem_import.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <optional>

#include "burrtools/colour_constraints.hpp"
#include "burrtools/rhombic_import.hpp"
#include "burrtools/rhombic_voxels.hpp"
#include "burrtools/y_axis.hpp"
#include "cover/piece_types.hpp"
#include "format/packing_document.hpp"
#include "lattice/lattice.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"
#include "parse/parse.hpp"
#include "text/display.hpp"

namespace pw::burrtools {

namespace {

using text::clipped;
using text::oneLine;

// The voxels of a shape in BurrTools' coordinates.
std::vector<Cell> cellsOf(const Shape& s, VoxelState which) {
  std::vector<Cell> out;
  for (int z = 0; z < s.sz; ++z)
    for (int y = 0; y < s.sy; ++y)
      for (int x = 0; x < s.sx; ++x)
        if (s.at(x, y, z) == which) out.push_back({x, y, z});
  return out;
}

// The colour of the voxel at `c` (BurrTools' coordinates) of `s`.
int colourAt(const Shape& s, const Cell& c) { return s.colour[static_cast<std::size_t>(c.x + s.sx * (c.y + s.sy * c.z))]; }

// How many layers across `axis` the cells span (0 for none).
int span(const std::vector<Cell>& cells, int axis) {
  if (cells.empty()) return 0;
  int lo = INT_MAX, hi = INT_MIN;
  for (const Cell& c : cells) {
    lo = std::min(lo, coordinate(c, axis));
    hi = std::max(hi, coordinate(c, axis));
  }
  return hi - lo + 1;
}

// The axis across which all `cells` lie in one layer (z preferred, then y, then x), or -1.
int flatAxis(const std::vector<Cell>& cells) {
  for (const int axis : {2, 1, 0})
    if (span(cells, axis) == 1) return axis;
  return -1;
}

// Refuses, before any costly work, a shape beyond piecewise/1's limits. `because`, when not
// empty, says why the shape's voxels are cells one by one (rhombic_import.hpp); each must then
// be one of the rhombic grid's tetrahedra.
void checkSize(const std::vector<Cell>& cells, int maxCells, const std::string& what, const std::string& because) {
  if (static_cast<long long>(cells.size()) > maxCells)
    throw PuzzleError(what + " has " + std::to_string(cells.size()) + " voxels; piecewise/1 allows at most " + std::to_string(maxCells) +
                      (because.empty() ? "" : ", and they stay tetrahedra since " + because));
  if (!because.empty())
    for (const Cell& c : cells)
      if (!isRhombicVoxel(c))
        throw PuzzleError(what + ": its voxel " + voxelText(c) + " is not one of the 24 tetrahedra of a 5 x 5 x 5 block, the rhombic grid's only voxels");
  for (const int axis : {0, 1, 2})
    if (const int layers = span(cells, axis); layers > limits::kCoordinate)
      throw PuzzleError(what + " spans " + std::to_string(layers) + " voxels along " + "xyz"[axis] +
                        "; piecewise/1 allows at most " + std::to_string(limits::kCoordinate));
}

// BurrTools' y points up; piecewise rows go down. Flat shapes keep their other two axes.
Cell toPlane(const Cell& c, int axis) {
  if (axis == 2) return {c.x, -c.y, 0};
  if (axis == 1) return {c.x, -c.z, 0};
  return {c.y, -c.z, 0};
}

// The piecewise grid of a BurrTools file's grid (the reader refuses the others); on the rhombic
// grid, its voxels' own (rhombic_import.hpp may find whole dodecahedra instead).
pw::Grid gridOf(const File& file) {
  switch (file.grid) {
    case Grid::TriangularPrisms: return pw::Grid::Prism;
    case Grid::Spheres: return pw::Grid::Sphere;
    case Grid::RhombicDodecahedra: return pw::Grid::RhombicTetrahedron;
    default: return pw::Grid::Cube;
  }
}

std::string trimmed(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// BurrTools' default problem names, and names of a letter or two (a problem called "g" to tell it
// from "h" in the designer's list), say nothing about the puzzle: the file's name does better.
bool isGenericName(const std::string& name) {
  std::string lowered;
  for (const char c : name) lowered.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return lowered.size() <= 2 || (lowered.rfind("problem", 0) == 0 &&
                                    lowered.find_first_not_of(" 0123456789", 7) == std::string::npos);
}

// One problem: its own name unless that is generic, then the title. Several: the title
// with the problem's name or number.
std::string puzzleName(const File& file, int index, std::string_view title) {
  const std::string problemName = trimmed(oneLine(file.problems[static_cast<std::size_t>(index)].name));
  const std::string base = trimmed(oneLine(std::string(title)));
  std::string name;
  if (file.problems.size() == 1) {
    name = isGenericName(problemName) && !base.empty() ? base : problemName;
  } else {
    const std::string which = problemName.empty() ? "problem " + std::to_string(index + 1) : problemName;
    name = base.empty() ? which : base + ": " + which;
  }
  if (name.empty()) name = "BurrTools puzzle";
  return clipped(name, limits::kNameChars);
}

std::string notesText(const File& file, int index, std::string_view title, const std::vector<std::string>& notes) {
  std::string source = "Imported from the BurrTools file";
  if (!title.empty()) source += " " + oneLine(std::string(title));
  if (file.problems.size() > 1)
    source += ", problem " + std::to_string(index + 1) + " of " + std::to_string(file.problems.size());
  if (!file.problems[static_cast<std::size_t>(index)].name.empty())
    source += " (\"" + oneLine(file.problems[static_cast<std::size_t>(index)].name) + "\")";
  source += ".";
  for (const std::string& note : notes) source += "\n- " + note;
  std::string comment = trimmed(file.comment);
  const std::size_t room = limits::kNotesChars > source.size() + 2 ? limits::kNotesChars - source.size() - 2 : 0;
  if (comment.size() > room) comment = clipped(comment, room > 20 ? room - 20 : 0) + " [comment cut]";
  return clipped(comment.empty() ? source : comment + "\n\n" + source, limits::kNotesChars);
}

// A part that places at least one copy, with its shape's filled voxels.
struct UsedPart {
  const Part* part;
  const std::vector<Cell>* cells;
};

// Parts whose shapes are one piece (under BurrTools' rotations) are merged by piecewise.
void noteIdenticalShapes(const File& file, pw::Grid grid, const std::vector<UsedPart>& parts, bool coloured,
                         std::vector<std::string>& notes) {
  // A piece's orientations with their colourings (none unless `coloured`): equal for one piece.
  using Form = std::pair<std::vector<std::vector<Cell>>, std::vector<std::vector<std::vector<int>>>>;
  std::map<Form, std::vector<const Part*>> byForm;
  const Lattice& lattice = Lattice::of(grid);
  for (const UsedPart& used : parts) {
    const Shape& shape = file.shapes[static_cast<std::size_t>(used.part->shape)];
    std::vector<int> colours;
    if (coloured)
      for (const Cell& c : *used.cells) colours.push_back(colourAt(shape, c));
    std::vector<Cell> cells;
    for (const Cell& c : *used.cells) cells.push_back(turnedY(c, grid));
    Form form;
    colouredOrientations(lattice, lattice.poses(cells, true, false), colours, form.first, form.second);
    byForm[form].push_back(used.part);
  }
  for (const auto& [form, same] : byForm) {
    if (same.size() < 2) continue;
    std::vector<std::string> names;
    for (const Part* part : same) names.push_back(shapeLabel(file, part->shape));
    notes.push_back(text::listed(names) + " are the same piece: piecewise treats their copies as identical and counts arrangements "
                            "that only swap them once, where BurrTools tells the entries apart and counts more assemblies");
  }
}

// maxHoles only matters to BurrTools when piece ranges let the number of holes vary.
void checkMaxHoles(const Problem& p, long long filled, long long variable, const std::vector<UsedPart>& parts,
                   const std::string& where, std::vector<std::string>& notes) {
  if (!p.maxHoles) return;
  long long least = 0, most = 0;
  for (const UsedPart& used : parts) {
    const long long volume = static_cast<long long>(used.cells->size());
    least += volume * used.part->min;
    most += volume * used.part->max;
  }
  const std::string limit = "maxHoles=" + std::to_string(*p.maxHoles);
  if (least == most) {
    notes.push_back(limit + " ignored: the piece counts are exact, and BurrTools ignores it then too");
  } else if (filled + variable - std::max(least, filled) <= *p.maxHoles) {
    notes.push_back(limit + " ignored: no arrangement of these pieces can leave more holes");
  } else {
    throw PuzzleError(where + ": " + limit + " limits how many variable voxels stay empty, which piecewise/1 cannot express");
  }
}

// What BurrTools saved besides the puzzle itself; none of it changes what is counted. `takesApart`:
// the puzzle asks for its assemblies to be taken apart (a solid one).
void noteIgnoredSettings(const File& file, const Problem& p, const std::vector<UsedPart>& parts, bool takesApart,
                         std::vector<std::string>& notes) {
  if (takesApart)
    notes.push_back("its solutions are the assemblies that come apart, as BurrTools' are (\"disassemble\": true): the page takes "
                    "every assembly apart, as the command line's --disassemble does; a plain count counts assemblies");
  else
    notes.push_back("piecewise counts assemblies and does not check that an assembly comes apart (as BurrTools' solutions must) "
                    "unless asked: the command line's --disassemble does");
  if (p.state == 2 && p.assemblies) {
    std::string saved = "BurrTools' saved result: " + std::to_string(*p.assemblies) + " assemblies";
    if (p.solutions) saved += ", " + std::to_string(*p.solutions) + " solutions";
    notes.push_back(saved);
  }
  if (p.storedSolutions > 0) notes.push_back("ignored " + std::to_string(p.storedSolutions) + " stored solutions (piecewise finds its own)");
  if (p.savedSolverState) notes.push_back("ignored BurrTools' saved progress of an unfinished search");
  for (const UsedPart& used : parts) {
    if (used.part->severalGroups)
      notes.push_back("ignored the piece groups of " + shapeLabel(file, used.part->shape) +
                      ": its copies are in several groups, and a piecewise/1 piece has one");
  }
  for (const std::string& n : file.notes) notes.push_back(n);
  for (const std::string& n : p.ignored) notes.push_back(n);
}

// Problem `index` of `file` on `grid`. `gridNote`: what the notes say about the grid chosen;
// `tetrahedraBecause`: why a rhombic file's voxels stay tetrahedra (for messages).
ImportedProblem importOnGrid(const File& file, int index, std::string_view title, pw::Grid grid, const std::string& gridNote,
                             const std::string& tetrahedraBecause) {
  const Problem& p = file.problems[static_cast<std::size_t>(index)];
  const std::string where = problemLabel(file, index);
  const int shapeCount = static_cast<int>(file.shapes.size());
  const auto missing = [&](int shape, const char* role) {
    return where + ": its " + role + " S" + std::to_string(shape + 1) + " does not exist (the file has " +
           std::to_string(shapeCount) + " shapes)";
  };
  if (p.result < 0) throw PuzzleError(where + ": it names no result shape");
  if (p.result >= shapeCount) throw PuzzleError(missing(p.result, "result shape"));
  const Shape& result = file.shapes[static_cast<std::size_t>(p.result)];

  ImportedProblem out;
  std::vector<std::string>& notes = out.notes;
  if (!gridNote.empty()) notes.push_back(gridNote);
  std::vector<UsedPart> parts;
  std::map<int, std::vector<Cell>> filledOf;  // by shape, read once: several parts may share a shape
  if (p.parts.size() > static_cast<std::size_t>(limits::kPieceDefs))
    throw PuzzleError(where + ": it has " + std::to_string(p.parts.size()) + " piece entries; piecewise/1 allows at most " +
                      std::to_string(limits::kPieceDefs));
  for (const Part& part : p.parts) {
    if (part.shape >= shapeCount) throw PuzzleError(missing(part.shape, "piece"));
    const std::string label = shapeLabel(file, part.shape);
    if (part.minOrMaxAlone) notes.push_back("piece " + label + " gives only one of min and max: one copy, as BurrTools reads it");
    if (part.max == 0) {
      notes.push_back("piece " + label + " has count 0 and is left out");
      continue;
    }
    auto known = filledOf.find(part.shape);
    if (known == filledOf.end()) {
      const Shape& shape = file.shapes[static_cast<std::size_t>(part.shape)];
      if (std::find(shape.state.begin(), shape.state.end(), VoxelState::Variable) != shape.state.end())
        throw PuzzleError(where + ": piece " + label + " has variable (+) voxels; piecewise/1 pieces are solid");
      std::vector<Cell> cells = cellsOf(shape, VoxelState::Filled);
      if (cells.empty()) throw PuzzleError(where + ": piece " + label + " has no filled voxels");
      checkSize(cells, limits::kPieceCells, where + ": piece " + label, tetrahedraBecause);
      known = filledOf.emplace(part.shape, std::move(cells)).first;
    }
    parts.push_back({&part, &known->second});
  }
  if (parts.empty()) throw PuzzleError(where + ": it places no pieces");
  const std::vector<Cell> filled = cellsOf(result, VoxelState::Filled);
  const std::vector<Cell> variable = cellsOf(result, VoxelState::Variable);
  std::vector<Cell> occupied = filled;
  occupied.insert(occupied.end(), variable.begin(), variable.end());
  if (occupied.empty()) throw PuzzleError(where + ": its result shape " + shapeLabel(file, p.result) + " is empty");
  checkSize(occupied, limits::kBoardCells, where + ": its result shape " + shapeLabel(file, p.result), tetrahedraBecause);

  std::vector<Colour> colours = importColours(file, p, notes);
  checkMaxHoles(p, static_cast<long long>(filled.size()), static_cast<long long>(variable.size()), parts, where, notes);
  noteIdenticalShapes(file, grid, parts, !colours.empty(), notes);

  // Flat when the result and every piece are one layer thick (each across its own axis).
  const int boardAxis = flatAxis(occupied);
  bool flat = boardAxis >= 0 && file.grid == Grid::Cubes;
  for (const UsedPart& used : parts) flat = flat && flatAxis(*used.cells) >= 0;

  PackingPuzzle packing;
  packing.dimensions = flat ? 2 : 3;
  packing.grid = flat ? pw::Grid::Square : grid;
  // BurrTools' solutions of a solid puzzle are the assemblies that come apart: ask for that
  // where piecewise's disassembler slides pieces (the cube grid).
  packing.disassemble = !flat && packing.grid == pw::Grid::Cube;
  noteIgnoredSettings(file, p, parts, packing.disassemble, notes);
  for (const auto& [cells, optional] : {std::pair{&filled, false}, std::pair{&variable, true}})
    for (const Cell& c : *cells)
      packing.board.push_back({flat ? toPlane(c, boardAxis) : turnedY(c, grid), optional, colours.empty() ? 0 : colourAt(result, c)});
  std::sort(packing.board.begin(), packing.board.end(), [](const BoardCell& a, const BoardCell& b) { return a.at < b.at; });
  for (const UsedPart& used : parts) {
    const Shape& shape = file.shapes[static_cast<std::size_t>(used.part->shape)];
    PieceDef def;
    def.name = shape.name.empty() ? "S" + std::to_string(used.part->shape + 1) : clipped(oneLine(shape.name), limits::kNameChars);
    const int axis = flatAxis(*used.cells);
    std::vector<std::pair<Cell, int>> cells;  // with colours, sorted together
    for (const Cell& c : *used.cells)
      cells.emplace_back(flat ? toPlane(c, axis) : turnedY(c, grid), colours.empty() ? 0 : colourAt(shape, c));
    std::sort(cells.begin(), cells.end());
    for (const auto& [cell, colour] : cells) {
      def.cells.push_back(cell);
      def.colours.push_back(colour);
    }
    if (std::all_of(def.colours.begin(), def.colours.end(), [](int c) { return c == 0; })) def.colours.clear();
    def.count = CopyCount{used.part->min, used.part->max};
    def.rotations = true;
    def.reflections = flat;  // flipping a flat piece is turning it over in space
    if (used.part->group != 0) def.group = std::to_string(used.part->group);
    def.weight = shape.weight;
    packing.pieces.push_back(std::move(def));
  }

  Puzzle model;
  model.name = puzzleName(file, index, title);
  model.notes = notesText(file, index, title, notes);
  packing.colours = std::move(colours);
  model.body = std::move(packing);
  out.document = packingDocument(model);
  try {
    out.puzzle = parsePuzzle(out.document);
  } catch (const PuzzleError& e) {
    throw PuzzleError(where + ": as a piecewise/1 puzzle: " + e.what());
  }
  return out;
}

}  // namespace

ImportedProblem importProblem(const File& file, int index, std::string_view title) {
  if (index < 0 || index >= static_cast<int>(file.problems.size()))
    throw PuzzleError("problem " + std::to_string(index + 1) + " does not exist (the file has " +
                      std::to_string(file.problems.size()) + ")");
  if (file.grid != Grid::RhombicDodecahedra) return importOnGrid(file, index, title, gridOf(file), "", "");
  const RhombicProblem rhombic = rhombicProblem(file, file.problems[static_cast<std::size_t>(index)]);
  if (rhombic.dodecahedra)
    return importOnGrid(*rhombic.dodecahedra, index, title, pw::Grid::RhombicDodecahedron,
                        "every shape is made of whole rhombic dodecahedra (48 voxels each): each is one cell of the "
                        "\"rhombic-dodecahedron\" grid", "");
  return importOnGrid(file, index, title, pw::Grid::RhombicTetrahedron,
                      "the voxels are BurrTools' tetrahedra, cells of the \"rhombic-tetrahedron\" grid, since " + rhombic.whyNot,
                      rhombic.whyNot);
}

std::vector<ProblemSummary> summarizeProblems(const File& file) {
  std::vector<ProblemSummary> out;
  for (int i = 0; i < static_cast<int>(file.problems.size()); ++i) {
    const Problem& p = file.problems[static_cast<std::size_t>(i)];
    ProblemSummary s;
    s.label = problemLabel(file, i);
    s.name = p.name;
    for (const Part& part : p.parts) s.pieces += part.max;
    try {
      importProblem(file, i, "");
    } catch (const PuzzleError& e) {
      s.refusal = e.what();
    }
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

// problemLabel() without "problem ", for lists: 2 "Another example".
std::string problemEntry(const File& file, int index) {
  return problemLabel(file, index).substr(std::string_view("problem ").size());
}

std::string problemList(const File& file, const std::vector<int>& which) {
  std::vector<std::string> labels;
  for (const int i : which) labels.push_back(problemEntry(file, i));
  return text::listed(labels);
}

// Decimal digits only (at most 9, so that they fit an int): a problem's number.
std::optional<int> problemNumber(std::string_view text) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return std::stoi(std::string(text));
}

bool sameLetters(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

int chooseProblem(const File& file, std::string_view choice) {
  const int n = static_cast<int>(file.problems.size());
  if (n == 0) throw PuzzleError("the file defines no problem (a BurrTools problem names a result shape and the pieces)");
  std::vector<int> all(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
  const std::string everything = "the file has " + std::to_string(n) + (n == 1 ? " problem: " : " problems: ");
  if (choice.empty()) {
    if (n == 1) return 0;
    throw PuzzleError(everything + problemList(file, all) + "; choose one with --problem N or NAME");
  }
  const auto byNumber = [&](std::string_view digits) {
    const std::optional<int> number = problemNumber(digits);
    if (number && *number >= 1 && *number <= n) return *number - 1;
    throw PuzzleError("there is no problem " + text::shown(digits) + "; " + everything + problemList(file, all));
  };
  // "#N" is always the N-th problem, whatever the problems are named.
  if (choice.front() == '#') return byNumber(choice.substr(1));
  // Otherwise a name said exactly comes first (a problem may be named "2"), then a number,
  // then a name in other letter case; a name that several problems share is refused.
  const auto named = [&](bool exact) {
    std::vector<int> found;
    for (int i = 0; i < n; ++i) {
      const std::string& name = file.problems[static_cast<std::size_t>(i)].name;
      if (exact ? name == choice : sameLetters(name, choice)) found.push_back(i);
    }
    if (found.size() > 1)
      throw PuzzleError(std::to_string(found.size()) + " problems are named \"" + text::shown(choice) +
                        "\": " + problemList(file, found) + "; choose one by number with --problem '#N'");
    return found;
  };
  if (const std::vector<int> exact = named(true); !exact.empty()) return exact.front();
  if (problemNumber(choice)) return byNumber(choice);
  if (const std::vector<int> folded = named(false); !folded.empty()) return folded.front();
  throw PuzzleError("no problem is named \"" + text::shown(choice) + "\"; " + everything + problemList(file, all));
}

}  // namespace pw::burrtools
