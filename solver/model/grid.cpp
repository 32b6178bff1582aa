#include "model/grid.hpp"

#include <array>
#include <utility>

namespace pw {

namespace {

constexpr std::array<std::pair<Grid, const char*>, 8> kNames{{
    {Grid::Square, "square"},
    {Grid::Cube, "cube"},
    {Grid::Triangle, "triangle"},
    {Grid::Hexagon, "hexagon"},
    {Grid::Sphere, "sphere"},
    {Grid::RhombicDodecahedron, "rhombic-dodecahedron"},
    {Grid::Prism, "prism"},
    {Grid::RhombicTetrahedron, "rhombic-tetrahedron"},
}};

}  // namespace

const char* gridName(Grid grid) {
  for (const auto& [g, name] : kNames)
    if (g == grid) return name;
  return "square";
}

std::optional<Grid> gridNamed(std::string_view name) {
  for (const auto& [g, spelled] : kNames)
    if (name == spelled) return g;
  return std::nullopt;
}

int gridDimensions(Grid grid) {
  return grid == Grid::Square || grid == Grid::Triangle || grid == Grid::Hexagon ? 2 : 3;
}

}  // namespace pw
