#include "common/batch.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace nonet::app {
namespace {

// A group of puzzles read together and written together.
struct Group {
  std::vector<InputItem> items;
  std::vector<std::string> answers, notes;
  std::vector<char> ok, complete;
  std::size_t next = 0;      // first item no thread has taken (guarded by the batch mutex)
  std::size_t finished = 0;  // items whose job returned (guarded by the batch mutex)

  explicit Group(std::vector<InputItem> read)
      : items(std::move(read)),
        answers(items.size()),
        notes(items.size()),
        ok(items.size(), 1),
        complete(items.size(), 0) {}
  bool done() const { return finished == items.size(); }
};

// Writes a group's answers up to its first incomplete one; returns how many,
// or 0 when the output failed.
std::size_t write_group(const Group& g, OutputWriter& output, Progress& progress,
                        BatchSummary& summary, std::string& joined) {
  std::size_t done = 0;
  while (done < g.items.size() && g.complete[done]) ++done;
  joined.clear();
  for (std::size_t i = 0; i < done; ++i) joined += g.answers[i];
  if (!output.write(joined)) {
    summary.output_failed = output.failed();
    return 0;
  }
  for (std::size_t i = 0; i < done; ++i) summary.failures += g.ok[i] ? 0 : 1;
  summary.puzzles += done;
  progress.add(done);
  joined.clear();
  for (std::size_t i = 0; i < done; ++i) joined += g.notes[i];
  if (!joined.empty()) progress.message(joined);
  return done;
}

}  // namespace

BatchSummary run_batch(PuzzleInput& input, int threads, const std::function<PuzzleJob()>& make_job,
                       OutputWriter& output, Progress& progress, const std::atomic<bool>* cancel) {
  threads = std::max(1, threads);
  std::vector<PuzzleJob> jobs;
  for (int t = 0; t < threads; ++t) jobs.push_back(make_job());
  const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  if (cancel) input.set_cancel(cancel);
  BatchSummary summary;
  std::string joined;

  // Runs one item; it is complete unless the cancel flag came first or cut it short.
  const auto run_one = [&](PuzzleJob& job, Group& g, std::size_t i) {
    if (cancelled()) return;
    const JobResult r = job(g.items[i], g.answers[i], g.notes[i]);
    g.ok[i] = r.ok;
    g.complete[i] = !r.cut_short;
  };

  if (threads == 1) {
    // Groups big enough that the flush is lost in the noise; read after
    // writing, so answers never wait for more input.
    std::vector<InputItem> items;
    while (!cancelled() && input.read(items, 2048)) {
      Group g(std::move(items));
      items = {};
      for (std::size_t i = 0; i < g.items.size() && !cancelled(); ++i) run_one(jobs[0], g, i);
      if (write_group(g, output, progress, summary, joined) < g.items.size()) break;
    }
    summary.cancelled = cancelled();
    return summary;
  }

  // Several threads: the helpers take puzzles one at a time (they vary a lot in
  // cost) from the oldest group with any left, without waiting at group ends;
  // this thread reads and parses the next groups, writes finished ones in order,
  // and solves too when there is nothing else to do. Reading stays a group or
  // two ahead, so parsing and writing overlap the solving.
  constexpr std::size_t kGroup = 1024;
  constexpr std::size_t kAhead = 3;  // groups in flight
  std::mutex mutex;
  std::condition_variable wake_helpers, wake_main;
  std::deque<std::unique_ptr<Group>> groups;
  bool input_done = false, stop = false;

  // Takes the next item of the oldest group that has one (mutex held).
  const auto take = [&](Group*& g, std::size_t& i) {
    for (auto& p : groups) {
      if (p->next < p->items.size()) {
        g = p.get();
        i = p->next++;
        return true;
      }
    }
    return false;
  };
  const auto finish = [&](Group* g) {
    std::lock_guard lock(mutex);
    if (++g->finished == g->items.size()) wake_main.notify_one();
  };
  auto helper = [&](int t) {
    for (;;) {
      Group* g = nullptr;
      std::size_t i = 0;
      {
        std::unique_lock lock(mutex);
        wake_helpers.wait(lock, [&] { return stop || take(g, i); });
        if (!g) return;
      }
      run_one(jobs[static_cast<std::size_t>(t)], *g, i);
      finish(g);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(helper, t);

  bool cut_short = false;
  for (;;) {
    std::unique_lock lock(mutex);
    // Write every finished group at the front, in order.
    while (!groups.empty() && groups.front()->done()) {
      std::unique_ptr<Group> g = std::move(groups.front());
      groups.pop_front();
      lock.unlock();
      if (write_group(*g, output, progress, summary, joined) < g->items.size()) cut_short = true;
      lock.lock();
      if (cut_short) break;
    }
    if (cut_short || (input_done && groups.empty())) break;
    if (cancelled()) {
      // No new puzzle starts; wait for the running ones, then write what is complete.
      if (groups.empty()) break;
      for (auto& p : groups) {
        p->finished += p->items.size() - p->next;
        p->next = p->items.size();
      }
      wake_main.wait(lock, [&] {
        return std::all_of(groups.begin(), groups.end(), [](const auto& p) { return p->done(); });
      });
      continue;
    }
    if (!input_done && groups.size() < kAhead) {
      lock.unlock();
      std::vector<InputItem> items;
      const bool got = !cancelled() && input.read(items, kGroup);
      lock.lock();
      if (got) {
        groups.push_back(std::make_unique<Group>(std::move(items)));
        wake_helpers.notify_all();
      } else {
        input_done = true;
      }
      continue;
    }
    // Nothing to read or write: solve, or wait for the oldest group to finish.
    Group* g = nullptr;
    std::size_t i = 0;
    if (take(g, i)) {
      lock.unlock();
      run_one(jobs[0], *g, i);
      finish(g);
    } else {
      wake_main.wait(lock, [&] { return groups.front()->done(); });
    }
  }
  {
    std::lock_guard lock(mutex);
    stop = true;
  }
  wake_helpers.notify_all();
  for (auto& th : pool) th.join();
  summary.cancelled = cancelled();
  return summary;
}

}  // namespace nonet::app
