#include "parse/shape_reader.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

#include "model/limits.hpp"

namespace pw::parse {

namespace {

int maxCells(ShapeOwner owner) { return owner == ShapeOwner::Board ? limits::kBoardCells : limits::kPieceCells; }

const char* emptyProblem(ShapeOwner owner) {
  return owner == ShapeOwner::Board ? "empty board: no cells (a board needs at least one '#' or '+')"
                                    : "empty piece: no cells (a piece needs at least one '#')";
}

// One character of a row for a message: 'x', or U+0009 for control characters.
std::string describeCharacter(std::string_view row, std::size_t at) {
  const auto c = static_cast<unsigned char>(row[at]);
  if (c < 0x20 || c == 0x7F) {
    static const char* hex = "0123456789ABCDEF";
    std::string code = "U+00";
    code.push_back(hex[c >> 4]);
    code.push_back(hex[c & 15]);
    return code;
  }
  std::size_t end = at + 1;
  while (end < row.size() && (static_cast<unsigned char>(row[end]) & 0xC0) == 0x80) ++end;
  std::string shown = "'";
  shown.append(row.substr(at, end - at));
  shown.push_back('\'');
  return shown;
}

// Validates one row string and calls visit(x, optional) for each cell in it.
template <typename Visit>
void scanRow(const Node& row, ShapeOwner owner, Visit&& visit) {
  if (!row.value().is_string()) {
    row.fail(std::string(row.value().is_array() ? "mixes 2D rows and 3D layers (or nests too deep): " : "") +
             "expected a row string, got " + describe(row.value()));
  }
  const std::string& text = row.value().get_ref<const std::string&>();
  const std::size_t columns = utf8Length(text);
  if (columns > static_cast<std::size_t>(limits::kCoordinate)) {
    row.fail(std::to_string(columns) + " characters exceed the limit of " + std::to_string(limits::kCoordinate) +
             " columns");
  }
  int x = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // inside a multi-byte character
    if (c == '#') {
      visit(x, false);
    } else if (c == '+') {
      if (owner == ShapeOwner::Piece) {
        row.fail("'+' at x = " + std::to_string(x) + " marks a board cell that may stay empty; pieces only use '#'");
      }
      visit(x, true);
    } else if (c != '.' && c != ' ') {
      row.fail("unexpected character " + describeCharacter(text, i) + " at x = " + std::to_string(x) +
               (owner == ShapeOwner::Board ? "; a board uses '#' (must be covered), '+' (may stay empty), '.' or space"
                                           : "; a piece uses '#' for its cells, '.' or space for gaps"));
    }
    ++x;
  }
}

// Validates the whole ASCII shape, calling visit(cell, optional) for each cell in
// (z, y, x) order; returns the dimension.
template <typename Visit>
int scanAsciiShape(const Node& shape, ShapeOwner owner, Visit&& visit) {
  const Json& v = shape.value();
  if (!v.is_array()) {
    shape.fail("expected a list of row strings (2D) or a list of layers of row strings (3D), got " + describe(v));
  }
  if (v.empty()) shape.fail(emptyProblem(owner));
  const bool layered = v[0].is_array();
  if (!layered && !v[0].is_string()) {
    shape.element(0).fail("expected a row string (2D) or a layer: a list of row strings (3D), got " + describe(v[0]));
  }
  const char* outer = layered ? "layers" : "rows";
  if (v.size() > static_cast<std::size_t>(limits::kCoordinate)) {
    shape.fail(std::to_string(v.size()) + " " + outer + " exceed the limit of " + std::to_string(limits::kCoordinate));
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Node item = shape.element(i);
    if (!layered) {
      scanRow(item, owner, [&](int x, bool optional) { visit(Cell{x, static_cast<int>(i), 0}, optional); });
      continue;
    }
    if (!item.value().is_array()) {
      item.fail(std::string(item.value().is_string() ? "mixes 2D rows and 3D layers: " : "") +
                "expected a layer (a list of row strings) like " + shape.childPath(std::size_t{0}) + ", got " +
                describe(item.value()));
    }
    const std::size_t rows = item.arraySize(1, static_cast<std::size_t>(limits::kCoordinate), "rows");
    for (std::size_t y = 0; y < rows; ++y) {
      scanRow(item.element(y), owner, [&](int x, bool optional) {
        visit(Cell{x, static_cast<int>(y), static_cast<int>(i)}, optional);
      });
    }
  }
  return layered ? 3 : 2;
}

}  // namespace

ReadShape readAsciiShape(const Node& shape, ShapeOwner owner) {
  // Count first, so that the limit is checked before anything is allocated.
  long long count = 0;
  scanAsciiShape(shape, owner, [&](const Cell&, bool) { ++count; });
  if (count == 0) shape.fail(emptyProblem(owner));
  if (count > maxCells(owner)) {
    shape.fail(std::to_string(count) + " cells exceed the limit of " + std::to_string(maxCells(owner)));
  }
  ReadShape out;
  out.cells.reserve(static_cast<std::size_t>(count));
  out.dimensions = scanAsciiShape(shape, owner, [&](const Cell& c, bool optional) {
    out.cells.push_back(BoardCell{c, optional});
  });
  std::sort(out.cells.begin(), out.cells.end(), [](const BoardCell& a, const BoardCell& b) { return a.at < b.at; });
  return out;
}

ReadShape readCellList(const Node& cells, ShapeOwner owner) {
  if (cells.value().is_array() && cells.value().empty()) cells.fail(emptyProblem(owner));
  const std::size_t n = cells.arraySize(1, static_cast<std::size_t>(maxCells(owner)), "cells");
  ReadShape out;
  std::vector<std::pair<Cell, std::size_t>> seen;  // cell and its index, to name duplicates
  seen.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Node entry = cells.element(i);
    const Json& v = entry.value();
    if (!v.is_array() || (v.size() != 2 && v.size() != 3)) {
      entry.fail("expected integer coordinates [x, y] or [x, y, z], got " +
                 (v.is_array() ? "a list of " + std::to_string(v.size()) : describe(v)));
    }
    const int arity = static_cast<int>(v.size());
    if (i == 0) {
      out.dimensions = arity;
    } else if (arity != out.dimensions) {
      entry.fail("mixed 2D and 3D cells: " + std::to_string(arity) + " coordinates here but " +
                 std::to_string(out.dimensions) + " in " + cells.childPath(std::size_t{0}));
    }
    int xyz[3] = {0, 0, 0};
    for (std::size_t k = 0; k < v.size(); ++k) {
      xyz[k] = entry.element(k).integer(-limits::kCoordinate, limits::kCoordinate);
    }
    seen.emplace_back(Cell{xyz[0], xyz[1], xyz[2]}, i);
  }
  std::sort(seen.begin(), seen.end());
  // Report the duplicate that comes first in the document.
  std::size_t duplicate = n;
  std::size_t original = n;
  for (std::size_t k = 1; k < seen.size(); ++k) {
    if (seen[k].first == seen[k - 1].first && seen[k].second < duplicate) {
      duplicate = seen[k].second;
      // the first occurrence of this cell is the first of its run in sorted order
      std::size_t first = k - 1;
      while (first > 0 && seen[first - 1].first == seen[k].first) --first;
      original = seen[first].second;
    }
  }
  if (duplicate < n) {
    cells.element(duplicate).fail("duplicate cell, same as " + cells.childPath(original));
  }
  out.cells.reserve(n);
  for (const auto& [cell, index] : seen) out.cells.push_back(BoardCell{cell, false});
  return out;
}

ReadShape readShapeOrCells(const Node& object, ShapeOwner owner) {
  const bool hasShape = object.has("shape");
  const bool hasCells = object.has("cells");
  if (hasShape && hasCells) object.fail("give either \"shape\" or \"cells\", not both");
  if (!hasShape && !hasCells) object.fail("missing \"shape\" (ASCII rows) or \"cells\" (coordinates)");
  return hasShape ? readAsciiShape(object.field("shape"), owner) : readCellList(object.field("cells"), owner);
}

}  // namespace pw::parse
