// libFuzzer harness for parse -> makeSearch -> advance: an accepted document's search is
// driven in a few small budgets, and every solution it reports must pass the independent
// checker (solver/check) and render; the search must resume exactly where it stopped (the
// same solutions whether the nodes come in small budgets or one large one), its progress
// estimate must stay in [0, 1] and its node count must not run backwards. A search restarted
// on the whole tree after small budgets (paused among a solution's images, say) must meet what
// a fresh one meets. A refusal must be a PuzzleError with a good message. Packing documents
// small enough are counted by both engines, which must agree.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
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

// The solutions (as JSON text) that `budgets` of nodes yield on `search`, every one checked.
std::vector<std::string> run(pw::Search& search, const pw::Puzzle& puzzle, const std::vector<std::uint64_t>& budgets,
                             bool pauseEach) {
  std::vector<std::string> found;
  const pw::SolutionSink sink = [&](const pw::Solution& solution, bool) {
    if (const auto problem = pw::checkSolution(puzzle, solution)) fail("a solution fails the checker", *problem);
    found.push_back(pw::solutionToJson(puzzle, solution).dump());
    if (pw::renderText(puzzle, solution).empty()) fail("empty rendering", found.back());
    return !pauseEach && found.size() < kMaxSolutions;
  };
  if (search.symmetryCount() < 1) fail("symmetry group of order < 1", std::to_string(search.symmetryCount()));
  std::uint64_t nodes = search.nodes();
  for (const std::uint64_t budget : budgets) {
    if (found.size() >= kMaxSolutions) break;
    const bool done = search.advance(budget, sink);
    const double fraction = search.fractionDone();
    if (!(fraction >= 0.0 && fraction <= 1.0)) fail("progress estimate out of [0, 1]", std::to_string(fraction));
    if (search.nodes() < nodes) fail("node count went backwards", std::to_string(search.nodes()));
    nodes = search.nodes();
    if (done) {
      if (fraction != 1.0) fail("finished search with progress below 1", std::to_string(fraction));
      if (!search.advance(budget, sink)) fail("advance after the end did not return true", "");
      break;
    }
  }
  if (found.size() > kMaxSolutions) found.resize(kMaxSolutions);
  return found;
}

// Raw and unique counts of a whole search on `engine` ("bits" or "dlx", packing only), or
// nothing when it needs more than `cap` nodes. Without the restriction's tree estimates: the
// counts do not depend on which piece is restricted, and on a large box (the Tetris Cube seed)
// the sanitized estimates took half of the 20 s an input may take.
std::optional<pw::SolutionTally> countOn(const char* engine, const pw::Puzzle& puzzle, std::uint64_t cap) {
  ::setenv("PIECEWISE_ENGINE", engine, 1);
  pw::SearchSettings settings;
  settings.estimateTreesAbove = pw::kNeverEstimate;
  std::unique_ptr<pw::Search> search = pw::makeSearch(puzzle, settings);
  ::unsetenv("PIECEWISE_ENGINE");
  pw::SolutionTally tally;
  while (!search->advanceCounting(1024, tally))
    if (search->nodes() > cap) return std::nullopt;
  return tally;
}

// The two packing engines must count alike: a missed solution passes every other check here.
// Boards of up to 128 cells only (one or two words in the bitset engine): on the large
// hostile frames dancing links alone takes seconds for a few thousand nodes.
void compareEngines(const pw::Puzzle& puzzle) {
  const auto* packing = std::get_if<pw::PackingPuzzle>(&puzzle.body);
  if (!packing || packing->board.size() > 128) return;
  constexpr std::uint64_t kCap = 5000;
  const auto bits = countOn("bits", puzzle, kCap);
  if (!bits) return;
  const auto dlx = countOn("dlx", puzzle, kCap);
  if (!dlx) return;
  if (bits->solutions != dlx->solutions || bits->unique != dlx->unique)
    fail("the bitset engine and dancing links count differently",
         std::to_string(bits->solutions) + "/" + std::to_string(bits->unique) + " vs " + std::to_string(dlx->solutions) +
             "/" + std::to_string(dlx->unique));
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
    const std::unique_ptr<pw::Search> search = pw::makeSearch(puzzle);
    const std::vector<std::string> a = run(*search, puzzle, small, true);
    const std::vector<std::string> b = run(*pw::makeSearch(puzzle), puzzle, {total}, false);
    // The paused run may have seen fewer nodes' worth of solutions: compare the common prefix.
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (a[i] != b[i]) fail("resuming changed the solutions", "solution " + std::to_string(i) + ": " + a[i] + " vs " + b[i]);
    // The paused search, wherever it stopped, restarted: the fresh run's solutions again (as
    // far as both went: a warm memo may take it further in as many nodes).
    search->restart(pw::Job{});
    const std::vector<std::string> c = run(*search, puzzle, {total}, false);
    for (std::size_t i = 0; i < c.size() && i < b.size(); ++i)
      if (c[i] != b[i]) fail("a restarted search met other solutions than a fresh one", "solution " + std::to_string(i));
    compareEngines(puzzle);
  } catch (const pw::PuzzleError& e) {
    pw::fuzz::expectGoodMessage(e.what());
  } catch (const std::exception& e) {
    fail("escaped with another exception", e.what());
  }
  return 0;
}
