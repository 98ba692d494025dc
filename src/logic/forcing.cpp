// Nishio (7.5), multiple (8.0) and dynamic (8.5) forcing chains.
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

#include <algorithm>

#include "logic/chains.h"

namespace nonet::logic_detail {
namespace {

struct Node {
  int id;    // cand * 2 + on
  int pbeg;  // first parent in the pool
  int pcnt;
};

// The nodes implied by one assumption, in the order found.
class Implications {
 public:
  void init(int ids) {
    if (static_cast<int>(slot_.size()) != ids) slot_.assign(static_cast<std::size_t>(ids), -1);
    for (const Node& nd : nodes_) slot_[static_cast<std::size_t>(nd.id)] = -1;
    nodes_.clear();
    pool_.clear();
  }
  int find(int id) const { return slot_[static_cast<std::size_t>(id)]; }
  // Adds a node; `store` false keeps it out of the lookup (a contradiction's
  // second half).
  int add(int id, const int* parents, int count, bool store) {
    const int idx = static_cast<int>(nodes_.size());
    nodes_.push_back({id, static_cast<int>(pool_.size()), count});
    pool_.insert(pool_.end(), parents, parents + count);
    if (store) slot_[static_cast<std::size_t>(id)] = idx;
    return idx;
  }
  const Node& node(int idx) const { return nodes_[static_cast<std::size_t>(idx)]; }
  int parent(int idx, int k) const { return pool_[static_cast<std::size_t>(node(idx).pbeg + k)]; }
  int size() const { return static_cast<int>(nodes_.size()); }
  bool stored(int idx) const { return find(node(idx).id) == idx; }

 private:
  std::vector<int> slot_;
  std::vector<Node> nodes_;
  std::vector<int> pool_;
};

struct Rank {
  double difficulty = 1e9;
  int complexity = 0;
  int sort_key = 0;
  bool better_than(const Rank& o) const {
    if (difficulty != o.difficulty) return difficulty < o.difficulty;
    if (complexity != o.complexity) return complexity < o.complexity;
    return sort_key < o.sort_key;
  }
};

class ForcingSearch {
 public:
  ForcingSearch(const LogicState& s, bool multiple, bool dynamic, bool nishio, double base,
                Technique technique)
      : s_(s), g_(s.geometry()), n_(g_.side()), ids_(g_.cell_count() * n_ * 2),
        multiple_(multiple), dynamic_(dynamic), nishio_(nishio), base_(base),
        technique_(technique), stamp_(static_cast<std::size_t>(ids_), 0) {
    orig_.resize(static_cast<std::size_t>(g_.cell_count()));
    for (int c = 0; c < g_.cell_count(); ++c) orig_[static_cast<std::size_t>(c)] = s.candidates(c);
    by_value_.resize(static_cast<std::size_t>(n_));
    by_pos_.resize(static_cast<std::size_t>(n_));
  }

  bool run(Step& step) {
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      const Mask m = s_.candidates(cell);
      const int card = popcount(m);
      if (!(card > 2 || (card > 1 && dynamic_))) continue;
      for (Mask r = m; r; r &= r - 1) {
        const int digit = std::countr_zero(r) + 1;
        Implications& on_imp = by_value_[static_cast<std::size_t>(digit - 1)];
        binary(cell, digit, card, on_imp);
        if (!nishio_) regions(cell, digit, on_imp);
      }
      if (!nishio_ && (card == 2 || (multiple_ && card > 2))) cell_reduction(cell, m);
    }
    if (!found_) return false;
    step = std::move(best_step_);
    return true;
  }

 private:
  int cand(int cell, int digit) const { return cell * n_ + digit - 1; }
  int cell_of_id(int id) const { return id / 2 / n_; }
  int digit_of_id(int id) const { return id / 2 % n_ + 1; }
  static bool on_of(int id) { return id & 1; }
  static int on_id(int c) { return c * 2 + 1; }
  static int off_id(int c) { return c * 2; }

  std::array<int, 3> houses(int cell) const {
    return {g_.box_house(g_.box_of(cell)), g_.row_of(cell), g_.column_house(g_.col_of(cell))};
  }
  Mask cur(int cell) const { return cur_[static_cast<std::size_t>(cell)]; }

  // SE's doChaining: completes `imp` from its assumption. Returns true on a
  // contradiction, with the on and off halves in `on_idx` / `off_idx`.
  bool chain(Implications& imp, int& on_idx, int& off_idx) {
    cur_ = orig_;
    const bool y = !nishio_;
    std::vector<int>& pend_on = pend_on_;
    std::vector<int>& pend_off = pend_off_;
    pend_on.clear();
    pend_off.clear();
    std::size_t on_head = 0, off_head = 0;
    for (int i = 0; i < imp.size(); ++i) (on_of(imp.node(i).id) ? pend_on : pend_off).push_back(i);
    while (on_head < pend_on.size() || off_head < pend_off.size()) {
      if (on_head < pend_on.size()) {
        const int p = pend_on[on_head++];
        const int pid = imp.node(p).id;
        const int cell = cell_of_id(pid), digit = digit_of_id(pid);
        auto visit = [&](int q) {
          const int hit = imp.find(on_id(q));
          if (hit >= 0) {
            on_idx = hit;
            off_idx = imp.add(off_id(q), &p, 1, false);
            return true;
          }
          if (imp.find(off_id(q)) < 0) pend_off.push_back(imp.add(off_id(q), &p, 1, true));
          return false;
        };
        if (y) {
          for (Mask r = cur(cell) & ~digit_bit(digit); r; r &= r - 1) {
            if (visit(cand(cell, std::countr_zero(r) + 1))) return true;
          }
        }
        const Mask bit = digit_bit(digit);
        for (int h : houses(cell)) {
          for (int c : g_.house_cells(h)) {
            // A cell met in an earlier house is already off (or the source).
            if (c == cell || !(cur(c) & bit)) continue;
            if (visit(cand(c, digit))) return true;
          }
        }
      } else {
        const int p = pend_off[off_head++];
        const int pid = imp.node(p).id;
        const int cell = cell_of_id(pid), digit = digit_of_id(pid);
        const Mask bit = digit_bit(digit);
        // Collect the on nodes first (SE computes them before striking p).
        // found_on_[k] is implied with parents found_par_[found_beg_[k] .. found_beg_[k+1]).
        found_on_.clear();
        found_par_.clear();
        found_beg_.clear();
        if (y && popcount(cur(cell)) == 2) {
          const int other = lowest_digit(cur(cell) & ~bit);
          found_on_.push_back(cand(cell, other));
          found_beg_.push_back(static_cast<int>(found_par_.size()));
          found_par_.push_back(p);
          if (dynamic_) {
            for (Mask r = orig_[static_cast<std::size_t>(cell)] & ~cur(cell); r; r &= r - 1) {
              found_par_.push_back(imp.find(off_id(cand(cell, std::countr_zero(r) + 1))));
            }
          }
        }
        for (int h : houses(cell)) {
          int count = 0, other = -1;
          for (int c : g_.house_cells(h)) {
            if (cur(c) & bit) {
              ++count;
              if (c != cell) other = c;
            }
          }
          if (count != 2) continue;
          const int q = cand(other, digit);
          if (std::find(found_on_.begin(), found_on_.end(), q) != found_on_.end()) continue;
          found_on_.push_back(q);
          found_beg_.push_back(static_cast<int>(found_par_.size()));
          found_par_.push_back(p);
          if (dynamic_) {
            for (int c : g_.house_cells(h)) {
              if ((orig_[static_cast<std::size_t>(c)] & bit) && !(cur(c) & bit)) {
                found_par_.push_back(imp.find(off_id(cand(c, digit))));
              }
            }
          }
        }
        found_beg_.push_back(static_cast<int>(found_par_.size()));
        if (dynamic_) cur_[static_cast<std::size_t>(cell)] &= ~bit;
        for (std::size_t k = 0; k < found_on_.size(); ++k) {
          const int q = found_on_[k];
          const int* par = found_par_.data() + found_beg_[k];
          const int par_count = found_beg_[k + 1] - found_beg_[k];
          const int hit = imp.find(off_id(q));
          if (hit >= 0) {
            on_idx = imp.add(on_id(q), par, par_count, false);
            off_idx = hit;
            return true;
          }
          if (imp.find(on_id(q)) < 0) {
            pend_on.push_back(imp.add(on_id(q), par, par_count, true));
          }
        }
      }
    }
    return false;
  }

  // Distinct ancestors of a node, itself included.
  int ancestors(const Implications& imp, int idx) {
    ++gen_;
    int count = 0;
    stack_.clear();
    stack_.push_back(idx);
    while (!stack_.empty()) {
      const int i = stack_.back();
      stack_.pop_back();
      const int id = imp.node(i).id;
      if (stamp_[static_cast<std::size_t>(id)] == gen_) continue;
      stamp_[static_cast<std::size_t>(id)] = gen_;
      ++count;
      for (int k = 0; k < imp.node(i).pcnt; ++k) stack_.push_back(imp.parent(i, k));
    }
    return count;
  }

  // Main-path links (first parents) from the assumption to `idx`.
  void append_links(const Implications& imp, int idx, std::vector<ChainLink>& out) const {
    std::vector<ChainLink> links;
    for (int i = idx; imp.node(i).pcnt > 0;) {
      const int p = imp.parent(i, 0);
      const int a = imp.node(p).id, b = imp.node(i).id;
      links.push_back({{cell_of_id(a), digit_of_id(a)}, {cell_of_id(b), digit_of_id(b)}, on_of(b)});
      i = p;
    }
    out.insert(out.end(), links.rbegin(), links.rend());
  }

  // The removals of a hint whose result is node `id`: the other digits of its
  // cell when on, the digit when off.
  bool removable(int id, Step& st) const {
    const int cell = cell_of_id(id), digit = digit_of_id(id);
    if (on_of(id)) {
      for (Mask r = s_.candidates(cell) & ~digit_bit(digit); r; r &= r - 1) {
        st.eliminations.push_back({cell, std::countr_zero(r) + 1});
      }
      if (st.eliminations.empty()) return false;
      st.placements.push_back({cell, digit});
    } else {
      st.eliminations.push_back({cell, digit});
    }
    return true;
  }

  struct Chain {
    const Implications* imp;
    int idx;
  };

  // Ranks a hint and keeps it when it comes first so far.
  void offer(int result_id, int sort_key, int variant, int src_cell,
             std::initializer_list<Chain> chains) {
    offer_list(result_id, sort_key, variant, src_cell, std::vector<Chain>(chains));
  }
  void offer_list(int result_id, int sort_key, int variant, int src_cell,
                  const std::vector<Chain>& chains) {
    Step st;
    if (!removable(result_id, st)) return;
    int complexity = 0;
    for (const Chain& c : chains) complexity += ancestors(*c.imp, c.idx);
    const Rank rank{chain_difficulty(base_, complexity), complexity, sort_key};
    if (!rank.better_than(best_)) return;
    best_ = rank;
    found_ = true;
    st.technique = technique_;
    st.variant = variant;
    st.rating = chain_tenths(rank.difficulty);
    st.cells = {src_cell};
    if (cell_of_id(result_id) != src_cell) st.cells.push_back(cell_of_id(result_id));
    st.digits = digit_bit(digit_of_id(result_id));
    for (const Chain& c : chains) append_links(*c.imp, c.idx, st.links);
    best_step_ = std::move(st);
  }

  void binary(int cell, int digit, int card, Implications& on_imp) {
    const bool reduce = card >= 3 && !nishio_ && dynamic_;
    const bool contradiction = dynamic_ || nishio_;
    const int src = cand(cell, digit);
    int a = 0, b = 0;
    on_imp.init(ids_);
    on_imp.add(on_id(src), nullptr, 0, true);
    if (chain(on_imp, a, b) && contradiction) {
      offer(off_id(src), 7, kContradiction, cell, {{&on_imp, a}, {&on_imp, b}});
    }
    if (!contradiction && !reduce) return;
    off_imp_.init(ids_);
    off_imp_.add(off_id(src), nullptr, 0, true);
    if (chain(off_imp_, a, b) && contradiction) {
      offer(on_id(src), 7, kContradiction, cell, {{&off_imp_, a}, {&off_imp_, b}});
    }
    if (!reduce) return;
    for (int pass = 1; pass >= 0; --pass) {  // on nodes first, then off nodes
      for (int i = 0; i < on_imp.size(); ++i) {
        const int id = on_imp.node(i).id;
        if (on_of(id) != (pass == 1) || !on_imp.stored(i)) continue;
        const int j = off_imp_.find(id);
        if (j < 0) continue;
        offer(id, 1, kDoubleForcing, cell, {{&on_imp, i}, {&off_imp_, j}});
      }
    }
  }

  void regions(int cell, int digit, Implications& on_imp) {
    const Mask bit = digit_bit(digit);
    for (int h : houses(cell)) {
      std::vector<int> places;
      for (int c : g_.house_cells(h)) {
        if (s_.candidates(c) & bit) places.push_back(c);
      }
      const int count = static_cast<int>(places.size());
      if (!(count == 2 || (multiple_ && count > 2))) continue;
      if (places[0] != cell) continue;  // each house is done from its first place
      std::vector<Implications*> imps{&on_imp};
      for (int k = 1; k < count; ++k) {
        Implications& imp = by_pos_[static_cast<std::size_t>(k)];
        imp.init(ids_);
        imp.add(on_id(cand(places[static_cast<std::size_t>(k)], digit)), nullptr, 0, true);
        int a = 0, b = 0;
        chain(imp, a, b);
        imps.push_back(&imp);
      }
      for (int pass = 1; pass >= 0; --pass) {
        for (int i = 0; i < on_imp.size(); ++i) {
          const int id = on_imp.node(i).id;
          if (on_of(id) != (pass == 1) || !on_imp.stored(i)) continue;
          std::vector<Chain> chains{{&on_imp, i}};
          for (std::size_t k = 1; k < imps.size(); ++k) {
            const int j = imps[k]->find(id);
            if (j < 0) break;
            chains.push_back({imps[k], j});
          }
          if (chains.size() != imps.size()) continue;
          offer_list(id, 6, kRegionForcing, cell, chains);
        }
      }
    }
  }

  void cell_reduction(int cell, Mask m) {
    const int first = lowest_digit(m) - 1;
    const Implications& head = by_value_[static_cast<std::size_t>(first)];
    for (int pass = 1; pass >= 0; --pass) {
      for (int i = 0; i < head.size(); ++i) {
        const int id = head.node(i).id;
        if (on_of(id) != (pass == 1) || !head.stored(i)) continue;
        std::vector<Chain> chains;
        for (Mask r = m; r; r &= r - 1) {
          const Implications& imp = by_value_[static_cast<std::size_t>(std::countr_zero(r))];
          const int j = imp.find(id);
          if (j < 0) break;
          chains.push_back({&imp, j});
        }
        if (static_cast<int>(chains.size()) != popcount(m)) continue;
        offer_list(id, 5, kCellForcing, cell, chains);
      }
    }
  }

  const LogicState& s_;
  const Geometry& g_;
  int n_;
  int ids_;
  bool multiple_, dynamic_, nishio_;
  double base_;
  Technique technique_;
  std::vector<Mask> orig_, cur_;
  std::vector<Implications> by_value_, by_pos_;
  Implications off_imp_;
  std::vector<int> pend_on_, pend_off_, stack_;
  std::vector<int> found_on_;
  std::vector<int> found_par_, found_beg_;
  std::vector<unsigned> stamp_;
  unsigned gen_ = 0;
  Rank best_;
  bool found_ = false;
  Step best_step_;
};

}  // namespace

bool find_nishio_chains(const LogicState& s, Step& step) {
  ForcingSearch f(s, false, true, true, 7.5, Technique::nishio_forcing_chain);
  return f.run(step);
}

bool find_multiple_chains(const LogicState& s, Step& step) {
  ForcingSearch f(s, true, false, false, 8.0, Technique::multiple_forcing_chain);
  return f.run(step);
}

bool find_dynamic_chains(const LogicState& s, Step& step) {
  ForcingSearch f(s, true, true, false, 8.5, Technique::dynamic_forcing_chain);
  return f.run(step);
}

}  // namespace nonet::logic_detail
