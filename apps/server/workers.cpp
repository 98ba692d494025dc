#include "server/workers.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace nonet::server {

WorkerPool::WorkerPool(Options options) : options_(options) {
  for (int i = 0; i < std::max(1, options_.workers); ++i) threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() { stop(); }

bool WorkerPool::submit(const std::shared_ptr<Task>& task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= options_.capacity) {
      refused_.fetch_add(1);
      return false;
    }
    queue_.push_back(task);
  }
  wake_.notify_one();
  return true;
}

bool WorkerPool::withdraw(const std::shared_ptr<Task>& task) {
  std::lock_guard lock(mutex_);
  const auto it = std::find(queue_.begin(), queue_.end(), task);
  if (it == queue_.end()) return false;
  queue_.erase(it);
  return true;
}

void WorkerPool::cancel_all() {
  std::lock_guard lock(mutex_);
  for (const auto& task : queue_) task->cancel.store(true);
  for (Task* task : running_) task->cancel.store(true);
}

void WorkerPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  cancel_all();
  wake_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  std::lock_guard lock(mutex_);
  threads_.clear();
}

std::size_t WorkerPool::depth() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

int WorkerPool::retry_after_seconds() const {
  std::lock_guard lock(mutex_);
  const double ahead = static_cast<double>(queue_.size() + running_.size()) + 1;
  const double seconds = ahead * mean_seconds_ / std::max(1, options_.workers);
  return static_cast<int>(std::clamp(std::ceil(seconds), 1.0, 60.0));
}

void WorkerPool::work() {
  if (options_.nice > 0) {
    // Linux takes a thread id here: only this thread yields.
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), options_.nice);
  }
  for (;;) {
    std::shared_ptr<Task> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left
      task = std::move(queue_.front());
      queue_.pop_front();
      running_.insert(task.get());
      if (stopping_) task->cancel.store(true);
    }
    busy_.fetch_add(1);
    const auto start = std::chrono::steady_clock::now();
    try {
      // Moved out so that what it holds is let go as soon as it has run.
      std::function<void()> run = std::move(task->run);
      task->run = nullptr;
      run();
    } catch (...) {
      // The task answers its own errors; nothing may end a worker.
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    busy_.fetch_sub(1);
    std::lock_guard lock(mutex_);
    running_.erase(task.get());
    mean_seconds_ = 0.8 * mean_seconds_ + 0.2 * seconds;
  }
}

}  // namespace nonet::server
