#include "server/access_log.h"

namespace nonet::server {

AccessLog::AccessLog(std::FILE* out, std::size_t capacity)
    : out_(out), capacity_(capacity), thread_([this] { drain(); }) {}

AccessLog::~AccessLog() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void AccessLog::write(std::string line) {
  {
    std::lock_guard lock(mutex_);
    if (lines_.size() >= capacity_) {
      dropped_.fetch_add(1);
      return;
    }
    lines_.push_back(std::move(line));
  }
  wake_.notify_one();
}

void AccessLog::drain() {
  std::string batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !lines_.empty(); });
      if (lines_.empty()) return;
      batch.clear();
      // Everything waiting goes out in one write.
      while (!lines_.empty()) {
        batch += lines_.front();
        batch += '\n';
        lines_.pop_front();
      }
    }
    std::fwrite(batch.data(), 1, batch.size(), out_);
    std::fflush(out_);
  }
}

}  // namespace nonet::server
