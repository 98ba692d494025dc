#pragma once
// Internal: the chain family (SE 6.5 and up). Candidates are numbered
// cell * N + (digit - 1); a "node" is a candidate assumed true (on) or false
// (off). The implication rules, their order and the rating of a chain follow
// Sudoku Explainer 1.2.1 so that ratings agree with it.

#include <vector>

#include "logic/finders.h"
#include "logic/step_variants.h"

namespace nonet::logic_detail {

// Finders, in SE's order of producers.
bool find_cycles(const LogicState& s, Step& step);               // 6.5 - 7.x
bool find_nishio(const LogicState& s, Step& step);               // 7.5+
bool find_multiple_chains(const LogicState& s, Step& step);      // 8.0+
bool find_dynamic_chains(const LogicState& s, Step& step);       // 8.5+
bool find_dynamic_plus_chains(const LogicState& s, Step& step);  // 9.0+
bool find_nested_chains(const LogicState& s, Step& step);        // 9.5 - 11.0+

// The forcing-chain finders (Nishio and up) stop early, finding nothing, once
// the deadline of the innermost live scope on this thread has expired, so that
// one step of the hardest puzzles cannot outlast a request; and the nested
// chain search splits its cells between the scope's number of threads (1 to
// kMaxChainThreads). solve_path and find_hint open a scope; a finder called
// without one is not limited and uses one thread. This is the only per-thread
// state of the solver; the scope restores the previous values when it ends.
inline constexpr int kMaxChainThreads = 16;
class ChainDeadlineScope {
 public:
  explicit ChainDeadlineScope(const Deadline& deadline, int threads = 1);
  ~ChainDeadlineScope();
  ChainDeadlineScope(const ChainDeadlineScope&) = delete;
  ChainDeadlineScope& operator=(const ChainDeadlineScope&) = delete;

 private:
  const Deadline* previous_;
  int previous_threads_;
};

}  // namespace nonet::logic_detail
