// The finder context: stop conditions, threads and the nested chains' memo.

#include "logic/context.h"

#include <algorithm>
#include <bit>
#include <span>

#include "logic/chains/chain_core.h"

namespace nonet::logic_detail {

// The nested rules' memo may hold this much per position.
constexpr std::size_t kRuleMemoBytes = std::size_t{64} << 20;
// A nested search splits its cells between at most this many threads.
constexpr int kMaxThreads = 16;

FindContext::FindContext(const LogicOptions& options)
    : deadline_(options.deadline),
      cancel_(options.cancel),
      threads_(std::clamp(options.threads, 1, kMaxThreads)) {}

FindContext::~FindContext() = default;

Memo<RuleResult>& FindContext::rule_memo(const std::vector<Mask>& grid) {
  if (!memo_) memo_ = std::make_unique<Memo<RuleResult>>(kRuleMemoBytes);
  if (grid != memo_grid_) {
    memo_->clear();
    memo_grid_ = grid;
  }
  return *memo_;
}

const std::vector<Mask>& PositionCache::table(const LogicState& state) {
  // The position is named by its candidates, compared as flat arrays (a
  // memcmp): compared cell by cell, they cost 2.4 % of the instructions of
  // making 16x16 hard puzzles, which rate each dug candidate step by step.
  const std::span<const Mask> candidates = state.candidate_masks();
  if (geometry_ == &state.geometry() &&
      std::equal(candidates.begin(), candidates.end(), candidates_.begin(), candidates_.end()))
    return positions_;
  const Geometry& g = state.geometry();
  const int n = g.side();
  geometry_ = &g;
  candidates_.assign(candidates.begin(), candidates.end());
  positions_.assign(static_cast<std::size_t>(g.house_count() * n), 0);
  for (int house = 0; house < g.house_count(); ++house) {
    int i = 0;
    for (int cell : g.house_cells(house)) {
      for (Mask m = state.candidates(cell); m; m &= m - 1)
        positions_[static_cast<std::size_t>(house * n + std::countr_zero(m))] |= Mask{1} << i;
      ++i;
    }
  }
  ++builds_;
  return positions_;
}

}  // namespace nonet::logic_detail
