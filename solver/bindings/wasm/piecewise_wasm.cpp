// Embind bindings for the page: this folder is the only code that knows about Embind, and this
// file binds it. Thin on purpose: prepare() makes a run's choices and lists its jobs, a Session
// (session.hpp) is one worker's search of a document, restarted on each job; solutions cross the
// boundary as flat typed arrays in the layout of `SolutionRecord.data`
// (web/src/protocol/messages.ts), never as object graphs (wasm_values.hpp); describe() is the
// page's one reader of documents. No C++ exception ever reaches JavaScript: errors become
// one-line strings. (The command line is solver/cli/main.cpp, built for Node on its own.)
// Documents come in as bytes: pass a Uint8Array (Embind copies its bytes into the std::string
// unchanged), so that the core, not JavaScript, reads the UTF-8 and refuses it with the native
// build's message. A JS string is still accepted, but Embind encodes it first, so a decoding the
// caller did (U+FFFD for bad bytes) goes unseen.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "burrtools/problem_import.hpp"
#include "burrtools/xmpuzzle_reader.hpp"
#include "burrtools/xmpuzzle_writer.hpp"
#include "check/check.hpp"
#include "cover/piece_placements.hpp"
#include "disassembly/assembly.hpp"
#include "disassembly/assembly_walk.hpp"
#include "disassembly/disassembler.hpp"
#include "format/disassembly_render.hpp"
#include "format/describe.hpp"
#include "format/packing_document.hpp"
#include "jobs/fingerprint.hpp"
#include "jobs/job.hpp"
#include "jobs/split.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "place/placed_puzzle.hpp"
#include "search/search.hpp"
#include "session.hpp"
#include "wasm_values.hpp"

namespace {

using emscripten::val;
using pw::wasm::Collect;
using pw::wasm::messageOf;
using pw::wasm::Session;

// Parses only (no search set-up): the page's one reader of documents. JSON text, either
// {"puzzle": <describePuzzle's description>} or {"error": "<the parser's one-line message>"}.
std::string describe(const std::string& documentBytes) {
  nlohmann::json out;
  try {
    out = {{"puzzle", pw::describePuzzle(pw::parsePuzzle(documentBytes))}};
  } catch (...) {
    out = {{"error", messageOf(std::current_exception())}};
  }
  // A message may quote bytes of a broken document: never let them make dump() throw.
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Pieces placed by hand (place/placed_puzzle.hpp): `placements` is a JSON array of
// "PIECE@x,y;..." texts. JSON text, {"error": "<one line>"} or {"document": the puzzle left as a
// piecewise/1 document (which the page runs like any other), "pieceOf": [its piece i is the
// original's piece pieceOf[i]], "shift": [x, y, z] (add it to the document's cells to get the
// original's: a document's board starts at 0), "placed": [{"piece", "cells"}]}.
std::string place(const std::string& documentBytes, const std::string& placements) {
  nlohmann::json out;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    std::vector<pw::GivenPlacement> given;
    const nlohmann::json texts = nlohmann::json::parse(placements, nullptr, false);
    if (!texts.is_array()) throw pw::PuzzleError("place: expected a JSON array of PIECE@x,y;... texts");
    for (const nlohmann::json& t : texts) given.push_back(pw::parsePlacement(t.is_string() ? t.get<std::string>() : t.dump()));
    const pw::PlacedPuzzle placed = pw::placePieces(puzzle, given);
    const std::string document = pw::packingDocument(placed.puzzle);
    const pw::Cell was = std::get<pw::PackingPuzzle>(placed.puzzle.body).board.front().at;
    const pw::Cell is = std::get<pw::PackingPuzzle>(pw::parsePuzzle(document).body).board.front().at;
    nlohmann::json placedJson = nlohmann::json::array();
    for (const pw::PiecePlacement& p : placed.placed) {
      nlohmann::json c = nlohmann::json::array();
      for (const pw::Cell& cell : p.cells) c.push_back({cell.x, cell.y, cell.z});
      placedJson.push_back({{"piece", p.piece}, {"cells", std::move(c)}});
    }
    out = {{"document", document}, {"pieceOf", placed.pieceOf}, {"shift", {was.x - is.x, was.y - is.y, was.z - is.z}}, {"placed", std::move(placedJson)}};
  } catch (...) {
    out = {{"error", messageOf(std::current_exception())}};
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// { error: string | null, cellsEach: number, cells: Int32Array }: every placement of piece
// `piece` of a packing puzzle on its empty board, as the search lists them
// (cover/piece_placements.hpp): cellsEach board cell numbers (indices into describe()'s
// board.cells) per placement, in reading order of the first cell; or why not (not a packing
// puzzle, no such piece, over the solver's limits on placements). Cell numbers rather than
// coordinates: a third of the bytes, what the cover compiler itself stores, and every placement
// of a piece has its cells' count, so no count per placement is needed.
val placements(const std::string& documentBytes, int piece) {
  val out = val::object();
  pw::PiecePlacements listed;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    const auto* packing = std::get_if<pw::PackingPuzzle>(&puzzle.body);
    if (!packing) throw pw::PuzzleError("placements: only the pieces of a packing puzzle have placements");
    listed = pw::piecePlacements(*packing, piece);
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  out.set("cellsEach", val(listed.cellsEach));
  out.set("cells", pw::wasm::copyToJs("Int32Array", listed.cells));
  return out;
}

// { error: string | null, jobs: string[], settings: string }: what a run of the document needs
// before its workers start. `settings`: the choices its search makes (the restricted piece, after
// the command line's estimates), for every worker's Session; `jobs`: about `wanted` jobs that
// together hold every solution of that search exactly once, in search order
// (solver/jobs/split.hpp), as bare jobs ("3.0.12-20").
val prepare(const std::string& documentBytes, int wanted) {
  val out = val::object();
  val jobs = val::array();
  std::string settings;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    const pw::SearchSettings used = pw::makeSearch(puzzle)->settingsUsed();
    const pw::Split s = pw::splitSearch([&puzzle, used] { return pw::makeSearch(puzzle, used); }, pw::puzzleFingerprint(puzzle),
                                        wanted < 1 ? 1 : (wanted > pw::kMaxSplitJobs ? pw::kMaxSplitJobs : wanted));
    for (const pw::SplitJob& j : s.jobs) jobs.call<void>("push", val(pw::jobText(j.job)));
    settings = pw::wasm::settingsText(used);
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  out.set("jobs", jobs);
  out.set("settings", val(settings));
  return out;
}

// ---- BurrTools files: bytes in (a Uint8Array), piecewise/1 documents out ---------------

// { error: string | null, problems: [{ label, name, pieces, refusal }] }: every problem of
// an .xmpuzzle file, each tried (refusal: "" when it converts), for a problem picker.
val xmpuzzleProblems(const std::string& bytes) {
  val out = val::object();
  val problems = val::array();
  try {
    for (const pw::burrtools::ProblemSummary& p : pw::burrtools::summarizeProblems(pw::burrtools::readXmpuzzle(bytes))) {
      val item = val::object();
      item.set("label", val(p.label));
      item.set("name", val(p.name));
      item.set("pieces", val(p.pieces));
      item.set("refusal", val(p.refusal));
      problems.call<void>("push", item);
    }
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  out.set("problems", problems);
  return out;
}

// { error: string | null, document: string, notes: string[] }: problem `problem` (a
// 1-based number or a name; "" when the file has one) as a piecewise/1 document, ready
// for Session. `title` (the file name without extension) names the puzzle.
val importXmpuzzle(const std::string& bytes, const std::string& problem, const std::string& title) {
  val out = val::object();
  val notes = val::array();
  try {
    const pw::burrtools::File file = pw::burrtools::readXmpuzzle(bytes);
    const pw::burrtools::ImportedProblem imported =
        pw::burrtools::importProblem(file, pw::burrtools::chooseProblem(file, problem), title);
    for (const std::string& note : imported.notes) notes.call<void>("push", val(note));
    out.set("error", val::null());
    out.set("document", val(imported.document));
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
    out.set("document", val(std::string()));
  }
  out.set("notes", notes);
  return out;
}

// { error: string | null, bytes: Uint8Array }: a packing puzzle as a BurrTools file's XML (the
// page gzips it, with fflate: the module has no compression of its own).
val xmpuzzleXml(const std::string& documentBytes) {
  val out = val::object();
  std::string bytes;
  try {
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    bytes = pw::burrtools::xmpuzzleXml(puzzle);
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  out.set("bytes", val::global("Uint8Array").new_(val(emscripten::typed_memory_view(bytes.size(), data))));
  return out;
}

bool looksLikeXmpuzzle(const std::string& bytes) { return pw::burrtools::looksLikeXmpuzzle(bytes); }

// ---- Disassembly: one packing solution taken apart (docs/disassembly.md) ---------------

// The packing solution in `data` (the SolutionRecord layout: piece, cell count, x y z per cell,
// for each placement), or a PuzzleError naming what is wrong with it.
pw::PackingSolution decodePacking(const pw::PackingPuzzle& puzzle, const std::vector<std::int32_t>& data) {
  pw::PackingSolution solution;
  for (std::size_t i = 0; i < data.size();) {
    if (i + 2 > data.size()) throw pw::PuzzleError("the solution ends inside a placement");
    const std::int32_t piece = data[i], cells = data[i + 1];
    if (piece < 0 || piece >= static_cast<std::int32_t>(puzzle.pieces.size()))
      throw pw::PuzzleError("the solution names piece " + std::to_string(piece) + ", which the puzzle does not have");
    if (cells < 1 || static_cast<std::size_t>(cells) * 3 > data.size() - i - 2)
      throw pw::PuzzleError("the solution's placement " + std::to_string(solution.placements.size()) + " has a bad cell count");
    pw::PiecePlacement placement{piece, {}};
    for (std::int32_t c = 0; c < cells; ++c) {
      const std::size_t at = i + 2 + 3 * static_cast<std::size_t>(c);
      placement.cells.push_back({data[at], data[at + 1], data[at + 2]});
    }
    solution.placements.push_back(std::move(placement));
    i += 2 + 3 * static_cast<std::size_t>(cells);
  }
  return solution;
}

// { error: string | null, disassembly: string | null }: solution `solution` (an Int32Array in
// the SolutionRecord layout) of the packing puzzle `documentBytes` taken apart: the JSON of
// `solve --disassemble --json`'s "disassembly", or null when it does not come apart.
// `memoryMb`: the memory bound of one search for a separation (0: the default, 256 MB).
val disassemble(const std::string& documentBytes, const val& solution, double memoryMb) {
  val out = val::object();
  out.set("disassembly", val::null());
  try {
    const pw::disassembly::DisassemblySettings settings = pw::wasm::disassemblySettings(memoryMb);
    const pw::Puzzle puzzle = pw::parsePuzzle(documentBytes);
    const pw::PackingPuzzle* packing = &pw::disassembly::slidingPuzzle(puzzle);
    const pw::PackingSolution decoded = decodePacking(*packing, emscripten::convertJSArrayToNumberVector<std::int32_t>(solution));
    if (const auto problem = pw::checkSolution(puzzle, pw::Solution{decoded}))
      throw pw::PuzzleError("not a solution of this puzzle: " + *problem);
    const pw::disassembly::Assembly assembly = pw::disassembly::assemblyOf(*packing, decoded);
    if (const auto taken = pw::disassembly::disassemble(assembly, settings))
      out.set("disassembly", val(pw::disassemblyToJson(assembly, *taken).dump()));
    out.set("error", val::null());
  } catch (...) {
    out.set("error", val(messageOf(std::current_exception())));
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(piecewise) {
  emscripten::enum_<Collect>("Collect")
      .value("None", Collect::None)
      .value("Representatives", Collect::Representatives)
      .value("All", Collect::All)
      .value("ComeApart", Collect::ComeApart);
  emscripten::class_<Session>("Session")
      .constructor<const std::string&, const std::string&>()
      .function("error", &Session::error)
      .function("fatal", &Session::fatal)
      .function("kind", &Session::kind)
      .function("symmetries", &Session::symmetries)
      .function("settings", &Session::settings)
      .function("takesApart", &Session::takesApart)
      .function("countsInBulk", &Session::countsInBulk)
      .function("setCollect", &Session::setCollect)
      .function("begin", &Session::begin)
      .function("advance", &Session::advance)
      .function("advanceCounting", &Session::advanceCounting)
      .function("seek", &Session::seek)
      .function("done", &Session::done)
      .function("nodes", &Session::nodes)
      .function("fraction", &Session::fraction)
      .function("solutionCount", &Session::solutionCount)
      .function("uniqueCount", &Session::uniqueCount)
      .function("apartCount", &Session::apartCount)
      .function("pending", &Session::pending)
      .function("pendingBytes", &Session::pendingBytes)
      .function("take", &Session::take);
  emscripten::function("describe", &describe);
  emscripten::function("prepare", &prepare);
  emscripten::function("place", &place);
  emscripten::function("placements", &placements);
  emscripten::function("xmpuzzleProblems", &xmpuzzleProblems);
  emscripten::function("importXmpuzzle", &importXmpuzzle);
  emscripten::function("xmpuzzleXml", &xmpuzzleXml);
  emscripten::function("looksLikeXmpuzzle", &looksLikeXmpuzzle);
  emscripten::function("disassemble", &disassemble);
}
