#include "jobs/job_results.hpp"

#include <map>
#include <string>
#include <vector>

#include "jobs/fingerprint.hpp"
#include "jobs/split.hpp"

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

template <typename T>
T field(const nlohmann::json& object, const char* key, int lineNumber) {
  const auto it = object.find(key);
  if (it == object.end())
    throw MergeError(at(lineNumber) + "no \"" + key + "\"; merge reads what `piecewise count FILE --job LINE` prints, " +
                     "LINE being a line of `piecewise split`");
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw MergeError(at(lineNumber) + "\"" + key + "\" has the wrong type");
  }
}

Result readResult(const std::string& text, int lineNumber) {
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error&) {
    throw MergeError(at(lineNumber) + "not JSON (each line must be the output of `piecewise count FILE --job LINE`)");
  }
  if (!object.is_object()) throw MergeError(at(lineNumber) + "not a JSON object");
  Result r;
  r.lineNumber = lineNumber;
  r.split = field<std::string>(object, "split", lineNumber);
  r.index = field<int>(object, "index", lineNumber);
  r.jobs = field<int>(object, "jobs", lineNumber);
  r.job = field<std::string>(object, "job", lineNumber);
  r.fingerprint = field<std::string>(object, "fingerprint", lineNumber);
  r.node = field<std::string>(object, "node", lineNumber);
  r.puzzle = field<std::string>(object, "puzzle", lineNumber);
  r.kind = field<std::string>(object, "kind", lineNumber);
  r.solutions = field<std::uint64_t>(object, "solutions", lineNumber);
  r.unique = field<std::uint64_t>(object, "unique", lineNumber);
  r.nodes = field<std::uint64_t>(object, "nodes", lineNumber);
  r.symmetries = field<int>(object, "symmetries", lineNumber);
  r.seconds = field<double>(object, "seconds", lineNumber);
  if (r.jobs < 1 || r.index < 1 || r.index > r.jobs)
    throw MergeError(at(lineNumber) + "job number " + std::to_string(r.index) + " of " + std::to_string(r.jobs) +
                     " is out of range");
  return r;
}

std::string name(const Result& r) { return std::to_string(r.index) + "of" + std::to_string(r.jobs) + " (" + r.job + ")"; }

std::uint64_t parseHex(const std::string& text, int lineNumber, const char* key) {
  if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw MergeError(at(lineNumber) + "\"" + key + "\" is not 16 hex digits");
  return std::stoull(text, nullptr, 16);
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
  int lineNumber = 0;
  while (std::getline(in, text)) {
    ++lineNumber;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    Result r = readResult(text, lineNumber);
    if (first) {
      if (r.split != first->split || r.jobs != first->jobs)
        throw MergeError(at(lineNumber) + "job " + name(r) + " is from split " + r.split + " of " + std::to_string(r.jobs) +
                         " jobs, line " + std::to_string(first->lineNumber) + " from split " + first->split + " of " +
                         std::to_string(first->jobs) + ": only the jobs of one split add up to the puzzle");
      if (r.fingerprint != first->fingerprint)
        throw MergeError(at(lineNumber) + "job " + name(r) + " was counted on another puzzle than line " +
                         std::to_string(first->lineNumber) + " (puzzle fingerprints " + r.fingerprint + " and " +
                         first->fingerprint + ")");
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
    std::string missing;
    int shown = 0, absent = 0;
    for (int i = 1; i <= jobs; ++i) {
      if (byIndex.count(i)) continue;
      if (++absent <= 10) missing += (shown++ ? ", " : "") + std::to_string(i) + "of" + std::to_string(jobs);
    }
    if (absent > 10) missing += ", ...";
    throw MergeError(std::to_string(absent) + " of " + std::to_string(jobs) + " jobs of split " + first->split +
                     " have no result: " + missing);
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
    throw MergeError("the results do not match split " + first->split +
                     ": its jobs were changed, or counted on another puzzle or by a version of piecewise that searches "
                     "another tree; split and count again with one version");

  std::uint64_t solutions = 0, unique = 0, nodes = 0;
  double seconds = 0;
  for (const auto& [index, r] : byIndex) {
    if (r.symmetries != first->symmetries || r.kind != first->kind)
      throw MergeError(at(r.lineNumber) + "job " + name(r) + " disagrees with line " + std::to_string(first->lineNumber) +
                       " on the puzzle's kind or symmetries");
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
