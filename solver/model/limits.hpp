// Explicit limits on what the solver accepts. They keep a hostile or mistyped document
// from allocating gigabytes or running forever before the first useful message.
// Each limit is named in the error that reports it being exceeded.
#pragma once

#include <cstddef>
#include <cstdint>

namespace pw::limits {

inline constexpr std::size_t kDocumentBytes = 4 * 1024 * 1024;  // one puzzle document
// JSON values (numbers, strings, lists, objects...) in one document: the largest puzzles the
// other limits allow need under 300,000 (256 pieces of 256 cells as [x, y, z] lists); this
// bounds the memory of the parsed document at a few tens of MB.
inline constexpr std::size_t kJsonValues = 500'000;
inline constexpr std::size_t kNameChars = 200;
inline constexpr std::size_t kNotesChars = 20000;
inline constexpr int kCoordinate = 255;        // |x|, |y|, |z| in `cells`; rows/columns/layers in `shape`
inline constexpr int kBoardCells = 4096;       // packing board cells (`#` and `+`)
inline constexpr int kPieceCells = 256;        // cells of one piece
inline constexpr int kPieceDefs = 256;         // piece definitions
inline constexpr int kPieceCopies = 4096;      // sum of the pieces' maximum counts
inline constexpr int kPieceWeight = 1'000'000'000;  // |weight| of a piece (BurrTools' range)
inline constexpr int kColours = 255;            // colours of a packing puzzle (BurrTools' file holds at most 255)
inline constexpr int kPlacements = 2'000'000;  // placements of all pieces on the board
// Exact-cover entries (one per cell of each placement, one for its piece, one spacer): about
// 32 bytes each while the matrix is built, so at most about 500 MB. The largest library
// puzzle needs 30,000; all 108 heptominoes on a 760-cell board a few million.
inline constexpr std::int64_t kMatrixEntries = 16'000'000;
inline constexpr int kGridSide = 64;           // edge matching: rows and cols
inline constexpr int kTileDefs = 4096;         // tile definitions
inline constexpr int kLabelChars = 100;        // one edge label or face
inline constexpr std::int64_t kEdgeMaskBytes = 64 << 20;  // edge matching: candidate bitsets (labels x orientations)
inline constexpr int kBoxSide = 64;            // snake box side
inline constexpr int kChainCubes = 4096;       // snake cubes
}  // namespace pw::limits
