// The constants of the DEFLATE format (RFC 1951, section 3.2.5) shared by the
// decompressor and the compressor: what each length and distance symbol stands for.
#pragma once

#include <array>
#include <cstdint>

namespace pw::compress::tables {

inline constexpr int kMaxCodeBits = 15;  // the longest Huffman code DEFLATE allows
inline constexpr int kEndOfBlock = 256;  // the literal/length symbol that ends a block
inline constexpr int kLengthSymbols = 29;  // symbols 257..285
inline constexpr int kDistanceSymbols = 30;
inline constexpr int kWindow = 32768;  // how far back a distance may reach
inline constexpr int kMinMatch = 3;
inline constexpr int kMaxMatch = 258;

// Length symbol 257 + i stands for kLengthBase[i] + (kLengthExtra[i] more bits).
inline constexpr std::array<std::uint16_t, kLengthSymbols> kLengthBase = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
inline constexpr std::array<std::uint8_t, kLengthSymbols> kLengthExtra = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

// Distance symbol i stands for kDistanceBase[i] + (kDistanceExtra[i] more bits).
inline constexpr std::array<std::uint16_t, kDistanceSymbols> kDistanceBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
inline constexpr std::array<std::uint8_t, kDistanceSymbols> kDistanceExtra = {
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

// The fixed Huffman code's length for literal/length symbol `s` (0..287).
constexpr int fixedLiteralBits(int s) { return s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8; }
inline constexpr int kFixedDistanceBits = 5;

}  // namespace pw::compress::tables
