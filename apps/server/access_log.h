#pragma once
// Lines on standard error (the access log, and the server's own messages),
// written by a thread of their own so that a slow or blocked stream never holds
// up an answer: when more than `capacity` lines are waiting, new ones are
// dropped and counted. The writer writes only what the stream can take (a
// pipe, PIPE_BUF bytes whenever poll says it is writable) and holds no lock
// while it writes, so that a stream nobody reads (a paused `| less`, a stalled
// log collector) cannot keep the server from stopping either: on destruction
// it writes what is waiting for at most `patience`, then drops the rest. (A
// terminal stopped with Ctrl-S can still block a write; the destructor then
// waits half a second more and leaves the writer to end with the process.)
//
//   nonet::server::AccessLog log(STDERR_FILENO);
//   log.write("127.0.0.1 \"GET / HTTP/1.1\" 200 ...");

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace nonet::server {

class AccessLog {
 public:
  // `fd` is not closed here.
  explicit AccessLog(int fd, std::size_t capacity = 4096,
                     std::chrono::milliseconds patience = std::chrono::seconds(1));
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;

  // Queues one line (without its newline).
  void write(std::string line);
  // Lines dropped: the queue was full, the stream failed, or it was still
  // blocked when the log stopped.
  std::uint64_t dropped() const;

 private:
  // Shared with the writer thread, which is left behind (and ends with the
  // process) in the rare case that a write blocks for good.
  struct State;
  std::shared_ptr<State> state_;
  std::chrono::milliseconds patience_;
};

}  // namespace nonet::server
