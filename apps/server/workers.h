#pragma once
// The server's heavy lane: a fixed number of worker threads and a short queue.
// A task that finds the queue full is refused at once (the caller answers 503
// with Retry-After); a queued task can be withdrawn when its client leaves or
// it has waited too long; a running one is asked to stop through its cancel
// flag, which the searches poll.
//
//   nonet::server::WorkerPool pool({.workers = 2, .capacity = 4});
//   auto task = std::make_shared<nonet::server::WorkerPool::Task>();
//   task->run = [task] { search(..., &task->cancel); post_answer(...); };
//   if (!pool.submit(task)) answer_busy(pool.retry_after_seconds());

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

namespace nonet::server {

class WorkerPool {
 public:
  struct Options {
    int workers = 2;
    std::size_t capacity = 4;  // tasks waiting for a worker
    // Scheduling niceness of the workers (0..19): above 0, the threads that
    // read requests and answer cheap ones get the cores first when both want them.
    int nice = 0;
  };
  struct Task {
    std::function<void()> run;        // called on a worker, once, unless withdrawn first
    std::atomic<bool> cancel{false};  // the work should stop (client gone, server stopping)
  };

  explicit WorkerPool(Options options);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `task`; false when the queue is full or the pool is stopping.
  bool submit(const std::shared_ptr<Task>& task);
  // Takes `task` out of the queue; true when it was still waiting (it will not
  // run), false when a worker has it already or it was never queued.
  bool withdraw(const std::shared_ptr<Task>& task);
  // Raises the cancel flag of every waiting and running task.
  void cancel_all();
  // Cancels everything, lets the workers finish what they hold (tasks still
  // queued run too, with their flag raised, so that each gets its answer), and
  // joins them. Idempotent.
  void stop();

  int workers() const { return options_.workers; }
  std::size_t capacity() const { return options_.capacity; }
  int busy() const { return busy_.load(); }
  std::size_t depth() const;
  std::uint64_t refused() const { return refused_.load(); }
  // How long a new task would likely wait, in whole seconds (1 to 60), from the
  // recent tasks' durations and what is queued and running: for Retry-After.
  int retry_after_seconds() const;

 private:
  void work();

  const Options options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Task>> queue_;
  std::unordered_set<Task*> running_;
  bool stopping_ = false;
  std::atomic<int> busy_{0};
  std::atomic<std::uint64_t> refused_{0};
  double mean_seconds_ = 1.0;  // moving average of task durations (mutex_)
  std::vector<std::thread> threads_;
};

}  // namespace nonet::server
