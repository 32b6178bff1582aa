// gzip and DEFLATE: our compressor against our decompressor, the decompressor against
// files written by the gzip tool (dynamic Huffman blocks) and hand-made stored blocks, our
// output against the gzip tool, and every kind of damaged stream refused in one line.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>
#include <string>

#include "compress/crc32.hpp"
#include "compress/deflate.hpp"
#include "compress/gzip.hpp"
#include "compress/inflate.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"
#include "test_support.hpp"

namespace pw::compress {
namespace {

constexpr std::size_t kLimit = limits::kDocumentBytes;

std::string dataFile(const std::string& name) { return std::string(PIECEWISE_TEST_DATA_DIR) + "/burrtools/" + name; }

// The PuzzleError message of `f`, or "(accepted)"; every message must be one line.
template <typename F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const PuzzleError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  return "(accepted)";
}

std::string randomBytes(std::size_t n, unsigned seed, int alphabet = 256) {
  std::mt19937 rng(seed);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(rng() % static_cast<unsigned>(alphabet));
  return s;
}

// A gzip member around hand-made DEFLATE data, with a correct trailer for `content`.
std::string member(const std::string& deflated, const std::string& content) {
  std::string out = {'\x1f', '\x8b', '\x08', 0, 0, 0, 0, 0, 0, '\x03'};
  out += deflated;
  for (const std::uint32_t v : {crc32(content), static_cast<std::uint32_t>(content.size())})
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  return out;
}

TEST(Crc32, KnownValues) {
  EXPECT_EQ(crc32(""), 0u);
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(crc32("6789", crc32("12345")), 0xCBF43926u);  // continued over pieces
}

TEST(Deflate, RoundTripsThroughInflate) {
  const std::string voxels = std::string(300, '_') + std::string(200, '#') + "+1+1#2" + std::string(5000, '_');
  std::string xml;
  for (int i = 0; i < 500; ++i) xml += "  <voxel x=\"3\" y=\"" + std::to_string(i) + "\" z=\"1\" type=\"0\">##_#</voxel>\n";
  for (const std::string& input :
       {std::string(), std::string("a"), std::string("abcabcabcabcabc"), voxels, xml, randomBytes(70000, 1),
        randomBytes(200000, 2, 4), std::string(100000, '\0')}) {
    const std::string packed = deflate(input);
    std::string back = "prefix";
    EXPECT_EQ(inflate(packed, back, kLimit), packed.size());
    EXPECT_EQ(back, "prefix" + input);
  }
  EXPECT_LT(deflate(xml).size() * 10, xml.size());  // repetitive text shrinks well
}

TEST(Gzip, RoundTripsAndChecksItsTrailer) {
  const std::string text = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"/>\n";
  const std::string packed = gzip(text);
  EXPECT_TRUE(isGzip(packed));
  EXPECT_EQ(gunzip(packed, kLimit), text);
  EXPECT_EQ(gunzip(packed + gzip("more"), kLimit), text + "more");  // concatenated members
}

TEST(Gzip, ReadsFilesWrittenByTheGzipTool) {
  // gzip -9n output: dynamic Huffman blocks, as BurrTools (zlib) writes them.
  for (const char* name : {"pentominoes-3x20-flat.xmpuzzle", "soma-two-problems.xmpuzzle"}) {
    const std::string xml = gunzip(test::readBytes(dataFile(name)), kLimit);
    EXPECT_EQ(xml.rfind("<?xml", 0), 0u) << name;
    EXPECT_NE(xml.find("</puzzle>"), std::string::npos) << name;
  }
}

TEST(Gzip, OurOutputIsReadByTheGzipTool) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("piecewise-gzip-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string input = randomBytes(50000, 3, 6) + std::string(40000, '#');
  {
    std::ofstream out(dir / "a.gz", std::ios::binary);
    const std::string packed = gzip(input);
    out.write(packed.data(), static_cast<std::streamsize>(packed.size()));
  }
  const std::string command = "gzip -dc '" + (dir / "a.gz").string() + "' > '" + (dir / "a").string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << "the gzip tool refused our output";
  EXPECT_EQ(test::readBytes((dir / "a").string()), input);
  std::filesystem::remove_all(dir);
}

TEST(Gzip, ReadsEveryHeaderField) {
  const std::string content = "hello";
  std::string plain = gzip(content);
  // FEXTRA (2 bytes "ab"), FNAME "x.xml", FCOMMENT "c", FHCRC.
  std::string header = {'\x1f', '\x8b', '\x08', static_cast<char>(4 | 8 | 16 | 2), 0, 0, 0, 0, 0, '\x03', 2, 0, 'a', 'b'};
  header += std::string("x.xml") + '\0' + "c" + '\0';
  const std::uint32_t headerCrc = crc32(header) & 0xFFFF;
  header.push_back(static_cast<char>(headerCrc & 0xFF));
  header.push_back(static_cast<char>(headerCrc >> 8));
  const std::string withFields = header + plain.substr(10);
  EXPECT_EQ(gunzip(withFields, kLimit), content);
  std::string badHeaderCrc = withFields;
  badHeaderCrc[header.size() - 1] ^= 1;
  EXPECT_EQ(errorOf([&] { gunzip(badHeaderCrc, kLimit); }), "gzip: the header's CRC does not match");
}

TEST(Inflate, ReadsStoredBlocks) {
  // Two stored blocks: "ab" (not final), then "cde" (final).
  const std::string deflated = std::string("\x00\x02\x00\xfd\xff", 5) + "ab" + std::string("\x01\x03\x00\xfc\xff", 5) + "cde";
  EXPECT_EQ(gunzip(member(deflated, "abcde"), kLimit), "abcde");
  const std::string badLength = std::string("\x01\x03\x00\xfc\xfe", 5) + "cde";
  EXPECT_EQ(errorOf([&] { gunzip(member(badLength, "cde"), kLimit); }),
            "gzip: deflate data: a stored block's length does not match its check value");
}

TEST(Inflate, RefusesMalformedStreams) {
  std::string sink = "earlier output";  // a back-reference may not reach into it
  // Block type 3.
  EXPECT_EQ(errorOf([&] { inflate(std::string("\x07", 1), sink, kLimit); }), "deflate data: invalid block type 3");
  // A fixed block whose first code is a length/distance pair reaching before the start:
  // literal/length 257 (7-bit code 0000001), distance code 0 (00000) = distance 1.
  EXPECT_EQ(errorOf([&] { inflate(std::string("\x03\x02\x00", 3), sink, kLimit); }),
            "deflate data: a back-reference reaches 1 bytes back, before the start of the data");
  // A dynamic block whose code-length code is over-subscribed: HLIT=0, HDIST=0, HCLEN=4 (+4)
  // with the first lengths 1, 1, 1 (three 1-bit codes).
  std::string dynamic;
  {
    unsigned long bits = 0;
    int n = 0;
    const auto put = [&](unsigned v, int count) {
      bits |= static_cast<unsigned long>(v) << n;
      n += count;
    };
    put(1, 1);  // final
    put(2, 2);  // dynamic
    put(0, 5);
    put(0, 5);
    put(0, 4);
    for (int i = 0; i < 3; ++i) put(1, 3);
    put(0, 3);
    for (int i = 0; i < (n + 7) / 8; ++i) dynamic.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
  }
  EXPECT_EQ(errorOf([&] { inflate(dynamic, sink, kLimit); }), "deflate data: the code-length code lengths are over-subscribed");
  EXPECT_EQ(errorOf([&] { inflate("", sink, kLimit); }), "deflate data: truncated (the stream ends inside a block)");
}

TEST(Gzip, RefusesDecompressionBombsAtTheLimit) {
  const std::string bomb = gzip(std::string(kLimit + 1, 'a'));
  EXPECT_LT(bomb.size() * 100, kLimit);  // a ratio above 100
  EXPECT_EQ(errorOf([&] { gunzip(bomb, kLimit); }),
            "gzip: deflate data: it decompresses to more than 4194304 bytes (the document limit)");
  EXPECT_EQ(gunzip(gzip(std::string(kLimit, 'a')), kLimit).size(), kLimit);  // exactly the limit is fine
  // The limit counts across members too.
  const std::string half = gzip(std::string(kLimit / 2 + 1, 'b'));
  EXPECT_NE(errorOf([&] { gunzip(half + half, kLimit); }).find("more than 4194304 bytes"), std::string::npos);
}

TEST(Gzip, RefusesDamagedFiles) {
  const std::string good = test::readBytes(dataFile("soma-two-problems.xmpuzzle"));
  ASSERT_GT(good.size(), 100u);
  // Every truncation is refused, never read past the end.
  for (std::size_t n = 2; n < good.size(); ++n) {
    const std::string message = errorOf([&] { gunzip(good.substr(0, n), kLimit); });
    EXPECT_NE(message.find("truncated"), std::string::npos) << n << ": " << message;
  }
  std::string badCrc = good;
  badCrc[good.size() - 6] ^= 0x40;
  EXPECT_EQ(errorOf([&] { gunzip(badCrc, kLimit); }), "gzip: CRC mismatch: the data is corrupt");
  std::string badSize = good;
  badSize[good.size() - 2] ^= 1;
  EXPECT_EQ(errorOf([&] { gunzip(badSize, kLimit); }), "gzip: the stored length does not match the data: the data is corrupt");
  std::string method = good;
  method[2] = 7;
  EXPECT_EQ(errorOf([&] { gunzip(method, kLimit); }), "gzip: compression method 7 is not deflate (8)");
  std::string flags = good;
  flags[3] = static_cast<char>(0x80);
  EXPECT_EQ(errorOf([&] { gunzip(flags, kLimit); }), "gzip: reserved header flags are set");
  EXPECT_EQ(errorOf([&] { gunzip(good + "junk", kLimit); }), "gzip: 4 bytes of unexpected data after the compressed stream");
  EXPECT_EQ(errorOf([&] { gunzip("PK\x03\x04", kLimit); }), "gzip: not gzip data (it does not start with the bytes 1f 8b)");
}

TEST(Gzip, SurvivesRandomDamage) {
  // Flipped bytes anywhere: either the damage is caught (a one-line message) or, rarely,
  // the output is still within the limit. Never a crash or a hang.
  const std::string good = test::readBytes(dataFile("pentominoes-3x20-flat.xmpuzzle"));
  std::mt19937 rng(7);
  for (int round = 0; round < 3000; ++round) {
    std::string damaged = good;
    for (int k = 0; k < 1 + round % 4; ++k) damaged[rng() % damaged.size()] = static_cast<char>(rng());
    std::string out;
    const std::string message = errorOf([&] { out = gunzip(damaged, kLimit); });
    EXPECT_LE(out.size(), kLimit);
    if (message != "(accepted)") {
      EXPECT_EQ(message.rfind("gzip: ", 0), 0u) << message;
    }
  }
}

}  // namespace
}  // namespace pw::compress
