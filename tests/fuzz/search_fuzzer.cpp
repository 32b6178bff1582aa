// libFuzzer harness for parse -> makeSearch -> advance: an accepted document's search is
// driven in a few small budgets, and every solution it reports must pass the independent
// checker (solver/check) and render; the search must resume exactly where it stopped (the
// same solutions whether the nodes come in small budgets or one large one), its progress
// estimate must stay in [0, 1] and its node count must not run backwards. A refusal must be
// a PuzzleError with a good message.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "check/check.hpp"
#include "format/render.hpp"
#include "fuzz_support.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "search/search.hpp"

namespace {

using pw::fuzz::fail;

constexpr std::size_t kMaxSolutions = 16;  // per run: enough to cross pauses, cheap to check

// The solutions (as JSON text) that `budgets` of nodes yield, every one checked.
std::vector<std::string> run(const pw::Puzzle& puzzle, const std::vector<std::uint64_t>& budgets, bool pauseEach) {
  std::unique_ptr<pw::Search> search = pw::makeSearch(puzzle);
  std::vector<std::string> found;
  const pw::SolutionSink sink = [&](const pw::Solution& solution, bool) {
    if (const auto problem = pw::checkSolution(puzzle, solution)) fail("a solution fails the checker", *problem);
    found.push_back(pw::solutionToJson(puzzle, solution).dump());
    if (pw::renderText(puzzle, solution).empty()) fail("empty rendering", found.back());
    return !pauseEach && found.size() < kMaxSolutions;
  };
  if (search->symmetryCount() < 1) fail("symmetry group of order < 1", std::to_string(search->symmetryCount()));
  std::uint64_t nodes = 0;
  for (const std::uint64_t budget : budgets) {
    if (found.size() >= kMaxSolutions) break;
    const bool done = search->advance(budget, sink);
    const double fraction = search->fractionDone();
    if (!(fraction >= 0.0 && fraction <= 1.0)) fail("progress estimate out of [0, 1]", std::to_string(fraction));
    if (search->nodes() < nodes) fail("node count went backwards", std::to_string(search->nodes()));
    nodes = search->nodes();
    if (done) {
      if (fraction != 1.0) fail("finished search with progress below 1", std::to_string(fraction));
      if (!search->advance(budget, sink)) fail("advance after the end did not return true", "");
      break;
    }
  }
  if (found.size() > kMaxSolutions) found.resize(kMaxSolutions);
  return found;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(bytes);
    // Small budgets, pausing after each solution, against one budget of the same total.
    std::vector<std::uint64_t> small;
    std::uint64_t total = 0;
    for (std::uint64_t b = 1; b <= 64; b *= 2)
      for (int k = 0; k < 3; ++k) small.push_back(b), total += b;
    const std::vector<std::string> a = run(puzzle, small, true);
    const std::vector<std::string> b = run(puzzle, {total}, false);
    // The paused run may have seen fewer nodes' worth of solutions: compare the common prefix.
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (a[i] != b[i]) fail("resuming changed the solutions", "solution " + std::to_string(i) + ": " + a[i] + " vs " + b[i]);
  } catch (const pw::PuzzleError& e) {
    pw::fuzz::expectGoodMessage(e.what());
  } catch (const std::exception& e) {
    fail("escaped with another exception", e.what());
  }
  return 0;
}
