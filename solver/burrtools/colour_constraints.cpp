#include "burrtools/colour_constraints.hpp"

#include <algorithm>
#include <set>

namespace pw::burrtools {

namespace {

bool anyColoured(const Shape& s, bool withVariable) {
  for (std::size_t i = 0; i < s.state.size(); ++i)
    if (s.colour[i] != 0 && (s.state[i] == VoxelState::Filled || (withVariable && s.state[i] == VoxelState::Variable)))
      return true;
  return false;
}

}  // namespace

std::vector<Colour> importColours(const File& file, const Problem& problem, std::vector<std::string>& notes) {
  bool coloured = anyColoured(file.shapes[static_cast<std::size_t>(problem.result)], true);
  for (const Part& part : problem.parts)
    if (part.max > 0) coloured = coloured || anyColoured(file.shapes[static_cast<std::size_t>(part.shape)], false);
  if (!coloured) return {};
  if (file.colours == 0) {
    notes.push_back("voxel colour numbers ignored: the file defines no colours, so BurrTools ignores them too");
    return {};
  }
  // Voxels may name colours past the file's list (up to 63): they get colours too, unlisted in
  // any pair, as BurrTools treats them.
  int highest = file.colours;
  for (const Shape& s : file.shapes)
    for (const std::uint8_t c : s.colour) highest = std::max(highest, static_cast<int>(c));
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
