#pragma once
// Internal: what a finder gets besides the position (FindContext), and where
// it puts what it finds (StepSink). Every finder has one signature:
//
//   void find_x(const LogicState& state, FindContext& context, StepSink& sink);

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "nonet/logic.h"

namespace nonet::logic_detail {

struct RuleResult;
template <class T>
class Memo;

// Every digit's positions in every house of one position (pos[house * N +
// digit - 1], bit i: the house's i-th cell), for the finders that read them
// many times (fish, intersections, hidden sets). Kept until a finder asks for
// another position: the finders tried one after another on a position build
// it once. The key is the position's geometry and candidates themselves, so a
// table can only be reused for the very candidates it was built from.
class PositionCache {
 public:
  const std::vector<Mask>& table(const LogicState& state);
  // How many tables were built so far: a view checks that its table was not
  // rebuilt for another position while it looked at it.
  std::uint64_t builds() const { return builds_; }

 private:
  const Geometry* geometry_ = nullptr;
  std::vector<Mask> candidates_;  // the position the table was built from
  std::vector<Mask> positions_;
  std::uint64_t builds_ = 0;
};

// When to stop, how many threads a search may use, and what the searches keep
// for the position: the finders' position table and the nested chain
// searches' memo. One context serves one caller's search (a path, a hint, a
// rating); the threads of a nested search share it.
class FindContext {
 public:
  explicit FindContext(const LogicOptions& options = {});
  ~FindContext();
  FindContext(const FindContext&) = delete;
  FindContext& operator=(const FindContext&) = delete;

  // True once the deadline has passed or the cancel flag is raised, and from
  // then on. Any thread may ask; a finder that sees it returns soon, with
  // nothing or with what it has.
  bool stopped() {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if ((cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) || deadline_.expired()) {
      stopped_.store(true, std::memory_order_relaxed);
      return true;
    }
    return false;
  }
  int threads() const { return threads_; }
  const Deadline& deadline() const { return deadline_; }

  // The least rating the step being searched for can have: raised by the
  // path as it moves from search to search, and by searches that work level
  // by level. When the search is cut short this is what is known.
  int floor() const { return floor_.load(std::memory_order_relaxed); }
  void raise_floor(int tenths) {
    int f = floor_.load(std::memory_order_relaxed);
    while (f < tenths && !floor_.compare_exchange_weak(f, tenths, std::memory_order_relaxed)) {
    }
  }
  void reset_floor(int tenths) { floor_.store(tenths, std::memory_order_relaxed); }

  // What the nested chains' rules found on the reduced grids of the position
  // whose candidates are `grid`: emptied when the position changes (the levels
  // of one step share it; a new step starts afresh).
  Memo<RuleResult>& rule_memo(const std::vector<Mask>& grid);

  // The position table of the finders (PositionCache), read only by the
  // thread that runs them, never by a nested search's threads.
  PositionCache& positions() { return positions_; }

 private:
  Deadline deadline_;
  const std::atomic<bool>* cancel_;
  int threads_;
  std::atomic<bool> stopped_{false};
  std::atomic<int> floor_{0};
  std::unique_ptr<Memo<RuleResult>> memo_;
  std::vector<Mask> memo_grid_;
  PositionCache positions_;
};

// Where a finder puts the steps it finds: the first one (the usual case: the
// finder stops there), or all of them. Finders that rank what they find (the
// chain searches, unique rectangles and loops, almost locked sets) give only
// the one that ranks first.
class StepSink {
 public:
  enum class Mode { first, all };
  explicit StepSink(Mode mode = Mode::first) : mode_(mode) {}

  // Takes a step; true when the finder should stop looking.
  bool take(Step step) {
    steps_.push_back(std::move(step));
    return mode_ == Mode::first;
  }
  bool empty() const { return steps_.empty(); }
  std::vector<Step>& steps() { return steps_; }

 private:
  Mode mode_;
  std::vector<Step> steps_;
};

}  // namespace nonet::logic_detail
