// The `piecewise` command line: count and solve puzzles in `piecewise/1` files (or
// BurrTools .xmpuzzle files, converted on the way in), and convert between the two.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "burrtools/xmpuzzle_writer.hpp"
#include "check/check.hpp"
#include "format/render.hpp"
#include "io/puzzle_input.hpp"
#include "model/error.hpp"
#include "search/count.hpp"
#include "search/search.hpp"

namespace {

constexpr const char* kUsage =
    "usage: piecewise count FILE [--problem N|NAME]\n"
    "       piecewise solve FILE [--problem N|NAME] [--limit N] [--unique] [--json]\n"
    "       piecewise validate FILE [--problem N|NAME]\n"
    "       piecewise convert FILE [--problem N|NAME] [--to piecewise|xmpuzzle|xml]\n"
    "\n"
    "count     prints {\"solutions\", \"unique\", \"symmetries\", \"nodes\", \"seconds\", ...} as one JSON object\n"
    "solve     prints solutions as ASCII art (or JSON with --json); --limit N stops after N solutions,\n"
    "          --unique prints one solution per symmetry class\n"
    "validate  checks the file against the piecewise/1 format and prints a summary\n"
    "convert   prints a BurrTools .xmpuzzle file as a piecewise/1 document, or (--to xmpuzzle) writes a\n"
    "          packing puzzle as an .xmpuzzle file (gzip) on stdout; --to xml writes its XML uncompressed\n"
    "\n"
    "FILE is a piecewise/1 document or a BurrTools .xmpuzzle file (recognised by content). --problem picks\n"
    "one problem of a BurrTools file (1 = the first); notes on what a conversion ignores go to stderr.\n";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string command;
  std::string file;
  std::string problem;  // BurrTools files: which problem
  std::string to;       // convert: piecewise, xmpuzzle or xml
  std::uint64_t limit = 0;  // 0: no limit
  bool unique = false;
  bool json = false;
};

std::uint64_t parseLimit(const std::string& text) {
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
    throw UsageError("--limit expects a positive integer, got '" + text + "'");
  const std::uint64_t value = std::stoull(text);
  if (value == 0) throw UsageError("--limit expects a positive integer, got 0");
  return value;
}

Options parseArguments(const std::vector<std::string>& args) {
  Options o;
  if (args.empty()) throw UsageError("missing command");
  o.command = args[0];
  if (o.command != "count" && o.command != "solve" && o.command != "validate" && o.command != "convert")
    throw UsageError("unknown command '" + o.command + "'");
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--limit") {
      if (i + 1 >= args.size()) throw UsageError("--limit needs a number");
      o.limit = parseLimit(args[++i]);
    } else if (a.rfind("--limit=", 0) == 0) {
      o.limit = parseLimit(a.substr(8));
    } else if (a == "--problem" || a == "--to") {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
      (a == "--to" ? o.to : o.problem) = args[++i];
    } else if (a.rfind("--problem=", 0) == 0) {
      o.problem = a.substr(10);
    } else if (a.rfind("--to=", 0) == 0) {
      o.to = a.substr(5);
    } else if (a == "--unique") {
      o.unique = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a.size() > 1 && a[0] == '-') {
      throw UsageError("unknown option '" + a + "'");
    } else if (o.file.empty()) {
      o.file = a;
    } else {
      throw UsageError("unexpected argument '" + a + "'");
    }
  }
  if (o.file.empty()) throw UsageError("missing FILE");
  if (o.command != "solve" && (o.limit || o.unique || o.json))
    throw UsageError("--limit, --unique and --json belong to solve");
  if (!o.to.empty() && o.command != "convert") throw UsageError("--to belongs to convert");
  if (!o.to.empty() && o.to != "piecewise" && o.to != "xmpuzzle" && o.to != "xml")
    throw UsageError("--to expects piecewise, xmpuzzle or xml, got '" + o.to + "'");
  return o;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int runCount(const pw::Puzzle& puzzle) {
  const auto start = std::chrono::steady_clock::now();
  auto search = pw::makeSearch(puzzle);
  const pw::Counts counts = pw::countAll(*search);
  const nlohmann::json out = {{"puzzle", puzzle.name},        {"kind", pw::kindName(puzzle)},
                              {"solutions", counts.solutions}, {"unique", counts.unique},
                              {"symmetries", counts.symmetries}, {"nodes", counts.nodes},
                              {"seconds", secondsSince(start)}};
  std::cout << out.dump() << "\n";
  return 0;
}

int runSolve(const pw::Puzzle& puzzle, const Options& o) {
  const auto start = std::chrono::steady_clock::now();
  auto search = pw::makeSearch(puzzle);
  std::uint64_t found = 0, unique = 0, shown = 0;
  nlohmann::json shownJson = nlohmann::json::array();
  const pw::SolutionSink sink = [&](const pw::Solution& s, bool representative) {
    ++found;
    if (representative) ++unique;
    if (o.unique && !representative) return true;
    ++shown;
    if (const auto problem = pw::checkSolution(puzzle, s))  // never expected: say so loudly
      throw std::logic_error("internal error: solution " + std::to_string(found) + " fails the checker: " + *problem);
    if (o.json) {
      shownJson.push_back(pw::solutionToJson(puzzle, s));
    } else {
      std::cout << "solution " << shown << (o.unique ? " (one per symmetry class)" : "") << "\n"
                << pw::renderText(puzzle, s) << "\n";
    }
    return o.limit == 0 || shown < o.limit;
  };
  bool done = false;
  while (!done && (o.limit == 0 || shown < o.limit)) done = search->advance(1u << 22, sink);
  const double seconds = secondsSince(start);
  if (o.json) {
    nlohmann::json out = {{"puzzle", puzzle.name}, {"kind", pw::kindName(puzzle)}, {"solutions", shownJson},
                          {"complete", done},      {"seconds", seconds}};
    if (done) out["counts"] = {{"solutions", found}, {"unique", unique}, {"symmetries", search->symmetryCount()}};
    std::cout << out.dump() << "\n";
  } else if (done) {
    std::cout << found << " solutions, " << unique << " unique (symmetry group of order " << search->symmetryCount()
              << "), " << seconds << " s\n";
  } else {
    std::cout << "stopped after " << shown << " solutions (--limit)\n";
  }
  return 0;
}

int runConvert(const pw::PuzzleInput& input, const Options& o) {
  const std::string to = o.to.empty() ? "piecewise" : o.to;
  if (to == "piecewise") {
    if (!input.converted) throw pw::PuzzleError(o.file + " is already a piecewise/1 document; use --to xmpuzzle to write it for BurrTools");
    std::cout << input.document;
  } else {
    const std::string bytes = to == "xml" ? pw::burrtools::xmpuzzleXml(input.puzzle) : pw::burrtools::writeXmpuzzle(input.puzzle);
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  std::cout.flush();
  return 0;
}

int runValidate(const pw::Puzzle& puzzle) {
  std::cout << "ok: " << pw::kindName(puzzle) << " puzzle '" << puzzle.name << "'\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h" || args[0] == "help")) {
    std::cout << kUsage;
    return 0;
  }
  try {
    const Options o = parseArguments(args);
    const pw::PuzzleInput input = pw::loadPuzzleInput(o.file, o.problem);
    for (const std::string& note : input.notes) std::cerr << "piecewise: note: " << note << "\n";
    const pw::Puzzle& puzzle = input.puzzle;
    if (o.command == "convert") return runConvert(input, o);
    if (o.command == "count") return runCount(puzzle);
    if (o.command == "solve") return runSolve(puzzle, o);
    return runValidate(puzzle);
  } catch (const UsageError& e) {
    std::cerr << "piecewise: " << e.what() << " (see piecewise --help)\n";
    return 2;
  } catch (const pw::PuzzleError& e) {
    std::cerr << "piecewise: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "piecewise: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "piecewise: " << e.what() << "\n";
    return 1;
  }
}
