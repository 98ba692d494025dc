#pragma once
// Running one operation over many items on N threads, the answers handed back
// in input order: the CLI's batches (read from files, written to stdout) and
// Python's (a list in, a list out) both run here.
//
//   ops::BatchHooks<Slot> hooks;
//   hooks.read = [&](std::vector<Slot>& group, std::size_t max) { ...; return more; };
//   hooks.run = [&](Slot& slot, int worker) { ...; return true; };   // false: cut short
//   hooks.write = [&](std::vector<Slot>& group, std::size_t from, std::size_t to) { ...; return true; };
//   ops::BatchSummary s = ops::run_batch(threads, hooks, &cancel);
//
// Items are read a group at a time and written in order, a group at a time
// (or, with `stream`, each as soon as it and all before it are done), so an
// interrupted run keeps every answer written so far: once `cancel` is raised
// no item starts, and of the groups in flight the longest complete prefix is
// written.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace nonet::ops {

template <class Slot>
struct BatchHooks {
  // Appends up to `max` items to `group`; false when nothing was left to read.
  std::function<bool(std::vector<Slot>& group, std::size_t max)> read;
  // Runs one item on worker `worker` (0 to threads - 1, one object each may
  // keep); false when the cancel flag cut it short: then it has no answer.
  std::function<bool(Slot& slot, int worker)> run;
  // Items [from, to) of a group are complete, and every item before them was
  // written: write them (in order); false stops the run (the output failed).
  std::function<bool(std::vector<Slot>& group, std::size_t from, std::size_t to)> write;
  // When set, the calling thread does no item itself: it reads, writes, and
  // every 50 ms while it waits calls `poll` (which may raise the cancel flag,
  // as Python's Ctrl-C does). When not set, it also runs items.
  std::function<void()> poll;
  std::size_t group = 1024;  // items read and written together
  // Write each item as soon as it and all before it are done, rather than a
  // group at a time: for work of seconds an item (generating puzzles).
  bool stream = false;
};

struct BatchSummary {
  std::size_t written = 0;  // items written
  bool cancelled = false;   // the cancel flag stopped the run
  bool write_failed = false;
};

// A hook that throws stops the run as the cancel flag does; the exception is
// thrown again once every thread has stopped.
template <class Slot>
BatchSummary run_batch(int threads, const BatchHooks<Slot>& hooks,
                       const std::atomic<bool>* cancel) {
  struct Group {
    std::vector<Slot> slots;
    std::vector<char> complete;
    std::size_t next = 0;      // first slot no thread has taken (guarded by the mutex)
    std::size_t finished = 0;  // slots whose run returned (guarded by the mutex)
    std::size_t written = 0;   // slots written (by the calling thread alone)
    bool done() const { return finished == slots.size(); }
  };
  std::atomic<bool> broken{false};  // a hook threw
  std::exception_ptr thrown;         // the first exception (guarded by `broken`)
  const auto cancelled = [cancel, &broken] {
    return (cancel && cancel->load(std::memory_order_relaxed)) ||
           broken.load(std::memory_order_relaxed);
  };
  BatchSummary summary;
  // Writes a group's slots from the first unwritten one up to the first
  // incomplete one, of those `ready`; false when the write failed.
  const auto write_ready = [&](Group& g, std::size_t ready) {
    std::size_t n = g.written;
    while (n < ready && g.complete[n]) ++n;
    if (n == g.written) return true;
    if (!hooks.write(g.slots, g.written, n)) {
      summary.write_failed = true;
      return false;
    }
    summary.written += n - g.written;
    g.written = n;
    return true;
  };
  // Writes what is left of a finished group; false when not all of it could be.
  const auto write_group = [&](Group& g) {
    return write_ready(g, g.slots.size()) && g.written == g.slots.size();
  };
  // Runs a slot: whether it is complete (not cut short, nor skipped once the
  // cancel flag was up).
  const auto run_one = [&](Group& g, std::size_t i, int worker) {
    try {
      return !cancelled() && hooks.run(g.slots[i], worker);
    } catch (...) {
      bool first = false;
      if (broken.compare_exchange_strong(first, true)) thrown = std::current_exception();
      return false;
    }
  };
  threads = std::max(1, threads);

  if (threads == 1 && !hooks.poll) {
    // Read after writing, so answers never wait for more input.
    for (;;) {
      Group g;
      if (cancelled() || !hooks.read(g.slots, hooks.group * 2)) break;
      g.complete.assign(g.slots.size(), 0);
      bool ok = true;
      for (std::size_t i = 0; i < g.slots.size() && !cancelled() && ok; ++i) {
        g.complete[i] = run_one(g, i, 0) ? 1 : 0;
        if (hooks.stream) ok = write_ready(g, i + 1) && g.complete[i];
      }
      if (!ok || !write_group(g)) break;
    }
    if (thrown) std::rethrow_exception(thrown);
    summary.cancelled = cancelled();
    return summary;
  }

  // Helpers take items one at a time (they vary a lot in cost) from the oldest
  // group with any left, without waiting at group ends; this thread reads the
  // next groups, writes finished ones in order, and (without `poll`) runs
  // items when there is nothing else to do. Reading stays a group or two
  // ahead, so reading and writing overlap the work.
  constexpr std::size_t kAhead = 3;  // groups in flight
  std::mutex mutex;
  std::condition_variable wake_helpers, wake_main;
  std::deque<std::unique_ptr<Group>> groups;
  bool input_done = false, stop = false;

  const auto take = [&](Group*& g, std::size_t& i) {  // mutex held
    for (auto& p : groups) {
      if (p->next < p->slots.size()) {
        g = p.get();
        i = p->next++;
        return true;
      }
    }
    return false;
  };
  // Records a slot's run as returned, under the mutex, so the calling thread
  // reads `complete` only for slots whose run has returned.
  const auto finish = [&](Group* g, std::size_t i, bool complete) {
    std::lock_guard lock(mutex);
    g->complete[i] = complete ? 1 : 0;
    if (++g->finished == g->slots.size() || hooks.stream) wake_main.notify_one();
  };
  // Streaming, the calling thread only reads and writes, so that a finished
  // item is written at once, not after the item this thread took.
  const int main_works = hooks.poll || hooks.stream ? 0 : 1;
  const auto helper = [&](int worker) {
    for (;;) {
      Group* g = nullptr;
      std::size_t i = 0;
      {
        std::unique_lock lock(mutex);
        wake_helpers.wait(lock, [&] { return stop || take(g, i); });
        if (!g) return;
      }
      finish(g, i, run_one(*g, i, worker));
    }
  };
  std::vector<std::thread> pool;
  for (int t = main_works; t < threads; ++t) pool.emplace_back(helper, t);
  // Waits on `wake_main` for `ready`, polling every 50 ms when asked to.
  const auto wait_main = [&](std::unique_lock<std::mutex>& lock, const auto& ready) {
    if (!hooks.poll) return wake_main.wait(lock, ready);
    while (!wake_main.wait_for(lock, std::chrono::milliseconds(50), ready)) {
      lock.unlock();
      hooks.poll();
      lock.lock();
      if (cancelled()) {
        // No new item starts; the running ones see the flag.
        for (auto& p : groups) {
          p->finished += p->slots.size() - p->next;
          p->next = p->slots.size();
        }
      }
    }
  };

  // A throw from a hook on this thread stops the helpers before it goes on.
  try {
    bool ended = false;
    for (;;) {
      std::unique_lock lock(mutex);
      if (hooks.stream && !groups.empty() && !groups.front()->done()) {
        // What the oldest group has finished in order so far: finish() sets a
        // slot's `complete` under this mutex once its run has returned.
        Group& front = *groups.front();
        std::size_t ready = front.written;
        while (ready < front.slots.size() && ready < front.next && front.complete[ready]) ++ready;
        if (ready > front.written) {
          lock.unlock();
          if (!write_ready(front, ready)) ended = true;
          lock.lock();
          if (ended) break;
        }
      }
      while (!groups.empty() && groups.front()->done()) {
        std::unique_ptr<Group> g = std::move(groups.front());
        groups.pop_front();
        lock.unlock();
        if (!write_group(*g)) ended = true;
        lock.lock();
        if (ended) break;
      }
      if (ended || (input_done && groups.empty())) break;
      if (cancelled()) {
        // No new item starts; wait for the running ones, then write what is complete.
        if (groups.empty()) break;
        for (auto& p : groups) {
          p->finished += p->slots.size() - p->next;
          p->next = p->slots.size();
        }
        wait_main(lock, [&] {
          return std::all_of(groups.begin(), groups.end(), [](const auto& p) { return p->done(); });
        });
        continue;
      }
      if (!input_done && groups.size() < kAhead) {
        lock.unlock();
        auto g = std::make_unique<Group>();
        const bool got = !cancelled() && hooks.read(g->slots, hooks.group);
        g->complete.assign(g->slots.size(), 0);
        lock.lock();
        if (got && !g->slots.empty()) {
          groups.push_back(std::move(g));
          wake_helpers.notify_all();
        } else if (!got) {
          input_done = true;
        }
        continue;
      }
      Group* g = nullptr;
      std::size_t i = 0;
      if (main_works && take(g, i)) {
        lock.unlock();
        finish(g, i, run_one(*g, i, 0));
      } else {
        // Streaming, any finished item may be the next to write.
        std::size_t seen = groups.front()->finished;
        wait_main(lock, [&] {
          return groups.front()->done() || cancelled() ||
                 (hooks.stream && groups.front()->finished != seen);
        });
      }
    }
  } catch (...) {
    bool first = false;
    if (broken.compare_exchange_strong(first, true)) thrown = std::current_exception();
  }
  {
    std::lock_guard lock(mutex);
    stop = true;
  }
  wake_helpers.notify_all();
  for (auto& th : pool) th.join();
  if (thrown) std::rethrow_exception(thrown);
  summary.cancelled = cancelled();
  return summary;
}

}  // namespace nonet::ops
