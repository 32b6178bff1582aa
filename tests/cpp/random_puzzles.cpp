#include "random_puzzles.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace pw::test {

namespace {

// Cell i of an x*y*z box (x slowest) as JSON coordinates.
std::string cellAt(int i, int y, int z, bool solid) {
  const int cx = i / (y * z), cy = i / z % y, cz = i % z;
  std::string out = "[";
  out += std::to_string(cx);
  out += ',';
  out += std::to_string(cy);
  if (solid) {
    out += ',';
    out += std::to_string(cz);
  }
  out += ']';
  return out;
}

}  // namespace

std::string randomPackingDocument(std::mt19937& random) {
  const bool solid = random() % 3 == 0;
  const int x = 2 + static_cast<int>(random() % 3), y = 1 + static_cast<int>(random() % 3),
            z = solid ? 1 + static_cast<int>(random() % 2) : 1;
  // The board as ASCII art: `#` mostly, some `+` (may stay empty), some gaps.
  std::string layers;
  for (int k = 0; k < z; ++k) {
    std::string rows;
    for (int j = 0; j < y; ++j) {
      std::string row;
      for (int i = 0; i < x; ++i) {
        const auto roll = random() % 10;
        row += roll == 0 ? '.' : roll == 1 ? '+' : '#';
      }
      if (j) rows += ',';
      rows += '"';
      rows += row;
      rows += '"';
    }
    if (k) layers += ',';
    if (solid) layers += '[';
    layers += rows;
    if (solid) layers += ']';
  }
  std::string doc = R"({"format":"piecewise/1","name":"random","kind":"packing","board":{"shape":[)";
  doc += layers;
  doc += R"(]},"pieces":[)";
  const int pieces = 1 + static_cast<int>(random() % 4);
  for (int p = 0; p < pieces; ++p) {
    const int size = 1 + static_cast<int>(random() % 4);
    std::string shape;
    for (int k = 0; k < size; ++k) {
      // Cells in a 3x2(x2) box: neighbours usually, not always (then the piece is two blocks).
      const int i = static_cast<int>(random() % (solid ? 12 : 6));
      const std::string c = solid ? cellAt(i, 2, 2, true) : cellAt(i, 2, 1, false);
      if (shape.find(c) != std::string::npos) continue;
      if (!shape.empty()) shape += ',';
      shape += c;
    }
    if (p) doc += ',';
    doc += R"({"name":"p)";
    doc += std::to_string(p);
    doc += R"(","cells":[)";
    doc += shape;
    doc += ']';
    const auto count = random() % 4;
    if (count == 1) doc += R"(,"count":2)";
    if (count >= 2) {
      doc += count == 2 ? R"(,"count":{"min":0,"max":)" : R"(,"count":{"min":1,"max":)";
      doc += std::to_string(1 + random() % (count == 2 ? 3 : 6));
      doc += '}';
    }
    if (random() % 4 == 0) doc += R"(,"rotations":false)";
    if (random() % 4 == 0) doc += random() % 2 ? R"(,"reflections":true)" : R"(,"reflections":false)";
    doc += "}";
  }
  doc += "]}";
  return doc;
}

namespace {

// Side permutations of the square's symmetries: edges[s] moves to side image[s].
constexpr int kMirrorLeftRight[4] = {0, 3, 2, 1}, kMirrorUpDown[4] = {2, 1, 0, 3}, kTranspose[4] = {3, 2, 1, 0};

Edges moved(const Edges& e, const int (&image)[4]) {
  Edges out;
  for (int s = 0; s < 4; ++s) out[image[s]] = e[s];
  return out;
}

// One of each tile, turned copies counting as one when tiles may turn.
std::vector<TileDef> distinctTiles(const std::vector<TileDef>& tiles, bool rotations) {
  std::vector<TileDef> out;
  std::set<std::pair<Edges, std::string>> seen;
  for (const TileDef& t : tiles) {
    Edges smallest = t.edges;
    for (int r = 1; r < 4 && rotations; ++r) smallest = std::min(smallest, turn(t.edges, r));
    if (seen.insert({smallest, t.face}).second) out.push_back(t);
  }
  return out;
}

}  // namespace

Edges turn(const Edges& e, int r) {
  Edges out;
  for (int i = 0; i < 4; ++i) out[(i + r) % 4] = e[i];
  return out;
}

EdgeMatchingPuzzle randomEdgePuzzle(std::mt19937& random) {
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  static const std::string kFaces[2] = {"F", "G"};
  static constexpr int kSizes[][2] = {{1, 2}, {1, 3}, {2, 2}, {1, 4}, {2, 3}, {3, 3}, {2, 4}, {3, 2}};
  while (true) {
    EdgeMatchingPuzzle p;
    const auto& size = kSizes[pick(8)];
    p.rows = size[0];
    p.cols = size[1];
    p.rotations = pick(2) == 0;
    p.match = pick(4) == 0 ? EdgeMatch::Complement : EdgeMatch::Same;
    const std::vector<std::string> labels = p.match == EdgeMatch::Same
                                                ? std::vector<std::string>{"a", "b", "c"}
                                                : std::vector<std::string>{"a+", "a-", "b+", "b-"};
    // Two labels on six cells or more give thousands of solutions: the brute force's time.
    const int labelCount = p.match == EdgeMatch::Complement ? 4 : p.rows * p.cols >= 6 ? 3 : 2 + pick(2);
    if (pick(3) == 0) p.border = labels[0];
    const bool faces = pick(3) == 0;
    if (faces && pick(2) == 0) {
      p.distinctRow = pick(2) == 0;
      p.distinctColumn = !p.distinctRow || pick(2) == 0;
    }
    const bool symmetric = pick(5) < 3;
    const int cells = p.rows * p.cols;
    while (static_cast<int>(p.tiles.size()) < cells) {
      TileDef t;
      for (std::string& e : t.edges) e = labels[pick(labelCount)];
      // The border label on the tile's first edge, so that rim cells can often be filled.
      if (p.border && pick(2) == 0) t.edges[0] = *p.border;
      if (faces) t.face = kFaces[pick(2)];
      std::vector<TileDef> orbit{t};
      if (symmetric) {
        for (const auto* image : {&kMirrorLeftRight, &kMirrorUpDown, &kTranspose}) {
          if (image == &kTranspose && p.rows != p.cols) continue;
          for (std::size_t i = 0, n = orbit.size(); i < n; ++i) {
            TileDef m = orbit[i];
            m.edges = moved(m.edges, *image);
            orbit.push_back(m);
          }
        }
        orbit = distinctTiles(orbit, p.rotations);
      }
      for (TileDef& o : orbit) {
        o.name = std::to_string(p.tiles.size());
        p.tiles.push_back(o);
      }
    }
    if (static_cast<int>(p.tiles.size()) == cells) return p;
  }
}

EdgeMatchingPuzzle cutFromGrid(std::mt19937& random, int rows, int cols, int labels, bool complement, bool border) {
  EdgeMatchingPuzzle p;
  p.rows = rows;
  p.cols = cols;
  p.rotations = false;
  p.match = complement ? EdgeMatch::Complement : EdgeMatch::Same;
  if (border) p.border = complement ? "r+" : "r";
  // (Strings built by appending: g++ 12 warns falsely (-Wrestrict) on some `a + b`.)
  const auto label = [&](const char* sign) {
    std::string l(1, static_cast<char>('a' + random() % static_cast<unsigned>(labels)));
    l += sign;
    return l;
  };
  // Per inner edge, the label its top or left tile shows; the other tile shows it (or its partner).
  std::vector<std::string> across(static_cast<std::size_t>(rows * cols)), down(static_cast<std::size_t>(rows * cols));
  for (auto& l : across) l = label(complement ? (random() % 2 ? "+" : "-") : "");
  for (auto& l : down) l = label(complement ? (random() % 2 ? "+" : "-") : "");
  const auto partner = [&](std::string l) {
    if (complement) l.back() = l.back() == '+' ? '-' : '+';
    return l;
  };
  const auto rim = [&] { return border ? *p.border : label(complement ? "+" : ""); };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const auto at = static_cast<std::size_t>(r * cols + c);
      TileDef t;
      t.name = std::to_string(at);
      t.edges[0] = r > 0 ? partner(down[at - static_cast<std::size_t>(cols)]) : rim();
      t.edges[1] = c < cols - 1 ? across[at] : rim();
      t.edges[2] = r < rows - 1 ? down[at] : rim();
      t.edges[3] = c > 0 ? partner(across[at - 1]) : rim();
      p.tiles.push_back(t);
    }
  return p;
}

SnakePuzzle randomSnake(std::mt19937& random) {
  static constexpr std::array<int, 3> kBoxes[] = {{2, 2, 2}, {2, 2, 3}, {1, 3, 4}, {2, 3, 3}, {2, 2, 4}, {2, 3, 4}, {3, 3, 3}};
  const std::array<int, 3> box = kBoxes[random() % std::size(kBoxes)];
  const int cells = box[0] * box[1] * box[2];
  const auto step = [&](int cell, int d) {  // the neighbour across direction d, or -1
    std::array<int, 3> at{cell % box[0], cell / box[0] % box[1], cell / (box[0] * box[1])};
    at[d / 2] += d % 2 ? -1 : 1;
    if (at[d / 2] < 0 || at[d / 2] >= box[d / 2]) return -1;
    return at[0] + box[0] * (at[1] + box[1] * at[2]);
  };
  // A depth-first walk trying directions in a random order at every cell, until it covers
  // the box (every box here has a Hamiltonian path from some cell).
  std::vector<int> path, directions;  // the cells, and the direction of each step
  std::vector<std::array<int, 6>> order;
  std::vector<int> tried;
  std::vector<bool> used(static_cast<std::size_t>(cells));
  const auto enter = [&](int cell) {
    path.push_back(cell);
    used[static_cast<std::size_t>(cell)] = true;
    std::array<int, 6> o{0, 1, 2, 3, 4, 5};
    std::shuffle(o.begin(), o.end(), random);
    order.push_back(o);
    tried.push_back(0);
  };
  while (static_cast<int>(path.size()) < cells) {
    if (path.empty()) {
      // On a box of odd volume a path starts and ends on the colour of the corners.
      int start = static_cast<int>(random() % static_cast<unsigned>(cells));
      const auto colour = [&](int c) { return (c % box[0] + c / box[0] % box[1] + c / (box[0] * box[1])) % 2; };
      while (cells % 2 == 1 && colour(start) != 0) start = (start + 1) % cells;
      enter(start);
    }
    const int d = tried.back() < 6 ? order.back()[static_cast<std::size_t>(tried.back()++)] : -1;
    if (d < 0) {  // every direction tried: back up
      used[static_cast<std::size_t>(path.back())] = false;
      path.pop_back();
      order.pop_back();
      tried.pop_back();
      if (!directions.empty() && directions.size() >= path.size()) directions.pop_back();
      continue;
    }
    const int next = step(path.back(), d);
    if (next < 0 || used[static_cast<std::size_t>(next)]) continue;
    directions.push_back(d);
    enter(next);
  }
  SnakePuzzle p;
  p.box = box;
  p.segments = {2};
  for (std::size_t i = 1; i < directions.size(); ++i) {
    if (directions[i] == directions[i - 1]) ++p.segments.back();
    else p.segments.push_back(2);
  }
  return p;
}

}  // namespace pw::test
