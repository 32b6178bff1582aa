#include "cli/options.hpp"

#include <algorithm>

#include "jobs/split.hpp"
#include "text/display.hpp"

namespace cli {

const char* const kUsage =
    "usage: piecewise count FILE [--problem N|NAME] [--place P]... [--threads N] [--job LINE | --checkpoint PATH]\n"
    "                       [--progress] [--memo-mb N]\n"
    "       piecewise count FILE [--problem N|NAME] --disassemble [--disassembly-mb N]\n"
    "       piecewise split FILE [--problem N|NAME] [--place P]... --jobs N\n"
    "       piecewise merge < RESULTS\n"
    "       piecewise solve FILE [--problem N|NAME] [--place P]... [--from K [--threads N]] [--limit N] [--unique]\n"
    "                       [--json]\n"
    "       piecewise solve FILE [--problem N|NAME] --disassemble [--limit N] [--json] [--disassembly-mb N]\n"
    "       piecewise validate FILE [--problem N|NAME]\n"
    "       piecewise convert FILE [--problem N|NAME] [--to piecewise|xmpuzzle|xml]\n"
    "\n"
    "count     prints {\"solutions\", \"unique\", \"symmetries\", \"nodes\", \"seconds\", ...} as one JSON object;\n"
    "          --threads N counts on N threads (default: one per core), --job LINE counts only that job\n"
    "          (a line of `split`) and adds the job to the JSON, --checkpoint PATH appends each part of\n"
    "          the count to PATH as it is done and, run again after a stop or a kill, counts only the parts\n"
    "          PATH does not hold (a checkpoint of another puzzle or settings is refused), --progress\n"
    "          shows progress and the time left on stderr when it is a terminal, --memo-mb N bounds each\n"
    "          thread's memo of the packing search's subtree counts, and its table of region counts as\n"
    "          much again (default 4; 0 turns both off; all of them must fit in the machine's memory)\n"
    "          --disassemble: takes every assembly (one solution per symmetry class) apart by sliding\n"
    "          its pieces, as BurrTools does, and adds \"assemblies\" (the unique count) and \"solutions\"\n"
    "          (the assemblies that come apart completely); --disassembly-mb N bounds the memory of one\n"
    "          search for a separation (default 256)\n"
    "split     prints about N jobs (at least N when the puzzle has that many parts), one a line, that\n"
    "          together hold every solution once: count each with `count FILE --job LINE`, anywhere\n"
    "merge     reads the JSON lines of `count --job` for every job of one split and prints the whole\n"
    "          puzzle's counts, or says which jobs are missing, doubled or from elsewhere\n"
    "solve     prints solutions as ASCII art (or JSON with --json, written as they are found); --from K\n"
    "          starts at solution K (1 = the first) of the search's order, which counts the solutions before\n"
    "          it in bulk instead of visiting them, on N threads with --threads N (default: one per core);\n"
    "          --limit N stops after N solutions; --unique prints (and\n"
    "          numbers) one solution per symmetry class; --disassemble prints only the assemblies that\n"
    "          come apart (one per symmetry class), each with its level and moves\n"
    "validate  checks the file against the piecewise/1 format and prints a summary\n"
    "convert   prints a BurrTools .xmpuzzle file as a piecewise/1 document, or (--to xmpuzzle) writes a\n"
    "          packing puzzle as an .xmpuzzle file (gzip) on stdout; --to xml writes its XML uncompressed\n"
    "\n"
    "FILE is a piecewise/1 document or a BurrTools .xmpuzzle file (recognised by content). --problem picks\n"
    "one problem of a BurrTools file: the problem of that exact name, else the number (1 = the first), else\n"
    "a name in other letter case; --problem '#N' is always the N-th (a problem named \"2\" is --problem 2,\n"
    "the second problem then --problem '#2'). Notes on what a conversion ignores go to stderr.\n"
    "\n"
    "--place PIECE@x,y;x,y;...  (3D: x,y,z;...) forces a packing piece onto those board cells (x the column,\n"
    "          y the row, z the layer, from 0 at the document's first): count, split and solve then work on the\n"
    "          solutions that have it there, counted exactly (the cells leave the board, one copy of the piece\n"
    "          leaves the set; `unique` is up to the symmetries that keep the placed cells in place). Give it once\n"
    "          per piece placed. A piece not in the puzzle, cells off the board or taken, or cells that are not\n"
    "          the piece turned or mirrored as the puzzle allows are refused with one line.\n";

namespace {

constexpr int kMaxThreads = 4096;
constexpr std::uint64_t kMaxMemoMegabytes = std::uint64_t{1} << 20;  // a terabyte
constexpr std::uint64_t kMaxDisassemblyMegabytes = std::uint64_t{1} << 20;

std::uint64_t parseCount(const std::string& option, const std::string& text, std::uint64_t max, std::uint64_t least = 1) {
  const auto bad = [&] {
    return UsageError(option + " expects an integer from " + std::to_string(least) + " to " + std::to_string(max) + ", got '" +
                      pw::text::shown(text) + "'");
  };
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) throw bad();
  const std::uint64_t value = std::stoull(text);
  if (value < least || value > max) throw bad();
  return value;
}

// Which commands take which options.
bool belongs(const std::string& option, const std::string& command) {
  if (option == "--problem") return command != "merge";
  if (option == "--place") return command == "count" || command == "split" || command == "solve";
  if (option == "--to") return command == "convert";
  if (option == "--from" || option == "--limit" || option == "--unique" || option == "--json") return command == "solve";
  if (option == "--disassemble" || option == "--disassembly-mb") return command == "solve" || command == "count";
  if (option == "--threads") return command == "count" || command == "solve";
  if (option == "--job" || option == "--checkpoint" || option == "--progress" || option == "--memo-mb")
    return command == "count";
  if (option == "--jobs") return command == "split";
  return false;
}

}  // namespace

Options parseArguments(const std::vector<std::string>& args) {
  Options o;
  if (args.empty()) throw UsageError("missing command");
  o.command = args[0];
  static const char* const kCommands[] = {"count", "split", "merge", "solve", "validate", "convert"};
  if (std::find(std::begin(kCommands), std::end(kCommands), o.command) == std::end(kCommands))
    throw UsageError("unknown command '" + pw::text::shown(o.command) + "'");
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string option = args[i];
    std::optional<std::string> value;
    if (const std::size_t eq = option.find('='); option.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = option.substr(eq + 1);
      option = option.substr(0, eq);
    }
    if (option.size() > 1 && option[0] == '-') {
      const bool flag = option == "--unique" || option == "--json" || option == "--progress" || option == "--disassemble";
      const bool known = flag || option == "--from" || option == "--limit" || option == "--threads" || option == "--job" ||
                         option == "--jobs" || option == "--memo-mb" || option == "--problem" || option == "--to" ||
                         option == "--checkpoint" || option == "--place" || option == "--disassembly-mb";
      if (!known) throw UsageError("unknown option '" + pw::text::shown(option) + "'");
      if (!belongs(option, o.command)) throw UsageError(option + " does not belong to " + o.command);
      if (flag && value) throw UsageError(option + " takes no value");
      if (!flag && !value) {
        if (i + 1 >= args.size()) throw UsageError(option + " needs a value");
        value = args[++i];
      }
      if (option == "--from") o.from = parseCount(option, *value, 999'999'999'999'999'999u);
      else if (option == "--limit") o.limit = parseCount(option, *value, 999'999'999'999'999'999u);
      else if (option == "--threads") o.threads = static_cast<int>(parseCount(option, *value, kMaxThreads));
      else if (option == "--memo-mb") o.memoMegabytes = parseCount(option, *value, kMaxMemoMegabytes, 0);  // 0: no memo
      else if (option == "--disassembly-mb") o.disassemblyMegabytes = parseCount(option, *value, kMaxDisassemblyMegabytes);
      else if (option == "--jobs") o.jobs = static_cast<int>(parseCount(option, *value, pw::kMaxSplitJobs));
      else if (option == "--job") o.job = *value;
      else if (option == "--checkpoint") o.checkpoint = *value;
      else if (option == "--problem") o.problem = *value;
      else if (option == "--place") o.places.push_back(*value);
      else if (option == "--to") o.to = *value;
      else if (option == "--unique") o.unique = true;
      else if (option == "--json") o.json = true;
      else if (option == "--disassemble") o.disassemble = true;
      else o.progress = true;
    } else if (o.file.empty() && o.command != "merge") {
      o.file = option;
    } else {
      throw UsageError("unexpected argument '" + pw::text::shown(args[i]) + "'");
    }
  }
  if (o.file.empty() && o.command != "merge") throw UsageError("missing FILE");
  if (o.command == "split" && o.jobs == 0) throw UsageError("split needs --jobs N");
  if (o.job && o.checkpoint) throw UsageError("--checkpoint counts the whole puzzle; it does not go with --job");
  if (o.checkpoint && o.checkpoint->empty()) throw UsageError("--checkpoint needs a file name");
  if (o.disassemble && (o.job || o.checkpoint)) throw UsageError("--disassemble takes the whole puzzle, without --job or --checkpoint");
  if (o.disassemble && o.unique) throw UsageError("--disassemble already shows one solution per symmetry class; drop --unique");
  if (o.disassemble && o.from != 1) throw UsageError("--disassemble does not go with --from");
  if (o.command == "solve" && o.disassemble && o.threads) throw UsageError("solve --disassemble runs on one thread; drop --threads");
  if (!o.disassemble && o.disassemblyMegabytes) throw UsageError("--disassembly-mb needs --disassemble");
  if (o.disassemble && !o.places.empty()) throw UsageError("--disassemble takes the puzzle as it is, without --place");
  if (!o.to.empty() && o.to != "piecewise" && o.to != "xmpuzzle" && o.to != "xml")
    throw UsageError("--to expects piecewise, xmpuzzle or xml, got '" + pw::text::shown(o.to) + "'");
  return o;
}

}  // namespace cli
