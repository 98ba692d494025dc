#pragma once
// What goes into a book: its puzzles read from files or made on the spot, each
// solved, rated and (when asked) explained, through the operations layer. Every
// front end that makes books builds a Request and calls make(), then render()
// (book.h).
//
//   book::Request request;
//   request.generate.geometry = Geometry::get(3, 3);
//   request.levels = *book::read_levels("easy,hard");
//   request.count = 10;
//   book::Made made = book::make(request, cancel);   // made.entries, or made.error

#include <atomic>
#include <cstdint>
#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/book.h"
#include "ops/ops.h"

namespace nonet::book {

struct Request {
  // Puzzles given, and where each was read ("puzzles.txt:3") for messages;
  // none: they are made by `generate` (its level set per share, its index per
  // puzzle; its rate is forced on).
  std::vector<Grid> puzzles{};
  std::vector<std::string> places{};
  ops::GenerateRequest generate{};
  std::vector<std::optional<Level>> levels{};  // equal shares, in order; empty: one, any level
  std::uint64_t count = 12;                    // puzzles to make
  std::string explain{};                       // "1,5-7", "all", "none" or empty
  int steps = 0;                               // the first steps of each path; 0: all
  Profile profile = Profile::se;
  std::optional<double> timeout{};  // seconds per puzzle; unset: each operation's default
  int threads = 1;
};

// "easy,medium,hard" as levels (one message naming the bad one).
nonet::Result<std::vector<std::optional<Level>>> read_levels(std::string_view text);
// Which of `count` puzzles are explained: "all", "none", or numbers and ranges
// from 1 ("1,5-7").
nonet::Result<std::vector<bool>> read_explain(std::string_view text, std::size_t count);
// The puzzles the book will hold.
std::uint64_t book_size(const Request& request);
// What can be refused before any work: levels against the count and the board,
// the explain list. The message names the option ("--level easy,tough: ...").
nonet::Result<void> check(const Request& request);

struct Made {
  std::vector<Entry> entries{};           // complete only when neither error nor cancelled
  std::string error{};                    // the first puzzle's failure: "puzzles.txt:2: ..."
  ops::Code code = ops::Code::bad_value;  // and its kind (not_unique, timeout, ...)
  bool cancelled = false;                 // `cancel` was raised first
  std::size_t done = 0;                   // puzzles finished
};
// Makes or reads every puzzle on request.threads threads, in the book's order
// (the same whatever the count); `done(n)` reports n more finished. Stops soon
// after `cancel` is raised, or after the first failure.
Made make(const Request& request, std::atomic<bool>& cancel,
          const std::function<void(std::size_t)>& done = {});

// The PDF's creation date: SOURCE_DATE_EPOCH when it is set (as reproducible
// builds set it), else now; an error when it is set to something else.
nonet::Result<std::time_t> creation_date();
// Writes render()'s files: the PDF to `path`, or SVG and PNG pages to their
// page_path()s, each written beside its place and renamed into it only when
// whole. The paths written, or why one could not be.
nonet::Result<std::vector<std::string>> write_files(const std::vector<std::string>& files,
                                                    const std::string& path, Output output);

}  // namespace nonet::book
