#include "server/access_log.h"

#include <limits.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace nonet::server {

using Clock = std::chrono::steady_clock;

struct AccessLog::State {
  int fd;
  std::size_t capacity;
  std::mutex mutex;
  std::condition_variable wake;      // lines to write, or stopping
  std::condition_variable finished;  // the writer has ended
  std::deque<std::string> lines;
  bool stopping = false;
  bool done = false;
  Clock::time_point give_up;  // once stopping: when the lines still waiting are dropped
  std::atomic<std::uint64_t> dropped{0};

  void run();
  bool write_out(std::string_view text);
};

// Writes `text`, a piece at a time and only when the stream can take it without
// blocking (a pipe takes PIPE_BUF bytes whenever poll says it is writable), so
// that the thread notices when the log stops. False when the stream failed or
// the log stopped first; the lines not written are counted as dropped.
bool AccessLog::State::write_out(std::string_view text) {
  const auto drop_rest = [&] {
    dropped.fetch_add(static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')));
    return false;
  };
  while (!text.empty()) {
    {
      std::lock_guard lock(mutex);
      if (stopping && Clock::now() >= give_up) return drop_rest();
    }
    pollfd p{fd, POLLOUT, 0};
    const int ready = ::poll(&p, 1, 50);
    if (ready < 0 && errno != EINTR) return drop_rest();
    if (ready <= 0) continue;
    if ((p.revents & (POLLERR | POLLNVAL)) != 0) return drop_rest();
    const ssize_t n = ::write(fd, text.data(), std::min<std::size_t>(text.size(), PIPE_BUF));
    if (n > 0) {
      text.remove_prefix(static_cast<std::size_t>(n));
    } else if (n < 0 && errno != EINTR && errno != EAGAIN) {
      return drop_rest();  // closed (EPIPE) or failed: nothing more can go out
    }
  }
  return true;
}

void AccessLog::State::run() {
  std::string batch;
  bool broken = false;
  for (;;) {
    {
      std::unique_lock lock(mutex);
      wake.wait(lock, [this] { return stopping || !lines.empty(); });
      if (lines.empty()) break;
      batch.clear();
      // Everything waiting goes out together.
      while (!lines.empty()) {
        batch += lines.front();
        batch += '\n';
        lines.pop_front();
      }
    }
    if (broken) {
      dropped.fetch_add(static_cast<std::uint64_t>(std::count(batch.begin(), batch.end(), '\n')));
    } else {
      broken = !write_out(batch);
    }
  }
  std::lock_guard lock(mutex);
  done = true;
  finished.notify_all();
}

AccessLog::AccessLog(int fd, std::size_t capacity, std::chrono::milliseconds patience)
    : state_(std::make_shared<State>()), patience_(patience) {
  state_->fd = fd;
  state_->capacity = capacity;
  std::thread([state = state_] { state->run(); }).detach();
}

AccessLog::~AccessLog() {
  State& s = *state_;
  std::unique_lock lock(s.mutex);
  s.stopping = true;
  s.give_up = Clock::now() + patience_;
  s.wake.notify_all();
  // The writer ends by itself within the patience (it never waits on the
  // stream longer than a poll); the margin covers a write to a terminal
  // stopped with Ctrl-S, which can block however little it writes. Then it is
  // left to end with the process.
  s.finished.wait_until(lock, s.give_up + std::chrono::milliseconds(500), [&s] { return s.done; });
}

void AccessLog::write(std::string line) {
  State& s = *state_;
  {
    std::lock_guard lock(s.mutex);
    if (s.lines.size() >= s.capacity || s.stopping) {
      s.dropped.fetch_add(1);
      return;
    }
    s.lines.push_back(std::move(line));
  }
  s.wake.notify_one();
}

std::uint64_t AccessLog::dropped() const { return state_->dropped.load(); }

}  // namespace nonet::server
