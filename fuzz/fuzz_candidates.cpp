// Fuzzes the reader of a player's candidates (nonet hint --candidates, the
// "candidates" field of /api/hint and /api/explain): the first byte picks the
// board, the rest is the text. A text that reads must give one mask per cell
// with no bit above the board's digits, and a LogicState built from it must
// hold together.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "nonet/format.h"
#include "nonet/geometry.h"
#include "nonet/logic.h"

namespace {
constexpr int kShapes[][2] = {{3, 3}, {2, 2}, {2, 3}, {3, 2}, {4, 4}, {5, 5}, {1, 1}, {2, 4}};
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& shape = kShapes[data[0] % std::size(kShapes)];
  const nonet::Geometry& g = *nonet::Geometry::get(shape[0], shape[1]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  nonet::Result<std::vector<nonet::Mask>> parsed = nonet::parse_candidates(text, g);
  if (!parsed) {
    if (parsed.error().message.empty()) std::abort();
    return 0;
  }
  const std::vector<nonet::Mask>& marks = *parsed;
  if (static_cast<int>(marks.size()) != g.cell_count()) std::abort();
  const nonet::Mask all = static_cast<nonet::Mask>((std::uint64_t{1} << g.side()) - 1);
  for (nonet::Mask m : marks)
    if ((m & ~all) != 0) std::abort();
  // An empty board with these marks: the state must accept them.
  const nonet::Grid empty(g);
  const nonet::LogicState state(empty, marks);
  for (int c = 0; c < g.cell_count(); ++c)
    if ((state.candidates(c) & ~marks[static_cast<std::size_t>(c)]) != 0) std::abort();
  return 0;
}
