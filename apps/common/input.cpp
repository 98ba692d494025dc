#include "common/input.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace nonet::app {

LineReader::LineReader(std::FILE* file, std::size_t max_length, const std::atomic<bool>* cancel)
    : file_(file), max_length_(max_length), cancel_(cancel), buffer_(std::size_t{1} << 20) {}

bool LineReader::refill() {
  if (eof_) return false;
  begin_ = 0;
  end_ = 0;
  // read(2) returns what is there, so a puzzle typed or piped in one at a time is
  // answered at once instead of waiting for a full block.
  for (;;) {
    // Checked before every block too: an endless line (/dev/zero) never
    // waits, so no signal would interrupt its reads.
    if (cancel_ && cancel_->load()) {
      eof_ = true;
      return false;
    }
    if (limit_ && bytes_read_ > limit_) {
      eof_ = true;
      over_limit_ = true;
      return false;
    }
    const ssize_t got = ::read(fileno(file_), buffer_.data(), buffer_.size());
    if (got > 0) {
      end_ = static_cast<std::size_t>(got);
      bytes_read_ += static_cast<std::uint64_t>(got);
      return true;
    }
    if (got < 0 && errno == EINTR) {
      if (cancel_ && cancel_->load()) {
        eof_ = true;
        return false;
      }
      continue;
    }
    eof_ = true;
    failed_ = got < 0;
    return false;
  }
}

bool LineReader::next(std::string_view& line, bool& truncated) {
  if (!next_line(line, truncated)) return false;
  if (first_line_) {
    first_line_ = false;
    // Editors on some systems start UTF-8 text with a byte order mark.
    if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  }
  return true;
}

bool LineReader::next_line(std::string_view& line, bool& truncated) {
  truncated = false;
  carry_.clear();
  bool have_any = false;
  for (;;) {
    if (begin_ == end_ && !refill()) {
      if (!have_any) return false;
      line = truncated ? std::string_view{} : std::string_view(carry_);
      return true;
    }
    if (skip_lf_) {
      // The line before ended with a carriage return at the end of a block:
      // with a line feed after it, the two are one line end.
      skip_lf_ = false;
      if (buffer_[begin_] == '\n') {
        ++begin_;
        continue;
      }
    }
    have_any = true;
    const char* start = buffer_.data() + begin_;
    const std::size_t available = end_ - begin_;
    const void* nl = std::memchr(start, '\n', available);
    std::size_t len =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - start) : available;
    // A carriage return not followed by a line feed also ends a line (files
    // from old Macs); "\r\n" stays one end, its '\r' read as a space.
    if (const void* cr = std::memchr(start, '\r', len)) {
      const auto at = static_cast<std::size_t>(static_cast<const char*>(cr) - start);
      if (!nl || at + 1 < len) {
        // With no line feed in the block, one ending it may be the other half.
        skip_lf_ = !nl && at + 1 == available;
        nl = cr;
        len = at;
      }
    }
    begin_ += len + (nl ? 1 : 0);
    if (!truncated) {
      if (carry_.empty() && nl && len <= max_length_) {
        line = std::string_view(start, len);  // the usual case: no copy
        return true;
      }
      if (carry_.size() + len > max_length_) {
        truncated = true;
        carry_.clear();
      } else {
        carry_.append(start, len);
      }
    }
    if (nl) {
      line = truncated ? std::string_view{} : std::string_view(carry_);
      return true;
    }
  }
}

PuzzleInput::PuzzleInput(std::vector<std::string> files, ParseOptions options,
                         std::size_t max_line_length)
    : files_(std::move(files)), options_(options), max_line_(max_line_length) {
  if (files_.empty()) files_.push_back("-");
  // The total is known when every input is a regular file.
  for (const std::string& name : files_) {
    struct stat st {};
    const int rc = name == "-" ? fstat(STDIN_FILENO, &st) : stat(name.c_str(), &st);
    if (rc != 0 || !S_ISREG(st.st_mode)) {
      total_bytes_ = 0;
      break;
    }
    total_bytes_ += static_cast<std::uint64_t>(st.st_size);
  }
}

double PuzzleInput::fraction_read() const {
  if (total_bytes_ == 0) return -1;
  return std::min(1.0, static_cast<double>(bytes_read_.load()) / static_cast<double>(total_bytes_));
}

PuzzleInput::~PuzzleInput() {
  if (owns_file_ && file_) std::fclose(file_);
}

bool PuzzleInput::open_next() {
  if (owns_file_ && file_) std::fclose(file_);
  file_ = nullptr;
  owns_file_ = false;
  while (file_index_ < files_.size()) {
    const std::string& name = files_[file_index_++];
    if (name == "-") {
      file_ = stdin;
      source_ = &stdin_name_;
    } else {
      file_ = std::fopen(name.c_str(), "rb");
      if (!file_) {
        io_errors_.push_back("cannot open '" + name + "': " + std::strerror(errno));
        continue;
      }
      owns_file_ = true;
      source_ = &name;
    }
    reader_ = std::make_unique<LineReader>(file_, max_line_, cancel_);
    parser_ = std::make_unique<PuzzleParser>(options_);
    return true;
  }
  return false;
}

void PuzzleInput::finish_other() {
  gathering_ = false;
  std::vector<std::pair<int, std::string>> pieces;
  if (forms_.split) {
    pieces = forms_.split(gathered_);
  } else {
    pieces.emplace_back(0, std::move(gathered_));
  }
  for (auto& [offset, text] : pieces) {
    const int at = gathered_line_ + offset;
    pending_other_.resize(pending_.size());
    pending_.push_back(ParsedPuzzle(
        at, Error{at, 0,
                  "a variant puzzle, which this command does not read yet (solve, count, "
                  "validate, convert, rate, explain and hint do)"}));
    pending_other_.push_back(std::move(text));
  }
  gathered_.clear();
}

bool PuzzleInput::read(std::vector<InputItem>& out, std::size_t count) {
  // Another program's file is some kilobytes to megabytes; beyond this it is
  // no puzzle file.
  constexpr std::size_t kMostGathered = std::size_t{64} << 20;
  const std::size_t start = out.size();
  while (out.size() - start < count) {
    if (cancel_ && cancel_->load()) break;
    if (pending_pos_ < pending_.size()) {
      std::string other = pending_pos_ < pending_other_.size()
                              ? std::move(pending_other_[pending_pos_])
                              : std::string();
      out.push_back({index_++, source_, std::move(pending_[pending_pos_++]), std::move(other)});
      continue;
    }
    pending_.clear();
    pending_other_.clear();
    pending_pos_ = 0;
    // Hand over what is ready rather than wait on input that is still coming.
    if (out.size() > start && reader_ && !reader_->buffered()) break;
    if (!reader_ && !open_next()) break;
    std::string_view line;
    bool truncated = false;
    const bool got = reader_->next(line, truncated);
    bytes_read_.store(finished_bytes_ + reader_->bytes_read());
    if (gathering_) {
      if (got && !truncated && forms_.continues && forms_.continues(line) &&
          gathered_.size() + line.size() < kMostGathered) {
        gathered_ += '\n';
        gathered_ += line;
        parser_->feed(std::string_view(), pending_);  // counts the line
        if (forms_.complete()) finish_other();
        continue;
      }
      finish_other();  // and the line is read as any other
    }
    if (got && !truncated && forms_.starts && forms_.starts(line)) {
      // A blank line in its place ends any grid being assembled and keeps the
      // line count.
      parser_->feed(std::string_view(), pending_);
      gathered_.assign(line);
      gathered_line_ = parser_->line_number();
      gathering_ = true;
      if (!forms_.complete || forms_.complete()) finish_other();
    } else if (got) {
      parser_->feed(line, pending_, truncated);
    } else {
      finished_bytes_ += reader_->bytes_read();
      if (reader_->failed()) {
        io_errors_.push_back("error reading '" + *source_ + "': " + std::strerror(errno));
      }
      parser_->finish(pending_);
      reader_.reset();
      if (pending_.empty() && !open_next()) break;
    }
  }
  return out.size() > start;
}

}  // namespace nonet::app
