#include "disassembly_replay.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace pw::test {

namespace {

using disassembly::Assembly;
using disassembly::Disassembly;
using disassembly::Separation;
using disassembly::Slide;

// The unit vector of a direction, in the assembly's frame (BurrTools': 2k is +axis k).
Cell unit(int direction) {
  const int sign = direction % 2 == 0 ? 1 : -1;
  const int axis = direction / 2;
  return {axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0};
}

Cell plus(const Cell& a, const Cell& b, int times = 1) { return {a.x + times * b.x, a.y + times * b.y, a.z + times * b.z}; }

class Referee {
 public:
  explicit Referee(const Assembly& assembly) : assembly_(assembly), offset_(assembly.pieces.size()) {}

  std::string separation(const Disassembly& d, int index, const std::vector<int>& pieces) {
    const Separation& s = d.separations[static_cast<std::size_t>(index)];
    if (s.pieces != pieces) return "separation " + std::to_string(index) + " is not of the part it should take apart";
    if (s.moves.empty()) return "separation " + std::to_string(index) + " has no moves";
    for (std::size_t m = 0; m < s.moves.size(); ++m) {
      const Slide& move = s.moves[m];
      const bool last = m + 1 == s.moves.size();
      if (last != (move.distance == Slide::kForEver)) return "separation " + std::to_string(index) + ": only its last move leaves for ever";
      for (const int p : move.pieces)
        if (std::find(pieces.begin(), pieces.end(), p) == pieces.end()) return "a move takes a piece of another part";
      if (move.pieces.empty() || move.pieces.size() == pieces.size()) return "a move slides no piece or every piece";
      if (!last) {
        for (int step = 0; step < move.distance; ++step) {
          for (const int p : move.pieces) offset_[static_cast<std::size_t>(p)] = plus(offset_[static_cast<std::size_t>(p)], unit(move.direction));
          if (overlapping(pieces)) return "move " + std::to_string(m + 1) + " of separation " + std::to_string(index) + " runs pieces into each other";
        }
      } else if (blockedForEver(pieces, move)) {
        return "the last move of separation " + std::to_string(index) + " is blocked";
      }
    }
    std::vector<int> left, removed;
    for (const int p : pieces) (std::count(s.moves.back().pieces.begin(), s.moves.back().pieces.end(), p) ? removed : left).push_back(p);
    for (const auto& [part, child] : {std::pair{&left, s.left}, std::pair{&removed, s.removed}}) {
      if (child < 0) {
        if (!apart(*part)) return "separation " + std::to_string(index) + " leaves a part of several pieces untaken";
        continue;
      }
      if (const std::string problem = separation(d, child, *part); !problem.empty()) return problem;
    }
    return "";
  }

 private:
  std::set<Cell> cellsOf(int piece) const {
    std::set<Cell> out;
    for (const Cell& c : assembly_.pieces[static_cast<std::size_t>(piece)].cells) out.insert(plus(c, offset_[static_cast<std::size_t>(piece)]));
    return out;
  }

  bool overlapping(const std::vector<int>& pieces) const {
    std::set<Cell> seen;
    for (const int p : pieces)
      for (const Cell& c : cellsOf(p))
        if (!seen.insert(c).second) return true;
    return false;
  }

  // Whether some cell of a staying piece lies ahead of a leaving cell on its line.
  bool blockedForEver(const std::vector<int>& pieces, const Slide& move) const {
    const Cell u = unit(move.direction);
    std::set<Cell> staying;
    for (const int p : pieces)
      if (std::find(move.pieces.begin(), move.pieces.end(), p) == move.pieces.end())
        for (const Cell& c : cellsOf(p)) staying.insert(c);
    for (const int p : move.pieces)
      for (const Cell& c : cellsOf(p))
        for (const Cell& s : staying) {
          const Cell d = plus(s, c, -1);
          const int along = d.x * u.x + d.y * u.y + d.z * u.z;
          if (along > 0 && plus(c, u, along) == s) return true;
        }
    return false;
  }

  bool apart(const std::vector<int>& part) const {
    if (part.size() == 1) return true;
    const int group = assembly_.pieces[static_cast<std::size_t>(part[0])].group;
    return group != 0 && std::all_of(part.begin(), part.end(), [&](int p) { return assembly_.pieces[static_cast<std::size_t>(p)].group == group; });
  }

  const Assembly& assembly_;
  std::vector<Cell> offset_;
};

}  // namespace

std::string replayDisassembly(const Assembly& assembly, const Disassembly& disassembly) {
  if (disassembly.separations.empty()) return "no separation";
  std::vector<int> all;
  for (std::size_t i = 0; i < assembly.pieces.size(); ++i) all.push_back(static_cast<int>(i));
  Referee referee(assembly);
  return referee.separation(disassembly, 0, all);
}

}  // namespace pw::test
