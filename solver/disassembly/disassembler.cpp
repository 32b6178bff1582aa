#include "disassembly/disassembler.hpp"

#include <string>
#include <utility>

#include "disassembly/separation_search.hpp"
#include "model/error.hpp"

namespace pw::disassembly {

namespace {

// One assembly taken apart, part by part.
class Parting {
 public:
  Parting(const Assembly& assembly, const DisassemblySettings& settings, FreeDistances& distances)
      : assembly_(assembly), settings_(settings), distances_(distances) {}

  // Takes apart `pieces` (ascending), at `offsets` (x, y, z each); sets `index` to its
  // separation, or -1 when it needs none. False when it does not come apart. The whole
  // assembly is always searched, even when it is one group (as BurrTools does).
  bool takeApart(const std::vector<int>& pieces, const std::vector<int>& offsets, int& index, bool whole = false) {
    index = -1;
    if (pieces.size() == 1 || (!whole && oneGroup(pieces))) return true;
    const std::optional<FirstSeparation> first = findFirstSeparation(assembly_, distances_, pieces, offsets, settings_.memoryBytes);
    if (!first) return false;
    index = static_cast<int>(result_.separations.size());
    Separation separation;
    separation.pieces = pieces;
    for (const Move& move : first->moves) separation.moves.push_back(slideOf(move, pieces));
    result_.separations.push_back(std::move(separation));
    const std::uint64_t leaving = first->moves.back().pieces;
    std::vector<int> stayed, left, removed, removedOffsets;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      const bool out = (leaving >> i & 1) != 0;
      (out ? removed : stayed).push_back(pieces[i]);
      for (std::size_t k = 0; k < 3; ++k) (out ? removedOffsets : left).push_back(first->offsets[3 * i + k]);
    }
    int leftIndex = -1, removedIndex = -1;
    if (!takeApart(stayed, left, leftIndex) || !takeApart(removed, removedOffsets, removedIndex)) return false;
    result_.separations[static_cast<std::size_t>(index)].left = leftIndex;
    result_.separations[static_cast<std::size_t>(index)].removed = removedIndex;
    return true;
  }

  Disassembly take() { return std::move(result_); }

 private:
  // Every piece in one and the same group: BurrTools' subProbGroup.
  bool oneGroup(const std::vector<int>& pieces) const {
    const int group = assembly_.pieces[static_cast<std::size_t>(pieces[0])].group;
    for (const int p : pieces)
      if (assembly_.pieces[static_cast<std::size_t>(p)].group != group) return false;
    return group != 0;
  }

  static Slide slideOf(const Move& move, const std::vector<int>& pieces) {
    Slide slide;
    for (std::size_t i = 0; i < pieces.size(); ++i)
      if (move.pieces >> i & 1) slide.pieces.push_back(pieces[i]);
    slide.direction = move.direction;
    slide.distance = move.distance;
    return slide;
  }

  const Assembly& assembly_;
  const DisassemblySettings& settings_;
  FreeDistances& distances_;
  Disassembly result_;
};

}  // namespace

std::optional<Disassembly> Disassembler::takeApart(const Assembly& assembly) {
  const int n = static_cast<int>(assembly.pieces.size());
  if (n > kMaxPieces)
    throw PuzzleError("an assembly of " + std::to_string(n) + " pieces is too large to take apart (the disassembler takes at most " +
                      std::to_string(kMaxPieces) + ")");
  if (n < 2) return std::nullopt;  // BurrTools: nothing to take apart, so no solution
  if (distances_.bytes() > settings_.memoryBytes / 4) distances_.forget();
  distances_.read(assembly);
  std::vector<int> pieces, offsets(3 * static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) pieces.push_back(i);
  Parting parting(assembly, settings_, distances_);
  int root = -1;
  if (!parting.takeApart(pieces, offsets, root, true)) return std::nullopt;
  return parting.take();
}

std::optional<Disassembly> disassemble(const Assembly& assembly, const DisassemblySettings& settings) {
  return Disassembler(settings).takeApart(assembly);
}

}  // namespace pw::disassembly
