#include "jobs/job_results.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jobs/fingerprint.hpp"
#include "jobs/split.hpp"
#include "text/display.hpp"
#include "text/line_reader.hpp"

namespace pw {

void addJobFields(nlohmann::json& out, const JobLine& line, std::uint64_t puzzleFingerprint, std::uint64_t node) {
  out["job"] = jobText(line.job);
  out["fingerprint"] = hexDigits(puzzleFingerprint);
  out["node"] = hexDigits(node);
  if (!line.split.empty()) {
    out["split"] = line.split;
    out["index"] = line.index;
    out["jobs"] = line.count;
  }
}

namespace {

// One job's result, read and checked field by field.
struct Result {
  int lineNumber = 0;
  std::string split, fingerprint, node, job, puzzle, kind;
  int index = 0, jobs = 0, symmetries = 0;
  std::uint64_t solutions = 0, unique = 0, nodes = 0;
  double seconds = 0;
};

std::string at(int lineNumber) { return "line " + std::to_string(lineNumber) + ": "; }

// A value as the message shows it: its JSON, cut short.
std::string shown(const nlohmann::json& value) { return text::shown(value.dump(), 40); }

MergeError missing(const char* key, int lineNumber) {
  return MergeError(at(lineNumber) + "no \"" + key + "\"; merge reads what `piecewise count FILE --job LINE` prints, " +
                    "LINE being a line of `piecewise split`");
}

template <typename T>
T field(const nlohmann::json& object, const char* key, int lineNumber) {
  const auto it = object.find(key);
  if (it == object.end()) throw missing(key, lineNumber);
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw MergeError(at(lineNumber) + "\"" + key + "\" has the wrong type");
  }
}

// A count: a JSON integer from 0 to `most` (no sign, no fraction, no exponent, nothing
// rounded), so that a damaged or hand-edited result cannot pass as another number.
std::uint64_t countField(const nlohmann::json& object, const char* key, int lineNumber,
                         std::uint64_t most = UINT64_MAX) {
  const auto it = object.find(key);
  if (it == object.end()) throw missing(key, lineNumber);
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() > most)
    throw MergeError(at(lineNumber) + "\"" + key + "\" is " + shown(*it) + "; expected a whole number from 0 to " +
                     std::to_string(most));
  return it->get<std::uint64_t>();
}

Result readResult(const std::string& text, int lineNumber) {
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(text);
  } catch (const nlohmann::json::out_of_range&) {
    throw MergeError(at(lineNumber) + "a number too large for JSON's numbers (each line must be the output of "
                     "`piecewise count FILE --job LINE`)");
  } catch (const nlohmann::json::exception&) {
    throw MergeError(at(lineNumber) + "not JSON (each line must be the output of `piecewise count FILE --job LINE`)");
  }
  if (!object.is_object()) throw MergeError(at(lineNumber) + "not a JSON object");
  Result r;
  r.lineNumber = lineNumber;
  r.split = field<std::string>(object, "split", lineNumber);
  r.index = static_cast<int>(countField(object, "index", lineNumber, kMaxSplitJobs));
  r.jobs = static_cast<int>(countField(object, "jobs", lineNumber, kMaxSplitJobs));
  r.job = field<std::string>(object, "job", lineNumber);
  r.fingerprint = field<std::string>(object, "fingerprint", lineNumber);
  r.node = field<std::string>(object, "node", lineNumber);
  r.puzzle = field<std::string>(object, "puzzle", lineNumber);
  r.kind = field<std::string>(object, "kind", lineNumber);
  r.solutions = countField(object, "solutions", lineNumber);
  r.unique = countField(object, "unique", lineNumber);
  r.nodes = countField(object, "nodes", lineNumber);
  r.symmetries = static_cast<int>(countField(object, "symmetries", lineNumber, INT_MAX));
  r.seconds = field<double>(object, "seconds", lineNumber);
  if (r.unique > r.solutions)
    throw MergeError(at(lineNumber) + "job " + std::to_string(r.index) + " has more unique solutions (" +
                     std::to_string(r.unique) + ") than solutions (" + std::to_string(r.solutions) + ")");
  if (r.symmetries < 1) throw MergeError(at(lineNumber) + "\"symmetries\" is 0; a puzzle has at least one (the identity)");
  if (!std::isfinite(r.seconds) || r.seconds < 0)
    throw MergeError(at(lineNumber) + "\"seconds\" is " + shown(object.at("seconds")) + "; expected a time of 0 or more");
  if (r.jobs < 1 || r.index < 1 || r.index > r.jobs)
    throw MergeError(at(lineNumber) + "job number " + std::to_string(r.index) + " of " + std::to_string(r.jobs) +
                     " is out of range");
  return r;
}

std::string name(const Result& r) {
  return std::to_string(r.index) + "of" + std::to_string(r.jobs) + " (" + text::shown(r.job) + ")";
}

std::uint64_t parseHex(const std::string& text, int lineNumber, const char* key) {
  const std::optional<std::uint64_t> value = readHexDigits(text);
  if (!value) throw MergeError(at(lineNumber) + "\"" + key + "\" is not 16 hex digits");
  return *value;
}

void addChecked(std::uint64_t& sum, std::uint64_t value, const char* what) {
  if (sum + value < sum) throw MergeError(std::string("the ") + what + " add up to more than 2^64");
  sum += value;
}

}  // namespace

nlohmann::json mergeJobResults(std::istream& in) {
  std::map<int, Result> byIndex;
  const Result* first = nullptr;
  std::string text;
  text::LineReader lines(in, kMaxResultLine);
  for (;;) {
    try {
      if (!lines.next(text)) break;
    } catch (const text::LineTooLong& e) {
      throw MergeError(std::string(e.what()) + "; merge reads one result of `piecewise count FILE --job LINE` a line " +
                       "(a few hundred bytes)");
    }
    const int lineNumber = lines.lineNumber();
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    Result r = readResult(text, lineNumber);
    if (first) {
      if (r.split != first->split || r.jobs != first->jobs)
        throw MergeError(at(lineNumber) + "job " + name(r) + " is from split " + text::shown(r.split) + " of " +
                         std::to_string(r.jobs) + " jobs, line " + std::to_string(first->lineNumber) + " from split " +
                         text::shown(first->split) + " of " +
                         std::to_string(first->jobs) + ": only the jobs of one split add up to the puzzle");
      if (r.fingerprint != first->fingerprint)
        throw MergeError(at(lineNumber) + "job " + name(r) + " was counted on another puzzle than line " +
                         std::to_string(first->lineNumber) + " (puzzle fingerprints " + text::shown(r.fingerprint) +
                         " and " + text::shown(first->fingerprint) + ")");
    }
    const auto [it, fresh] = byIndex.emplace(r.index, r);
    if (!fresh)
      throw MergeError(at(lineNumber) + "job " + name(r) + " is there twice (also line " +
                       std::to_string(it->second.lineNumber) + "): each job must be counted once");
    if (!first) first = &it->second;
  }
  if (!first) throw MergeError("no results on standard input");

  const int jobs = first->jobs;
  if (static_cast<int>(byIndex.size()) != jobs) {
    std::vector<std::string> missing;
    for (int i = 1; i <= jobs; ++i)
      if (!byIndex.count(i)) missing.push_back(std::to_string(i) + "of" + std::to_string(jobs));
    throw MergeError(std::to_string(missing.size()) + " of " + std::to_string(jobs) + " jobs of split " +
                     text::shown(first->split) + " have no result: " + text::listed(missing));
  }

  // The split's id is a fingerprint of the puzzle and of every job and its node: recomputed
  // from the results, it tells whether they are the split's own jobs counted on its tree.
  std::vector<SplitJob> listed;
  for (const auto& [index, r] : byIndex) {
    try {
      listed.push_back({parseJob(r.job), parseHex(r.node, r.lineNumber, "node")});
    } catch (const JobError& e) {
      throw MergeError(at(r.lineNumber) + e.what());
    }
  }
  if (splitId(parseHex(first->fingerprint, first->lineNumber, "fingerprint"), listed) != first->split)
    throw MergeError("the results do not match split " + text::shown(first->split) +
                     ": its jobs were changed, or counted on another puzzle or by a version of piecewise that searches "
                     "another tree; split and count again with one version");

  std::uint64_t solutions = 0, unique = 0, nodes = 0;
  double seconds = 0;
  for (const auto& [index, r] : byIndex) {
    if (r.symmetries != first->symmetries || r.kind != first->kind || r.puzzle != first->puzzle)
      throw MergeError(at(r.lineNumber) + "job " + name(r) + " disagrees with line " + std::to_string(first->lineNumber) +
                       " on the puzzle's name, kind or symmetries");
    addChecked(solutions, r.solutions, "solutions");
    addChecked(unique, r.unique, "unique solutions");
    addChecked(nodes, r.nodes, "nodes");
    seconds += r.seconds;
  }
  return {{"puzzle", first->puzzle}, {"kind", first->kind},           {"solutions", solutions},
          {"unique", unique},        {"symmetries", first->symmetries}, {"nodes", nodes},
          {"seconds", seconds},      {"jobs", jobs},                    {"split", first->split}};
}

}  // namespace pw
