#pragma once
// Access-log lines on a stream (standard error), written by a thread of their
// own so that a slow or blocked stream never holds up an answer: when more
// than `capacity` lines are waiting, new ones are dropped and counted.
//
//   nonet::server::AccessLog log(stderr);
//   log.write("127.0.0.1 \"GET / HTTP/1.1\" 200 ...");

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace nonet::server {

class AccessLog {
 public:
  explicit AccessLog(std::FILE* out, std::size_t capacity = 4096);
  // Writes the lines still waiting, then stops.
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;

  // Queues one line (without its newline).
  void write(std::string line);
  std::uint64_t dropped() const { return dropped_.load(); }

 private:
  void drain();
  std::FILE* out_;
  const std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::string> lines_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> dropped_{0};
  std::thread thread_;
};

}  // namespace nonet::server
