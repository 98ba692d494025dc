#pragma once
// Writing answers with every write checked: a full disk, or a closed pipe when
// SIGPIPE is ignored, is an error the run reports (and stops on), never a loss
// that goes unsaid. Writes go straight to the descriptor, whole lines at a time.
//
//   nonet::app::OutputWriter out(STDOUT_FILENO, nonet::app::interrupt_flag());
//   if (!out.write(lines)) fail(out.error());   // "No space left on device"

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace nonet::app {

class OutputWriter {
 public:
  // `cancel`: when a write blocks (a reader that does not read) and a signal
  // raises this flag, the line in progress is finished if the reader takes it
  // within half a second, and the rest is not written.
  explicit OutputWriter(int fd, const std::atomic<bool>* cancel = nullptr)
      : fd_(fd), cancel_(cancel) {}

  // Writes all of `text`; false when the output failed (error() says why) or
  // was given up on after an interrupt (interrupted()).
  bool write(std::string_view text);
  bool failed() const { return errno_ != 0; }
  bool interrupted() const { return interrupted_; }
  // Writes answers joined in `text`, answer i ending at byte ends[i]; as
  // write(), and counts the answers that went out whole (answers_written()),
  // so that a run cut short by its output can say how many reached it.
  bool write_answers(std::string_view text, std::span<const std::size_t> ends);
  std::size_t answers_written() const { return answers_written_; }
  // "No space left on device"; empty when nothing failed.
  std::string error() const;

 private:
  bool finish_line(std::string_view rest);
  int fd_;
  const std::atomic<bool>* cancel_;
  int errno_ = 0;
  bool interrupted_ = false;
  bool mid_line_ = false;  // the last byte written was not a line end
  std::uint64_t bytes_written_ = 0;  // over every write
  std::size_t answers_written_ = 0;
};

}  // namespace nonet::app
