#include "place/placed_puzzle.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <sstream>
#include <variant>

#include "lattice/lattice.hpp"
#include "model/error.hpp"
#include "text/display.hpp"

namespace pw {

namespace {

std::string cellText(const Cell& c, int dimensions) {
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "literal" + temporary string.
  std::string out = std::to_string(c.x);
  out += ',';
  out += std::to_string(c.y);
  if (dimensions == 3) {
    out += ',';
    out += std::to_string(c.z);
  }
  return out;
}

// "x,y" or "x,y,z": integers within ±255, as the format allows.
Cell parseCell(const std::string& text, const std::string& whole) {
  std::vector<int> values;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    const bool digits = !part.empty() && part.find_first_not_of("0123456789", part[0] == '-' ? 1 : 0) == std::string::npos &&
                        part.size() <= 4 && part != "-";
    if (!digits || std::abs(std::stoi(part)) > 255)
      throw PuzzleError("place " + text::shown(whole) + ": '" + text::shown(text) + "' is not a cell; expected x,y or x,y,z (integers from -255 to 255)");
    values.push_back(std::stoi(part));
  }
  if (values.size() < 2 || values.size() > 3 || text.back() == ',')
    throw PuzzleError("place " + text::shown(whole) + ": '" + text::shown(text) + "' is not a cell; expected x,y or x,y,z");
  return {values[0], values[1], values.size() == 3 ? values[2] : 0};
}

std::string pieceNames(const std::vector<PieceDef>& pieces) {
  std::vector<std::string> names;
  for (const PieceDef& p : pieces) names.push_back(text::shown(p.name, 20));
  return text::listed(names, 16);
}

}  // namespace

GivenPlacement parsePlacement(const std::string& text) {
  const std::size_t at = text.rfind('@');
  if (at == std::string::npos || at == 0 || at + 1 == text.size())
    throw PuzzleError("place " + text::shown(text) + ": expected PIECE@x,y;x,y;... (a piece's name, then the cells it covers)");
  GivenPlacement p;
  p.piece = text.substr(0, at);
  std::stringstream in(text.substr(at + 1));
  std::string cell;
  while (std::getline(in, cell, ';'))
    if (!cell.empty()) p.cells.push_back(parseCell(cell, text));
  return p;
}

PlacedPuzzle placePieces(const Puzzle& puzzle, const std::vector<GivenPlacement>& placements) {
  const auto* packing = std::get_if<PackingPuzzle>(&puzzle.body);
  if (!packing) throw PuzzleError("place: pieces can be placed in packing puzzles only; this one is " + std::string(kindName(puzzle)));
  const int dims = packing->dimensions;
  std::map<Cell, std::string> takenBy;
  std::map<Cell, bool> board;
  for (const BoardCell& b : packing->board) board.emplace(b.at, b.optional);
  std::vector<int> used(packing->pieces.size(), 0);
  PlacedPuzzle out;
  for (const GivenPlacement& p : placements) {
    // Bounded: a placement is user input, and a message stays one short line.
    const std::string where = "place " + text::shown(p.piece + "@" + [&] {
      std::string cells;
      for (std::size_t i = 0; i < p.cells.size(); ++i) {
        if (i) cells += ';';
        cells += cellText(p.cells[i], dims);
      }
      return cells;
    }());
    int piece = -1;
    for (std::size_t i = 0; i < packing->pieces.size(); ++i) {
      if (packing->pieces[i].name != p.piece) continue;
      if (piece >= 0) throw PuzzleError(where + ": two pieces are named '" + text::shown(p.piece) + "'");
      piece = static_cast<int>(i);
    }
    if (piece < 0) throw PuzzleError(where + ": no piece named '" + text::shown(p.piece) + "' in the puzzle (its pieces: " + pieceNames(packing->pieces) + ")");
    const PieceDef& def = packing->pieces[static_cast<std::size_t>(piece)];
    const std::string name = text::shown(def.name, 40);
    if (used[static_cast<std::size_t>(piece)] >= def.count.max)
      throw PuzzleError(where + ": every copy of " + name + " (" + std::to_string(def.count.max) + ") is placed already");
    std::vector<Cell> cells = p.cells;
    std::sort(cells.begin(), cells.end());
    if (const auto twice = std::adjacent_find(cells.begin(), cells.end()); twice != cells.end())
      throw PuzzleError(where + ": cell " + cellText(*twice, dims) + " is given twice");
    if (cells.size() != def.cells.size())
      throw PuzzleError(where + ": " + std::to_string(cells.size()) + " cells given; " + name + " has " + std::to_string(def.cells.size()));
    const Lattice& lattice = Lattice::of(packing->grid);
    const auto poses = lattice.poses(def.cells, def.rotations, def.reflections);
    const auto shape = lattice.normalized(cells);
    if (std::none_of(poses.begin(), poses.end(), [&](const std::vector<Cell>& pose) { return lattice.normalized(pose) == shape; }))
      throw PuzzleError(where + ": these cells are not " + name + (def.rotations || def.reflections ? " turned or mirrored as the puzzle allows" : " as it lies (it may not turn)"));
    for (const Cell& c : cells) {
      if (!board.count(c)) throw PuzzleError(where + ": cell " + cellText(c, dims) + " is not on the board");
      if (const auto it = takenBy.find(c); it != takenBy.end())
        throw PuzzleError(where + ": cell " + cellText(c, dims) + " is taken by the placement of " + it->second);
    }
    for (const Cell& c : cells) takenBy.emplace(c, name);
    ++used[static_cast<std::size_t>(piece)];
    out.placed.push_back({piece, cells});
  }
  PackingPuzzle left;
  left.grid = packing->grid;
  left.dimensions = dims;
  for (const BoardCell& b : packing->board)
    if (!takenBy.count(b.at)) left.board.push_back(b);
  for (std::size_t i = 0; i < packing->pieces.size(); ++i) {
    PieceDef def = packing->pieces[i];
    def.count = {std::max(0, def.count.min - used[i]), def.count.max - used[i]};
    if (def.count.max == 0) continue;
    left.pieces.push_back(std::move(def));
    out.pieceOf.push_back(static_cast<int>(i));
  }
  if (left.board.empty() || left.pieces.empty())
    throw PuzzleError("place: the pieces placed leave " + std::string(left.board.empty() ? "no board" : "no piece") + " to solve");
  // The notes' expected counts are the original's: they no longer hold.
  out.puzzle = Puzzle{puzzle.name, "", std::move(left)};
  return out;
}

Solution withPlacements(const PlacedPuzzle& placed, const Solution& solution) {
  const auto& rest = std::get<PackingSolution>(solution);
  PackingSolution out;
  out.placements = placed.placed;
  for (PiecePlacement p : rest.placements) {
    p.piece = placed.pieceOf[static_cast<std::size_t>(p.piece)];
    out.placements.push_back(std::move(p));
  }
  return out;
}

}  // namespace pw
