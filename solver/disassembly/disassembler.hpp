// Takes an assembly apart as BurrTools' disassembler does (disassembler_a_c, disassembler_0_c):
// find the first separation of the whole (separation_search.hpp), then take apart the pieces
// that stayed and then the group that left, each from where it was just before they parted.
// A part of one piece, or of pieces that all belong to one group, needs no taking apart. As in
// BurrTools, only the first separation found is followed: when one of its parts is stuck, the
// assembly does not come apart, even if another first separation would have worked.
#pragma once

#include <cstddef>
#include <optional>

#include "disassembly/assembly.hpp"
#include "disassembly/disassembly.hpp"
#include "disassembly/free_distances.hpp"

namespace pw::disassembly {

struct DisassemblySettings {
  // Bound on the memory of one search for a separation (positions, their table and the free
  // distances); past it disassemble() throws PuzzleError.
  std::size_t memoryBytes = std::size_t{256} << 20;
};

inline constexpr int kMaxPieces = 64;  // pieces of one assembly the disassembler takes

// Takes apart the assemblies of one puzzle one after another, keeping the free distances of
// its pieces from one to the next (free_distances.hpp), as BurrTools' movement cache does
// for a problem; they are forgotten when they would take more than a quarter of the bound.
class Disassembler {
 public:
  explicit Disassembler(const DisassemblySettings& settings = {}) : settings_(settings) {}

  // How `assembly` comes apart, or nullopt when it does not. Throws PuzzleError when the
  // assembly has more than kMaxPieces pieces or a search outgrows the memory bound.
  std::optional<Disassembly> takeApart(const Assembly& assembly);

 private:
  DisassemblySettings settings_;
  FreeDistances distances_;
};

// One assembly taken apart: Disassembler(settings).takeApart(assembly).
std::optional<Disassembly> disassemble(const Assembly& assembly, const DisassemblySettings& settings = {});

}  // namespace pw::disassembly
