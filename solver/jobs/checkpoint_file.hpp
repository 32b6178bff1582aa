// The file of `piecewise count FILE --checkpoint PATH`: JSON lines, the run's identity first, then
// one line for each job of the run's split as soon as all of it is counted:
//   {"checkpoint":"piecewise count","fingerprint":"…","jobs":1030,"puzzle":"Bedlam cube","restricted":0,"split":"c95b6c495e34","symmetries":24,"version":1}
//   {"index":12,"job":"0.0.12-20","nodes":16012,"solutions":432,"unique":18}
// Each line is appended by one write, so a kill leaves at most a torn last line with no newline:
// reading ignores it, and the next run cuts it off before appending. A run reads the file,
// checks that it is of the same puzzle, settings and split, counts the jobs it does not record
// and appends them.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "jobs/split.hpp"
#include "search/count.hpp"

namespace pw {

class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What makes a run's counts: the puzzle, the settings that shape its tree, the split.
struct CheckpointIdentity {
  std::string puzzle;              // its name, for messages
  std::uint64_t fingerprint = 0;   // puzzleFingerprint()
  int restrictedType = 0;          // SearchSettings::restrictedType of the search's settingsUsed()
  std::string split;               // the split's id (split.hpp): its jobs and their nodes
  int jobs = 0;                    // how many jobs the split has
  int symmetries = 1;              // the count's "symmetries", for a run that finds every job recorded
};

struct CheckpointRecord {
  int index = 0;  // 1-based, in the split
  std::string job;
  Counts counts;  // counts.symmetries unused
};

struct CheckpointFile {
  std::optional<CheckpointIdentity> identity;  // none: a new file, or one whose first line was torn
  std::vector<CheckpointRecord> records;
  std::uint64_t wholeBytes = 0;  // the whole lines; what follows is a torn append
};

// Reads PATH (no file: nothing recorded). Throws CheckpointError naming the line when the file
// is not a checkpoint (it is then never written to).
CheckpointFile readCheckpoint(const std::string& path);

// Throws CheckpointError naming what differs when `file` was written by another run than
// `run` (another puzzle, restricted piece or split) or records a job that is not `split`'s.
void checkCheckpoint(const std::string& path, const CheckpointFile& file, const CheckpointIdentity& run,
                     const Split& split);

// Appends to PATH. Opening it (created empty when missing) takes a lock, natively, so that a
// second count on the same file is refused while the first runs, before either reads it; begin()
// cuts a torn last line off and writes the identity when the file has none. Each record is one
// write(); the file is synced to disk after the identity, at most once a second after records,
// and when the writer closes.
class CheckpointWriter {
 public:
  explicit CheckpointWriter(const std::string& path);
  void begin(const CheckpointFile& file, const CheckpointIdentity& run);
  ~CheckpointWriter();
  CheckpointWriter(const CheckpointWriter&) = delete;
  CheckpointWriter& operator=(const CheckpointWriter&) = delete;

  void append(const CheckpointRecord& record);
  void sync();

 private:
  void write(const std::string& line);

  std::string path_;
  int fd_ = -1;
  std::chrono::steady_clock::time_point synced_;
};

}  // namespace pw
