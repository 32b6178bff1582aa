// A job's result as `piecewise count --job` prints it, and `piecewise merge`: the results of
// all the jobs of one split, added up, or a message saying why they do not cover the puzzle
// exactly once (a job missing or there twice, results from another split or puzzle, or from
// a version of the search with another tree).
#pragma once

#include <cstdint>
#include <istream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "jobs/job.hpp"

namespace pw {

// Adds the fields that identify the job to a count's JSON: "job", "fingerprint" (the
// puzzle's), "node" (the job's node's) and, for a line of a split, "split", "index", "jobs".
void addJobFields(nlohmann::json& out, const JobLine& line, std::uint64_t puzzleFingerprint, std::uint64_t node);

class MergeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Longest line merge reads: a result is a few hundred bytes (names are at most 200 characters).
inline constexpr std::size_t kMaxResultLine = std::size_t{1} << 20;

// Reads one JSON object per line (blank lines ignored; a line over kMaxResultLine is refused
// before more of it is read) and returns the whole puzzle's
// counts: {"puzzle", "kind", "solutions", "unique", "symmetries", "nodes", "seconds" (the
// jobs' own, added), "jobs", "split"}. Throws MergeError with a one-line message.
nlohmann::json mergeJobResults(std::istream& in);

}  // namespace pw
