#include "common/output.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace nonet::app {

bool OutputWriter::write(std::string_view text) {
  if (errno_ != 0 || interrupted_) return false;
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n > 0) {
      mid_line_ = text[static_cast<std::size_t>(n) - 1] != '\n';
      text.remove_prefix(static_cast<std::size_t>(n));
      bytes_written_ += static_cast<std::uint64_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) {
      if (cancel_ && cancel_->load()) return finish_line(text);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd_, POLLOUT, 0};
      poll(&p, 1, 100);
      if (cancel_ && cancel_->load()) return finish_line(text);
      continue;
    }
    errno_ = n < 0 ? errno : EIO;
    return false;
  }
  return true;
}

// Interrupted while the reader was not reading: what is left of the current
// line goes out if the reader takes it soon, so that the output ends with a
// whole line; nothing after it is written.
bool OutputWriter::finish_line(std::string_view rest) {
  interrupted_ = true;
  if (!mid_line_) return false;
  const std::size_t end = rest.find('\n');
  rest = rest.substr(0, end == std::string_view::npos ? rest.size() : end + 1);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  while (!rest.empty()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        give_up - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd_, POLLOUT, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    const ssize_t n = ::write(fd_, rest.data(), rest.size());
    if (n > 0) {
      rest.remove_prefix(static_cast<std::size_t>(n));
      bytes_written_ += static_cast<std::uint64_t>(n);
    } else if (n < 0 && errno != EINTR && errno != EAGAIN) {
      break;
    }
  }
  return false;
}

bool OutputWriter::write_answers(std::string_view text, std::span<const std::size_t> ends) {
  const std::uint64_t before = bytes_written_;
  const bool ok = write(text);
  const std::uint64_t taken = bytes_written_ - before;
  answers_written_ += ok ? ends.size()
                         : static_cast<std::size_t>(
                               std::upper_bound(ends.begin(), ends.end(), taken) - ends.begin());
  return ok;
}

std::string OutputWriter::error() const { return errno_ ? std::strerror(errno_) : ""; }

}  // namespace nonet::app
