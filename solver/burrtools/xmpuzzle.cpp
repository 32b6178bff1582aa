#include "burrtools/xmpuzzle.hpp"

namespace pw::burrtools {

// Built with append(): g++ 12 warns wrongly (-Wrestrict) on `"literal" + std::string` here.
std::string shapeLabel(const File& file, int index) {
  std::string label = "S";
  label.append(std::to_string(index + 1));
  if (index >= 0 && index < static_cast<int>(file.shapes.size()) && !file.shapes[static_cast<std::size_t>(index)].name.empty())
    label.append(" (").append(file.shapes[static_cast<std::size_t>(index)].name).append(")");
  return label;
}

std::string problemLabel(const File& file, int index) {
  std::string label = "problem ";
  label.append(std::to_string(index + 1));
  const std::string& name = file.problems[static_cast<std::size_t>(index)].name;
  if (!name.empty()) label.append(" \"").append(name).append("\"");
  return label;
}

}  // namespace pw::burrtools
