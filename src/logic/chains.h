#pragma once
// Internal: the chain family (SE 6.5 and up). Candidates are numbered
// cell * N + (digit - 1); a "node" is a candidate assumed true (on) or false
// (off). The implication rules, their order and the rating of a chain follow
// Sudoku Explainer 1.2.1 so that ratings agree with it.

#include <vector>

#include "logic/finders.h"

namespace nonet::logic_detail {

// Finders, in SE's order of producers.
bool find_cycles_and_forcing_chains(const LogicState& s, Step& step);  // 6.5 - 7.x
bool find_aligned_triple_exclusion(const LogicState& s, Step& step);    // 7.5
bool find_nishio_chains(const LogicState& s, Step& step);              // 7.5+
bool find_multiple_chains(const LogicState& s, Step& step);            // 8.0+
bool find_dynamic_chains(const LogicState& s, Step& step);             // 8.5+
bool find_dynamic_plus_chains(const LogicState& s, Step& step);        // 9.0+
bool find_nested_chains(const LogicState& s, Step& step);              // 9.5 - 11.0+

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

// SE's length bonus: +0.1 each time the chain's node count, less 2, passes 4, 6,
// 8, 12, 16, 24, 32, ... (the bound grows by 3/2 and 4/3 in turn). Computed in
// doubles in the same order SE does, because SE compares such sums exactly when
// it picks the first hint.
double chain_difficulty(double base, int complexity);
int chain_tenths(double difficulty);

// What a step concludes, as text: "r6c1, r6c5 <> 4, 8; r2c3 = 7" (render.cpp).
std::string consequence(const Step& step, const Geometry& g);

// Titles and text of chain steps (render.cpp hands chain steps here).
std::string chain_title(const Step& step);
std::string render_chain(const Step& step, const Geometry& g);

// Step::variant values of the chain family.
enum ChainVariant : int {
  kForcingXChain = 0,       // forcing_chain: one digit (6.6)
  kForcingXYChain = 1,      // forcing_chain: mixed links (7.0)
  kBidirectionalCycle = 2,  // x_cycle with mixed links (7.0)
  kContradiction = 0,       // nishio / dynamic: an assumption leads to a contradiction
  kDoubleForcing = 1,       // dynamic: both states of a candidate imply the same
  kCellForcing = 2,         // multiple / dynamic: every digit of a cell implies the same
  kRegionForcing = 3,       // multiple / dynamic: every place of a digit in a house
};
// Nested forcing chains carry their kind plus this times (level - 2): level 2
// (forcing chains inside), 3 (multiple), 4 (dynamic), 5 (dynamic of level 2).
constexpr int kNestedLevelStride = 4;

}  // namespace nonet::logic_detail
