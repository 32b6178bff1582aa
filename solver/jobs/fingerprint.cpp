#include "jobs/fingerprint.hpp"

#include <type_traits>

namespace pw {

Fingerprint& Fingerprint::add(std::int64_t value) {
  auto bits = static_cast<std::uint64_t>(value);
  for (int i = 0; i < 8; ++i, bits >>= 8) {
    hash_ ^= bits & 0xffu;
    hash_ *= 0x100000001b3u;
  }
  return *this;
}

Fingerprint& Fingerprint::add(std::string_view text) {
  add(static_cast<std::int64_t>(text.size()));
  for (const char c : text) {
    hash_ ^= static_cast<unsigned char>(c);
    hash_ *= 0x100000001b3u;
  }
  return *this;
}

namespace {

void addCell(Fingerprint& f, const Cell& c) { f.add(c.x).add(c.y).add(c.z); }

void addBody(Fingerprint& f, const PackingPuzzle& p) {
  f.add("packing").add(p.dimensions).add(static_cast<std::int64_t>(p.board.size()));
  if (p.grid != defaultGrid(p.dimensions)) f.add(gridName(p.grid));  // square and cube as before grids
  for (const BoardCell& b : p.board) {
    addCell(f, b.at);
    f.add(b.optional);
  }
  f.add(static_cast<std::int64_t>(p.pieces.size()));
  for (const PieceDef& piece : p.pieces) {
    f.add(static_cast<std::int64_t>(piece.cells.size()));
    for (const Cell& c : piece.cells) addCell(f, c);
    f.add(piece.count.min).add(piece.count.max).add(piece.rotations).add(piece.reflections);
  }
}

void addBody(Fingerprint& f, const EdgeMatchingPuzzle& p) {
  f.add("edge-matching").add(p.rows).add(p.cols).add(static_cast<std::int64_t>(p.tiles.size()));
  for (const TileDef& t : p.tiles) {
    for (const std::string& e : t.edges) f.add(e);
    f.add(t.face).add(t.count);
  }
  f.add(p.rotations).add(p.match == EdgeMatch::Same ? 0 : 1).add(p.border.has_value()).add(p.border.value_or(""));
  f.add(p.distinctRow).add(p.distinctColumn);
}

void addBody(Fingerprint& f, const SnakePuzzle& p) {
  f.add("snake").add(p.box[0]).add(p.box[1]).add(p.box[2]).add(static_cast<std::int64_t>(p.segments.size()));
  for (const int s : p.segments) f.add(s);
}

}  // namespace

std::uint64_t puzzleFingerprint(const Puzzle& puzzle) {
  Fingerprint f;
  std::visit([&](const auto& body) { addBody(f, body); }, puzzle.body);
  return f.value();
}

std::uint64_t pathFingerprint(const std::vector<Step>& path, int levels) {
  Fingerprint f;
  for (int d = 0; d < levels && d < static_cast<int>(path.size()); ++d)
    f.add(path[d].branch).add(path[d].branches).add(path[d].decision);
  return f.value();
}

std::string hexDigits(std::uint64_t value, int digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(static_cast<std::size_t>(digits), '0');
  for (int i = digits - 1; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = kHex[value & 15u];
  return out;
}

std::optional<std::uint64_t> readHexDigits(std::string_view text) {
  if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
  return std::stoull(std::string(text), nullptr, 16);
}

}  // namespace pw
