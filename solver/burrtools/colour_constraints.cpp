#include "burrtools/colour_constraints.hpp"

#include <algorithm>
#include <set>

#include "lattice/transform.hpp"
#include "model/error.hpp"

namespace pw::burrtools {

namespace {

// Voxel checks the placement scan may spend before giving up (a fraction of a second).
constexpr long long kCheckBudget = 50'000'000;

struct ColouredCell {
  Cell at;
  int colour = 0;
  bool variable = false;
  friend bool operator<(const ColouredCell& a, const ColouredCell& b) {
    if (a.at != b.at) return a.at < b.at;
    if (a.colour != b.colour) return a.colour < b.colour;
    return a.variable < b.variable;
  }
  friend bool operator==(const ColouredCell&, const ColouredCell&) = default;
};

// The non-empty voxels of `s` (filled only, or filled and variable), with their colours.
std::vector<ColouredCell> voxels(const Shape& s, bool withVariable) {
  std::vector<ColouredCell> out;
  for (int z = 0; z < s.sz; ++z)
    for (int y = 0; y < s.sy; ++y)
      for (int x = 0; x < s.sx; ++x) {
        const std::size_t i = static_cast<std::size_t>(x + s.sx * (y + s.sy * z));
        if (s.state[i] == VoxelState::Filled || (withVariable && s.state[i] == VoxelState::Variable))
          out.push_back({{x, y, z}, s.colour[i], s.state[i] == VoxelState::Variable});
      }
  return out;
}

// Applies `t`, moves the minimum corner to the origin, sorts; colours optionally dropped.
std::vector<ColouredCell> image(std::vector<ColouredCell> cells, const Transform& t, bool keepColours) {
  Cell low{1 << 30, 1 << 30, 1 << 30};
  for (ColouredCell& c : cells) {
    c.at = t.apply(c.at);
    if (!keepColours) c.colour = 0;
    low = {std::min(low.x, c.at.x), std::min(low.y, c.at.y), std::min(low.z, c.at.z)};
  }
  for (ColouredCell& c : cells) c.at = {c.at.x - low.x, c.at.y - low.y, c.at.z - low.z};
  std::sort(cells.begin(), cells.end());
  return cells;
}

int symmetryCount(const std::vector<ColouredCell>& cells, bool withColours) {
  const std::vector<ColouredCell> self = image(cells, Transform{}, withColours);
  int n = 0;
  for (const Transform& t : latticeSymmetries(3, true)) n += image(cells, t, withColours) == self;
  return n;
}

bool allowed(const Problem& p, int pieceColour, int resultColour) {
  if (pieceColour == 0 || resultColour == 0) return true;
  return std::find(p.allowedColours.begin(), p.allowedColours.end(), std::make_pair(pieceColour, resultColour)) !=
         p.allowedColours.end();
}

// Some placement of `piece` (turned by any of BurrTools' 24 rotations) that fits the
// result's filled and variable voxels but puts a piece colour on a result colour the
// problem does not allow: {piece colour, result colour}, or {0, 0} when there is none.
std::pair<int, int> forbiddenPlacement(const Shape& piece, const Shape& result, const Problem& p, long long& budget,
                                       const std::string& where) {
  const std::vector<ColouredCell> cells = voxels(piece, false);
  for (const Transform& t : latticeSymmetries(3, false)) {
    const std::vector<ColouredCell> turned = image(cells, t, true);
    Cell extent{0, 0, 0};
    for (const ColouredCell& c : turned) extent = {std::max(extent.x, c.at.x), std::max(extent.y, c.at.y), std::max(extent.z, c.at.z)};
    for (int dz = 0; dz + extent.z < result.sz; ++dz)
      for (int dy = 0; dy + extent.y < result.sy; ++dy)
        for (int dx = 0; dx + extent.x < result.sx; ++dx) {
          budget -= static_cast<long long>(turned.size());
          if (budget < 0)
            throw PuzzleError(where + ": its colour constraints are too costly to check for placements they forbid; "
                                      "piecewise/1 has no colours");
          std::pair<int, int> clash{0, 0};
          bool fits = true;
          for (const ColouredCell& c : turned) {
            const std::size_t i = static_cast<std::size_t>(c.at.x + dx + result.sx * (c.at.y + dy + result.sy * (c.at.z + dz)));
            if (result.state[i] == VoxelState::Empty) {
              fits = false;
              break;
            }
            if (clash.first == 0 && !allowed(p, c.colour, result.colour[i])) clash = {c.colour, result.colour[i]};
          }
          if (fits && clash.first != 0) return clash;
        }
  }
  return {0, 0};
}

}  // namespace

void checkColourConstraints(const File& file, const Problem& problem, const std::string& where,
                            std::vector<std::string>& notes) {
  const Shape& result = file.shapes[static_cast<std::size_t>(problem.result)];
  std::set<int> pieceShapes;  // each shape once, however many parts use it
  for (const Part& part : problem.parts)
    if (part.max > 0) pieceShapes.insert(part.shape);
  std::set<int> resultColours, pieceColours;
  for (const ColouredCell& c : voxels(result, true))
    if (c.colour) resultColours.insert(c.colour);
  for (const int shape : pieceShapes)
    for (const ColouredCell& c : voxels(file.shapes[static_cast<std::size_t>(shape)], false))
      if (c.colour) pieceColours.insert(c.colour);
  if (resultColours.empty() && pieceColours.empty()) return;
  if (file.colours == 0) {
    notes.push_back("voxel colour numbers ignored: the file defines no colours, so BurrTools ignores them too");
    return;
  }

  bool clashPossible = false;
  for (const int pc : pieceColours)
    for (const int rc : resultColours) clashPossible = clashPossible || !allowed(problem, pc, rc);
  if (clashPossible) {
    long long budget = kCheckBudget;
    for (const int shape : pieceShapes) {
      const auto [pc, rc] = forbiddenPlacement(file.shapes[static_cast<std::size_t>(shape)], result, problem, budget, where);
      if (pc != 0)
        throw PuzzleError(where + ": its colour constraints change the counts (piece " + shapeLabel(file, shape) +
                          " may not put colour " + std::to_string(pc) + " on the result's colour " + std::to_string(rc) +
                          "), and piecewise/1 has no colours");
    }
  }
  notes.push_back("colours ignored: they forbid no placement in this problem");
  if (!resultColours.empty()) {
    const std::vector<ColouredCell> cells = voxels(result, true);
    const int plain = symmetryCount(cells, false), coloured = symmetryCount(cells, true);
    if (plain != coloured)
      notes.push_back("BurrTools counts the result's colours when it removes symmetric assemblies (" + std::to_string(coloured) +
                      " of its " + std::to_string(plain) +
                      " symmetries keep them), so its assembly count may exceed the unique count here; "
                      "raw solution counts are unaffected");
  }
}

}  // namespace pw::burrtools
