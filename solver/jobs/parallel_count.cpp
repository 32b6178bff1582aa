#include "jobs/parallel_count.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

namespace pw {

namespace {

using Clock = std::chrono::steady_clock;

// Nodes per slice: small enough that an idle thread gets work within milliseconds, large
// enough that the checks between slices cost nothing measurable.
constexpr std::uint64_t kSlice = 1u << 12;

class Pool {
 public:
  Pool(const SearchFactory& make, const std::vector<Job>& jobs, const CountSettings& settings)
      : make_(make), settings_(settings), started_(Clock::now()), listed_(jobs.size()) {
    for (std::size_t i = 0; i < jobs.size(); ++i) queue_.push_back({jobs[i], 1.0 / static_cast<double>(jobs.size()), i});
  }

  JobCount run() {
    const int wanted = std::max(1, settings_.threads);
    slots_.resize(static_cast<std::size_t>(wanted));
    std::vector<std::thread> threads;
    if (wanted > 1) {
      for (int i = 0; i < wanted; ++i) {
        try {
          threads.emplace_back([this, i] { work(i); });
        } catch (const std::system_error&) {
          break;  // a platform without threads (WebAssembly without pthreads): run on fewer
        }
      }
    }
    if (threads.empty()) {
      inline_ = true;
      work(0);
    } else {
      std::unique_lock lock(mutex_);
      while (!over_) {
        ended_.wait_for(lock, std::chrono::duration<double>(settings_.progressSeconds));
        if (!over_ && settings_.progress) {
          const CountProgress now = progressLocked();
          lock.unlock();
          settings_.progress(now);
          lock.lock();
        }
      }
    }
    for (std::thread& t : threads) t.join();
    if (error_) std::rethrow_exception(error_);
    JobCount result;
    result.counts = total_;
    result.threads = threads.empty() ? 1 : static_cast<int>(threads.size());
    result.parts = parts_;
    return result;
  }

 private:
  struct Task {
    Job job;
    double weight = 1;       // share of the whole count it stands for
    std::size_t listed = 0;  // the job of the list it is (a part of)
  };
  // A job of the list: its parts not counted yet, and the counts of those that are.
  struct Listed {
    int partsLeft = 1;
    Counts counts;
    bool whole = true;  // no part stopped at settings_.enough
  };
  // What a running task shows the others, under the mutex.
  struct Slot {
    std::size_t listed = 0;
    double weight = 0;
    double fraction = 0;
    std::uint64_t nodes = 0, solutions = 0;
    bool busy = false;
  };

  void work(int slot) {
    std::unique_ptr<Search> search;  // built for this thread's first part, restarted for the others
    for (;;) {
      Task task;
      {
        std::unique_lock lock(mutex_);
        ++waiting_;
        hungry_.store(waiting_, std::memory_order_relaxed);
        wake_.wait(lock, [&] { return over_ || !queue_.empty() || running_ == 0; });
        --waiting_;
        hungry_.store(waiting_, std::memory_order_relaxed);
        if (over_ || queue_.empty()) {
          finishLocked();
          return;
        }
        task = std::move(queue_.front());
        queue_.pop_front();
        ++running_;
        slots_[slot] = {task.listed, task.weight, 0, 0, 0, true};
      }
      Counts counts;
      bool whole = true;
      try {
        if (!search) search = make_();
        counts = runTask(slot, task, *search, whole);
      } catch (...) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
        --running_;
        finishLocked();
        return;
      }
      std::optional<Counts> listedDone;  // all of the task's listed job is counted
      bool listedWhole = true;
      {
        std::lock_guard lock(mutex_);
        --running_;
        ++parts_;
        doneWeight_ += slots_[slot].weight;
        slots_[slot] = {};
        add(total_, counts);
        Listed& listed = listed_[task.listed];
        add(listed.counts, counts);
        listed.whole = listed.whole && whole;
        if (--listed.partsLeft == 0) {
          listedDone = listed.counts;
          listedWhole = listed.whole;
        }
        if (running_ == 0 && queue_.empty()) finishLocked();
      }
      if (listedDone && settings_.jobFinished) {
        try {
          std::lock_guard reporting(reporting_);
          settings_.jobFinished(task.listed, *listedDone, listedWhole);
        } catch (...) {
          std::lock_guard lock(mutex_);
          if (!error_) error_ = std::current_exception();
          finishLocked();
          return;
        }
      }
    }
  }

  static void add(Counts& sum, const Counts& part) {
    sum.solutions += part.solutions;
    sum.unique += part.unique;
    sum.nodes += part.nodes;
    sum.symmetries = part.symmetries;
  }

  void finishLocked() {
    over_ = true;
    stopping_.store(true, std::memory_order_relaxed);
    wake_.notify_all();
    ended_.notify_all();
  }

  // Counts the task's job on the thread's search; its memo, warm from the thread's earlier
  // parts, stays for the next ones. `whole` turns false when it stops at settings_.enough.
  Counts runTask(int slot, const Task& task, Search& search, bool& whole) {
    search.restart(task.job);
    const std::uint64_t before = search.nodes();  // nodes() counts over every restart
    Counts counts;
    SolutionTally tally;
    auto lastReport = Clock::now();
    while (!search.advanceCounting(kSlice, tally)) {
      if (stopping_.load(std::memory_order_relaxed)) break;  // another thread failed
      if (settings_.enough && settings_.enough(tally)) {
        whole = false;
        break;
      }
      if (hungry_.load(std::memory_order_relaxed) > 0) offerWork(slot, search);
      if (settings_.progress) {
        const double fraction = search.fractionDone();
        std::lock_guard lock(mutex_);
        slots_[slot].fraction = fraction;
        slots_[slot].nodes = search.nodes() - before;
        slots_[slot].solutions = tally.solutions;
        if (inline_ && Clock::now() - lastReport >= std::chrono::duration<double>(settings_.progressSeconds)) {
          lastReport = Clock::now();
          settings_.progress(progressLocked());
        }
      }
    }
    counts.solutions = tally.solutions;
    counts.unique = tally.unique;
    // Only the job's own nodes: the walk down to it takes one branch per level above its last.
    const std::uint64_t nodes = search.nodes() - before;
    counts.nodes = nodes - std::min<std::uint64_t>(nodes, task.job.levels.size() - (task.job.levels.empty() ? 0 : 1));
    counts.symmetries = search.symmetryCount();
    return counts;
  }

  void offerWork(int slot, Search& search) {
    std::lock_guard lock(mutex_);
    if (waiting_ == 0 || !queue_.empty()) return;
    std::optional<Donation> donation = search.donate();
    if (!donation) return;
    const double weight = slots_[slot].weight;
    const std::size_t listed = slots_[slot].listed;
    queue_.push_back({std::move(donation->job), weight * donation->share, listed});
    ++listed_[listed].partsLeft;
    slots_[slot].weight = weight * (1 - donation->share);
    wake_.notify_one();
  }

  CountProgress progressLocked() const {
    CountProgress p;
    p.fraction = doneWeight_;
    p.nodes = total_.nodes;
    p.solutions = total_.solutions;
    p.partsDone = parts_;
    for (const Slot& s : slots_) {
      if (!s.busy) continue;
      p.fraction += s.weight * s.fraction;
      p.nodes += s.nodes;
      p.solutions += s.solutions;
      ++p.partsRunning;
    }
    p.fraction = std::min(p.fraction, 1.0);
    p.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    return p;
  }

  const SearchFactory& make_;
  const CountSettings& settings_;
  const Clock::time_point started_;
  bool inline_ = false;  // no thread could start: the calling thread works and reports

  std::mutex mutex_;
  std::mutex reporting_;  // one jobFinished call at a time, outside mutex_
  std::condition_variable wake_;   // workers: a task queued, or the end
  std::condition_variable ended_;  // the calling thread: the end
  std::deque<Task> queue_;
  std::vector<Listed> listed_;
  std::vector<Slot> slots_;
  int running_ = 0, waiting_ = 0, parts_ = 0;
  bool over_ = false;
  std::exception_ptr error_;
  Counts total_;
  double doneWeight_ = 0;
  std::atomic<int> hungry_{0};          // waiting_, read between slices without the lock
  std::atomic<bool> stopping_{false};   // over_, likewise
};

}  // namespace

JobCount countJob(const SearchFactory& make, const Job& job, const CountSettings& settings) {
  return Pool(make, {job}, settings).run();
}

JobCount countJobs(const SearchFactory& make, const std::vector<Job>& jobs, const CountSettings& settings) {
  return Pool(make, jobs, settings).run();
}

}  // namespace pw
