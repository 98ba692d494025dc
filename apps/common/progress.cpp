#include "common/progress.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace nonet::app {
namespace {

// Shown only to a person: standard error on a terminal that can clear a line.
bool on_terminal() {
  const char* term = std::getenv("TERM");
  return isatty(STDERR_FILENO) == 1 && !(term && std::strcmp(term, "dumb") == 0);
}

void put(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
    if (n <= 0) return;  // a message cannot be reported anywhere else
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::string duration_text(double seconds) {
  char buf[32];
  if (seconds < 60) {
    std::snprintf(buf, sizeof buf, "%.0f s", seconds);
  } else if (seconds < 3600) {
    std::snprintf(buf, sizeof buf, "%d min %02d s", static_cast<int>(seconds) / 60,
                  static_cast<int>(seconds) % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%d h %02d min", static_cast<int>(seconds) / 3600,
                  static_cast<int>(seconds) / 60 % 60);
  }
  return buf;
}

// The line appears once a run has taken this long.
constexpr auto kQuietFor = std::chrono::seconds(2);
constexpr auto kRedrawEvery = std::chrono::milliseconds(250);

}  // namespace

Progress::Progress(std::string noun, std::uint64_t total, bool wanted)
    : noun_(std::move(noun)),
      total_(total),
      shown_(wanted && on_terminal()),
      start_(std::chrono::steady_clock::now()) {
  if (shown_) thread_ = std::thread([this] { loop(); });
}

Progress::~Progress() {
  if (!shown_) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    clear();
  }
  wake_.notify_one();
  thread_.join();
}

void Progress::set_fraction(std::function<double()> fraction) {
  std::lock_guard lock(mutex_);
  fraction_ = std::move(fraction);
}

void Progress::message(std::string_view text) {
  if (!shown_) return put(text);
  std::lock_guard lock(mutex_);
  clear();
  put(text);
  if (std::chrono::steady_clock::now() - start_ >= kQuietFor) draw();
}

void Progress::loop() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, kRedrawEvery);
    if (!stop_ && std::chrono::steady_clock::now() - start_ >= kQuietFor) draw();
  }
}

void Progress::draw() {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::uint64_t done = done_.load();
  std::string line = "\r\033[Knonet: " + std::to_string(done);
  if (total_ > 0) line += "/" + std::to_string(total_);
  line += " " + noun_;
  if (done > 0) {
    const double per_second = static_cast<double>(done) / elapsed;
    char rate[32];
    std::snprintf(rate, sizeof rate, ", %.*f/s", per_second < 10 ? 1 : 0, per_second);
    line += rate;
  }
  line += ", " + duration_text(elapsed);
  double share = 0;
  if (total_ > 0) {
    share = static_cast<double>(done) / static_cast<double>(total_);
  } else if (fraction_) {
    share = fraction_();
  }
  if (share > 0.005 && share < 1)
    line += ", about " + duration_text(elapsed * (1 - share) / share) + " left";
  put(line);
  drawn_ = true;
}

void Progress::clear() {
  if (!drawn_) return;
  put("\r\033[K");
  drawn_ = false;
}

}  // namespace nonet::app
