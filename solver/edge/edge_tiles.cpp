#include "edge/edge_tiles.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace pw {

EdgeLabels turned(const EdgeLabels& edges, int rotation) {
  EdgeLabels result{};
  for (int i = 0; i < 4; ++i) result[(i + rotation) % 4] = edges[i];
  return result;
}

namespace {

class Interner {
 public:
  explicit Interner(std::vector<std::string>& texts) : texts_(texts) {}
  int operator()(const std::string& text) {
    const auto [it, fresh] = ids_.emplace(text, static_cast<int>(texts_.size()));
    if (fresh) texts_.push_back(text);
    return it->second;
  }
  int find(const std::string& text) const {
    const auto it = ids_.find(text);
    return it == ids_.end() ? -1 : it->second;
  }

 private:
  std::vector<std::string>& texts_;
  std::map<std::string, int> ids_;
};

// `X+` faces `X-` and back; under `same` every label faces itself.
std::vector<int> partners(const EdgeMatchingPuzzle& puzzle, const EdgeTiles& tiles, const Interner& labels) {
  std::vector<int> partner(tiles.labels.size());
  for (std::size_t id = 0; id < tiles.labels.size(); ++id) {
    std::string text = tiles.labels[id];
    if (puzzle.match == EdgeMatch::Same) {
      partner[id] = static_cast<int>(id);
      continue;
    }
    // Tile labels end in '+' or '-' (the parser checks); a border label may not: it faces nothing.
    const char sign = text.empty() ? ' ' : text.back();
    if (sign != '+' && sign != '-') {
      partner[id] = -1;
      continue;
    }
    text.back() = sign == '+' ? '-' : '+';
    partner[id] = labels.find(text);
  }
  return partner;
}

// With rotations, a tile is known by its smallest turn: turned copies are the same tile.
EdgeLabels canonical(const EdgeLabels& edges, bool rotations) {
  EdgeLabels best = edges;
  if (rotations)
    for (int r = 1; r < 4; ++r) best = std::min(best, turned(edges, r));
  return best;
}

}  // namespace

EdgeTiles compileTiles(const EdgeMatchingPuzzle& puzzle) {
  EdgeTiles tiles;
  Interner labels(tiles.labels);
  std::vector<std::string> faceTexts;
  Interner faces(faceTexts);
  std::map<std::pair<EdgeLabels, int>, int> typeOf;  // (canonical edges, face) -> type

  for (std::size_t d = 0; d < puzzle.tiles.size(); ++d) {
    const TileDef& def = puzzle.tiles[d];
    EdgeLabels edges{};
    for (int i = 0; i < 4; ++i) edges[i] = labels(def.edges[i]);
    const int face = def.face.empty() ? -1 : faces(def.face);
    const auto [it, fresh] = typeOf.emplace(std::pair{canonical(edges, puzzle.rotations), face},
                                            static_cast<int>(tiles.types.size()));
    if (fresh) tiles.types.push_back({edges, face, 0, {}, {}, {}});
    TileType& type = tiles.types[it->second];
    int turn = 0;
    while (turned(edges, turn) != type.edges) ++turn;  // found by r < 4: same canonical form
    type.count += def.count;
    type.definitions.push_back(static_cast<int>(d));
    type.definitionCount.push_back(def.count);
    type.definitionTurn.push_back(turn);
  }
  if (puzzle.border) tiles.border = labels(*puzzle.border);
  tiles.partner = partners(puzzle, tiles, labels);
  tiles.faces = static_cast<int>(faceTexts.size());

  for (std::size_t t = 0; t < tiles.types.size(); ++t) {
    std::vector<EdgeLabels> seen;
    for (int r = 0; r < (puzzle.rotations ? 4 : 1); ++r) {
      const EdgeLabels edges = turned(tiles.types[t].edges, r);
      if (std::find(seen.begin(), seen.end(), edges) != seen.end()) continue;  // a turn that looks the same
      seen.push_back(edges);
      tiles.orientations.push_back({static_cast<int>(t), r, edges});
    }
  }
  return tiles;
}

EdgeMatchingSolution solutionFromGrid(const EdgeTiles& tiles, std::span<const int> grid) {
  std::vector<int> used(tiles.types.size(), 0);  // copies of each type placed so far
  EdgeMatchingSolution solution;
  solution.grid.reserve(grid.size());
  for (int o : grid) {
    const TileOrientation& orientation = tiles.orientations[o];
    const TileType& type = tiles.types[orientation.type];
    // Copy k of a type belongs to the first definition whose counts, summed, exceed k.
    int copy = used[orientation.type]++;
    std::size_t k = 0;
    while (copy >= type.definitionCount[k]) copy -= type.definitionCount[k++];
    solution.grid.push_back({type.definitions[k], (type.definitionTurn[k] + orientation.rotation) % 4});
  }
  return solution;
}

}  // namespace pw
