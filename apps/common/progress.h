#pragma once
// A progress line on standard error for long runs on a terminal: after about
// two seconds, "nonet: 1234 puzzles, 617/s, 2.0 s, about 8 s left" (the time
// left when the size of the work is known), redrawn a few times a second and
// cleared when the run ends. On a pipe or a file there is no line at all, so
// logs and scripts never see one.
//
//   nonet::app::Progress progress("puzzles", count);
//   ... progress.add(1); ...
//   progress.message("nonet: puzzles.txt:3: ...\n");   // above the line

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace nonet::app {

class Progress {
 public:
  // `noun`: what is counted ("puzzles"); `total`: how many there will be, 0
  // when not known; `wanted`: false to never show a line.
  explicit Progress(std::string noun, std::uint64_t total = 0, bool wanted = true);
  // Clears the line.
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void add(std::uint64_t done) { done_.fetch_add(done); }
  // When the count of the work is not known but the share of the input read
  // is (0 to 1): for the time left.
  void set_fraction(std::function<double()> fraction);
  // Writes `text` (whole lines) to standard error, above the progress line.
  void message(std::string_view text);
  // Whether a line is drawn at all (standard error is a terminal).
  bool shown() const { return shown_; }

 private:
  void loop();
  void draw();   // mutex_ held
  void clear();  // mutex_ held
  const std::string noun_;
  const std::uint64_t total_;
  const bool shown_;
  const std::chrono::steady_clock::time_point start_;
  std::atomic<std::uint64_t> done_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  std::function<double()> fraction_;
  bool stop_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

}  // namespace nonet::app
