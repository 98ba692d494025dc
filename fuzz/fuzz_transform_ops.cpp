// Fuzzes the transformation list parser (nonet transform --ops, the "ops" field
// of /api/transform) and the application of what it reads: the first byte picks
// the board. Whatever Transform::then accepts must map cells and digits one to
// one, so applying it to a full grid keeps every value count.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "nonet/geometry.h"
#include "nonet/grid.h"
#include "nonet/transform.h"

namespace {
constexpr int kShapes[][2] = {{3, 3}, {2, 2}, {2, 3}, {3, 2}, {4, 4}, {2, 4}, {1, 1}, {1, 4}};
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& shape = kShapes[data[0] % std::size(kShapes)];
  const nonet::Geometry& g = *nonet::Geometry::get(shape[0], shape[1]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const nonet::Result<std::vector<nonet::TransformOp>> parsed = nonet::parse_transform_ops(text);
  if (!parsed) {
    if (parsed.error().message.empty()) std::abort();
    return 0;
  }
  nonet::Transform t(g);
  for (const nonet::TransformOp& op : *parsed) {
    (void)nonet::to_string(op);
    (void)t.then(op);  // an error leaves the transform unchanged
  }
  // A grid holding every digit in a pattern: counts per digit must survive.
  nonet::Grid grid(g);
  for (int c = 0; c < g.cell_count(); ++c) grid.set(c, (c * 7 + c / g.side()) % (g.side() + 1));
  const nonet::Grid out = t.apply(grid);
  if (out.geometry().side() != g.side()) std::abort();
  std::vector<int> before(static_cast<std::size_t>(g.side() + 1)), after(before.size());
  for (auto v : grid.values()) ++before[v];
  for (auto v : out.values()) ++after[v];
  if (before[0] != after[0]) std::abort();
  std::ranges::sort(before.begin() + 1, before.end());
  std::ranges::sort(after.begin() + 1, after.end());
  if (before != after) std::abort();
  return 0;
}
