#include "common/batch.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace nonet::app {

BatchSummary run_batch(PuzzleInput& input, int threads,
                       const std::function<PuzzleJob()>& make_job, std::FILE* output,
                       std::FILE* messages) {
  threads = std::max(1, threads);
  std::vector<PuzzleJob> jobs;
  for (int t = 0; t < threads; ++t) jobs.push_back(make_job());

  // Groups big enough that thread start-up and the flush are lost in the noise.
  const std::size_t group = threads == 1 ? 2048 : 4096;
  std::vector<InputItem> items;
  std::vector<std::string> answers, notes;
  std::vector<char> ok;
  BatchSummary summary;
  std::string joined;
  while (true) {
    items.clear();
    if (!input.read(items, group)) break;
    answers.assign(items.size(), std::string());
    notes.assign(items.size(), std::string());
    ok.assign(items.size(), 1);
    const int active = static_cast<int>(std::min<std::size_t>(items.size(), threads));
    if (active == 1) {
      for (std::size_t i = 0; i < items.size(); ++i) ok[i] = jobs[0](items[i], answers[i], notes[i]);
    } else {
      // Puzzles vary a lot in cost, so threads take them one at a time.
      std::atomic<std::size_t> next{0};
      auto work = [&](int t) {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < items.size();) {
          ok[i] = jobs[static_cast<std::size_t>(t)](items[i], answers[i], notes[i]);
        }
      };
      std::vector<std::thread> pool;
      for (int t = 1; t < active; ++t) pool.emplace_back(work, t);
      work(0);
      for (auto& th : pool) th.join();
    }
    joined.clear();
    for (std::size_t i = 0; i < items.size(); ++i) {
      joined += answers[i];
      summary.failures += ok[i] ? 0 : 1;
    }
    summary.puzzles += items.size();
    std::fwrite(joined.data(), 1, joined.size(), output);
    std::fflush(output);
    for (const std::string& note : notes) {
      if (!note.empty()) std::fwrite(note.data(), 1, note.size(), messages);
    }
  }
  return summary;
}

}  // namespace nonet::app
