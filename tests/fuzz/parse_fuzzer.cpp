// libFuzzer harness for the reader: any bytes are either a puzzle or a PuzzleError with a good
// message; never another exception, a crash, a leak or undefined behaviour (built with
// -fsanitize=fuzzer,address,undefined by scripts/fuzz.sh).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string_view>

#include "fuzz_support.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "text/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(bytes);
    // What was accepted must be valid text where the model keeps text.
    if (pw::text::findInvalidUtf8(puzzle.name) || pw::text::findInvalidUtf8(puzzle.notes))
      pw::fuzz::fail("accepted text that is not UTF-8", puzzle.name);
  } catch (const pw::PuzzleError& e) {
    pw::fuzz::expectGoodMessage(e.what());
  } catch (const std::exception& e) {
    pw::fuzz::fail("escaped with another exception", e.what());
  }
  return 0;
}
