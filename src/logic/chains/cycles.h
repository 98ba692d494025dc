#pragma once
// Internal: SE's "forcing chains & cycles" producer (6.5 - 7.x), the search
// that both the finder and the rule of level 2 and 3 nested chains run.

#include <vector>

#include "logic/chains/chain_core.h"
#include "logic/chains/link_graph.h"

namespace nonet::logic_detail {

// Each candidate is assumed true and the consequences are followed breadth
// first along two kinds of link: weak (a true candidate turns off its peers
// with the same digit and, with Y-links, the other digits of its cell) and
// strong (a false candidate turns on the other place of a digit in a house
// with two places or, with Y-links, the other digit of a bivalue cell). A path
// back to the start after at least four links is a cycle: a candidate that
// sees an on node of the cycle and an off node of the other colouring is
// false. A path from an assumption to its own negation is a forcing chain.
// Three passes (X-links only, Y-links only, both) give SE's three groups.
//
// As a finder (best()) it keeps the hint SE shows first: the lowest rating,
// then the fewest nodes, then its kind; searches that cannot beat the best
// so far are cut short. As a nested rule (derive()) it collects every hint
// whose chain has rule parents, and skips the searches that cannot reach a
// link with struck candidates.
class CycleSearch {
 public:
  // With a context the search stops soon after it is stopped (finding what
  // it found by then).
  explicit CycleSearch(const Geometry& g, FindContext* context = nullptr);

  // The first hint on `grid` (a position's candidates), as a step.
  bool best(const std::vector<Mask>& grid, Step& step);
  // Appends the candidates that the hints on `grid` (a reduced copy of
  // `origin`) remove, each with the struck candidates it depends on; returns
  // their count.
  int derive(const std::vector<Mask>& origin, const std::vector<Mask>& grid,
             std::vector<Derived>& out);

  // The struck candidates (in `origin`, not in `grid`) that made on node `cand`
  // the last digit of its cell (cause kCellCause) or the last place of its
  // digit in house `cause`; appended to `out` without repeats.
  static void rule_parents(int cand, int cause, const std::vector<Mask>& origin,
                           const std::vector<Mask>& grid, const Geometry& g, std::vector<int>& out);

 private:
  struct PathNode {
    int cand;
    bool on;
    int parent;
    int cause;
  };
  Mask at(int cell) const { return (*grid_)[static_cast<std::size_t>(cell)]; }
  int cell_of(int cand) const { return cand / n_; }
  int digit_of(int cand) const { return cand % n_ + 1; }
  int push(int cand, bool on, int parent, int cause) {
    arena_.push_back({cand, on, parent, cause});
    return static_cast<int>(arena_.size()) - 1;
  }
  void run();
  void clear_seen();
  // Whether a hint of this base with this many nodes (or more) could still
  // come first (finder only).
  bool can_beat(double base, int complexity) const;
  bool is_ancestor(int node, int cand, bool on) const;
  void forcing(int src, bool on, bool y);
  void cycles(int src, bool y, bool x);
  void cycle_hint(int end, bool y, bool x);
  void forcing_hint(int target, bool y);
  std::vector<ChainLink> path_links(int end) const;

  const Geometry& g_;
  FindContext* context_;
  int n_;
  int cands_;
  bool collect_ = false;
  const std::vector<Mask>* origin_ = nullptr;
  const std::vector<Mask>* grid_ = nullptr;
  LinkGraph links_;
  std::vector<PathNode> arena_;
  std::vector<char> on_seen_, off_seen_;
  std::vector<int> touched_, pend_on_, pend_off_, next_, removed_;
  std::vector<int> cyc_on_, cyc_off_, cyc_found_, cyc_cells_, fwd_, back_;
  std::vector<char> cycle_reach_, forcing_reach_;
  // Finder: the best hint so far. Rule: every hint that counts.
  Rank best_;
  bool found_ = false;
  Step best_step_;
  Collector collector_;
};

}  // namespace nonet::logic_detail
