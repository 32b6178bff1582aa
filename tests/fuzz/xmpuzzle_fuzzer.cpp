// libFuzzer harness for BurrTools files (gzip inflated by zlib as the command line does, solver/xml, solver/burrtools): any
// bytes are read as an .xmpuzzle file (gzip or plain XML) or refused with a good message.
// Every problem that converts must give a piecewise/1 document the reader accepts, and
// writing the puzzle back as an .xmpuzzle file must read and convert to the same grid, board
// and pieces (the same piece types with the same counts), on every grid.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "cover/piece_types.hpp"
#include "files/gzip.hpp"
#include "fuzz_support.hpp"
#include "lattice/lattice.hpp"
#include "model/error.hpp"
#include "model/limits.hpp"
#include "parse/parse.hpp"

namespace {

using pw::fuzz::fail;

constexpr int kMaxProblems = 8;  // problems converted per input; a file may hold thousands

// What a packing puzzle is, up to how it is written: its grid, its board (moved by its
// lattice's normalizing shift) and its piece types (definitions of the same piece merged,
// their counts added), in a fixed order.
struct Essence {
  pw::Grid grid;
  std::vector<pw::BoardCell> board;
  std::vector<std::tuple<std::vector<std::vector<pw::Cell>>, int, int>> types;
  bool operator==(const Essence& o) const {
    return grid == o.grid && types == o.types && board.size() == o.board.size() &&
           std::equal(board.begin(), board.end(), o.board.begin(), [](const pw::BoardCell& a, const pw::BoardCell& b) {
             return a.at == b.at && a.optional == b.optional;
           });
  }
};

Essence essence(const pw::Puzzle& puzzle) {
  const auto& packing = std::get<pw::PackingPuzzle>(puzzle.body);
  Essence e{packing.grid, packing.board, {}};
  std::vector<pw::Cell> cells;
  for (const pw::BoardCell& b : packing.board) cells.push_back(b.at);
  const pw::Cell shift = pw::Lattice::of(packing.grid).normalizingShift(cells);
  for (pw::BoardCell& b : e.board) b.at = {b.at.x + shift.x, b.at.y + shift.y, b.at.z + shift.z};
  std::sort(e.board.begin(), e.board.end(), [](const pw::BoardCell& a, const pw::BoardCell& b) { return a.at < b.at; });
  for (const pw::PieceType& t : pw::pieceTypes(packing)) e.types.emplace_back(t.orientations, t.min, t.max);
  std::sort(e.types.begin(), e.types.end());
  return e;
}

void convertAndRoundTrip(const pw::burrtools::File& file, int index) {
  try {
    const pw::burrtools::ImportedProblem imported = pw::burrtools::importProblem(file, index, "fuzz");
    for (const std::string& note : imported.notes) pw::fuzz::expectGoodMessage(note);
    pw::parsePuzzle(imported.document);  // throws (and fails below) if the converter wrote a bad document
    // Every grid the reader gives is one the writer writes (triangles and hexagons come only from
    // piecewise/1 documents).
    const std::string written = pw::burrtools::xmpuzzleXml(imported.puzzle);
    const pw::burrtools::File again = pw::burrtools::readXmpuzzle(written);
    if (again.problems.size() != 1) fail("written file does not hold one problem", std::to_string(again.problems.size()));
    const pw::burrtools::ImportedProblem back = pw::burrtools::importProblem(again, 0, "fuzz");
    if (!(essence(back.puzzle) == essence(imported.puzzle)))
      fail("writing and reading back changed the puzzle", imported.document + " became " + back.document);
  } catch (const pw::PuzzleError& e) {
    // A refusal is fine only from the conversion of the original file, never after it.
    const std::string message = e.what();
    pw::fuzz::expectGoodMessage(message);
    try {
      pw::burrtools::importProblem(file, index, "fuzz");
    } catch (const pw::PuzzleError&) {
      return;
    }
    fail("a converted problem failed later", message);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    pw::burrtools::looksLikeXmpuzzle(bytes);
    // As the command line reads a file: gzip inflated at the edge (zlib), then the XML.
    const std::string xml = pw::gzip::isGzip(bytes) ? pw::gzip::inflate(bytes, pw::limits::kDocumentBytes) : std::string(bytes);
    const pw::burrtools::File file = pw::burrtools::readXmpuzzle(xml);
    for (const pw::burrtools::ProblemSummary& summary : pw::burrtools::summarizeProblems(file))
      if (!summary.refusal.empty()) pw::fuzz::expectGoodMessage(summary.refusal);
    const int problems = static_cast<int>(file.problems.size());
    for (int i = 0; i < problems && i < kMaxProblems; ++i) convertAndRoundTrip(file, i);
  } catch (const pw::PuzzleError& e) {
    pw::fuzz::expectGoodMessage(e.what());
  } catch (const std::exception& e) {
    fail("escaped with another exception", e.what());
  }
  return 0;
}
