#include "compress/deflate.hpp"

#include <cstdint>
#include <vector>

#include "compress/deflate_tables.hpp"

namespace pw::compress {

namespace {

using namespace tables;

// Bits go out least significant first; Huffman codes are sent most significant bit first.
class BitWriter {
 public:
  void bits(unsigned value, int n) {
    buffer_ |= static_cast<std::uint32_t>(value) << held_;
    held_ += n;
    while (held_ >= 8) {
      out_.push_back(static_cast<char>(buffer_ & 0xFFu));
      buffer_ >>= 8;
      held_ -= 8;
    }
  }

  void code(unsigned code, int n) {
    unsigned reversed = 0;
    for (int i = 0; i < n; ++i) reversed = (reversed << 1) | ((code >> i) & 1u);
    bits(reversed, n);
  }

  std::string finish() {
    if (held_ > 0) out_.push_back(static_cast<char>(buffer_ & 0xFFu));
    return std::move(out_);
  }

 private:
  std::string out_;
  std::uint32_t buffer_ = 0;
  int held_ = 0;
};

// The fixed code (RFC 1951, 3.2.6) of literal/length symbol `s`.
void literalCode(BitWriter& w, int s) {
  const int bits = fixedLiteralBits(s);
  const int first = s < 144 ? 0x30 : s < 256 ? 0x190 - 144 : s < 280 ? -256 : 0xC0 - 280;
  w.code(static_cast<unsigned>(first + s), bits);
}

// The largest table index whose base is at most `value`.
template <typename Table>
int symbolFor(const Table& base, unsigned value) {
  int i = static_cast<int>(base.size()) - 1;
  while (base[static_cast<std::size_t>(i)] > value) --i;
  return i;
}

void match(BitWriter& w, unsigned length, unsigned distance) {
  const int li = symbolFor(kLengthBase, length);
  literalCode(w, 257 + li);
  w.bits(length - kLengthBase[static_cast<std::size_t>(li)], kLengthExtra[static_cast<std::size_t>(li)]);
  const int di = symbolFor(kDistanceBase, distance);
  w.code(static_cast<unsigned>(di), kFixedDistanceBits);
  w.bits(distance - kDistanceBase[static_cast<std::size_t>(di)], kDistanceExtra[static_cast<std::size_t>(di)]);
}

constexpr int kHashBits = 15;
constexpr int kMaxChain = 64;  // candidates tried per position: plenty for small files

}  // namespace

std::string deflate(std::string_view bytes) {
  const auto at = [&](std::size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(bytes[i])); };
  const auto hash = [&](std::size_t i) {
    return static_cast<std::size_t>(((at(i) << 10) ^ (at(i + 1) << 5) ^ at(i + 2)) & ((1u << kHashBits) - 1));
  };
  // head[h]: the latest position whose next three bytes hash to h; prev[p % window]: the
  // position before p with the same hash (a chain, newest first, within the window).
  std::vector<long> head(std::size_t{1} << kHashBits, -1);
  std::vector<long> prev(kWindow, -1);
  const std::size_t n = bytes.size();
  const auto insert = [&](std::size_t i) {
    if (i + kMinMatch > n) return;
    const std::size_t h = hash(i);
    prev[i % kWindow] = head[h];
    head[h] = static_cast<long>(i);
  };

  BitWriter w;
  w.bits(1, 1);  // the final block
  w.bits(1, 2);  // compressed with the fixed code
  std::size_t i = 0;
  while (i < n) {
    std::size_t bestLength = 0;
    std::size_t bestDistance = 0;
    if (i + kMinMatch <= n) {
      const std::size_t limit = std::min<std::size_t>(kMaxMatch, n - i);
      long candidate = head[hash(i)];
      for (int tries = 0; candidate >= 0 && i - static_cast<std::size_t>(candidate) <= kWindow && tries < kMaxChain; ++tries) {
        const std::size_t from = static_cast<std::size_t>(candidate);
        std::size_t length = 0;
        while (length < limit && bytes[from + length] == bytes[i + length]) ++length;
        if (length > bestLength) {
          bestLength = length;
          bestDistance = i - from;
          if (length == limit) break;
        }
        candidate = prev[from % kWindow];
      }
    }
    if (bestLength >= kMinMatch) {
      match(w, static_cast<unsigned>(bestLength), static_cast<unsigned>(bestDistance));
      for (std::size_t k = 0; k < bestLength; ++k) insert(i + k);
      i += bestLength;
    } else {
      literalCode(w, static_cast<int>(at(i)));
      insert(i);
      ++i;
    }
  }
  literalCode(w, kEndOfBlock);
  return w.finish();
}

}  // namespace pw::compress
