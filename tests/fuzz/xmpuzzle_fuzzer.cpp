// libFuzzer harness for BurrTools files (solver/compress, solver/xml, solver/burrtools): any
// bytes are read as an .xmpuzzle file (gzip or plain XML) or refused with a good message.
// Every problem that converts must give a piecewise/1 document the reader accepts, and
// writing the puzzle back as an .xmpuzzle file must read and convert to the same board and
// pieces.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "fuzz_support.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"

namespace {

using pw::fuzz::fail;

constexpr int kMaxProblems = 8;  // problems converted per input; a file may hold thousands

// The parts of a piecewise/1 document that say what the puzzle is (not its name or notes).
nlohmann::json essence(const std::string& document) {
  const nlohmann::json doc = nlohmann::json::parse(document);
  nlohmann::json out = doc;
  out.erase("name");
  out.erase("notes");
  return out;
}

void convertAndRoundTrip(const pw::burrtools::File& file, int index) {
  try {
    const pw::burrtools::ImportedProblem imported = pw::burrtools::importProblem(file, index, "fuzz");
    for (const std::string& note : imported.notes) pw::fuzz::expectGoodMessage(note);
    pw::parsePuzzle(imported.document);  // throws (and fails below) if the converter wrote a bad document
    const std::string written = pw::burrtools::writeXmpuzzle(imported.puzzle);
    const pw::burrtools::File again = pw::burrtools::readXmpuzzle(written);
    if (again.problems.size() != 1) fail("written file does not hold one problem", std::to_string(again.problems.size()));
    const pw::burrtools::ImportedProblem back = pw::burrtools::importProblem(again, 0, "fuzz");
    if (essence(back.document) != essence(imported.document))
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
    const pw::burrtools::File file = pw::burrtools::readXmpuzzle(bytes);
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
