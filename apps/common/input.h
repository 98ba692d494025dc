#pragma once
// Reading puzzles from files or standard input, streamed: constant memory
// whatever the input's length, every puzzle tagged with where it came from.

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "nonet/format.h"

namespace nonet::app {

// Lines of a FILE*, read in large blocks. A line longer than max_length is
// skipped to its end and reported as truncated, so no input can exhaust memory.
// A UTF-8 byte order mark at the start of the input is dropped.
class LineReader {
 public:
  // `cancel`, when given, ends the input early: once the flag is set the next
  // read (or a read waiting for input, interrupted by the signal) returns end
  // of input, even in the middle of an endless line.
  LineReader(std::FILE* file, std::size_t max_length, const std::atomic<bool>* cancel = nullptr);
  // The next line without its end ("\n", "\r\n" or a lone "\r"); false at
  // the end of the input.
  bool next(std::string_view& line, bool& truncated);
  bool failed() const { return failed_; }
  // Whether a line can be had without waiting for more input.
  bool buffered() const { return begin_ < end_; }
  std::uint64_t bytes_read() const { return bytes_read_; }
  // Ends the input once more than `bytes` have been read (then over_limit()),
  // even in the middle of a line: for input that is held whole in memory.
  void limit(std::uint64_t bytes) { limit_ = bytes; }
  bool over_limit() const { return over_limit_; }

 private:
  bool refill();
  bool next_line(std::string_view& line, bool& truncated);
  std::FILE* file_;
  std::size_t max_length_;
  const std::atomic<bool>* cancel_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0;
  std::string carry_;  // a line that spans two blocks
  bool eof_ = false, failed_ = false;
  bool first_line_ = true;
  bool skip_lf_ = false;  // a line ended with '\r' at the end of a block
  std::uint64_t bytes_read_ = 0;
  std::uint64_t limit_ = 0;  // 0: none
  bool over_limit_ = false;
};

struct InputItem {
  std::size_t index = 0;                // 0-based, over all inputs
  const std::string* source = nullptr;  // file name, or "<stdin>"
  ParsedPuzzle puzzle;
  // A puzzle in another form (set_other_forms): a variant puzzle's line, or
  // another program's document, as it was; then `puzzle` is an error saying
  // that the command does not read it, until the command reads `other`.
  std::string other{};
};

// How puzzles in forms the line parser does not read are found: `starts` says
// a line begins one; while one is gathered, `complete` says it is whole and
// `continues` whether the next line belongs to it; `split` gives the puzzles of
// the gathered text (its lines joined by '\n'), each with its line (0-based).
struct OtherForms {
  std::function<bool(std::string_view line)> starts;
  std::function<bool()> complete;
  std::function<bool(std::string_view line)> continues;
  std::function<std::vector<std::pair<int, std::string>>(std::string_view gathered)> split;
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
  // Puzzles in other forms (variant puzzles, other programs' files) are
  // gathered and handed over as they are (InputItem::other).
  void set_other_forms(const OtherForms& forms) { forms_ = forms; }
  // Stops reading (as at the end of the input) once `cancel` becomes true.
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  // The share of the input read so far (0 to 1), when every input is a
  // regular file (its size known); -1 otherwise. Safe from any thread.
  double fraction_read() const;

 private:
  bool open_next();
  // Hands the gathered puzzle in another form over as pending items.
  void finish_other();
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
  std::vector<std::string> pending_other_;  // beside pending_; empty for the parser's
  OtherForms forms_;
  std::string gathered_;  // a puzzle in another form being gathered
  int gathered_line_ = 0;
  bool gathering_ = false;
  std::size_t pending_pos_ = 0;
  std::size_t index_ = 0;
  std::vector<std::string> io_errors_;
  std::string stdin_name_ = "<stdin>";
  const std::atomic<bool>* cancel_ = nullptr;
  std::uint64_t total_bytes_ = 0;     // 0: not known
  std::uint64_t finished_bytes_ = 0;  // of the inputs read to their end
  std::atomic<std::uint64_t> bytes_read_{0};
};

}  // namespace nonet::app
