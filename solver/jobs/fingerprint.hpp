// Fingerprints that tell whether job results belong together: a 64-bit FNV-1a hash of the
// puzzle (what the search depends on), and of the decisions on a path of the search tree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jobs/job_scope.hpp"
#include "model/puzzle.hpp"

namespace pw {

class Fingerprint {
 public:
  Fingerprint& add(std::int64_t value);
  Fingerprint& add(std::string_view text);  // with its length, so that "ab"+"c" != "a"+"bc"
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325u;
};

// Everything in the puzzle that changes its solutions or the search's tree; not its name,
// notes or piece names. A field added to the model that matters must be added here.
std::uint64_t puzzleFingerprint(const Puzzle& puzzle);

// The first `levels` steps of a path: branch numbers, branch counts and decisions.
std::uint64_t pathFingerprint(const std::vector<Step>& path, int levels);

// `digits` lowercase hex digits of the value's low bits.
std::string hexDigits(std::uint64_t value, int digits = 16);
// The value of exactly 16 lowercase hex digits (as hexDigits writes them), else nullopt.
std::optional<std::uint64_t> readHexDigits(std::string_view text);

}  // namespace pw
