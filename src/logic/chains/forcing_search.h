#pragma once
// Internal: the search behind Nishio (7.5), multiple (8.0) and dynamic (8.5) forcing chains,
// dynamic forcing chains (+) (9.0) and nested forcing chains (9.5, 10.0, 10.5, 11.0).
//
// A "chaining" starts from one assumption (a candidate on or off) and follows
// every consequence in SE's order: an on node turns off the peers with its digit
// (and, except in Nishio mode, the other digits of its cell); an off node turns
// on the last digit of a cell or the last place of a digit in a house. In
// dynamic mode each off node is also struck from a working copy of the
// candidates, so later steps see the reduced grid; an on node found that way
// records the struck candidates as extra ("hidden") parents. Nodes are kept in
// insertion order with their parents, so a node's rating weight (SE's
// "complexity") is the number of its distinct ancestors, itself included.
//
// From these chainings SE draws: a contradiction (a node both on and off: the
// assumption is false), a double forcing chain (both states of a candidate imply
// the same node), a cell forcing chain (every digit of a cell implies it) and a
// region forcing chain (every place of a digit in a house implies it). All
// hints of the producer are ranked by rating, then complexity, then kind; the
// first is the step.
//
// Levels. At level 1 and up, whenever a chaining runs out of consequences, the
// reduced grid is searched with further rules, tried in turn until one applies:
// pointing / claiming, hidden pair, naked pair and X-Wing (level 1), then
// forcing chains (level 2), multiple forcing chains (level 3), dynamic forcing
// chains (level 4) and dynamic chains of level 2 (level 5). Every candidate such
// a rule removes becomes an off node whose parents are the struck candidates the
// rule depends on (for a nested chain: those that made its on nodes the last
// digit of a cell or place of a house). A nested chain adds its own complexity,
// once, to each chain that uses it. Level L rates 9.0 (L = 1) or
// 9.5 + 0.5 (L - 2), plus the length bonus.

#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "logic/chains/basic_rules.h"
#include "logic/chains/chain_core.h"
#include "logic/chains/cycles.h"
#include "logic/chains/link_graph.h"

namespace nonet::logic_detail {

// Which search: multiple (the cell and region rules with more than two
// candidates or places), dynamic (strikes off nodes from a working grid),
// Nishio (one digit's links only), and the level of the rules nested in it.
struct Spec {
  bool multiple = false, dynamic = false, nishio = false;
  int level = 0;
};

class ForcingSearch {
 public:
  // What the rules of this level remove from a reduced grid, with the struck
  // candidates each removal depends on.
  struct Derivation {
    struct Item {
      int cand, pbeg, pend, nested, hint;
    };
    std::vector<Item> items;
    std::vector<int> parents;
  };

  ForcingSearch(const Board& board, const Spec& spec, Technique technique);

  // The first step on `grid`.
  bool best(const std::vector<Mask>& grid, Step& step);
  // Splits the cells of a best() search between searches on several threads:
  // each takes the next cell from `next_cell` when done with one, and they
  // share what the rules found on reduced grids.
  void share(std::atomic<int>& next_cell, Memo<Derivation>& shared);
  // After best(): the step's rank and the cell its assumption was made in, which
  // order the steps of several lanes as one search would have.
  const Rank& best_rank() const { return best_; }
  int best_cell() const { return best_cell_; }

  // As a rule nested in a chain: appends the candidates that the hints on
  // `grid` (a reduced copy of `origin`) remove, each with the struck candidates
  // it depends on; returns their count.
  int derive(const std::vector<Mask>& origin, const std::vector<Mask>& grid,
             std::vector<Derived>& out) {
    collect_ = true;
    origin_ = &origin;
    collector_.reset(g_.cell_count() * n_);
    start(grid);
    if (b_.expired()) return 0;
    const std::size_t before = out.size();
    collector_.emit(out, true);
    return static_cast<int>(out.size() - before);
  }

 private:
  void start(const std::vector<Mask>& grid);

  void run();

  int take_cell(int done) { return next_cell_ ? next_cell_->fetch_add(1) : done + 1; }

  // The chain from candidate `c` on: its implications and, on a
  // contradiction, its two halves. Chained into `scratch`, or with cache_ once
  // per search.
  struct OnChain {
    Implications* imp = nullptr;
    bool contradiction = false;
    int a = 0, b = 0;
  };
  OnChain on_chain(int c, Implications& scratch);

  // Pruning: whether a chain from candidate `c` on can meet a link with rule
  // parents.
  bool reaches(int c) const { return reach_[static_cast<std::size_t>(on_id(c))]; }
  // The places of `digit` in house `h` when the region rule starts there from
  // `cell` (its first place, two places or more with `multiple`), else empty.
  const std::vector<int>& region_places(int cell, int digit, int h);
  // Pruning: whether a region rule's hint from `cell` in house `h` can count.
  bool region_counts(int digit, int h, const std::vector<int>& places) const;
  bool regions_count(int cell, int digit);

  int cand(int cell, int digit) const { return cell * n_ + digit - 1; }
  int cell_of_id(int id) const { return id_cell_[static_cast<std::size_t>(id)]; }
  int digit_of_id(int id) const { return id_digit_[static_cast<std::size_t>(id)]; }
  static bool on_of(int id) { return id & 1; }
  static int on_id(int c) { return c * 2 + 1; }
  static int off_id(int c) { return c * 2; }

  std::array<int, 3> houses(int cell) const { return houses_of(g_, cell); }
  Mask cur(int cell) const { return cur_[static_cast<std::size_t>(cell)]; }
  Mask orig(int cell) const { return orig_[static_cast<std::size_t>(cell)]; }
  // The index of `cell` within the k-th of houses(cell).
  int slot(int cell, std::size_t k) const { return house_slot(g_, cell, k); }
  // The slots of houses(cell)[k] that the cell's earlier houses cover: the
  // cell itself in its box, the box's cells in its row and column.
  Mask met(int cell, std::size_t k) const { return met_[static_cast<std::size_t>(cell) * 3 + k]; }
  // The same for the j-th of a variant's extra houses of the cell.
  Mask extra_met(int cell, std::size_t j) const {
    return extra_met_[static_cast<std::size_t>(extra_met_start_[static_cast<std::size_t>(cell)]) + j];
  }
  // Positions of a digit in a house (bit i: the house's i-th cell), before the
  // chain and in its reduced grid.
  Mask& pos_cur(int h, int digit) { return pos_cur_[static_cast<std::size_t>(h * n_ + digit - 1)]; }
  Mask pos_orig(int h, int digit) const;

  // SE's doChaining: completes `imp` from its assumption. Returns true on a
  // contradiction, with the on and off halves in `on_idx` / `off_idx`.
  bool chain(Implications& imp, int& on_idx, int& off_idx);
  // chain's off-to-on step in one house: when `digit` has two places left in
  // `house`, one at `slot` (the cell being struck by `p`), the other is
  // turned on, with p (and, in dynamic chains, the strikes that emptied the
  // house's other places) as its parents.
  void offer_other_place(Implications& imp, int p, int house, int slot, int digit,
                         bool dynamic);

  // The rules of this level on the reduced grid; their removals become off
  // nodes. Returns true when one was added.
  bool advanced(Implications& imp, std::vector<int>& pend_off);

  // The rules' removals on cur_. Many chainings of one search run out of
  // consequences on the same reduced grid, so each grid's answer is kept for
  // the rest of the search (the parents depend only on it and on orig_).
  const Derivation& derivation();

  // SE's chaining rules of each level, after the basic ones.
  std::size_t rule_count() const;
  int derive_rule(std::size_t k);

  // Distinct ancestors of a node, itself included; the nested chains met on the
  // way add their complexity once per hint (stamped with `hint_gen_`).
  int ancestors(const Implications& imp, int idx);

  // Main-path links (first parents) from the assumption to `idx`.
  void append_links(const Implications& imp, int idx, std::vector<ChainLink>& out) const;

  // The candidates a hint whose result is node `id` removes: the other digits
  // of its cell when on, the digit when off.
  void removable(int id);

  struct Chain {
    const Implications* imp;
    int idx;
  };

  // SE's rule parents of a nested hint: for every on node of its chains, the
  // candidates struck from the outer grid that made it the last of its cell or
  // house. `assumption` is the cause given to the chains' first nodes.
  std::vector<int> rule_parents(std::span<const Chain> chains, int assumption);

  // Ranks a hint and keeps it when it comes first so far.
  void offer(int result_id, int sort_key, int variant, int src_cell,
             std::initializer_list<Chain> chains) {
    offer_list(result_id, sort_key, variant, src_cell, kNoCause,
               std::span<const Chain>(chains.begin(), chains.size()));
  }
  void offer_list(int result_id, int sort_key, int variant, int src_cell, int assumption,
                  std::span<const Chain> chains);

  void binary(int cell, int digit, int card, const OnChain& on);

  // The nodes that all of `imps` imply, into common_.
  void common(const std::vector<Implications*>& imps);

  void regions(int cell, int digit, Implications& on_imp);

  void cell_reduction(int cell, Mask m);

  const Board& b_;
  const Geometry& g_;
  int n_;
  int ids_;
  Spec spec_;
  double base_;
  Technique technique_;
  bool collect_ = false;
  const std::vector<Mask>* origin_ = nullptr;  // collecting: the grid the outer chain started from
  std::vector<Mask> orig_, cur_;
  std::vector<Mask> pos_orig_, pos_cur_;  // per house and digit
  std::vector<Mask> struck_;              // per house: digits struck by the chain
  std::vector<Mask> met_;                 // per cell and k: see met()
  std::vector<Mask> extra_met_;           // per cell and extra house: see extra_met()
  std::vector<int> extra_met_start_;      // per cell: where its extra_met_ start
  bool variant_ = false;                  // a variant's extra houses or chess rules
  std::vector<int> id_cell_, id_digit_;   // per node id
  std::vector<Implications> by_value_, by_pos_;
  std::vector<Implications*> value_imp_;  // per digit: the cell's chains
  bool static_ = false;                   // a nested static search
  bool cache_ = false;                    // on chains kept per candidate
  struct Closure {
    Implications imp;
    bool contradiction = false;
    int a = 0, b = 0;
  };
  std::vector<Closure> closure_;  // per candidate
  std::vector<char> closure_done_;
  Implications off_imp_;
  std::vector<int> pend_on_, pend_off_, stack_, parents_, removed_;
  std::vector<int> found_on_, found_cause_;
  std::vector<int> found_par_, found_beg_;
  std::vector<unsigned> stamp_;
  unsigned gen_ = 0;
  std::vector<int> nested_cplx_;
  std::vector<unsigned> nested_stamp_;
  unsigned hint_gen_ = 0;
  BasicRules basic_;
  std::unique_ptr<CycleSearch> unary_;
  std::vector<std::unique_ptr<ForcingSearch>> rules_;
  std::vector<Derived> derived_;
  std::vector<int> places_;           // scratch of region_places()
  std::unique_ptr<LinkGraph> links_;  // static: the grid's links
  std::vector<char> reach_;
  std::vector<Implications*> imps_;
  Implications::Bits common_;
  std::vector<Chain> chains_;
  std::string rule_key_;
  // By reduced grid, for one start(): this search's own, or one its lanes share.
  Memo<Derivation> own_memo_{std::size_t{32} << 20};
  Memo<Derivation>* memo_ = &own_memo_;
  std::string key_;
  Derivation scratch_;
  Collector collector_;
  Rank best_;
  int best_cell_ = -1;
  std::atomic<int>* next_cell_ = nullptr;  // shared with other threads' searches
  bool found_ = false;
  Step best_step_;
};

}  // namespace nonet::logic_detail
