#pragma once
// Reading puzzles from files or standard input, streamed: constant memory
// whatever the input's length, every puzzle tagged with where it came from.

#include <atomic>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "nonet/format.h"

namespace nonet::app {

// Lines of a FILE*, read in large blocks. A line longer than max_length is
// skipped to its end and reported as truncated, so no input can exhaust memory.
class LineReader {
 public:
  // `cancel`, when given, ends the input early: a read interrupted by a signal
  // returns end of input once the flag is set.
  LineReader(std::FILE* file, std::size_t max_length,
             const std::atomic<bool>* cancel = nullptr);
  // The next line without its '\n'; false at the end of the input.
  bool next(std::string_view& line, bool& truncated);
  bool failed() const { return failed_; }
  // Whether a line can be had without waiting for more input.
  bool buffered() const { return begin_ < end_; }

 private:
  bool refill();
  std::FILE* file_;
  std::size_t max_length_;
  const std::atomic<bool>* cancel_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0;
  std::string carry_;  // a line that spans two blocks
  bool eof_ = false, failed_ = false;
};

struct InputItem {
  std::size_t index = 0;  // 0-based, over all inputs
  const std::string* source = nullptr;  // file name, or "<stdin>"
  ParsedPuzzle puzzle;
};

class PuzzleInput {
 public:
  // `files` empty or "-" means standard input.
  PuzzleInput(std::vector<std::string> files, ParseOptions options,
              std::size_t max_line_length = std::size_t{1} << 20);
  ~PuzzleInput();
  // Appends up to `count` puzzles to `out`; false when nothing is left.
  bool read(std::vector<InputItem>& out, std::size_t count);
  // Problems opening or reading a file, as messages for the user.
  const std::vector<std::string>& io_errors() const { return io_errors_; }
  std::size_t puzzles_read() const { return index_; }
  // Stops reading (as at the end of the input) once `cancel` becomes true.
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

 private:
  bool open_next();
  std::vector<std::string> files_;
  std::size_t file_index_ = 0;
  ParseOptions options_;
  std::size_t max_line_;
  std::FILE* file_ = nullptr;
  bool owns_file_ = false;
  std::unique_ptr<LineReader> reader_;
  std::unique_ptr<PuzzleParser> parser_;
  const std::string* source_ = nullptr;
  std::vector<ParsedPuzzle> pending_;
  std::size_t pending_pos_ = 0;
  std::size_t index_ = 0;
  std::vector<std::string> io_errors_;
  std::string stdin_name_ = "<stdin>";
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace nonet::app
