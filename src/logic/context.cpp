// The finder context: stop conditions, threads and the nested chains' memo.

#include "logic/context.h"

#include <algorithm>

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

}  // namespace nonet::logic_detail
