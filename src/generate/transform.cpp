// Transformations as composed maps: target cell -> source cell, digit -> digit.
// Each operation is a map from its output position to its input position, so
// composing is one lookup per cell.

#include "nonet/transform.h"

#include <algorithm>
#include <cassert>
#include <charconv>

namespace nonet {
namespace {

struct OpName {
  std::string_view name;
  TransformKind kind;
  int args;  // 0: none; 1: a permutation; 2: a block and a permutation
};

constexpr OpName kOpNames[] = {
    {"relabel", TransformKind::relabel, 1},
    {"transpose", TransformKind::transpose, 0},
    {"antitranspose", TransformKind::antitranspose, 0},
    {"rot90", TransformKind::rot90, 0},
    {"rot180", TransformKind::rot180, 0},
    {"rot270", TransformKind::rot270, 0},
    {"mirror", TransformKind::mirror, 0},
    {"flip", TransformKind::flip, 0},
    {"rows", TransformKind::rows, 2},
    {"bands", TransformKind::bands, 1},
    {"cols", TransformKind::columns, 2},
    {"stacks", TransformKind::stacks, 1},
};

std::string_view name_of(TransformKind kind) {
  for (const OpName& n : kOpNames) {
    if (n.kind == kind) return n.name;
  }
  return "?";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A permutation written as 1-based symbols ("312", "9ABCDEF12345678G"): the
// entries must be 1..length, each once.
std::optional<std::string> parse_perm(std::string_view text, std::vector<int>& perm) {
  if (text.empty()) return "empty permutation";
  if (text.size() > static_cast<std::size_t>(kMaxSide))
    return "permutation longer than " + std::to_string(kMaxSide) + " entries";
  const int n = static_cast<int>(text.size());
  std::vector<char> seen(text.size(), 0);
  for (char ch : text) {
    const int v = Geometry::digit_of_symbol(ch);
    if (v < 1 || v > n)
      return "'" + std::string(1, ch) + "' is not a position from 1 to " +
             std::string(1, Geometry::symbol(n));
    if (seen[v - 1]) return "'" + std::string(1, ch) + "' appears twice";
    seen[v - 1] = 1;
    perm.push_back(v - 1);
  }
  return std::nullopt;
}

}  // namespace

std::string to_string(const TransformOp& op) {
  std::string s(name_of(op.kind));
  if (op.kind == TransformKind::rows || op.kind == TransformKind::columns)
    s += ":" + std::to_string(op.block + 1);
  if (!op.perm.empty()) {
    s += ":";
    for (int p : op.perm) s += Geometry::symbol(p + 1);
  }
  return s;
}

Result<std::vector<TransformOp>> parse_transform_ops(std::string_view text) {
  std::vector<TransformOp> ops;
  int index = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const int column = static_cast<int>(start) + 1;
    const std::string_view item = trim(text.substr(start, comma - start));
    start = comma + 1;
    ++index;
    auto fail = [&](const std::string& why) {
      std::string shown(item.substr(0, 40));
      if (item.size() > 40) shown += "...";
      return Error{0, column, "operation " + std::to_string(index) + " ('" + shown + "'): " + why};
    };
    if (item.empty()) return fail("empty operation");
    const std::size_t colon = item.find(':');
    const std::string_view name = item.substr(0, colon);
    const OpName* known = nullptr;
    for (const OpName& n : kOpNames) {
      if (n.name == name) known = &n;
    }
    if (!known)
      return fail(
          "unknown operation; expected relabel, transpose, antitranspose, rot90, "
          "rot180, rot270, mirror, flip, rows, bands, cols or stacks");
    TransformOp op;
    op.kind = known->kind;
    std::string_view rest =
        colon == std::string_view::npos ? std::string_view() : item.substr(colon + 1);
    if (known->args == 0) {
      if (colon != std::string_view::npos) return fail("takes no argument");
    } else if (colon == std::string_view::npos) {
      return fail(known->args == 2 ? "expected " + std::string(name) + ":BLOCK:PERMUTATION"
                                   : "expected " + std::string(name) + ":PERMUTATION");
    } else {
      if (known->args == 2) {
        const std::size_t second = rest.find(':');
        if (second == std::string_view::npos)
          return fail("expected " + std::string(name) + ":BLOCK:PERMUTATION");
        const std::string_view block = rest.substr(0, second);
        int b = 0;
        const auto [end, ec] = std::from_chars(block.data(), block.data() + block.size(), b);
        if (ec != std::errc() || end != block.data() + block.size() || b < 1 || b > kMaxSide)
          return fail("block '" + std::string(block.substr(0, 10)) +
                      "' is not a number from 1 to " + std::to_string(kMaxSide));
        op.block = b - 1;
        rest = rest.substr(second + 1);
      }
      if (auto err = parse_perm(rest, op.perm)) return fail(*err);
    }
    ops.push_back(std::move(op));
    if (comma == text.size()) break;
  }
  return ops;
}

Transform::Transform(const Geometry& source)
    : source_(&source),
      target_(&source),
      source_cell_(static_cast<std::size_t>(source.cell_count())),
      digit_map_(static_cast<std::size_t>(source.side() + 1)) {
  for (int c = 0; c < source.cell_count(); ++c) source_cell_[c] = c;
  for (int d = 0; d <= source.side(); ++d) digit_map_[d] = d;
}

Result<void> Transform::then(const TransformOp& op) {
  const Geometry& g = *target_;
  const int n = g.side(), br = g.box_rows(), bc = g.box_cols();
  const int last = n - 1;
  auto need = [&](int length, const std::string& what) -> Result<void> {
    if (static_cast<int>(op.perm.size()) != length)
      return Error{0, 0,
                   to_string(op) + ": " + what + " needs a permutation of " +
                       std::to_string(length) + " entries on a " + g.describe() + " board, got " +
                       std::to_string(op.perm.size())};
    return {};
  };
  auto block_in = [&](int count, const char* what) -> Result<void> {
    if (op.block < 0 || op.block >= count)
      return Error{0, 0,
                   to_string(op) + ": " + what + " " + std::to_string(op.block + 1) +
                       " is out of range 1.." + std::to_string(count) + " on a " + g.describe() +
                       " board"};
    return {};
  };
  if (op.kind == TransformKind::relabel) {
    if (auto ok = need(n, "relabel"); !ok) return ok;
    for (std::size_t d = 1; d < digit_map_.size(); ++d)
      digit_map_[d] = op.perm[digit_map_[d] - 1] + 1;
    return {};
  }
  // The operation as: new (row, col) takes old (row, col).
  const Geometry* out = &g;
  std::vector<int> from(static_cast<std::size_t>(g.cell_count()));
  const bool turns = op.kind == TransformKind::transpose ||
                     op.kind == TransformKind::antitranspose || op.kind == TransformKind::rot90 ||
                     op.kind == TransformKind::rot270;
  if (turns) out = Geometry::get(bc, br);
  switch (op.kind) {
    case TransformKind::rows:
      if (auto ok = block_in(n / br, "band"); !ok) return ok;
      if (auto ok = need(br, "rows"); !ok) return ok;
      break;
    case TransformKind::bands:
      if (auto ok = need(n / br, "bands"); !ok) return ok;
      break;
    case TransformKind::columns:
      if (auto ok = block_in(n / bc, "stack"); !ok) return ok;
      if (auto ok = need(bc, "cols"); !ok) return ok;
      break;
    case TransformKind::stacks:
      if (auto ok = need(n / bc, "stacks"); !ok) return ok;
      break;
    default:
      break;
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      int orow = r, ocol = c;
      switch (op.kind) {
        case TransformKind::transpose:
          orow = c;
          ocol = r;
          break;
        case TransformKind::antitranspose:
          orow = last - c;
          ocol = last - r;
          break;
        case TransformKind::rot90:
          orow = last - c;
          ocol = r;
          break;
        case TransformKind::rot270:
          orow = c;
          ocol = last - r;
          break;
        case TransformKind::rot180:
          orow = last - r;
          ocol = last - c;
          break;
        case TransformKind::mirror:
          ocol = last - c;
          break;
        case TransformKind::flip:
          orow = last - r;
          break;
        case TransformKind::rows:
          if (r / br == op.block) orow = op.block * br + op.perm[r % br];
          break;
        case TransformKind::bands:
          orow = op.perm[r / br] * br + r % br;
          break;
        case TransformKind::columns:
          if (c / bc == op.block) ocol = op.block * bc + op.perm[c % bc];
          break;
        case TransformKind::stacks:
          ocol = op.perm[c / bc] * bc + c % bc;
          break;
        case TransformKind::relabel:
          break;
      }
      from[static_cast<std::size_t>(r * n + c)] = source_cell_[orow * n + ocol];
    }
  }
  source_cell_ = std::move(from);
  target_ = out;
  return {};
}

Grid Transform::apply(const Grid& grid) const {
  Grid out(*target_);
  for (int c = 0; c < target_->cell_count(); ++c) out.set(c, digit_map_[grid[source_cell_[c]]]);
  return out;
}

std::vector<TransformOp> random_transform_ops(const Geometry& geometry, Rng& rng) {
  const int n = geometry.side(), br = geometry.box_rows(), bc = geometry.box_cols();
  std::vector<TransformOp> ops;
  auto perm = [&](int length) {
    std::vector<int> p(static_cast<std::size_t>(length));
    for (int i = 0; i < length; ++i) p[i] = i;
    rng.shuffle(std::span(p));
    return p;
  };
  if (br == bc && rng.below(2)) ops.push_back({TransformKind::transpose, 0, {}});
  ops.push_back({TransformKind::bands, 0, perm(n / br)});
  for (int b = 0; b < n / br; ++b) ops.push_back({TransformKind::rows, b, perm(br)});
  ops.push_back({TransformKind::stacks, 0, perm(n / bc)});
  for (int s = 0; s < n / bc; ++s) ops.push_back({TransformKind::columns, s, perm(bc)});
  ops.push_back({TransformKind::relabel, 0, perm(n)});
  return ops;
}

Transform random_transform(const Geometry& geometry, Rng& rng) {
  Transform t(geometry);
  for (const TransformOp& op : random_transform_ops(geometry, rng)) {
    // The operations are drawn to fit the board.
    [[maybe_unused]] const Result<void> fits = t.then(op);
    assert(fits.ok());
  }
  return t;
}

}  // namespace nonet
