// Compression to raw DEFLATE data (RFC 1951) that any inflater (zlib, BurrTools, browsers)
// reads: one block with the format's fixed Huffman code, repeats found by a greedy LZ77
// search over hash chains. Puzzle files are small and very repetitive (voxel strings such
// as "____####"), so this simple scheme shrinks them several-fold.
#pragma once

#include <string>
#include <string_view>

namespace pw::compress {

std::string deflate(std::string_view bytes);

}  // namespace pw::compress
