#include "common/batch.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace nonet::app {

BatchSummary run_batch(PuzzleInput& input, int threads,
                       const std::function<PuzzleJob()>& make_job, std::FILE* output,
                       std::FILE* messages, const std::atomic<bool>* cancel) {
  threads = std::max(1, threads);
  std::vector<PuzzleJob> jobs;
  for (int t = 0; t < threads; ++t) jobs.push_back(make_job());
  const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  if (cancel) input.set_cancel(cancel);

  // Groups big enough that thread start-up and the flush are lost in the noise.
  const std::size_t group = threads == 1 ? 2048 : 4096;
  std::vector<InputItem> items;
  std::vector<std::string> answers, notes;
  std::vector<char> ok, complete;
  BatchSummary summary;
  std::string joined;
  // Runs one item; it counts as complete only when no cancel came before its end.
  const auto run_one = [&](PuzzleJob& job, std::size_t i) {
    if (cancelled()) return;
    ok[i] = job(items[i], answers[i], notes[i]);
    complete[i] = !cancelled();
  };
  while (!cancelled()) {
    items.clear();
    if (!input.read(items, group)) break;
    answers.assign(items.size(), std::string());
    notes.assign(items.size(), std::string());
    ok.assign(items.size(), 1);
    complete.assign(items.size(), 0);
    const int active = static_cast<int>(std::min<std::size_t>(items.size(), threads));
    if (active == 1) {
      for (std::size_t i = 0; i < items.size() && !cancelled(); ++i) run_one(jobs[0], i);
    } else {
      // Puzzles vary a lot in cost, so threads take them one at a time.
      std::atomic<std::size_t> next{0};
      auto work = [&](int t) {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < items.size();) {
          if (cancelled()) break;
          run_one(jobs[static_cast<std::size_t>(t)], i);
        }
      };
      std::vector<std::thread> pool;
      for (int t = 1; t < active; ++t) pool.emplace_back(work, t);
      work(0);
      for (auto& th : pool) th.join();
    }
    // The complete prefix: everything unless a cancel cut the group short.
    std::size_t done = 0;
    while (done < items.size() && complete[done]) ++done;
    joined.clear();
    for (std::size_t i = 0; i < done; ++i) {
      joined += answers[i];
      summary.failures += ok[i] ? 0 : 1;
    }
    summary.puzzles += done;
    std::fwrite(joined.data(), 1, joined.size(), output);
    std::fflush(output);
    for (std::size_t i = 0; i < done; ++i) {
      if (!notes[i].empty()) std::fwrite(notes[i].data(), 1, notes[i].size(), messages);
    }
    if (done < items.size()) break;
  }
  summary.cancelled = cancelled();
  return summary;
}

}  // namespace nonet::app
