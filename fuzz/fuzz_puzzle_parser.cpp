// Fuzzes the puzzle text parser in every form it reads: the first byte picks a
// forced box shape (or none), the rest is fed line by line to PuzzleParser and
// whole to parse_puzzles. Checks the parser's promises: one entry per puzzle,
// errors carry a message, and every grid read prints back to a line that reads
// as the same grid.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "nonet/format.h"
#include "nonet/geometry.h"

namespace {

// Box shapes the first byte can force: none, the usual ones, odd and extreme.
constexpr int kShapes[][2] = {{0, 0}, {3, 3}, {2, 2}, {2, 3}, {3, 2},  {4, 4},  {5, 5},
                              {1, 1}, {1, 5}, {2, 4}, {4, 2}, {1, 25}, {25, 1}, {3, 4}};

void check(const nonet::ParsedPuzzle& p, const nonet::ParseOptions& options) {
  if (!p.ok()) {
    if (p.error().message.empty()) std::abort();  // every error says what went wrong
    return;
  }
  const nonet::Grid& grid = *p;
  if (options.box_rows > 0 && (grid.geometry().box_rows() != options.box_rows ||
                               grid.geometry().box_cols() != options.box_cols))
    std::abort();  // a forced shape is kept
  const nonet::ParsedPuzzle again = nonet::parse_puzzle(nonet::to_line(grid), options);
  if (!again.ok() || !std::ranges::equal(again->values(), grid.values())) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  nonet::ParseOptions options;
  const auto& shape = kShapes[data[0] % std::size(kShapes)];
  options.box_rows = shape[0];
  options.box_cols = shape[1];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  nonet::PuzzleParser parser(options);
  std::vector<nonet::ParsedPuzzle> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    // A line that ends in 0x01 is fed as one the caller cut short.
    std::string_view line = text.substr(start, nl - start);
    const bool truncated = !line.empty() && line.back() == '\x01';
    parser.feed(line, out, truncated);
    start = nl + 1;
  }
  parser.finish(out);
  for (const auto& p : out) check(p, options);

  for (const auto& p : nonet::parse_puzzles(text, options)) check(p, options);
  return 0;
}
