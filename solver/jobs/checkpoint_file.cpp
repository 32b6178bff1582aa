#include "jobs/checkpoint_file.hpp"

#include <fcntl.h>
#include <unistd.h>
#if !defined(__EMSCRIPTEN__)
#include <sys/file.h>
#endif

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "jobs/fingerprint.hpp"
#include "text/display.hpp"
#include "text/line_reader.hpp"

namespace pw {

namespace {

constexpr int kVersion = 1;
constexpr const char* kKind = "piecewise count";
// A checkpoint's lines are a few hundred bytes; anything longer is some other file.
constexpr std::size_t kMaxLine = std::size_t{1} << 16;
// How the identity line begins (nlohmann::json writes keys in order): a torn first line that
// is a start of this is a torn identity, anything else some other file, never to be cut.
const std::string kHead = std::string("{\"checkpoint\":\"") + kKind + "\"";

std::string named(const std::string& path) { return text::shown(path, 200); }

CheckpointError notCheckpoint(const std::string& path, int line, const std::string& why) {
  return CheckpointError(named(path) + " line " + std::to_string(line) + ": " + why +
                         "; not a checkpoint of `piecewise count --checkpoint` (give a new file, or the one a count wrote)");
}

std::optional<std::uint64_t> whole(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number_unsigned()) return std::nullopt;
  return it->get<std::uint64_t>();
}

std::optional<std::string> textField(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

nlohmann::json parseLine(const std::string& path, int line, const std::string& text) {
  nlohmann::json object = nlohmann::json::parse(text, nullptr, false);
  if (!object.is_object()) throw notCheckpoint(path, line, "not a JSON object");
  return object;
}

CheckpointIdentity readIdentity(const std::string& path, const std::string& text) {
  const nlohmann::json o = parseLine(path, 1, text);
  const std::optional<std::string> kind = textField(o, "checkpoint"), puzzle = textField(o, "puzzle"),
                                   fingerprint = textField(o, "fingerprint"), split = textField(o, "split");
  const std::optional<std::uint64_t> version = whole(o, "version"), jobs = whole(o, "jobs"),
                                     symmetries = whole(o, "symmetries");
  const auto restricted = o.find("restricted");
  if (kind != kKind) throw notCheckpoint(path, 1, "no \"checkpoint\":\"piecewise count\"");
  if (version != static_cast<std::uint64_t>(kVersion))
    throw notCheckpoint(path, 1, "version " + text::shown(o.value("version", nlohmann::json()).dump()) +
                                     ", where this piecewise writes version " + std::to_string(kVersion));
  const std::optional<std::uint64_t> print = fingerprint ? readHexDigits(*fingerprint) : std::nullopt;
  if (!puzzle || !print || !split || !jobs || *jobs < 1 || *jobs > static_cast<std::uint64_t>(kMaxSplitJobs) ||
      !symmetries || *symmetries < 1 || *symmetries > 1000 || restricted == o.end() || !restricted->is_number_integer())
    throw notCheckpoint(path, 1, "the run's identity is incomplete");
  CheckpointIdentity id;
  id.puzzle = *puzzle;
  id.fingerprint = *print;
  id.restrictedType = restricted->get<int>();
  id.split = *split;
  id.jobs = static_cast<int>(*jobs);
  id.symmetries = static_cast<int>(*symmetries);
  return id;
}

CheckpointRecord readRecord(const std::string& path, int line, const std::string& text, int jobs) {
  const nlohmann::json o = parseLine(path, line, text);
  const std::optional<std::uint64_t> index = whole(o, "index"), solutions = whole(o, "solutions"),
                                     unique = whole(o, "unique"), nodes = whole(o, "nodes");
  const std::optional<std::string> job = textField(o, "job");
  if (!index || !job || !solutions || !unique || !nodes) throw notCheckpoint(path, line, "not a job's counts");
  if (*index < 1 || *index > static_cast<std::uint64_t>(jobs) || *unique > *solutions)
    throw notCheckpoint(path, line, "job " + std::to_string(*index) + " of " + std::to_string(jobs) + " has impossible counts");
  CheckpointRecord r;
  r.index = static_cast<int>(*index);
  r.job = *job;
  r.counts.solutions = *solutions;
  r.counts.unique = *unique;
  r.counts.nodes = *nodes;
  return r;
}

std::string identityLine(const CheckpointIdentity& id) {
  const nlohmann::json o = {{"checkpoint", kKind},    {"version", kVersion},
                            {"puzzle", id.puzzle},    {"fingerprint", hexDigits(id.fingerprint)},
                            {"restricted", id.restrictedType}, {"split", id.split},
                            {"jobs", id.jobs},        {"symmetries", id.symmetries}};
  return o.dump() + "\n";
}

std::string recordLine(const CheckpointRecord& r) {
  const nlohmann::json o = {{"index", r.index},
                            {"job", r.job},
                            {"solutions", r.counts.solutions},
                            {"unique", r.counts.unique},
                            {"nodes", r.counts.nodes}};
  return o.dump() + "\n";
}

std::string restrictedText(int type) {
  return type < 0 ? std::string("no restricted piece") : "restricted piece type " + std::to_string(type);
}

}  // namespace

CheckpointFile readCheckpoint(const std::string& path) {
  CheckpointFile file;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return file;
    throw CheckpointError("cannot read " + named(path) + ": " + std::strerror(errno));
  }
  text::LineReader lines(in, kMaxLine);
  std::string text;
  std::uint64_t bytes = 0;
  try {
    while (lines.next(text)) {
      if (!lines.complete()) {  // an append cut short: not written yet
        if (lines.lineNumber() == 1 && kHead.compare(0, std::min(text.size(), kHead.size()), text, 0, kHead.size()) != 0)
          throw notCheckpoint(path, 1, "it does not begin as a checkpoint does");
        break;
      }
      if (lines.lineNumber() == 1) file.identity = readIdentity(path, text);
      else file.records.push_back(readRecord(path, lines.lineNumber(), text, file.identity->jobs));
      bytes += text.size() + 1;
    }
  } catch (const text::LineTooLong& e) {
    throw notCheckpoint(path, e.line, "longer than a checkpoint's lines");
  }
  if (in.bad()) throw CheckpointError("cannot read " + named(path) + ": " + std::strerror(errno));
  file.wholeBytes = bytes;
  return file;
}

void checkCheckpoint(const std::string& path, const CheckpointFile& file, const CheckpointIdentity& run,
                     const Split& split) {
  if (!file.identity) return;
  const CheckpointIdentity& was = *file.identity;
  const std::string start = named(path) + " is the checkpoint of ";
  const std::string fresh = "; give another --checkpoint file, or delete this one to count from the start";
  if (was.fingerprint != run.fingerprint)
    throw CheckpointError(start + "another puzzle (\"" + text::shown(was.puzzle) + "\", fingerprint " +
                          hexDigits(was.fingerprint) + "; this is \"" + text::shown(run.puzzle) + "\", " +
                          hexDigits(run.fingerprint) + ")" + fresh);
  if (was.restrictedType != run.restrictedType)
    throw CheckpointError(start + "a count with other settings (" + restrictedText(was.restrictedType) + ", where this count has " +
                          restrictedText(run.restrictedType) + ")" + fresh);
  if (was.split != run.split || was.jobs != run.jobs)
    throw CheckpointError(start + "another split of the tree (split " + text::shown(was.split) + " of " +
                          std::to_string(was.jobs) + " jobs, this count's " + run.split + " of " + std::to_string(run.jobs) +
                          "): another version of piecewise, or another engine" + fresh);
  std::map<int, int> seen;  // index -> line
  int line = 1;
  for (const CheckpointRecord& r : file.records) {
    ++line;
    const std::string& job = jobText(split.jobs[static_cast<std::size_t>(r.index - 1)].job);
    if (r.job != job)
      throw notCheckpoint(path, line, "job " + std::to_string(r.index) + " is " + text::shown(job) +
                                          " in this count's split, not " + text::shown(r.job));
    if (const auto [it, first] = seen.emplace(r.index, line); !first)
      throw notCheckpoint(path, line, "job " + std::to_string(r.index) + " is there twice (also line " +
                                          std::to_string(it->second) + ")");
  }
}

CheckpointWriter::CheckpointWriter(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
  if (fd_ < 0) throw CheckpointError("cannot write " + named(path) + ": " + std::strerror(errno));
#if !defined(__EMSCRIPTEN__)  // Node's file system has no locks
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd_);
    if (error == EWOULDBLOCK)
      throw CheckpointError(named(path) + " is being written by another count running now; wait for it to end, or give "
                            "another --checkpoint file");
    throw CheckpointError("cannot lock " + named(path) + ": " + std::strerror(error));
  }
#endif
}

void CheckpointWriter::begin(const CheckpointFile& file, const CheckpointIdentity& run) {
  const off_t end = static_cast<off_t>(file.identity ? file.wholeBytes : 0);
  if (::ftruncate(fd_, end) != 0 || ::lseek(fd_, end, SEEK_SET) != end)
    throw CheckpointError("cannot write " + named(path_) + ": " + std::strerror(errno));
  if (!file.identity) {
    write(identityLine(run));
    sync();
  }
  synced_ = std::chrono::steady_clock::now();
}

CheckpointWriter::~CheckpointWriter() {
  ::fsync(fd_);
  ::close(fd_);
}

void CheckpointWriter::append(const CheckpointRecord& record) {
  write(recordLine(record));
  // A kill loses nothing written (the system holds it); a crash of the machine loses at most
  // the last second's jobs, without an fsync per job on the count's way.
  if (std::chrono::steady_clock::now() - synced_ >= std::chrono::seconds(1)) sync();
}

void CheckpointWriter::sync() {
  if (::fsync(fd_) != 0) throw CheckpointError("cannot write " + named(path_) + ": " + std::strerror(errno));
  synced_ = std::chrono::steady_clock::now();
}

void CheckpointWriter::write(const std::string& line) {
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw CheckpointError("cannot write " + named(path_) + ": " + std::strerror(errno));
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace pw
