#include "format/packing_document.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "lattice/lattice.hpp"

namespace pw {

namespace {

using Json = nlohmann::ordered_json;

struct Box {
  Cell min, max;
  long long volume() const {
    return static_cast<long long>(max.x - min.x + 1) * (max.y - min.y + 1) * (max.z - min.z + 1);
  }
};

template <typename T, typename At>
Box boxOf(const std::vector<T>& items, At at) {
  Box b{at(items.front()), at(items.front())};
  for (const T& item : items) {
    const Cell& c = at(item);
    b.min = {std::min(b.min.x, c.x), std::min(b.min.y, c.y), std::min(b.min.z, c.z)};
    b.max = {std::max(b.max.x, c.x), std::max(b.max.y, c.y), std::max(b.max.z, c.z)};
  }
  return b;
}

// {"shape": rows or layers of rows} or {"cells": [[x, y(, z)], ...]}, into `object`.
// `mark(item)` is the character of a covered cell. Cells where the grid is not the square
// or cube one (whose ASCII art would read as squares), or where the art would be sparse;
// the art wherever a cell is `+`, which cells cannot say. Returns the cell that the shape's
// coordinates start from (the art's first column, row and layer), which `colours` use too:
// on other grids a translation of the grid, so that no triangle flips.
template <typename T, typename At, typename Mark>
Cell writeShape(Json& object, const std::vector<T>& items, const PackingPuzzle& packing, At at, Mark mark) {
  const int dimensions = packing.dimensions;
  Box box = boxOf(items, at);
  const bool plus = std::any_of(items.begin(), items.end(), [&](const T& item) { return mark(item) == '+'; });
  const bool otherGrid = packing.grid != defaultGrid(dimensions);
  if (!plus && (otherGrid || (box.volume() > 4096 && box.volume() > 16 * static_cast<long long>(items.size())))) {
    Json cells = Json::array();
    for (const T& item : items) {
      const Cell& c = at(item);
      cells.push_back(dimensions == 3 ? Json{c.x, c.y, c.z} : Json{c.x, c.y});
    }
    object["cells"] = std::move(cells);
    return {};
  }
  if (otherGrid) {
    std::vector<Cell> cells;
    for (const T& item : items) cells.push_back(at(item));
    const Cell shift = Lattice::of(packing.grid).normalizingShift(cells);
    box.min = {-shift.x, -shift.y, -shift.z};
  }
  const int width = box.max.x - box.min.x + 1, height = box.max.y - box.min.y + 1, depth = box.max.z - box.min.z + 1;
  std::vector<std::string> grid(static_cast<std::size_t>(height * depth), std::string(static_cast<std::size_t>(width), '.'));
  for (const T& item : items) {
    const Cell& c = at(item);
    grid[static_cast<std::size_t>((c.z - box.min.z) * height + (c.y - box.min.y))][static_cast<std::size_t>(c.x - box.min.x)] = mark(item);
  }
  Json layers = Json::array();
  for (int z = 0; z < depth; ++z) {
    Json rows = Json::array();
    for (int y = 0; y < height; ++y) rows.push_back(grid[static_cast<std::size_t>(z * height + y)]);
    if (dimensions == 2) {
      object["shape"] = std::move(rows);
      return box.min;
    }
    layers.push_back(std::move(rows));
  }
  object["shape"] = std::move(layers);
  return box.min;
}

// {"colour name": [cells], ...} of the cells with a colour, from `origin`, or nothing.
void writeCellColours(Json& object, const PackingPuzzle& puzzle, const std::vector<Cell>& cells,
                      const std::vector<int>& colours, const Cell& origin) {
  Json byColour = Json::object();
  for (std::size_t i = 0; i < colours.size(); ++i) {
    if (colours[i] == 0) continue;
    const Cell c{cells[i].x - origin.x, cells[i].y - origin.y, cells[i].z - origin.z};
    byColour[puzzle.colours[static_cast<std::size_t>(colours[i] - 1)].name].push_back(
        puzzle.dimensions == 3 ? Json{c.x, c.y, c.z} : Json{c.x, c.y});
  }
  if (!byColour.empty()) object["colours"] = std::move(byColour);
}

// The setting most pieces share, so that per-piece overrides stay rare.
template <typename Flag>
bool commonSetting(const std::vector<PieceDef>& pieces, Flag flag) {
  const auto on = std::count_if(pieces.begin(), pieces.end(), [&](const PieceDef& p) { return p.*flag; });
  return 2 * on >= static_cast<long>(pieces.size());
}

}  // namespace

std::string packingDocument(const Puzzle& puzzle) {
  const auto& packing = std::get<PackingPuzzle>(puzzle.body);
  Json doc;
  doc["format"] = "piecewise/1";
  doc["name"] = puzzle.name;
  doc["kind"] = "packing";
  if (!puzzle.notes.empty()) doc["notes"] = puzzle.notes;
  if (packing.grid != defaultGrid(packing.dimensions)) doc["grid"] = gridName(packing.grid);

  if (!packing.colours.empty()) {
    Json colours = Json::array();
    for (const Colour& c : packing.colours) {
      Json colour = {{"name", c.name}};
      if (!c.rgb.empty()) colour["rgb"] = c.rgb;
      Json fits = Json::array();
      for (const int f : c.fits) fits.push_back(packing.colours[static_cast<std::size_t>(f - 1)].name);
      if (!fits.empty()) colour["fits"] = std::move(fits);
      colours.push_back(std::move(colour));
    }
    doc["colours"] = std::move(colours);
  }

  Json board = Json::object();
  const Cell boardOrigin = writeShape(board, packing.board, packing, [](const BoardCell& b) -> const Cell& { return b.at; },
                                      [](const BoardCell& b) { return b.optional ? '+' : '#'; });
  std::vector<Cell> boardCells;
  std::vector<int> boardColours;
  for (const BoardCell& b : packing.board) {
    boardCells.push_back(b.at);
    boardColours.push_back(b.colour);
  }
  writeCellColours(board, packing, boardCells, boardColours, boardOrigin);
  doc["board"] = std::move(board);

  const bool rotations = commonSetting(packing.pieces, &PieceDef::rotations);
  const bool reflections = commonSetting(packing.pieces, &PieceDef::reflections);
  if (!rotations) doc["rotations"] = false;
  if (reflections != (packing.dimensions == 2)) doc["reflections"] = reflections;
  if (packing.disassemble) doc["disassemble"] = true;

  Json pieces = Json::array();
  for (const PieceDef& def : packing.pieces) {
    Json piece;
    piece["name"] = def.name;
    const Cell origin =
        writeShape(piece, def.cells, packing, [](const Cell& c) -> const Cell& { return c; }, [](const Cell&) { return '#'; });
    if (def.count.min != def.count.max) {
      piece["count"] = Json{{"min", def.count.min}, {"max", def.count.max}};
    } else if (def.count.min != 1) {
      piece["count"] = def.count.min;
    }
    if (def.rotations != rotations) piece["rotations"] = def.rotations;
    if (def.reflections != reflections) piece["reflections"] = def.reflections;
    if (!def.group.empty()) piece["group"] = def.group;
    if (def.weight != 1) piece["weight"] = def.weight;
    writeCellColours(piece, packing, def.cells, def.colours, origin);
    pieces.push_back(std::move(piece));
  }
  doc["pieces"] = std::move(pieces);
  return doc.dump(1, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace pw
