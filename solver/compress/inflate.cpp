#include "compress/inflate.hpp"

#include <array>
#include <cstdint>
#include <vector>

#include "compress/deflate_tables.hpp"
#include "model/error.hpp"

namespace pw::compress {

namespace {

using namespace tables;

[[noreturn]] void fail(const std::string& problem) { throw PuzzleError("deflate data: " + problem); }

// Bits come least significant first, one byte at a time, never reading past the input.
class BitReader {
 public:
  explicit BitReader(std::string_view input) : input_(input) {}

  unsigned bits(int n) {  // 0 <= n <= 16
    while (held_ < n) {
      if (next_ >= input_.size()) fail("truncated (the stream ends inside a block)");
      buffer_ |= static_cast<std::uint32_t>(static_cast<unsigned char>(input_[next_++])) << held_;
      held_ += 8;
    }
    const unsigned value = buffer_ & ((1u << n) - 1);
    buffer_ >>= n;
    held_ -= n;
    return value;
  }

  // Stored blocks start at a byte boundary: the rest of the current byte is padding.
  void skipToByte() {
    buffer_ = 0;
    held_ = 0;
  }

  std::string_view bytes(std::size_t n) {
    if (input_.size() - next_ < n) fail("truncated (the stream ends inside a stored block)");
    const std::string_view out = input_.substr(next_, n);
    next_ += n;
    return out;
  }

  std::size_t consumed() const { return next_; }

 private:
  std::string_view input_;
  std::size_t next_ = 0;     // the next byte to load
  std::uint32_t buffer_ = 0;  // loaded bits not yet used, lowest first
  int held_ = 0;              // how many bits `buffer_` holds (at most 23)
};

// A canonical Huffman code: how many codes have each length, and the symbols in code order
// (shorter codes first, then by symbol). Decoding walks the lengths one bit at a time.
struct Huffman {
  std::array<int, kMaxCodeBits + 1> countOfLength{};
  std::vector<std::uint16_t> symbols;
};

// `what` names the code in messages. A code may use every bit pattern (complete) or, as
// RFC 1951 allows and zlib accepts, consist of a single one-bit code; anything else is refused.
Huffman buildHuffman(const std::uint8_t* lengths, int n, const char* what) {
  Huffman h;
  for (int s = 0; s < n; ++s) ++h.countOfLength[lengths[s]];
  h.countOfLength[0] = 0;
  int used = 0;
  int left = 1;  // bit patterns still free at the current length
  for (int len = 1; len <= kMaxCodeBits; ++len) {
    left = left * 2 - h.countOfLength[len];
    if (left < 0) fail(std::string("the ") + what + " code lengths are over-subscribed");
    used += h.countOfLength[len];
  }
  const bool single = used == 1 && h.countOfLength[1] == 1;
  if (left > 0 && used > 0 && !single) fail(std::string("the ") + what + " code lengths are incomplete");
  std::array<int, kMaxCodeBits + 2> offset{};
  for (int len = 1; len <= kMaxCodeBits; ++len) offset[len + 1] = offset[len] + h.countOfLength[len];
  h.symbols.resize(static_cast<std::size_t>(used));
  for (int s = 0; s < n; ++s)
    if (lengths[s] != 0) h.symbols[static_cast<std::size_t>(offset[lengths[s]]++)] = static_cast<std::uint16_t>(s);
  return h;
}

int decodeSymbol(BitReader& in, const Huffman& h, const char* what) {
  int code = 0;   // the bits read so far, first bit most significant
  int first = 0;  // the first code of the current length
  int index = 0;  // position in `symbols` of the first code of the current length
  for (int len = 1; len <= kMaxCodeBits; ++len) {
    code |= static_cast<int>(in.bits(1));
    const int count = h.countOfLength[len];
    if (code - first < count) return h.symbols[static_cast<std::size_t>(index + code - first)];
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  fail(std::string("a ") + what + " code that the block's table does not define");
}

class Inflater {
 public:
  Inflater(std::string_view input, std::string& out, std::size_t maxOutput)
      : in_(input), out_(out), start_(out.size()), maxOutput_(maxOutput) {}

  std::size_t run() {
    bool last = false;
    while (!last) {
      last = in_.bits(1) == 1;
      switch (in_.bits(2)) {
        case 0: storedBlock(); break;
        case 1: fixedBlock(); break;
        case 2: dynamicBlock(); break;
        default: fail("invalid block type 3");
      }
    }
    return in_.consumed();
  }

 private:
  void ensureRoom(std::size_t more) {
    if (out_.size() > maxOutput_ || more > maxOutput_ - out_.size())
      fail("it decompresses to more than " + std::to_string(maxOutput_) + " bytes (the document limit)");
  }

  void storedBlock() {
    in_.skipToByte();
    const std::string_view header = in_.bytes(4);
    const auto byte = [&](int i) { return static_cast<unsigned>(static_cast<unsigned char>(header[static_cast<std::size_t>(i)])); };
    const unsigned length = byte(0) | byte(1) << 8;
    const unsigned check = byte(2) | byte(3) << 8;
    if ((length ^ 0xFFFFu) != check) fail("a stored block's length does not match its check value");
    ensureRoom(length);
    out_.append(in_.bytes(length));
  }

  void fixedBlock() {
    static const Huffman literals = [] {
      std::array<std::uint8_t, 288> lengths{};
      for (int s = 0; s < 288; ++s) lengths[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(fixedLiteralBits(s));
      return buildHuffman(lengths.data(), 288, "literal/length");
    }();
    static const Huffman distances = [] {
      std::array<std::uint8_t, 32> lengths{};
      lengths.fill(kFixedDistanceBits);
      return buildHuffman(lengths.data(), 32, "distance");
    }();
    codes(literals, distances);
  }

  void dynamicBlock() {
    const int literalCount = static_cast<int>(in_.bits(5)) + 257;
    const int distanceCount = static_cast<int>(in_.bits(5)) + 1;
    const int lengthCodeCount = static_cast<int>(in_.bits(4)) + 4;
    if (literalCount > 257 + kLengthSymbols) fail("a block declares " + std::to_string(literalCount) + " literal/length codes (at most 286)");
    if (distanceCount > kDistanceSymbols) fail("a block declares " + std::to_string(distanceCount) + " distance codes (at most 30)");

    // The code lengths are themselves Huffman-coded, their own lengths sent in this order.
    static constexpr std::array<int, 19> kOrder = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    std::array<std::uint8_t, 19> lengthCodeLengths{};
    for (int i = 0; i < lengthCodeCount; ++i)
      lengthCodeLengths[static_cast<std::size_t>(kOrder[static_cast<std::size_t>(i)])] = static_cast<std::uint8_t>(in_.bits(3));
    const Huffman lengthCode = buildHuffman(lengthCodeLengths.data(), 19, "code-length");
    if (lengthCode.symbols.size() == 1) fail("the code-length code has a single code");

    std::array<std::uint8_t, 257 + kLengthSymbols + kDistanceSymbols> lengths{};
    const int total = literalCount + distanceCount;
    for (int i = 0; i < total;) {
      const int symbol = decodeSymbol(in_, lengthCode, "code-length");
      if (symbol < 16) {
        lengths[static_cast<std::size_t>(i++)] = static_cast<std::uint8_t>(symbol);
        continue;
      }
      std::uint8_t value = 0;
      int repeat = 0;
      if (symbol == 16) {
        if (i == 0) fail("a code-length repeat with no length before it");
        value = lengths[static_cast<std::size_t>(i - 1)];
        repeat = 3 + static_cast<int>(in_.bits(2));
      } else if (symbol == 17) {
        repeat = 3 + static_cast<int>(in_.bits(3));
      } else {
        repeat = 11 + static_cast<int>(in_.bits(7));
      }
      if (i + repeat > total) fail("code-length repeats run past the declared codes");
      while (repeat-- > 0) lengths[static_cast<std::size_t>(i++)] = value;
    }
    if (lengths[kEndOfBlock] == 0) fail("a block without an end-of-block code");
    const Huffman literals = buildHuffman(lengths.data(), literalCount, "literal/length");
    const Huffman distances = buildHuffman(lengths.data() + literalCount, distanceCount, "distance");
    codes(literals, distances);
  }

  // The body of a Huffman-coded block: literals and (length, distance) back-references.
  void codes(const Huffman& literals, const Huffman& distances) {
    for (;;) {
      const int symbol = decodeSymbol(in_, literals, "literal/length");
      if (symbol < kEndOfBlock) {
        ensureRoom(1);
        out_.push_back(static_cast<char>(symbol));
        continue;
      }
      if (symbol == kEndOfBlock) return;
      const int li = symbol - 257;
      if (li >= kLengthSymbols) fail("invalid length symbol " + std::to_string(symbol));
      const std::size_t length = kLengthBase[static_cast<std::size_t>(li)] + in_.bits(kLengthExtra[static_cast<std::size_t>(li)]);
      const int di = decodeSymbol(in_, distances, "distance");
      if (di >= kDistanceSymbols) fail("invalid distance symbol " + std::to_string(di));
      const std::size_t distance = kDistanceBase[static_cast<std::size_t>(di)] + in_.bits(kDistanceExtra[static_cast<std::size_t>(di)]);
      if (distance > out_.size() - start_)
        fail("a back-reference reaches " + std::to_string(distance) + " bytes back, before the start of the data");
      ensureRoom(length);
      // Byte by byte: a reference may overlap the bytes it produces (distance < length).
      std::size_t from = out_.size() - distance;
      for (std::size_t k = 0; k < length; ++k) out_.push_back(out_[from++]);
    }
  }

  BitReader in_;
  std::string& out_;
  std::size_t start_;  // where this stream's output begins: references cannot reach before it
  std::size_t maxOutput_;
};

}  // namespace

std::size_t inflate(std::string_view input, std::string& out, std::size_t maxOutput) {
  return Inflater(input, out, maxOutput).run();
}

}  // namespace pw::compress
