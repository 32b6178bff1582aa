#include "burrtools/colour_constraints.hpp"

#include <algorithm>
#include <set>

namespace pw::burrtools {

namespace {

// The highest colour of a voxel of `s` (filled, or variable too), 0 when none has one.
int highestColour(const Shape& s, bool withVariable) {
  int highest = 0;
  for (std::size_t i = 0; i < s.state.size(); ++i)
    if (s.state[i] == VoxelState::Filled || (withVariable && s.state[i] == VoxelState::Variable))
      highest = std::max(highest, static_cast<int>(s.colour[i]));
  return highest;
}

}  // namespace

std::vector<Colour> importColours(const File& file, const Problem& problem, std::vector<std::string>& notes) {
  // Colours up to the highest a voxel of the problem has (at most 63): no cell has the others.
  int highest = highestColour(file.shapes[static_cast<std::size_t>(problem.result)], true);
  for (const Part& part : problem.parts)
    if (part.max > 0) highest = std::max(highest, highestColour(file.shapes[static_cast<std::size_t>(part.shape)], false));
  if (highest == 0) return {};
  if (file.colours == 0) {
    notes.push_back("voxel colour numbers ignored: the file defines no colours, so BurrTools ignores them too");
    return {};
  }
  std::vector<Colour> colours(static_cast<std::size_t>(highest));
  for (int i = 0; i < highest; ++i) {
    Colour& c = colours[static_cast<std::size_t>(i)];
    c.name = "colour " + std::to_string(i + 1);
    if (i < static_cast<int>(file.colourRgb.size())) c.rgb = file.colourRgb[static_cast<std::size_t>(i)];
  }
  for (const auto& [piece, result] : problem.allowedColours)
    if (piece <= highest && result <= highest) colours[static_cast<std::size_t>(piece - 1)].fits.push_back(result);
  for (Colour& c : colours) {
    std::sort(c.fits.begin(), c.fits.end());
    c.fits.erase(std::unique(c.fits.begin(), c.fits.end()), c.fits.end());
  }
  return colours;
}

}  // namespace pw::burrtools
