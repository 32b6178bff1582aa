#include "burrtools/xmpuzzle.hpp"

#include "text/display.hpp"

namespace pw::burrtools {

// Built with append(): g++ 12 warns wrongly (-Wrestrict) on `"literal" + std::string` here.
std::string shapeLabel(const File& file, int index) {
  std::string label = "S";
  label.append(std::to_string(index + 1));
  if (index >= 0 && index < static_cast<int>(file.shapes.size()) && !file.shapes[static_cast<std::size_t>(index)].name.empty())
    label.append(" (").append(text::shown(file.shapes[static_cast<std::size_t>(index)].name, 40)).append(")");
  return label;
}

std::string problemLabel(const File& file, int index) {
  std::string label = "problem ";
  label.append(std::to_string(index + 1));
  const std::string& name = file.problems[static_cast<std::size_t>(index)].name;
  if (!name.empty()) label.append(" \"").append(text::shown(name, 40)).append("\"");
  return label;
}

}  // namespace pw::burrtools
